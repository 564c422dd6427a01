/**
 * "Truth" models of the calibration back-test (simulation model section 10), I/O-free.
 *
 * `simulateTruth(plan, truth, seed, index)` simulates a planned trial's actual course from a model that is
 * structurally RICHER than the forecast's, with its own random stream, patient by patient (screening day, pass or
 * fail, enrollment, completion or drop-out), so that the remodel back-test can build actuals from it.
 *
 * Every truth (each factor independent; a lognormal "mean-one" factor has median exp(-sigma^2 / 2)):
 * - study factor S (lognormal, `studySigma`), shared by all sites (indication/protocol effect);
 * - country factor C_g (lognormal, `countrySigma`), shared by the country's sites;
 * - site factor U_i (lognormal, `siteSigma`); with probability `nonEnrollingShare` the site never enrolls, and with
 *   `rescaleNonEnrolling` the enrolling sites' factors are divided by (1 - share), so that the planned rate is the
 *   mean over ALL sites (planners derive rates from history that includes the zero-enrolling sites);
 * - fatigue: the plan's own fatigue with each site's final factor drawn uniformly within +- `fatigueSpread` of the
 *   planned one (so the average site follows the plan), times an optional unplanned `extraFatigue` (per trial);
 * - start-up: the country's submission-to-FSIV span x a lognormal factor (mean `startupDelayMean`, log-sd
 *   `startupDelaySigma`); the country's activation offsets x a lognormal stretch (mean `activationStretchMean`);
 * - arrivals: per country and day a Poisson count of the integrated screening intensity (planned screening rate x
 *   S x C_g x U_i x fatigue x seasonal), at uniform times within the day; each patient passes screening with the
 *   planned probability and enrolls `screeningDays` later. Screening stops study-wide when the target-th passing
 *   patient is screened (the forecast's 'enrolled' stop rule); LPI is that patient's enrollment.
 */
import { DEFAULT_UNCERTAINTY, type PreparedPlan } from '../src/model/prepared-plan';
import { MAX_HORIZON_DAYS } from '../src/prepare/prepare-plan';
import { gammaMeanOne, normal, poisson } from '../src/rng/distributions';
import { Xoshiro128 } from '../src/rng/xoshiro';
import { MS_PER_DAY } from '../src/time';

/** Parameters of a truth model (see the file comment). */
export interface TruthSettings {
  studySigma: number;
  countrySigma: number;
  siteSigma: number;
  nonEnrollingShare: number;
  rescaleNonEnrolling: boolean;
  fatigueSpread: number;
  extraFatigue: { finalMin: number; finalMax: number; daysMin: number; daysMax: number } | null;
  startupDelayMean: number;
  startupDelaySigma: number;
  activationStretchMean: number;
  activationStretchSigma: number;
  /** 'lognormal', or 'gamma' with the lognormal's mean and CV (the forecast's own family). */
  family: 'lognormal' | 'gamma';
}

/**
 * Principal truth: richer than the forecast but centred on the plan, as a competent planner's inputs would be.
 * Country sigma 0.5 (CV 0.53), site sigma 0.7 (CV 0.79; 0.90 with the rescaled non-enrolling sites), study sigma
 * 0.15, fatigue +- 0.1 per site around the plan's, start-up span x mean 1 (sigma 0.3), activation stretch mean 1
 * (sigma 0.2).
 */
export const PRINCIPAL_TRUTH: TruthSettings = {
  studySigma: 0.15,
  countrySigma: 0.5,
  siteSigma: 0.7,
  nonEnrollingShare: 0.1,
  rescaleNonEnrolling: true,
  fatigueSpread: 0.1,
  extraFatigue: null,
  startupDelayMean: 1,
  startupDelaySigma: 0.3,
  activationStretchMean: 1,
  activationStretchSigma: 0.2,
  family: 'lognormal',
};

/**
 * Stress truth: an optimistic plan (the earlier default truth). The same effects plus systematic slow-downs the
 * plan does not contain: 10% non-enrolling sites ON TOP of the planned rate, unplanned fatigue (the rate falls to
 * 60-90% over 180-540 days, per trial, on top of the planned fatigue), start-up spans x median 1.15 and activation
 * offsets x median 1.1.
 */
