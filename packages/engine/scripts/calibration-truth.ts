/**
 * Synthetic back-tests for the calibration report (simulation model section 10), I/O-free.
 *
 * - `plannedTrial(seed, index)`: a plausible planned trial as a PreparedPlan (what the planner typed in): 1-12
 *   countries, 2-20 sites each, planned enrollment rates, start-up chains, activation spacing, screen failure,
 *   seasonality in half of the trials, no fatigue, no pauses or caps, default uncertainty settings. The enrolled
 *   target is what the plan would enroll in a planned window of 6-24 months after the first screening.
 * - `simulateTruth(plan, truth, seed, index)`: the trial's "actual" enrollment from a RICHER truth model than the
 *   forecast assumes, with its own random stream; returns the true LPI (days since day 0).
 *
 * The truth model (every factor independent; lognormal factors have mean 1 unless a median is given):
 * - study factor S ~ lognormal(sigma `studySigma`), shared by all sites (indication/protocol effect);
 * - country factor C_g ~ lognormal(sigma `countrySigma`), shared by the country's sites;
 * - site factor U_i ~ lognormal(sigma `siteSigma`), and with probability `nonEnrollingShare` the site never enrolls;
 * - site fatigue that the plan does not have: the rate falls linearly to a final factor drawn per trial in
 *   [`fatigueFinalMin`, `fatigueFinalMax`] over [`fatigueDaysMin`, `fatigueDaysMax`] days after activation;
 * - start-up delays: the country's submission-to-FSIV span x a lognormal factor with median
 *   `startupDelayMedian` and sigma `startupDelaySigma`; the country's activation offsets x a lognormal stretch with
 *   median `activationStretchMedian` and sigma `activationStretchSigma`;
 * - arrivals: a Poisson process per site with intensity planned rate x S x C_g x U_i x fatigue x seasonal, simulated
 *   day by day (Poisson counts of daily integrated intensity, uniform times within the day); each screened patient
 *   passes screening with the planned probability and is enrolled `screeningDays` later.
 */
import { DEFAULT_UNCERTAINTY, type PreparedGroup, type PreparedPlan } from '../src/model/prepared-plan';
import { horizonDays, MAX_HORIZON_DAYS } from '../src/prepare/prepare-plan';
import { gammaMeanOne, normal, poisson } from '../src/rng/distributions';
import { Xoshiro128 } from '../src/rng/xoshiro';
import { DAYS_PER_MONTH } from '../src/time';

/** Parameters of the truth model (see the file comment). */
export interface TruthSettings {
  studySigma: number;
  countrySigma: number;
  siteSigma: number;
  nonEnrollingShare: number;
  fatigueFinalMin: number;
  fatigueFinalMax: number;
  fatigueDaysMin: number;
  fatigueDaysMax: number;
  startupDelayMedian: number;
  startupDelaySigma: number;
  activationStretchMedian: number;
  activationStretchSigma: number;
  /**
   * Family of every random factor: 'lognormal' (default), or 'gamma' with the same mean and CV (mean
   * median x exp(sigma^2 / 2), CV sqrt(exp(sigma^2) - 1)), the forecast's own family.
   */
  family: 'lognormal' | 'gamma';
}

export const DEFAULT_TRUTH: TruthSettings = {
  studySigma: 0.15,
  countrySigma: 0.5,
  siteSigma: 0.7,
  nonEnrollingShare: 0.1,
  fatigueFinalMin: 0.6,
  fatigueFinalMax: 0.9,
  fatigueDaysMin: 180,
  fatigueDaysMax: 540,
  startupDelayMedian: 1.15,
  startupDelaySigma: 0.3,
  activationStretchMedian: 1.1,
  activationStretchSigma: 0.2,
  family: 'lognormal',
};

/**
 * The default truth without its systematic slow-downs (no non-enrolling sites, no fatigue, start-up delays and
 * activation stretch with median 1): country, site and study effects and start-up noise only, so that the forecast
 * is unbiased on average and coverage measures the width of its intervals.
 */
export const MEAN_ONE_TRUTH: TruthSettings = {
  ...DEFAULT_TRUTH,
  nonEnrollingShare: 0,
  fatigueFinalMin: 1,
  fatigueFinalMax: 1,
  startupDelayMedian: 1,
  activationStretchMedian: 1,
};

/**
 * Harness check: exactly the forecast's own model at the default settings (Gamma factors with mean 1, study CV 0.2,
 * country CV 0.3, site CV 0.8, start-up CV 0.25, no fatigue): coverage should then be 80% up to sampling error.
 */
