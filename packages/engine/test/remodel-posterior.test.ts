import { describe, expect, it } from 'vitest';
import { runForecast } from '../src/forecast';
import { parseSimulationInput, type SimulationInput } from '../src/input/schema';
import { remodelPlan } from '../src/scenarios/remodel';
import { ExposureWeights, pauseWindowOf } from '../src/scenarios/remodel-exposure';
import {
  activeProbability,
  fitRemodelPosterior,
  groupLogLik,
  X_MIN,
  X_STEP,
} from '../src/scenarios/remodel-posterior';
import { DAY0, rawGroup, rawInput } from './fixtures';
import { makeGroup } from './forecast-fixtures';

const MS_DAY = 86_400_000;

/** A bare prepared group for the exposure weights (only seasonal, delay and fatigue matter). */
const group = makeGroup;

describe('remodel exposure (intensity-weighted)', () => {
  it('a pause is not exposure: 100 days with a 28-day pause give 72 site-days', () => {
    const enrolled = Float64Array.from({ length: 100 }, (_, d) => d / 2); // 30th patient on day 60
    const pause = pauseWindowOf({ afterEnrolled: 30, days: 28 }, enrolled)!;
    expect(pause).toEqual({ from: 61, to: 88 });
    const w = new ExposureWeights(group(), DAY0, 99, [pause]);
    expect(w.exposure(0, 0, 99)).toBeCloseTo(72, 12);
    // Without the pause: every day counts.
    expect(new ExposureWeights(group(), DAY0, 99, []).exposure(0, 0, 99)).toBeCloseTo(100, 12);
  });

  it('seasonality weights each day by its month; the first-screen delay starts the exposure', () => {
    // DAY0 is in January 2026 (fixtures); January at 0.5, the rest 1.
    const seasonal = [0.5, ...new Array<number>(11).fill(1)];
    const day0 = new Date(DAY0);
    expect(day0.getUTCMonth()).toBe(0);
    const janDaysLeft = 31 - day0.getUTCDate() + 1;
    const w = new ExposureWeights(group({ seasonal, firstScreenDelayDays: 5 }), DAY0, 59, []);
    // Days 5..59: (janDaysLeft - 5) January days at 0.5, the rest at 1.
    expect(w.exposure(0, 0, 59)).toBeCloseTo((janDaysLeft - 5) * 0.5 + (60 - janDaysLeft), 12);
  });

  it('fatigue: the exposure is the integral of the fatigue factor at the site age (closed form)', () => {
    // f(x) = 1 - 0.5 x / 100 for x < 100, then 0.5; a site activated on day 10, exposure over days 10..209.
    const w = new ExposureWeights(group({ fatigue: { days: 100, finalFactor: 0.5 } }), DAY0, 209, []);
    // Days 10..109: sum of 1 - 0.005 (d + 0.5 - 10) = 100 - 0.005 * 5000 = 75; days 110..209: 50.
    expect(w.exposure(10, 10, 209)).toBeCloseTo(125, 9);
  });
});