export const OPTIMISTIC_TRUTH: TruthSettings = {
  ...PRINCIPAL_TRUTH,
  rescaleNonEnrolling: false,
  fatigueSpread: 0,
  extraFatigue: { finalMin: 0.6, finalMax: 0.9, daysMin: 180, daysMax: 540 },
  startupDelayMean: 1.15 * Math.exp(0.3 ** 2 / 2),
  activationStretchMean: 1.1 * Math.exp(0.2 ** 2 / 2),
};

/** CV -> log-sd of a lognormal with that CV. */
const sigmaOfCv = (cv: number): number => Math.sqrt(Math.log(1 + cv * cv));

/**
 * Harness check: exactly the forecast's own model at DEFAULT_UNCERTAINTY (Gamma factors with mean 1 and the
 * default CVs; the plan's fatigue, no spread): coverage should be 80%.
 */
export const MATCHED_TRUTH: TruthSettings = {
  studySigma: sigmaOfCv(DEFAULT_UNCERTAINTY.studyRateCv),
  countrySigma: sigmaOfCv(DEFAULT_UNCERTAINTY.countryRateCv),
  siteSigma: sigmaOfCv(DEFAULT_UNCERTAINTY.siteRateCv),
  nonEnrollingShare: 0,
  rescaleNonEnrolling: false,
  fatigueSpread: 0,
  extraFatigue: null,
  startupDelayMean: 1,
  startupDelaySigma: sigmaOfCv(DEFAULT_UNCERTAINTY.startupCv),
  activationStretchMean: 1,
  activationStretchSigma: 0,
  family: 'gamma',
};

/** Truth models by name (the --truth option of the calibration script). */
export const TRUTH_MODELS: Record<string, TruthSettings> = {
  principal: PRINCIPAL_TRUTH,
  optimistic: OPTIMISTIC_TRUTH,
  matched: MATCHED_TRUTH,
};

/** Stream of the truth draws: disjoint from the plan (2 * index) and from the forecasts (other seeds). */
const TRUTH_STREAM = 1;

/** A positive factor with the given mean and log-sd: lognormal, or Gamma with the lognormal's mean and CV. */
function factor(rng: Xoshiro128, family: TruthSettings['family'], mean: number, sigma: number): number {
  if (!(sigma > 0)) return mean;
  if (family === 'lognormal') return mean * Math.exp(sigma * normal(rng) - (sigma * sigma) / 2);
  return mean * gammaMeanOne(rng, Math.sqrt(Math.expm1(sigma * sigma)));
}

/** One trial's actual course: sites and patients (struct of arrays, patients in screening order). */
export interface TruthOutcome {
  /** True LPI (days since day 0, real); Infinity when not reached within 15 years. */
  lpi: number;
  /** True first possible screening (days since day 0). */
  firstScreen: number;
  /** Share of the trial's sites that never enroll in this draw. */
  nonEnrolling: number;
  /** Per site: group index and activation day. */
  siteGroup: number[];
  activation: number[];
  /** Per screened patient: group, screening time, passed screening, end of treatment (completion or drop-out). */
  group: number[];
  screen: number[];
  pass: boolean[];
  exit: number[];
  dropped: boolean[];
  /** Enrollment times of the passing patients, ascending. */
  enrolled: number[];
}

