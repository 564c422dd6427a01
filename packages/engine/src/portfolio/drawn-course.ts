/**
 * A study's actual course drawn from the engine's own model with given settings (calibration.md section 1), for
 * plans the engine prepares: the demo portfolio's CTMS extracts (the server's seed) and tests. The model is the
 * synthetic portfolio's (synthetic-portfolio.ts) on a real prepared plan: a study rate factor theta, per group
 * (country) a rate factor c_g and a start-up factor f_g (the group's activations move by (f_g - 1) x its start-up
 * span), per site a rate factor u_i and an exponential time to inactivation from its activation; Gamma mean-one
 * factors with the truth's CVs. A site screens from activation + its first-screening delay at
 * r_g theta c_g u_i C x seasonal(month) x m(age) (m the plan's fatigue with the truth's ramp-up and decay, C the
 * engine's centring factor), until it falls silent. Each month's screened count per site is Poisson of that
 * intensity summed day by day; each screened patient enrolls with probability 1 - screen fail rate. The course
 * stops in the month the target is enrolled (that month's last enrolled are cut to the target) or at `endDay`.
 * Plan pauses and group caps are not applied: the demo plans have none. Deterministic: stream `stream` of `seed`.
 */
import { ageFactor, centringFactor, groupAgeProfile } from '../model/age-profile';
import { monthBoundaries } from '../model/calendar';
import type { PreparedPlan } from '../model/prepared-plan';
import { binomial, exponential, gammaMeanOne, poisson } from '../rng/distributions';
import { Xoshiro128 } from '../rng/xoshiro';
import type { SyntheticTruth } from './synthetic-portfolio';

/** One site of a drawn course. */
export interface DrawnSite {
  /** Index of its group in the plan's groups, and its position in the group's activation offsets. */
  groupIndex: number;
  siteIndex: number;
  /** Activation day (days since day 0); null when it had not activated by the course's end. */
  activationDay: number | null;
  /** Screened and enrolled per month of `monthStartDays` (same length). */
  screened: number[];
  enrolled: number[];
}

export interface DrawnCourse {
  /** First day of each calendar month of the course, from the month of day 0 to the last month (days since day 0). */
  monthStartDays: number[];
  sites: DrawnSite[];
  /** Patients enrolled in all; equal to the plan's target when `reachedTarget`. */
  enrolled: number;
  reachedTarget: boolean;
  /** Index of the last month of the course (the month the target was enrolled, or the one holding `endDay`). */
  lastMonth: number;
}

interface OpenSite {
  site: DrawnSite;
  group: PreparedPlan['groups'][number];
  activation: number;
  /** First screening day and first silent day (exclusive end of screening). */
  from: number;
  stop: number;
  rate: number;
  profile: ReturnType<typeof groupAgeProfile>;
}

/** The sites with their drawn factors (see the file comment). */
function drawSites(plan: PreparedPlan, truth: SyntheticTruth, rng: Xoshiro128, months: number): OpenSite[] {
  const theta = gammaMeanOne(rng, truth.studyRateCv);
  const h = truth.siteInactivationPerYear / 365.25;
  const out: OpenSite[] = [];
  plan.groups.forEach((group, groupIndex) => {
    const c = gammaMeanOne(rng, truth.countryRateCv);
    const f = gammaMeanOne(rng, truth.startupCv);
    const shift = (f - 1) * group.startupSpanDays;
    const profile = groupAgeProfile(group.fatigue, truth);
    const centring = centringFactor(profile, h);
    group.activationOffsets.forEach((offset, siteIndex) => {
      const u = gammaMeanOne(rng, truth.siteRateCv);
      const life = h > 0 ? exponential(rng) / h : Infinity;
      const activation = Math.max(0, Math.round(group.milestones.firstSiteActivation + offset + shift));
      out.push({
        site: {
          groupIndex,
          siteIndex,
          activationDay: activation,
          screened: new Array<number>(months).fill(0),
          enrolled: new Array<number>(months).fill(0),
        },
        group,
        activation,
        from: activation + group.firstScreenDelayDays,
        stop: activation + life,
        rate: group.screenRatePerSiteDay * theta * c * u * centring,
        profile,
      });
    });
  });
  return out;
}

/** The course of `plan` under `truth` up to `endDay` at the latest (see the file comment). */
export function drawCompletedCourse(
  plan: PreparedPlan,
  truth: SyntheticTruth,
  o: { seed: number; stream: number; endDay: number },
): DrawnCourse {
  const rng = new Xoshiro128(o.seed, o.stream);
  const starts = monthBoundaries(plan.day0Ms, o.endDay);
  const sites = drawSites(plan, truth, rng, starts.length);
  const firstMonth = new Date(plan.day0Ms).getUTCMonth();
  const target = plan.targetEnrolled;
  let enrolled = 0;
  let last = starts.length - 1;
  for (let m = 0; m < starts.length && enrolled < target; m++) {
    const begin = starts[m]!;
    const end = Math.min(starts[m + 1] ?? o.endDay + 1, o.endDay + 1);
    const inMonth: OpenSite[] = [];
    for (const s of sites) {
      let mean = 0;
      for (let d = Math.max(begin, s.from); d < Math.min(end, s.stop); d++) {
        const part = Math.min(1, s.stop - d);
        const season = s.group.seasonal[(firstMonth + m) % 12]!;
        mean += part * s.rate * season * ageFactor(s.profile, d + part / 2 - s.activation);
      }
      const screened = mean > 0 ? poisson(rng, mean) : 0;
      if (screened === 0) continue;
      s.site.screened[m] = screened;
      s.site.enrolled[m] = binomial(rng, screened, 1 - s.group.screenFailRate);
      enrolled += s.site.enrolled[m]!;
      inMonth.push(s);
    }
    // The target month: the patients past the target were never enrolled (screening stops study-wide at it).
    for (let k = inMonth.length - 1; k >= 0 && enrolled > target; k--) {
      const site = inMonth[k]!.site;
      const cut = Math.min(site.enrolled[m]!, enrolled - target);
      site.enrolled[m]! -= cut;
      site.screened[m]! -= cut;
      enrolled -= cut;
    }
    if (enrolled >= target) last = m;
  }
  const endDay = (starts[last + 1] ?? o.endDay + 1) - 1;
  for (const s of sites) {
    s.site.screened.length = last + 1;
    s.site.enrolled.length = last + 1;
    if (s.activation > endDay) s.site.activationDay = null;
  }
  return {
    monthStartDays: starts.slice(0, last + 1),
    sites: sites.map((s) => s.site),
    enrolled,
    reachedTarget: enrolled >= target,
    lastMonth: last,
  };
}
