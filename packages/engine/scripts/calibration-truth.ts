/**
 * "Truth" models of the calibration back-tests (simulation model section 10, calibration.md section 3), I/O-free.
 *
 * `simulateTruth(plan, truth, seed, stream)` simulates a planned trial's actual course, patient by patient and site
 * by site (screening day, site, pass or fail, enrollment, completion or drop-out), from its own random stream, so
 * that the remodel back-tests can build actuals (group totals per month and per-site evidence) from it.
 *
 * The truth's structures (each a parameter of `TruthSettings`; each factor independent; a lognormal "mean-one"
 * factor has median exp(-sigma^2 / 2)):
 * - study factor S (`studySigma`), shared by all sites (indication/protocol effect);
 * - country factor C_g (`countrySigma`), shared by the country's (site group's) sites;
 * - site factor U_i (`siteSigma`); with probability `nonEnrollingShare` the site never enrolls, and with
 *   `rescaleNonEnrolling` the enrolling sites' factors are divided by (1 - share), so that the planned rate is the
 *   mean over ALL sites (planners derive rates from history that includes the zero-enrolling sites);
 * - fatigue: the plan's own fatigue with each site's final factor drawn uniformly within +- `fatigueSpread` of the
 *   planned one, times an optional unplanned `extraFatigue` (per trial);
 * - site-age drift beyond the plan's fatigue table, per site: a ramp-up (`rampUp`: the site starts at `start` x its
 *   rate and reaches it linearly over a per-site number of days, median `days`, lognormal `sigma`) and an
 *   exponential decay (`decay`: rate x exp(-k x age), k per site = `perYear` / 365.25 x a mean-one lognormal);
 * - inactivation (`inactivationPerYear`): each site stops recruiting for good after an exponential time from its
 *   activation (hazard per site-year); the CRO's records do not say so (the site just falls silent);
 * - start-up: the country's submission-to-FSIV span x a country delay factor (mean `startupDelayMean`, log-sd
 *   `startupDelaySigma`), the country's activation offsets x a country stretch (mean `activationStretchMean`,
 *   log-sd `activationStretchSigma`), plus a per-site jitter (`siteJitterDays`, normal sd in days);
 * - month-of-year effects the plan does not list (`unplannedSeasonality`): every site's rate x
 *   (1 - amplitude x HOLIDAY_DIPS[month]) renormalised to mean one over the calendar year (on top of the plan's
 *   seasonal table);
 * - centring (`centreDays`): the effects the plan does not model (ramp-up, decay, inactivation) lower a site's
 *   average rate; with centreDays > 0 every rate is divided by the mean of their product over a site's first
 *   centreDays days of age, so the planned rate is the truth's average over that window (what a planner who
 *   derives rates from finished studies' site-months would type in). 0 = not centred (the plan is then optimistic).
 * - the plan's own seasonality, pauses (study and country: no screening for `days` after the N-th enrolled patient)
 *   and group caps (a group stops at its cap of screened or enrolled patients), exactly as the forecast applies them.
 *
 * Arrivals: per day, each open site's intensity (planned screening rate x S x C_g x U_i x the age and calendar
 * multipliers, taken at the midpoint of the site's open part of the day, which is exact for the plan's linear
 * fatigue except on its kink day) integrated over the day; a Poisson count of the day's total, each patient at a
 * site drawn in proportion and at a uniform time within that site's open part of the day (exactly the forecast's
 * "constant within a day"). Pauses and caps reject arrivals (exact thinning). Each patient passes screening with the
 * planned probability and enrolls `screeningDays` later. Screening stops study-wide when the target-th passing
 * patient is screened (the forecast's 'enrolled' stop rule); LPI is that patient's enrollment.
 *
 * 'matched' (`fromPlan`) is exactly the engine's own model: Gamma factors with the plan's own uncertainty settings
 * (study, country, site and start-up CVs, non-enrolling probability without rescaling, and the model terms
 * siteInactivationPerYear, siteRampUpDays / siteRampUpStart and siteDecayPerYear as the forecast applies them), the
 * plan's fatigue, seasonality, pauses and caps, and nothing else; a calibrated forecast covers it at 80% by
 * construction.
 */