export const MATCHED_TRUTH: TruthSettings = {
  studySigma: Math.sqrt(Math.log(1 + 0.2 ** 2)),
  countrySigma: Math.sqrt(Math.log(1 + 0.3 ** 2)),
  siteSigma: Math.sqrt(Math.log(1 + 0.8 ** 2)),
  nonEnrollingShare: 0,
  fatigueFinalMin: 1,
  fatigueFinalMax: 1,
  fatigueDaysMin: 365,
  fatigueDaysMax: 365,
  startupDelayMedian: 1 / Math.sqrt(1 + 0.25 ** 2),
  startupDelaySigma: Math.sqrt(Math.log(1 + 0.25 ** 2)),
  activationStretchMedian: 1,
  activationStretchSigma: 0,
  family: 'gamma',
};

/** Truth models by name (the --truth option of the calibration script). */
export const TRUTH_MODELS: Record<string, TruthSettings> = {
  default: DEFAULT_TRUTH,
  'mean-one': MEAN_ONE_TRUTH,
  matched: MATCHED_TRUTH,
};

const DAY0_MS = Date.UTC(2025, 0, 6, 12);
/** Northern-hemisphere holiday dips: August and December slower (as in the benchmark workloads). */
const SEASONAL = [1, 1, 1, 1, 1, 0.95, 0.9, 0.7, 1, 1, 1, 0.6];
const FLAT = new Array<number>(12).fill(1);

/** Stream offsets so that plan, truth and forecast draws never share a stream. */
const PLAN_STREAM = 0;
const TRUTH_STREAM = 1;

const uniformIn = (rng: Xoshiro128, lo: number, hi: number): number => lo + (hi - lo) * rng.uniform();
const intIn = (rng: Xoshiro128, lo: number, hi: number): number => Math.floor(uniformIn(rng, lo, hi + 1));
/**
 * A positive factor with the given median and log-sd: lognormal, or Gamma with the lognormal's mean and CV.
 */
function factor(rng: Xoshiro128, family: TruthSettings['family'], median: number, sigma: number): number {
  if (!(sigma > 0)) return median;
  if (family === 'lognormal') return median * Math.exp(sigma * normal(rng));
  const mean = median * Math.exp((sigma * sigma) / 2);
  return mean * gammaMeanOne(rng, Math.sqrt(Math.expm1(sigma * sigma)));
}

/** A planned trial (see the file comment); `index` picks the trial within the back-test of `seed`. */
export function plannedTrial(seed: number, index: number): PreparedPlan {
  const rng = new Xoshiro128(seed, 2 * index + PLAN_STREAM);
  // Mostly a handful of countries, sometimes one, sometimes many.
  const nCountries = Math.min(12, 1 + Math.floor(-Math.log(rng.uniform()) * 4));
  const studyRate = uniformIn(rng, 0.2, 1.5); // enrolled patients/site/month
  const screenFail = uniformIn(rng, 0.1, 0.4);
  const seasonal = rng.uniform() < 0.5 ? SEASONAL : FLAT;
  const submission = intIn(rng, 60, 150);
  const firstScreenDelay = 14;
  const groups: PreparedGroup[] = [];
  for (let g = 0; g < nCountries; g++) {
    const sites = intIn(rng, 2, 20);
    const spacing = intIn(rng, 10, 30);
    const span = intIn(rng, 60, 180);
    const rate = studyRate * uniformIn(rng, 0.7, 1.3);
    groups.push({
      key: `c${g}`,
      name: `Country ${g}`,
      countryIso3: 'XXX',
      region: g % 2 === 0 ? 'Europe' : 'North America',
      milestones: {
        siteIdFinish: 30,
        protocolFinal: 20,
        regulatorySubmission: submission,
        firstRegulatoryApproval: submission + Math.round(span / 2),
        firstSiteActivation: submission + span,
      },
      activationOffsets: Array.from({ length: sites }, (_, j) => j * spacing),
      firstScreenDelayDays: firstScreenDelay,
      screenRatePerSiteDay: rate / (1 - screenFail) / DAYS_PER_MONTH,
      seasonal,
      fatigue: null,
      startupSpanDays: span,
      screenFailRate: screenFail,
      dropOutRate: 0.1,
      caps: { screened: null, enrolled: null },
      pause: null,
    });
  }
  // Target: what the plan enrolls (no uncertainty, no seasonality) in a window of 6-24 months after first screening.
  const windowDays = uniformIn(rng, 6, 24) * DAYS_PER_MONTH;
  let firstScreen = Infinity;
  for (const g of groups)
    firstScreen = Math.min(firstScreen, g.milestones.firstSiteActivation + firstScreenDelay);
  let expected = 0;
  for (const g of groups) {
    const enrollPerDay = g.screenRatePerSiteDay * (1 - screenFail);
    for (const off of g.activationOffsets) {
      const open = g.milestones.firstSiteActivation + off + firstScreenDelay;
      expected += enrollPerDay * Math.max(0, firstScreen + windowDays - open);
    }
  }
  const targetEnrolled = Math.max(10, Math.round(expected));
  const plan: PreparedPlan = {
    day0Ms: DAY0_MS,
    horizonDays: MAX_HORIZON_DAYS,
    groups,
    targetScreened: Math.round(targetEnrolled / (1 - screenFail)),
    targetEnrolled,
    screeningDays: 21,
    treatmentDays: 180,
    followUpDays: 30,
    pause: null,
    uncertainty: { ...DEFAULT_UNCERTAINTY },
    closeOutDays: { tfedToDbLock: 45, dbLockToCsr: 90, csrToTmfClose: 60 },
  };
  plan.horizonDays = horizonDays(plan);
  return plan;
}

