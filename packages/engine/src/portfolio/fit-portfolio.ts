/**
 * Uncertainty settings fitted from completed studies (calibration.md section 4; README "Fitting uncertainty from
 * finished studies").
 *
 * Model (the forecast's own, simulation model section 7). Site i of group (country) g of study s, activated on day
 * a_i, screens from a_i + the group's first-screening delay with intensity
 *
 *   r_g theta_s c_g u_i C(h, k) x seasonal(month) x fatigue(age) x e^(-k age)      (patients/day, age = t - a_i)
 *
 * until its inactivation at a_i + Exp(h) or the data end. r_g is the baseline plan's screening rate per site-day;
 * theta_s, c_g and u_i are mean-one Gamma factors with CVs studyRateCv, countryRateCv and siteRateCv; h =
 * siteInactivationPerYear / 365.25 and k = siteDecayPerYear / 365.25; C is the engine's centring factor (the
 * planned rate stays a site's first-year mean). The extract gives each site's screened count per calendar month.
 *
 * Estimator: maximum marginal likelihood. A month's expected count at x = theta c u is x u E_m, E_m the month's
 * exposure (fit-data.ts: the plan's rate x seasonality x age profile over the site's open days, zero in pauses).
 * Per site, u integrates out in closed form (negative binomial of its count K over its exposure up to its last
 * screening month, times the multinomial split of K over its months), and its stop time integrates out exactly for
 * monthly counts (fit-silence.ts: active to the end, stopped in its final silence, or stopped in its last screening
 * month after its last screening); a closed site carries no hazard evidence. The country and study factors
 * integrate numerically (fit-marginal.ts: adaptive Gauss-Hermite on the log scale over the groups' likelihood rows
 * in x, fit-rows.ts). The five settings maximise the sum over studies: one coordinate sweep of bounded Brent
 * searches (fit-optimize.ts) at five times the final tolerances, then bounded Newton steps on a forward-difference
 * Hessian (fit-newton.ts) until a step is below the tolerances (0.002 in each setting), else more sweeps.
 * Standard errors: the inverse of that observed information. The start-up spread is fitted apart (fit-startup.ts).
 * The settings runs use take the rate CVs at their predictive value sqrt(estimate^2 + se^2) (types.ts).
 *
 * Limits: group caps and the study's own stop are not modelled (the data end should be the day screening stopped),
 * ramp-up is not fitted (siteRampUpDays 0), a negative drift (rates rising with age) is read as decay 0, and a
 * site with counts in a month without exposure (before its planned first screening) gets half a site-day there.
 */
import { fitStartup } from './fit-startup';
import { portfolioData } from './fit-data';
import { covarianceOf, forwardDerivatives, newtonRefine } from './fit-newton';
import { coordinateAscent, type Coordinate } from './fit-optimize';
import { RateLikelihood } from './fit-rates';
import {
  RATE_PARAMETERS,
  type CompletedStudy,
  type Estimate,
  type PortfolioFit,
  type PortfolioFitOptions,
  type RateParameter,
  type RateSettings,
} from './types';

/** Bounds and tolerances of the settings (CVs; hazard and decay per year). */
const COORDS: Record<RateParameter, Coordinate> = {
  studyRateCv: { lo: 0, hi: 1.5, tol: 0.002, width: 0.15 },
  countryRateCv: { lo: 0, hi: 2, tol: 0.002, width: 0.2 },
  siteRateCv: { lo: 0, hi: 3, tol: 0.002, width: 0.2 },
  siteInactivationPerYear: { lo: 0, hi: 3, tol: 0.002, width: 0.1 },
  siteDecayPerYear: { lo: 0, hi: 2, tol: 0.002, width: 0.1 },
};
/** Finite-difference steps of the Hessian, in each setting's units. */
const STEPS: Record<RateParameter, number> = {
  studyRateCv: 0.01,
  countryRateCv: 0.01,
  siteRateCv: 0.01,
  siteInactivationPerYear: 0.01,
  siteDecayPerYear: 0.01,
};
const DEFAULT_START: RateSettings = {
  studyRateCv: 0.2,
  countryRateCv: 0.5,
  siteRateCv: 0.8,
  siteInactivationPerYear: 0.1,
  siteDecayPerYear: 0.05,
};
/** Evaluations a typical fit takes (the progress estimate's denominator). */
const TYPICAL_EVALUATIONS = 110;
/** The first sweep's tolerances are this many times the final ones; Newton steps at most NEWTON_STEPS. */
const COARSE = 5;
const NEWTON_STEPS = 3;

/** The spread parameters whose run value is predictive (widened by their estimate's uncertainty). */
export const PREDICTIVE_PARAMETERS = ['studyRateCv', 'countryRateCv', 'siteRateCv'] as const;

