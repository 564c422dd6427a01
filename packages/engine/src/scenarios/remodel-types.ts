/** The remodel's input, choices and result types (remodel.ts builds them). */
import type { SimulationInput } from '../input/schema';
import type { PreparedPlan } from '../model/prepared-plan';
import type { PlanLine } from '../plan-line/types';
import type { RemodelDurationSolve } from './remodel-duration';

/** Go-forward rate choice of a group (spec/3 enrollmentRateSelection 1 planned, 2 actual, 3 other). */
export type RemodelRateSelection = 'planned' | 'actual' | 'other';
/** Go-forward sites choice (spec/3 sitesSelection 1 planned, 2 actual/projected, 3 other, 4 remove country). */
export type RemodelSitesSelection = 'planned' | 'actual' | 'other' | 'remove';

/** One group's choices on the Remodel form; a group without an entry keeps 'planned' / 'planned'. */
export interface RemodelGroupChoice {
  siteGroupId: string;
  rate: RemodelRateSelection;
  /** Enrollment rate, patients/site/month, for rate 'other'. */
  rateOther?: number;
  sites: RemodelSitesSelection;
  /** Number of sites going forward, for sites 'other'. */
  sitesOther?: number;
}

export interface RemodelInput {
  /** A validated input whose site groups carry `actuals` (a group without actuals has none so far). */
  input: SimulationInput;
  groups?: RemodelGroupChoice[];
  /** Count the posterior updates with: screened (default, the simulated process) or enrolled (/ (1 - sf)). */
  posteriorBasis?: 'screened' | 'enrolled';
  /**
   * Remodel (D): the chosen last-patient-enrolled date (epoch ms). Every group's go-forward rate is scaled by one
   * factor so that the plan line's LPI falls on that day (remodel-duration.ts).
   */
  lastEnrolledDateMillis?: number;
}

/** What remodel derived for one group. */
export interface RemodelGroupInfo {
  key: string;
  name: string;
  /** Actual totals up to the as-of date. */
  screened: number;
  enrolled: number;
  completed: number;
  dropped: number;
  /** Sites activated by the as-of date, and site-days of screening exposure before it. */
  actualSites: number;
  exposureSiteDays: number;
  /** Observed rates (patients/site/month), null without exposure. */
  actualEnrollmentRate: number | null;
  actualScreenRate: number | null;
  /** Go-forward rates (patients/site/month) and sites. */
  enrollmentRateGoForward: number;
  screenRateGoForward: number;
  sitesGoForward: number;
  /** Prior and posterior Gamma (shape, rate per site-day) of the group's screening rate per site-day. */
  prior: { shape: number; rate: number };
  posterior: { shape: number; rate: number };
}

export interface RemodelResult {
  /** The as-of day (days since day 0): actuals cover days 0..asOfDay, the projection starts on asOfDay + 1. */
  asOfDay: number;
  /** The plan as prepared from the input (full targets, planned chain): what the result tables describe. */
  baseline: PreparedPlan;
  /** The projection for the remaining patients (null when the actuals already reach the enrolled target). */
  projection: PreparedPlan | null;
  /** Actual curves up to asOfDay, then actual + projection. */
  planLine: PlanLine;
  groups: RemodelGroupInfo[];
  /** True when the actual enrolled count already reaches the target (LPI reached before the as-of date). */
  lpiReached: boolean;
  remainingEnrolled: number;
  /** Of the remaining patients, those expected to pass screening already under way at the as-of date. */
  pendingEnrolled: number;
  /** The between-site and between-country spread estimated from the actuals (posterior means of the CVs). */
  estimatedSpread: { siteRateCv: number; countryRateCv: number } | null;
  /** Remodel (D): the rate factor solved for the chosen LPI date (null without a date or when LPI was reached). */
  durationSolve: RemodelDurationSolve | null;
}