import { ageFactor, centringFactor } from '../src/model/age-profile';
import { countryRateCvOf, DEFAULT_UNCERTAINTY, type PreparedPlan } from '../src/model/prepared-plan';
import { MAX_HORIZON_DAYS } from '../src/prepare/prepare-plan';
import { exponential, gammaMeanOne, normal, poisson } from '../src/rng/distributions';
import { Xoshiro128 } from '../src/rng/xoshiro';
import { MS_PER_DAY } from '../src/time';

/** Parameters of a truth model (see the file comment). Fields after `family` are optional: absent = off. */
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
  /** Matched truth: the Gamma CVs and non-enrolling probability come from the plan's uncertainty settings. */
  fromPlan?: boolean;
  /** Inactivation hazard per site-year (exponential time from activation; 0 = sites never stop). */
  inactivationPerYear?: number;
  /** Ramp-up: start factor, median days to full rate, per-site log-sd of those days. */
  rampUp?: { start: number; days: number; sigma: number } | null;
  /** Exponential decay of the rate with site age: mean rate per year, per-site log-sd. */
  decay?: { perYear: number; sigma: number } | null;
  /** Per-site activation jitter, normal sd in days (on top of the country's delay and stretch). */
  siteJitterDays?: number;
  /** Month-of-year effect absent from the plan: amplitude of the holiday dips (0 = none). */
  unplannedSeasonality?: number;
  /** Rates centred on the mean of the unplanned age effects over the first centreDays of a site's age (0 = off). */
  centreDays?: number;
  /**
   * The engine's own age profile (model/age-profile.ts), set by resolveTruth for the matched truth: the plan's
   * fatigue minus the ramp-up shortfall (1 - start) max(0, 1 - age / days) minus decayPerDay x age, cut at zero (the
   * terms add, as the forecast has them), instead of the multiplicative ramp-up and decay above.
   */
  engineAge?: { rampDays: number; rampStart: number; decayPerDay: number } | null;
}

/**
 * Principal truth (the earlier harness): richer than the forecast but centred on the plan. Country sigma 0.5 (CV
 * 0.53), site sigma 0.7 (CV 0.79; 0.90 with the rescaled non-enrolling sites), study sigma 0.15, fatigue +- 0.1 per
 * site around the plan's, start-up span x mean 1 (sigma 0.3), activation stretch mean 1 (sigma 0.2).
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
export const sigmaOfCv = (cv: number): number => Math.sqrt(Math.log(1 + cv * cv));

/**
 * Harness check: exactly the forecast's own model (Gamma factors with mean 1 and the PLAN's uncertainty CVs, which
 * are DEFAULT_UNCERTAINTY unless the plan sets them; the plan's fatigue, seasonality, pauses and caps, nothing
 * else): coverage should be 80% for the plan forecast, and for a correct remodel.
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
  fromPlan: true,
};

/**
 * Mild: every structure present, small. Spreads a little below the engine's defaults, 5% silent sites, one site in
 * twenty stops per year, a short ramp-up (from 80% over 45 days), 5%/year decay, a week of activation jitter, 10%
 * holiday dips; centred over a site's first year.
 */
export const MILD_TRUTH: TruthSettings = {
  studySigma: 0.15,
  countrySigma: 0.35,
  siteSigma: 0.6,
  nonEnrollingShare: 0.05,
  rescaleNonEnrolling: true,
  fatigueSpread: 0.05,
  extraFatigue: null,
  startupDelayMean: 1,
  startupDelaySigma: 0.2,
  activationStretchMean: 1,
  activationStretchSigma: 0.1,
  family: 'lognormal',
  inactivationPerYear: 0.05,
  rampUp: { start: 0.8, days: 45, sigma: 0.3 },
  decay: { perYear: 0.05, sigma: 0.5 },
  siteJitterDays: 7,
  unplannedSeasonality: 0.1,
  centreDays: 365,
};

/**
 * Realistic: figures of the order reported for multi-centre trials (between-country CV about 0.5, site CV about
 * 0.9 with 10% non-enrolling sites, start-up spans off by about 30%), 15% of the sites stopping per year, a
 * three-month ramp-up from half the rate, a 10%/year decay, two weeks of activation jitter and 20% holiday dips;
 * centred over a site's first year.
 */