describe('remodel posterior (estimated spread)', () => {
  it('the group likelihood on the x grid: Poisson counts give K log(x r G) - x r G - log K! (summed)', () => {
    const g = {
      ratePerSiteDay: 0.05,
      units: [
        { k: 3, exposure: 100, shapeMultiplier: 1 },
        { k: 7, exposure: 150, shapeMultiplier: 1 },
      ],
    };
    const { logLik } = groupLogLik(g, Infinity);
    const j = 80;
    const x = X_MIN * Math.exp((j + 0.5) * X_STEP);
    const lf = (k: number) => Math.log([1, 1, 2, 6, 24, 120, 720, 5040][k]!);
    const expected = [3, 7].reduce((s, k, i) => {
      const mu = x * 0.05 * [100, 150][i]!;
      return s + k * Math.log(mu) - mu - lf(k);
    }, 0);
    expect(logLik[j]).toBeCloseTo(expected, 9);
  });

  it('one group, no country or site spread: the study factor is conjugate, Gamma(kappa + K, kappa + r G)', () => {
    const kappa = 1 / 0.2 ** 2;
    const fit = fitRemodelPosterior(
      [{ ratePerSiteDay: 0.1, units: [{ k: 30, exposure: 200, shapeMultiplier: 1 }] }],
      { studyRateCv: 0.2, countryRateCv: 0, siteRateCv: 0 },
    );
    const mean = (kappa + 30) / (kappa + 20);
    const sd = Math.sqrt(kappa + 30) / (kappa + 20);
    expect(Math.abs(fit.meanX[0]! - mean)).toBeLessThan(0.01 * mean);
    expect(Math.abs(Math.sqrt(fit.varX[0]!) - sd)).toBeLessThan(0.05 * sd);
  });

  it('over-dispersed site counts raise the estimated site spread (same totals)', () => {
    const even = Array.from({ length: 20 }, () => ({ k: 10, exposure: 100, shapeMultiplier: 1 }));
    const spread = Array.from({ length: 20 }, (_, i) => ({
      k: [0, 0, 1, 2, 40][i % 5]! + (i % 5 === 4 ? 7 : 0),
      exposure: 100,
      shapeMultiplier: 1,
    }));
    expect(spread.reduce((s, u) => s + u.k, 0)).toBe(200);
    const settings = { studyRateCv: 0.2, countryRateCv: 0.5, siteRateCv: 0.8 };
    const a = fitRemodelPosterior([{ ratePerSiteDay: 0.1, units: even }], settings);
    const b = fitRemodelPosterior([{ ratePerSiteDay: 0.1, units: spread }], settings);
    expect(a.siteRateCv).toBeLessThan(0.8);
    expect(b.siteRateCv).toBeGreaterThan(1.2);
  });

  it('a long silence makes a site probably inactive when sites can stop; never without a hazard', () => {
    const base = { silentExposure: 300, exposureBefore: 300, k: 10, lambda: 1 / 30, alpha: 1.5 };
    const p = activeProbability({ ...base, hazardPerDay: 0.5 / 365, silentDays: 300 });
    expect(p).toBeLessThan(0.2);
    expect(
      activeProbability({ ...base, hazardPerDay: 0.5 / 365, silentDays: 20, silentExposure: 20 }),
    ).toBeGreaterThan(0.9);
    expect(activeProbability({ ...base, hazardPerDay: 0, silentDays: 300 })).toBe(1);
  });
});

/**
 * One country of 10 actual sites activated on 2026-02-01 (of `plannedSites` planned); per-site counts given; as-of
 * the end of month `months`.
 */
function perSiteInput(
  months: number,
  perSite: number[],
  fatigue = false,
  plannedSites = 10,
): SimulationInput {
  const raw = rawInput();
  raw.plan.targets = { SITES_TO_ACTIVATE: { lowerBound: 10 }, SUBJECTS_TO_SCREEN: { lowerBound: 400 } };
  raw.plan.enrollmentRate = 1;
  const g = rawGroup();
  g.NUM_SITES_ACTIVATED = { lowerBound: plannedSites };
  if (fatigue) {
    g.eventualSiteEnrollmentDays = 180;
    g.eventualSiteEnrollmentRate = 0.5;
  }
  const act = Date.UTC(2026, 1, 1, 12);
  const total = perSite.reduce((s, x) => s + x, 0);
  const monthly = Array.from({ length: months }, (_, m) => ({
    monthStartMillis: Date.UTC(2026, 1 + m, 1, 12),
    screened: Math.round(total / months),
    enrolled: Math.round((0.8 * total) / months),
    completed: 0,
    dropped: 0,
  }));
  g.actuals = {
    asOfDateMillis: Date.UTC(2026, 1 + months, 0, 12),
    siteActivationDatesMillis: new Array<number>(10).fill(act),
    monthly,
    sites: perSite.map((k) => ({
      activationDateMillis: act,
      screened: k,
      lastScreenedMonthMillis: k > 0 ? Date.UTC(2026, months, 1, 12) : null,
      closedDateMillis: null,
    })),
  };
  raw.siteGroups = [g];
  const parsed = parseSimulationInput(raw);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.input;
}

describe('remodel projection', () => {
  it('keeps fatigue: actual sites keep their activation days, so the rate goes on falling with site age', () => {
    const r = remodelPlan({ input: perSiteInput(3, new Array<number>(10).fill(4), true) });
    const g = r.projection!.groups[0]!;
    expect(g.fatigue).toEqual({ days: 180, finalFactor: 0.5 });
    expect(g.milestones.firstSiteActivation + g.activationOffsets[0]!).toBe(
      Math.round((Date.UTC(2026, 1, 1, 12) - DAY0) / MS_DAY),
    );
    expect(g.screenFromDay).toBe(r.asOfDay + 1);
    // The projection's daily screening falls after the as-of date (fatigue), instead of staying flat.
    const line = r.planLine.total.screened;
    const day = (d: number) => line[d + 1]! - line[d]!;
    expect(day(r.asOfDay + 120)).toBeLessThan(0.85 * day(r.asOfDay + 20));
  });

  it('over-dispersed site counts widen the forecast of a group with sites still to open (same totals)', () => {
    const width = (perSite: number[]) => {
      const r = remodelPlan({ input: perSiteInput(4, perSite, false, 30) });
      const f = runForecast(r.projection!, { seed: 5, replications: 600, levels: [10, 90] });
      const [p10, p90] = f.milestones.lpi.quantiles;
      return p90! - p10!;
    };
    const even = width(new Array<number>(10).fill(5));
    const spread = width([0, 0, 0, 0, 0, 0, 0, 5, 15, 30]);
    expect(spread).toBeGreaterThan(1.2 * even);
  });
});

