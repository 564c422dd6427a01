/**
 * The portfolio fit's data (calibration.md section 4): a completed study is its baseline plan, prepared as the
 * engine prepares every plan (so the planned rates, activation days, fatigue and seasonality are exactly what its
 * forecast used), and its CTMS extract per site. Units: days since the study's own day 0, screening rates in
 * patients/site/day, counts per calendar month.
 */
import type { PreparedGroup, PreparedPlan } from '../model/prepared-plan';
import type { PauseWindow } from '../scenarios/remodel-exposure';

/** One site of a completed study's extract. */
export interface CompletedSite {
  /** Key of its site group in the baseline plan (`PreparedGroup.key`). */
  group: string;
  /** Actual activation day (days since the study's day 0). */
  activationDay: number;
  /**
   * Patients screened per calendar month: entry m counts the days [monthStartDays[m], monthStartDays[m + 1]), the
   * last month up to dataEndDay; missing entries count 0.
   */
  screenedByMonth: readonly number[];
  /**
   * Day the extract closed the site (absent or null: open). Its exposure ends then, and a closing is not evidence on
   * the inactivation hazard (a decision, not a silence; as in the remodel).
   */
  closedDay?: number | null;
}

/** A completed study: its baseline plan and its extract. */
export interface CompletedStudy {
  id: string;
  /**
   * The baseline plan as `preparePlan` returns it (only day 0 and the groups are read): per group the planned
   * screening rate per site-day, the activation days (first activation + offsets), the start-up span, the first
   * screening delay, fatigue and seasonal multipliers.
   */
  plan: Pick<PreparedPlan, 'day0Ms' | 'groups'>;
  /** First day of each calendar month of the extract, ascending (`monthBoundaries(day0Ms, dataEndDay)`). */
  monthStartDays: readonly number[];
  /**
   * Last day of screening exposure (inclusive): the day the study stopped screening (its target reached) or the
   * extract's end, whichever is first. Sites silent after the study stopped are not inactive, so it matters.
   */
  dataEndDay: number;
  sites: readonly CompletedSite[];
  /** Days without screening study-wide (pauses as they happened), closed ranges; default none. */
  pauseWindows?: readonly PauseWindow[];
  /** When the study finished, ms since the epoch (time-ordered validation). */
  finishedMs?: number;
}

/** An estimate with its approximate standard error (inverse observed information; null where not computable). */
export interface Estimate {
  value: number;
  se: number | null;
}

/** The rate-model parameters the fit estimates by maximum marginal likelihood. */
export const RATE_PARAMETERS = [
  'studyRateCv',
  'countryRateCv',
  'siteRateCv',
  'siteInactivationPerYear',
  'siteDecayPerYear',
] as const;
export type RateParameter = (typeof RATE_PARAMETERS)[number];
export type RateSettings = Record<RateParameter, number>;

/** The start-up terms: a one-way random-effects model of log(actual / planned start-up span). */
export interface StartupFit {
  /** The engine's `startupCv`: CV of the Gamma factor whose log has the fitted country variance. */
  startupCv: Estimate;
  /** Share of the log-delay variance shared by the country (the within-country correlation of two sites). */
  countryShare: Estimate;
  /** Standard deviations of the country and site terms of log(actual / planned span). */
  countryLogSd: Estimate;
  siteLogSd: Estimate;
  /** Mean log ratio: > 0 when countries start later than planned on average (the engine assumes about 0). */
  meanLogRatio: Estimate;
  /** Sites and countries (study groups) with a start-up observation. */
  sites: number;
  groups: number;
  logLikelihood: number;
}

/** What `fitPortfolio` returns. */
export interface PortfolioFit {
  /**
   * The settings runs use, ready to merge into `UncertaintySettings`: the estimates, with the rate CVs of
   * PREDICTIVE_PARAMETERS at their predictive value (`predictiveCv`).
   */
  settings: RateSettings & { startupCv: number };
  /** The rate parameters' maximum-likelihood estimates with standard errors. */
  rates: Record<RateParameter, Estimate>;
  startup: StartupFit;
  /** Maximised log marginal likelihood of the monthly counts (all studies). */
  logLikelihood: number;
  counts: { studies: number; groups: number; sites: number; siteMonths: number; screened: number };
  /** Likelihood evaluations (of which row rebuilds) and coordinate sweeps; converged = the last sweep moved < tol. */
  evaluations: number;
  rebuilds: number;
  sweeps: number;
  converged: boolean;
}

/** Options of the fit. */
export interface PortfolioFitOptions {
  /** Starting values (default: the engine's defaults, hazard 0.1 and decay 0.05 per year). */
  start?: Partial<RateSettings>;
  /** Parameters held at a value instead of fitted. */
  fixed?: Partial<RateSettings>;
  /** Most coordinate sweeps in all, used when the Newton steps do not settle (default 6). */
  maxSweeps?: number;
  /** Called after every likelihood evaluation (the server's progress bar); fraction is an estimate in [0, 1]. */
  onProgress?: (p: { evaluations: number; fraction: number }) => void;
}

/** The least number of completed studies a fit accepts. */
export const MIN_COMPLETED_STUDIES = 8;

/** A fit asked of too few completed studies. */
export class PortfolioTooSmallError extends Error {
  readonly needed = MIN_COMPLETED_STUDIES;
  constructor(readonly given: number) {
    super(
      `A portfolio fit needs at least ${MIN_COMPLETED_STUDIES} completed studies; ${given} given ` +
        `(${MIN_COMPLETED_STUDIES - given} more needed).`,
    );
    this.name = 'PortfolioTooSmallError';
  }
}

/** A completed study whose extract does not fit its plan (e.g. a site of a group the plan does not have). */
export class PortfolioInputError extends Error {
  constructor(
    readonly studyId: string,
    reason: string,
  ) {
    super(`Study ${studyId}: ${reason}`);
    this.name = 'PortfolioInputError';
  }
}

/** The plan group type the fit reads (a `PreparedGroup`). */
export type PortfolioGroup = PreparedGroup;