export const REALISTIC_TRUTH: TruthSettings = {
  studySigma: 0.2,
  countrySigma: 0.5,
  siteSigma: 0.75,
  nonEnrollingShare: 0.1,
  rescaleNonEnrolling: true,
  fatigueSpread: 0.1,
  extraFatigue: null,
  startupDelayMean: 1,
  startupDelaySigma: 0.3,
  activationStretchMean: 1,
  activationStretchSigma: 0.2,
  family: 'lognormal',
  inactivationPerYear: 0.15,
  rampUp: { start: 0.5, days: 90, sigma: 0.4 },
  decay: { perYear: 0.1, sigma: 0.5 },
  siteJitterDays: 14,
  unplannedSeasonality: 0.2,
  centreDays: 365,
};

/**
 * Harsh: every structure large (30% of the sites stopping per year, 20%/year decay, a four-month ramp-up from 30%,
 * a month of jitter, 35% holiday dips), still centred over a site's first year.
 */
export const HARSH_TRUTH: TruthSettings = {
  studySigma: 0.3,
  countrySigma: 0.7,
  siteSigma: 0.9,
  nonEnrollingShare: 0.15,
  rescaleNonEnrolling: true,
  fatigueSpread: 0.15,
  extraFatigue: null,
  startupDelayMean: 1,
  startupDelaySigma: 0.45,
  activationStretchMean: 1,
  activationStretchSigma: 0.3,
  family: 'lognormal',
  inactivationPerYear: 0.3,
  rampUp: { start: 0.3, days: 120, sigma: 0.5 },
  decay: { perYear: 0.2, sigma: 0.6 },
  siteJitterDays: 30,
  unplannedSeasonality: 0.35,
  centreDays: 365,
};

/** The truths of the earlier harness (`npm run calibrate`, which scores every one of them). */
export const TRUTH_MODELS: Record<string, TruthSettings> = {
  principal: PRINCIPAL_TRUTH,
  optimistic: OPTIMISTIC_TRUTH,
  matched: MATCHED_TRUTH,
};

/** Truth models by name (the --truth option of `npm run calibration`). */
export const CALIBRATION_TRUTHS: Record<string, TruthSettings> = {
  matched: MATCHED_TRUTH,
  mild: MILD_TRUTH,
  realistic: REALISTIC_TRUTH,
  harsh: HARSH_TRUTH,
  principal: PRINCIPAL_TRUTH,
  optimistic: OPTIMISTIC_TRUTH,
};

/**
 * Relative holiday dips by calendar month (January = 0): August and December deepest, then July, January and the
 * Easter month; the unplanned seasonal multiplier is 1 - amplitude x dip, renormalised to mean one.
 */
export const HOLIDAY_DIPS = [0.3, 0, 0, 0.2, 0.1, 0.1, 0.5, 1, 0, 0, 0.1, 0.9];

/** The unplanned month-of-year multipliers of an amplitude (mean one over the 12 months). */
export function unplannedSeasonal(amplitude: number): number[] {
  const raw = HOLIDAY_DIPS.map((d) => 1 - amplitude * d);
  const mean = raw.reduce((s, x) => s + x, 0) / 12;
  return raw.map((x) => x / mean);
}

/** Stream of the truth draws: disjoint from the plan (2 * index) and from the forecasts (other seeds). */
const TRUTH_STREAM = 1;

/** A positive factor with the given mean and log-sd: lognormal, or Gamma with the lognormal's mean and CV. */
function factor(rng: Xoshiro128, family: TruthSettings['family'], mean: number, sigma: number): number {
  if (!(sigma > 0)) return mean;
  if (family === 'lognormal') return mean * Math.exp(sigma * normal(rng) - (sigma * sigma) / 2);
  return mean * gammaMeanOne(rng, Math.sqrt(Math.expm1(sigma * sigma)));
}