/** The trial's actual course under the truth model, from its own stream (independent of the forecast's). */
export function simulateTruth(
  plan: PreparedPlan,
  truth: TruthSettings,
  seed: number,
  index: number,
): TruthOutcome {
  const rng = new Xoshiro128(seed, 2 * index + TRUTH_STREAM);
  const f = truth.family;
  const study = factor(rng, f, 1, truth.studySigma);
  const xf = truth.extraFatigue;
  const extraFinal = xf ? xf.finalMin + (xf.finalMax - xf.finalMin) * rng.uniform() : 1;
  const extraDays = xf ? xf.daysMin + (xf.daysMax - xf.daysMin) * rng.uniform() : 1;
  const out: TruthOutcome = {
    lpi: Infinity,
    firstScreen: Infinity,
    nonEnrolling: 0,
    siteGroup: [],
    activation: [],
    group: [],
    screen: [],
    pass: [],
    exit: [],
    dropped: [],
    enrolled: [],
  };
  const open: number[] = [];
  const rate: number[] = []; // screening intensity per day at activation, before fatigue and seasonality
  const fatigueFinal: number[] = [];
  const fatigueDays: number[] = [];
  let zeros = 0;
  plan.groups.forEach((g, gi) => {
    const country = factor(rng, f, 1, truth.countrySigma);
    const delay = factor(rng, f, truth.startupDelayMean, truth.startupDelaySigma);
    const stretch = factor(rng, f, truth.activationStretchMean, truth.activationStretchSigma);
    const fsiv = g.milestones.regulatorySubmission + g.startupSpanDays * delay;
    for (const off of g.activationOffsets) {
      let u = factor(rng, f, 1, truth.siteSigma);
      if (rng.uniform() < truth.nonEnrollingShare) {
        u = 0;
        zeros++;
      } else if (truth.rescaleNonEnrolling) u /= 1 - truth.nonEnrollingShare;
      const spread = truth.fatigueSpread * (2 * rng.uniform() - 1);
      const a = Math.max(0, Math.round(fsiv + off * stretch));
      out.siteGroup.push(gi);
      out.activation.push(a);
      open.push(a + g.firstScreenDelayDays);
      rate.push(g.screenRatePerSiteDay * study * country * u);
      fatigueFinal.push(g.fatigue ? Math.min(1, Math.max(0, g.fatigue.finalFactor + spread)) : 1);
      fatigueDays.push(g.fatigue ? g.fatigue.days : 1);
    }
  });
  const nSites = open.length;
  out.nonEnrolling = zeros / nSites;
  for (const s of open) out.firstScreen = Math.min(out.firstScreen, s);
  const nGroups = plan.groups.length;
  const mass = new Float64Array(nGroups);
  const day: { t: number; g: number }[] = [];
  const target = plan.targetEnrolled;
  for (let d = Math.max(0, Math.floor(out.firstScreen)); d < MAX_HORIZON_DAYS; d++) {
    const month = new Date(plan.day0Ms + d * MS_PER_DAY).getUTCMonth();
    mass.fill(0);
    // Daily integrated intensity (fatigue taken at the midpoint of the open part of the day).
    for (let i = 0; i < nSites; i++) {
      if (rate[i] === 0 || open[i]! >= d + 1) continue;
      const from = Math.max(d, open[i]!);
      const age = (from + d + 1) / 2 - out.activation[i]!;
      const planned = 1 - (1 - fatigueFinal[i]!) * Math.min(age / fatigueDays[i]!, 1);
      const extra = 1 - (1 - extraFinal) * Math.min(age / extraDays, 1);
      const gi = out.siteGroup[i]!;
      mass[gi]! += rate[i]! * plan.groups[gi]!.seasonal[month]! * planned * extra * (d + 1 - from);
    }
    day.length = 0;
    for (let gi = 0; gi < nGroups; gi++) {
      const n = mass[gi]! > 0 ? poisson(rng, mass[gi]!) : 0;
      for (let k = 0; k < n; k++) day.push({ t: d + rng.uniform(), g: gi });
    }
    day.sort((x, y) => x.t - y.t);
    for (const p of day) {
      const g = plan.groups[p.g]!;
      const pass = rng.uniform() >= g.screenFailRate;
      const enrol = p.t + plan.screeningDays;
      const drop = pass && rng.uniform() < g.dropOutRate;
      out.group.push(p.g);
      out.screen.push(p.t);
      out.pass.push(pass);
      out.dropped.push(drop);
      out.exit.push(
        !pass ? p.t : drop ? enrol + plan.treatmentDays * rng.uniform() : enrol + plan.treatmentDays,
      );
      if (!pass) continue;
      out.enrolled.push(enrol);
      if (out.enrolled.length === target) {
        out.lpi = enrol;
        return out; // competitive stop: nobody is screened after the target-th passing patient
      }
    }
  }
  return out;
}