/**
 * The CV a run uses for a fitted rate CV: sqrt(estimate^2 + se^2), the variance the factor has on average over the
 * estimate's uncertainty (E[cv^2] under the estimate's normal approximation). A maximum-likelihood variance
 * component from ~30 studies is biased low and often 0 (docs/calibration.md, "After the fit"); this keeps the
 * forecast's spread from resting on a point that the data pin down poorly. No se leaves the estimate.
 */
export function predictiveCv(estimate: Estimate): number {
  return estimate.se === null || !Number.isFinite(estimate.se)
    ? estimate.value
    : Math.hypot(estimate.value, estimate.se);
}

/** The rate CVs at their predictive values (`predictiveCv`). */
const predictiveRates = (rates: Record<RateParameter, Estimate>) =>
  Object.fromEntries(PREDICTIVE_PARAMETERS.map((p) => [p, predictiveCv(rates[p])]));

/** The settings the likelihood's rows depend on (site CV, hazard, decay): points sharing them share the rows. */
const rowKey = (x: readonly number[]) => `${x[2]}|${x[3]}|${x[4]}`;

const toSettings = (x: readonly number[]): RateSettings =>
  Object.fromEntries(RATE_PARAMETERS.map((p, i) => [p, x[i]!])) as RateSettings;

/**
 * Fits the engine's uncertainty settings (CVs; hazard and decay per site-year) to completed studies by maximum
 * marginal likelihood (see the file comment); throws PortfolioTooSmallError under 8 studies.
 */
export function fitPortfolio(
  studies: readonly CompletedStudy[],
  options: PortfolioFitOptions = {},
): PortfolioFit {
  const data = portfolioData(studies);
  const model = new RateLikelihood(data);
  const fixed = options.fixed ?? {};
  const coords = RATE_PARAMETERS.map((p) =>
    fixed[p] !== undefined ? { lo: fixed[p]!, hi: fixed[p]!, tol: 0, width: 0 } : COORDS[p],
  );
  const f = (x: readonly number[]) => {
    const v = model.logLikelihood(toSettings(x));
    options.onProgress?.({
      evaluations: model.evaluations,
      fraction: Math.min(0.99, model.evaluations / TYPICAL_EVALUATIONS),
    });
    return v;
  };
  const x0 = RATE_PARAMETERS.map((p) => fixed[p] ?? options.start?.[p] ?? DEFAULT_START[p]);
  const steps = RATE_PARAMETERS.map((p, i) => (coords[i]!.hi > coords[i]!.lo ? STEPS[p] : 0));
  // One coarse sweep gets near the maximum; Newton steps (whose Hessian gives the standard errors) finish.
  const coarse = coords.map((c) => ({ ...c, tol: c.tol * COARSE }));
  const first = coordinateAscent(f, x0, coarse, 1);
  let best = newtonRefine(f, first.x, first.fx, coords, steps, NEWTON_STEPS, rowKey);
  let sweeps = 1;
  let converged = best.converged;
  if (!converged) {
    // Newton did not settle (a flat or curved region): coordinate sweeps to the tolerances, then the derivatives.
    const more = coordinateAscent(f, best.x, coords, (options.maxSweeps ?? 6) - 1);
    sweeps += more.sweeps;
    converged = more.converged;
    best = { ...more, H: forwardDerivatives(f, more.x, more.fx, steps, coords, rowKey).H, steps: 0 };
  }
  const free = coords.flatMap((c, i) => (c.hi > c.lo ? [i] : []));
  const cov = covarianceOf(best.H, free);
  const se = RATE_PARAMETERS.map((_, i) => {
    const a = free.indexOf(i);
    return cov === null || a < 0 ? null : Math.sqrt(cov[a]![a]!);
  });
  const rates = Object.fromEntries(
    RATE_PARAMETERS.map((p, i) => [p, { value: best.x[i]!, se: se[i]! } satisfies Estimate]),
  ) as Record<RateParameter, Estimate>;
  const startup = fitStartup(data) ?? emptyStartup();
  return {
    settings: { ...toSettings(best.x), ...predictiveRates(rates), startupCv: startup.startupCv.value },
    rates,
    startup,
    logLikelihood: best.fx,
    counts: {
      studies: studies.length,
      groups: data.groups.length,
      sites: data.nSites,
      siteMonths: data.monthK.length,
      screened: data.screened,
    },
    evaluations: model.evaluations,
    rebuilds: model.rebuilds,
    sweeps,
    converged,
  };
}

/** No start-up observation (every span under a day): the spread is unknown, reported as 0 without errors. */
function emptyStartup(): PortfolioFit['startup'] {
  const none = { value: 0, se: null };
  return {
    startupCv: none,
    countryShare: none,
    countryLogSd: none,
    siteLogSd: none,
    meanLogRatio: none,
    sites: 0,
    groups: 0,
    logLikelihood: 0,
  };
}