/** Normal quantiles at the midpoints of 16 equal-probability strata (deterministic expectations). */
const NORMAL_NODES = (() => {
  // Inversion by the rational approximation of Abramowitz-Stegun 26.2.23 (error below 5e-4): ample for a centring
  // constant.
  const inv = (p: number): number => {
    const q = p < 0.5 ? p : 1 - p;
    const t = Math.sqrt(-2 * Math.log(q));
    const x =
      t -
      (2.515517 + 0.802853 * t + 0.010328 * t * t) /
        (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t ** 3);
    return p < 0.5 ? -x : x;
  };
  return Array.from({ length: 16 }, (_, j) => inv((j + 0.5) / 16));
})();

/** Age multiplier of the unplanned effects (ramp-up x decay) of a site with ramp days R and decay k per day. */
function ageEffect(truth: TruthSettings, age: number, rampDays: number, k: number): number {
  const r = truth.rampUp;
  const ramp = r && rampDays > 0 ? r.start + (1 - r.start) * Math.min(age / rampDays, 1) : 1;
  return ramp * (k > 0 ? Math.exp(-k * age) : 1);
}

/**
 * The centring constant: the expected mean, over a site's first `centreDays` of age, of ramp-up x decay x still
 * active (deterministic: 16 strata for each per-site draw, 200 midpoints in age). 1 when centring is off.
 */
export function centringConstant(truth: TruthSettings): number {
  const C = truth.centreDays ?? 0;
  if (!(C > 0)) return 1;
  const h = (truth.inactivationPerYear ?? 0) / 365.25;
  const r = truth.rampUp;
  const dk = truth.decay;
  const rampNodes = r ? NORMAL_NODES.map((z) => r.days * Math.exp(r.sigma * z)) : [0];
  const kNodes = dk
    ? NORMAL_NODES.map((z) => (dk.perYear / 365.25) * Math.exp(dk.sigma * z - (dk.sigma * dk.sigma) / 2))
    : [0];
  const N = 200;
  let sum = 0;
  for (const R of rampNodes)
    for (const k of kNodes)
      for (let j = 0; j < N; j++) {
        const age = ((j + 0.5) / N) * C;
        sum += ageEffect(truth, age, R, k) * Math.exp(-h * age);
      }
  return sum / (rampNodes.length * kNodes.length * N);
}

/** One trial's actual course: sites and patients (struct of arrays, patients in screening order). */
export interface TruthOutcome {
  /** True LPI (days since day 0, real); Infinity when not reached within 15 years. */
  lpi: number;
  /** True first possible screening (days since day 0). */
  firstScreen: number;
  /** Share of the trial's sites that never enroll in this draw. */
  nonEnrolling: number;
  /** Per site: group index, activation day, and the day it stopped recruiting (Infinity: never). */
  siteGroup: number[];
  activation: number[];
  inactive: number[];
  /** Per screened patient: group, site, screening time, passed screening, end of treatment (completion or drop-out). */
  group: number[];
  site: number[];
  screen: number[];
  pass: boolean[];
  exit: number[];
  dropped: boolean[];
  /** Enrollment times of the passing patients, ascending. */
  enrolled: number[];
}

/** The truth's settings with the plan's own uncertainty filled in (matched truth); others as they are. */
export function resolveTruth(plan: PreparedPlan, truth: TruthSettings): TruthSettings {
  if (!truth.fromPlan) return truth;
  const u = plan.uncertainty;
  return {
    ...truth,
    family: 'gamma',
    studySigma: sigmaOfCv(u.studyRateCv),
    countrySigma: sigmaOfCv(countryRateCvOf(u)),
    siteSigma: sigmaOfCv(u.siteRateCv),
    startupDelaySigma: sigmaOfCv(u.startupCv),
    nonEnrollingShare: u.nonEnrollingProbability,
    rescaleNonEnrolling: false,
    // The forecast's model terms (defaults 0: none): inactivation hazard, ramp-up and decay (its age profile).
    inactivationPerYear: Math.max(0, u.siteInactivationPerYear ?? 0),
    rampUp: null,
    decay: null,
    centreDays: 0,
    engineAge: {
      rampDays: Math.max(0, u.siteRampUpDays ?? 0),
      rampStart: Math.min(1, Math.max(0, u.siteRampUpStart ?? 0.5)),
      decayPerDay: Math.max(0, u.siteDecayPerYear ?? 0) / 365.25,
    },
  };
}