describe('remodel and study pauses', () => {
  /** 10 sites, 4 months of actuals (10 enrolled a month); a study pause after patient `after` for `days` days. */
  function pausedInput(after: number, days: number): SimulationInput {
    const input = perSiteInput(4, new Array<number>(10).fill(5));
    return {
      ...input,
      plan: { ...input.plan, pauseEnrollmentAfterPatient: after, pauseEnrollmentDays: days },
    };
  }

  it('a pause under way at the as-of date holds the projection until it ends; its days are not exposure', () => {
    // 10 enrolled a month: the 15th patient enrolls in the middle of the second month, so a 200-day pause
    // started about 45 days before the as-of date (the end of the fourth month) and is under way.
    const paused = remodelPlan({ input: pausedInput(15, 200) });
    const free = remodelPlan({ input: perSiteInput(4, new Array<number>(10).fill(5)) });
    const g = paused.projection!.groups[0]!;
    expect(g.screenFromDay!).toBeGreaterThan(paused.asOfDay + 1);
    const line = paused.planLine.total.screened;
    expect(line[g.screenFromDay! - 1]).toBeCloseTo(line[paused.asOfDay]!, 9);
    // The paused days (about 45 x 10 sites) are not exposure.
    expect(paused.groups[0]!.exposureSiteDays).toBeLessThan(free.groups[0]!.exposureSiteDays - 10 * 30);
    // The pause fired already: the projection has no pause left to fire.
    expect(paused.projection!.pause).toBeNull();
  });
});

describe('remodel: inactivity as evidence', () => {
  it('with a hazard, sites silent for months are probably inactive; recruiting ones are not', () => {
    // 10 sites active since February 2026, as-of end of October: sites 0-4 recruit every month, 5-9 last screened
    // in February (eight silent months).
    const input = perSiteInput(9, [20, 20, 20, 20, 20, 1, 1, 1, 1, 1]);
    const sites = input.siteGroups[0]!.actuals!.sites!.map((s, i) =>
      i >= 5 ? { ...s, lastScreenedMonthMillis: Date.UTC(2026, 1, 1, 12) } : s,
    );
    const withSites = {
      ...input,
      plan: { ...input.plan, uncertainty: { siteInactivationPerYear: 0.5 } },
      siteGroups: [{ ...input.siteGroups[0]!, actuals: { ...input.siteGroups[0]!.actuals!, sites } }],
    };
    const r = remodelPlan({ input: withSites });
    const ev = r.projection!.remodelEvidence!;
    const n = r.projection!.groups[0]!.activationOffsets.length;
    // The setting's grid point (0.5 per site-year).
    const k = ev.hazardPerDay.findIndex((h) => Math.abs(h * 365.25 - 0.5) < 1e-9);
    const p = ev.siteActiveProb.slice(k * n, (k + 1) * n);
    const recruiting = p.filter((_, i) => ev.siteEvents[i]! >= 20);
    const silent = p.filter((_, i) => ev.siteEvents[i]! === 1);
    expect(recruiting.every((x) => x > 0.99)).toBe(true);
    // Eight silent months: the prior alone keeps e^(-0.5 x 8/12) = 72% active; their silence brings it below 40%.
    expect(silent.every((x) => x < 0.4)).toBe(true);
    // The hazard is the setting, not re-estimated from the silences (remodel-evidence.ts).
    expect(ev.hazardPerDay).toEqual([0.5 / 365.25]);
    // Without a hazard nobody is taken for inactive.
    const withoutHazard = {
      ...withSites,
      plan: { ...withSites.plan, uncertainty: { siteInactivationPerYear: 0 } },
    };
    const off = remodelPlan({ input: withoutHazard }).projection!.remodelEvidence!;
    expect(off.hazardPerDay).toEqual([0]);
    expect(off.siteActiveProb).toHaveLength(n);
    expect(off.siteActiveProb.every((x) => x === 1)).toBe(true);
  });
});