/** Days 0.. of a calendar month index (0 = January) for each day, from day 0. */
function calendarMonthOf(day0Ms: number, day: number): number {
  return new Date(day0Ms + day * 86_400_000).getUTCMonth();
}

/** One trial's actual course under the truth model. */
export interface TruthOutcome {
  /** True LPI (days since day 0, real); Infinity when not reached within 15 years. */
  lpi: number;
  /** True first screening (days since day 0). */
  firstScreen: number;
  /** Share of the trial's sites that never enroll in this draw. */
  nonEnrolling: number;
}

/** The trial's actual enrollment under the truth model, from its own stream (independent of the forecast's). */
export function simulateTruth(
  plan: PreparedPlan,
  truth: TruthSettings,
  seed: number,
  index: number,
): TruthOutcome {
  const rng = new Xoshiro128(seed, 2 * index + TRUTH_STREAM);
  const f = truth.family;
  const meanOne = (sigma: number): number => factor(rng, f, Math.exp((-sigma * sigma) / 2), sigma);
  const study = meanOne(truth.studySigma);
  const fatigueFinal = uniformIn(rng, truth.fatigueFinalMin, truth.fatigueFinalMax);
  const fatigueDays = uniformIn(rng, truth.fatigueDaysMin, truth.fatigueDaysMax);
  const open: number[] = []; // first screening day (real) per site
  const act: number[] = [];
  const rate: number[] = []; // patients passing screening per day at activation, before seasonality
  const season: number[][] = [];
  let zeros = 0;
  for (const g of plan.groups) {
    const country = meanOne(truth.countrySigma);
    const delay = factor(rng, f, truth.startupDelayMedian, truth.startupDelaySigma);
    const stretch = factor(rng, f, truth.activationStretchMedian, truth.activationStretchSigma);
    const fsiv = g.milestones.regulatorySubmission + g.startupSpanDays * delay;
    for (const off of g.activationOffsets) {
      let u = meanOne(truth.siteSigma);
      if (rng.uniform() < truth.nonEnrollingShare) {
        u = 0;
        zeros++;
      }
      const a = Math.round(fsiv + off * stretch);
      act.push(a);
      open.push(a + g.firstScreenDelayDays);
      rate.push(g.screenRatePerSiteDay * (1 - g.screenFailRate) * study * country * u);
      season.push(g.seasonal);
    }
  }
  const nSites = act.length;
  let firstScreen = Infinity;
  for (const s of open) firstScreen = Math.min(firstScreen, s);
  const target = plan.targetEnrolled;
  let enrolled = 0;
  const times: number[] = [];
  for (let d = Math.max(0, Math.floor(firstScreen)); d < MAX_HORIZON_DAYS; d++) {
    const month = calendarMonthOf(plan.day0Ms, d);
    // Daily integrated intensity of passing patients (fatigue linear within a day: midpoint of the open part).
    let mass = 0;
    for (let i = 0; i < nSites; i++) {
      if (rate[i] === 0 || open[i]! >= d + 1) continue;
      const from = Math.max(d, open[i]!);
      const mid = (from + d + 1) / 2 - act[i]!;
      const fatigue = 1 - (1 - fatigueFinal) * Math.min(mid / fatigueDays, 1);
      mass += rate[i]! * season[i]![month]! * fatigue * (d + 1 - from);
    }
    if (!(mass > 0)) continue;
    const n = poisson(rng, mass);
    if (enrolled + n >= target) {
      times.length = 0;
      for (let k = 0; k < n; k++) times.push(rng.uniform());
      times.sort((x, y) => x - y);
      return {
        lpi: d + times[target - enrolled - 1]! + plan.screeningDays,
        firstScreen,
        nonEnrolling: zeros / nSites,
      };
    }
    enrolled += n;
  }
  return { lpi: Infinity, firstScreen, nonEnrolling: zeros / nSites };
}