/**
 * The trial's actual course under the truth model, from its own stream (independent of the forecast's): stream
 * 2 x `index` + 1 of `seed`.
 */
export function simulateTruth(
  plan: PreparedPlan,
  truthIn: TruthSettings,
  seed: number,
  index: number,
): TruthOutcome {
  const truth = resolveTruth(plan, truthIn);
  const rng = new Xoshiro128(seed, 2 * index + TRUTH_STREAM);
  const f = truth.family;
  const study = factor(rng, f, 1, truth.studySigma);
  const xf = truth.extraFatigue;
  const extraFinal = xf ? xf.finalMin + (xf.finalMax - xf.finalMin) * rng.uniform() : 1;
  const extraDays = xf ? xf.daysMin + (xf.daysMax - xf.daysMin) * rng.uniform() : 1;
  const centre = centringConstant(truth);
  const hazard = (truth.inactivationPerYear ?? 0) / 365.25;
  const ramp = truth.rampUp ?? null;
  const decay = truth.decay ?? null;
  const jitter = truth.siteJitterDays ?? 0;
  const unplanned = truth.unplannedSeasonality ? unplannedSeasonal(truth.unplannedSeasonality) : null;
  const engineAge = truth.engineAge ?? null;
  // The engine's centring of its own age terms (model/age-profile.ts), so that matched is the engine's model.
  const engineCentre = engineAge
    ? centringFactor({ fatigueDays: Infinity, fatigueDrop: 0, ...engineAge }, hazard)
    : 1;
  const out: TruthOutcome = {
    lpi: Infinity,
    firstScreen: Infinity,
    nonEnrolling: 0,
    siteGroup: [],
    activation: [],
    inactive: [],
    group: [],
    site: [],
    screen: [],
    pass: [],
    exit: [],
    dropped: [],
    enrolled: [],
  };
  const open: number[] = [];
  const rate: number[] = []; // screening intensity per day at full rate, before age and calendar multipliers
  const fatigueFinal: number[] = [];
  const fatigueDays: number[] = [];
  const rampDays: number[] = [];
  const decayK: number[] = [];
  let zeros = 0;
  plan.groups.forEach((g, gi) => {
    const country = factor(rng, f, 1, truth.countrySigma);
    const delay = factor(rng, f, truth.startupDelayMean, truth.startupDelaySigma);
    const stretch = factor(rng, f, truth.activationStretchMean, truth.activationStretchSigma);
    // The engine's chain: planned activation = FSIV + offset; the delay factor moves it by (f - 1) x span.
    const shift = (delay - 1) * g.startupSpanDays;
    for (const off of g.activationOffsets) {
      let u = factor(rng, f, 1, truth.siteSigma);
      if (truth.nonEnrollingShare > 0 && rng.uniform() < truth.nonEnrollingShare) {
        u = 0;
        zeros++;
      } else if (truth.rescaleNonEnrolling) u /= 1 - truth.nonEnrollingShare;
      const spread = truth.fatigueSpread > 0 ? truth.fatigueSpread * (2 * rng.uniform() - 1) : 0;
      const jit = jitter > 0 ? jitter * normal(rng) : 0;
      const planned = g.milestones.firstSiteActivation + off * stretch;
      const a = Math.max(0, Math.round(planned + shift + jit));
      const life = hazard > 0 ? exponential(rng) / hazard : Infinity;
      rampDays.push(ramp ? ramp.days * Math.exp(ramp.sigma * normal(rng)) : 0);
      decayK.push(
        decay
          ? (decay.perYear / 365.25) * Math.exp(decay.sigma * normal(rng) - (decay.sigma * decay.sigma) / 2)
          : 0,
      );
      out.siteGroup.push(gi);
      out.activation.push(a);
      out.inactive.push(a + life);
      open.push(a + g.firstScreenDelayDays);
      rate.push((g.screenRatePerSiteDay * study * country * u * engineCentre) / centre);
      fatigueFinal.push(g.fatigue ? Math.min(1, Math.max(0, g.fatigue.finalFactor + spread)) : 1);
      fatigueDays.push(g.fatigue ? g.fatigue.days : 1);
    }
  });
  const nSites = open.length;
  out.nonEnrolling = nSites > 0 ? zeros / nSites : 0;
  for (let i = 0; i < nSites; i++) if (rate[i]! > 0) out.firstScreen = Math.min(out.firstScreen, open[i]!);
  if (out.firstScreen === Infinity) return out;
  const nGroups = plan.groups.length;
  // Study and group rules, as the forecast applies them (pauses as windows on screening times, caps as stops).
  let pauseStart = Infinity;
  let pauseEnd = -Infinity;
  const grpScreened = new Int32Array(nGroups);
  const grpEnrolled = new Int32Array(nGroups);
  const grpStopped = new Uint8Array(nGroups);
  const grpPauseStart = new Float64Array(nGroups).fill(Infinity);
  const grpPauseEnd = new Float64Array(nGroups).fill(-Infinity);
  let nStopped = 0;
  const siteMass = new Float64Array(nSites);
  const siteFrom = new Float64Array(nSites);
  const siteTo = new Float64Array(nSites);
  const active: number[] = [];
  const order = Array.from({ length: nSites }, (_, i) => i)
    .filter((i) => rate[i]! > 0)
    .sort((x, y) => open[x]! - open[y]!);
  let next = 0; // next site of `order` to open
  const day: { t: number; i: number }[] = [];
  const target = plan.targetEnrolled;
  let nEnr = 0;
  for (let d = Math.max(0, Math.floor(out.firstScreen)); d < MAX_HORIZON_DAYS; d++) {
    const month = new Date(plan.day0Ms + d * MS_PER_DAY).getUTCMonth();
    while (next < order.length && open[order[next]!]! < d + 1) active.push(order[next++]!);
    const cal = unplanned ? unplanned[month]! : 1;
    let total = 0;
    let w = 0;
    for (let j = 0; j < active.length; j++) {
      const i = active[j]!;
      const end = out.inactive[i]!;
      if (end <= d) continue; // stopped recruiting for good: drop from the active list
      active[w++] = i;
      const from = Math.max(d, open[i]!);
      const to = Math.min(d + 1, end);
      if (!(to > from)) {
        siteMass[i] = 0;
        continue;
      }
      const age = (from + to) / 2 - out.activation[i]!;
      let planned = 1 - (1 - fatigueFinal[i]!) * Math.min(age / fatigueDays[i]!, 1);
      if (engineAge) {
        // The engine's age profile: fatigue x ramp-up x decay (model/age-profile.ts).
        const hasFatigue = fatigueFinal[i]! < 1;
        planned = ageFactor(
          {
            fatigueDays: hasFatigue ? fatigueDays[i]! : Infinity,
            fatigueDrop: hasFatigue ? 1 - fatigueFinal[i]! : 0,
            ...engineAge,
          },
          age,
        );
      }
      const extra = 1 - (1 - extraFinal) * Math.min(age / extraDays, 1);
      const drift = ramp || decay ? ageEffect(truth, age, rampDays[i]!, decayK[i]!) : 1;
      const gi = out.siteGroup[i]!;
      const m = rate[i]! * plan.groups[gi]!.seasonal[month]! * cal * planned * extra * drift * (to - from);
      siteMass[i] = m;
      siteFrom[i] = from;
      siteTo[i] = to;
      total += m;
    }
    active.length = w;
    if (active.length === 0 && next >= order.length) break; // every site has stopped recruiting
    if (!(total > 0)) continue;
    const n = poisson(rng, total);
    day.length = 0;
    for (let k = 0; k < n; k++) {
      // The patient's site, in proportion to the sites' masses, and a uniform time in its open part of the day.
      let x = rng.uniform() * total;
      let i = active[0]!;
      for (let j = 0; j < active.length; j++) {
        i = active[j]!;
        x -= siteMass[i]!;
        if (x < 0 && siteMass[i]! > 0) break;
      }
      day.push({ t: siteFrom[i]! + (siteTo[i]! - siteFrom[i]!) * rng.uniform(), i });
    }
    day.sort((p, q) => p.t - q.t);
    for (const p of day) {
      const gi = out.siteGroup[p.i]!;
      if (p.t >= pauseStart && p.t < pauseEnd) continue;
      if (grpStopped[gi] === 1 || (p.t >= grpPauseStart[gi]! && p.t < grpPauseEnd[gi]!)) continue;
      const g = plan.groups[gi]!;
      const pass = rng.uniform() >= g.screenFailRate;
      const enrol = p.t + plan.screeningDays;
      const drop = pass && rng.uniform() < g.dropOutRate;
      out.group.push(gi);
      out.site.push(p.i);
      out.screen.push(p.t);
      out.pass.push(pass);
      out.dropped.push(drop);
      out.exit.push(
        !pass ? p.t : drop ? enrol + plan.treatmentDays * rng.uniform() : enrol + plan.treatmentDays,
      );
      if (pass) {
        out.enrolled.push(enrol);
        nEnr++;
        if (nEnr === target) {
          out.lpi = enrol;
          return out; // competitive stop: nobody is screened after the target-th passing patient
        }
        if (plan.pause && nEnr === plan.pause.afterEnrolled) {
          pauseStart = enrol;
          pauseEnd = enrol + plan.pause.days;
        }
        const ge = ++grpEnrolled[gi]!;
        if (g.pause && ge === g.pause.afterEnrolled) {
          grpPauseStart[gi] = enrol;
          grpPauseEnd[gi] = enrol + g.pause.days;
        }
        if (g.caps.enrolled !== null && ge >= g.caps.enrolled && grpStopped[gi] === 0) {
          grpStopped[gi] = 1;
          nStopped++;
        }
      }
      if (g.caps.screened !== null && ++grpScreened[gi]! >= g.caps.screened && grpStopped[gi] === 0) {
        grpStopped[gi] = 1;
        nStopped++;
      }
      if (nStopped === nGroups) return out;
    }
  }
  return out;
}

/** The structures a preset adds to the model, for one-at-a-time truths ('realistic-only-inactivation' ...). */
export const TRUTH_EFFECTS = ['spread', 'inactivation', 'drift', 'startup', 'seasonality'] as const;

/**
 * A truth by name: a preset of CALIBRATION_TRUTHS, or PRESET-only-EFFECT (PRESET mild, realistic or harsh; EFFECT
 * one of TRUTH_EFFECTS): the matched truth (the engine's model at the default settings) plus that preset's one
 * structure: 'spread' its lognormal study, country and site spreads with the non-enrolling sites, 'inactivation'
 * its hazard, 'drift' its ramp-up, decay and per-site fatigue spread (both centred like the preset), 'startup' its
 * country delay and stretch spreads and site jitter, 'seasonality' its unplanned month-of-year effect. Undefined
 * for an unknown name.
 */
export function truthByName(name: string): TruthSettings | undefined {
  const direct = CALIBRATION_TRUTHS[name];
  if (direct) return direct;
  const m = /^(mild|realistic|harsh)-only-([a-z]+)$/.exec(name);
  if (!m || !(TRUTH_EFFECTS as readonly string[]).includes(m[2]!)) return undefined;
  const p = CALIBRATION_TRUTHS[m[1]!]!;
  const base: TruthSettings = { ...MATCHED_TRUTH, fromPlan: false };
  switch (m[2] as (typeof TRUTH_EFFECTS)[number]) {
    case 'spread':
      return {
        ...base,
        family: 'lognormal',
        studySigma: p.studySigma,
        countrySigma: p.countrySigma,
        siteSigma: p.siteSigma,
        nonEnrollingShare: p.nonEnrollingShare,
        rescaleNonEnrolling: p.rescaleNonEnrolling,
      };
    case 'inactivation':
      return { ...base, inactivationPerYear: p.inactivationPerYear ?? 0, centreDays: p.centreDays ?? 0 };
    case 'drift':
      return {
        ...base,
        rampUp: p.rampUp ?? null,
        decay: p.decay ?? null,
        fatigueSpread: p.fatigueSpread,
        centreDays: p.centreDays ?? 0,
      };
    case 'startup':
      return {
        ...base,
        startupDelaySigma: p.startupDelaySigma,
        activationStretchSigma: p.activationStretchSigma,
        siteJitterDays: p.siteJitterDays ?? 0,
      };
    case 'seasonality':
      return { ...base, unplannedSeasonality: p.unplannedSeasonality ?? 0 };
  }
}
