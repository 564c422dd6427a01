import { describe, expect, it } from 'vitest';
import { runForecast } from '../src/forecast';
import { parseSimulationInput, type SimulationInput } from '../src/input/schema';
import { gammaPosterior, priorShape, remodelPlan, remodelResultSets } from '../src/scenarios/remodel';
import { DAY0, rawGroup, rawInput } from './fixtures';

const MS_DAY = 86_400_000;
const dayOf = (ms: number) => Math.round((ms - DAY0) / MS_DAY);

/**
 * One country, 10 sites all activated on 2026-02-01, 200 enrolled targeted (250 screened, sf 0.2); `months` months
 * of actuals (10 enrolled, 12-13 screened a month, i.e. the planned 1 patient/site/month), as-of the last day of
 * the last month.
 */
function remodelInput(months: number, enrolledPerMonth = 10): SimulationInput {
  const raw = rawInput();
  raw.plan.targets = { SITES_TO_ACTIVATE: { lowerBound: 10 }, SUBJECTS_TO_SCREEN: { lowerBound: 250 } };
  raw.plan.enrollmentRate = 1;
  // Without the age terms the go-forward rate is the observed one per site-month of exposure (with them it is in
  // the centred units of the plan's rate: remodel-core.ts).
  raw.plan.uncertainty = { siteInactivationPerYear: 0 };
  const g = rawGroup();
  g.NUM_SITES_ACTIVATED = { lowerBound: 10 };
  const act = Date.UTC(2026, 1, 1, 12);
  const monthly = Array.from({ length: months }, (_, m) => ({
    monthStartMillis: Date.UTC(2026, 1 + m, 1, 12),
    screened: Math.round(enrolledPerMonth / 0.8),
    enrolled: enrolledPerMonth,
    completed: m > 0 ? enrolledPerMonth - 1 : 0,
    dropped: m > 0 ? 1 : 0,
  }));
  g.actuals = {
    asOfDateMillis: Date.UTC(2026, 1 + months, 0, 12),
    siteActivationDatesMillis: new Array<number>(10).fill(act),
    monthly,
  };
  raw.siteGroups = [g];
  const parsed = parseSimulationInput(raw);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.input;
}

describe('remodel', () => {
  it('rejects an as-of date before the first actual activation (schema)', () => {
    const raw = rawInput();
    const g = rawGroup();
    g.actuals = {
      asOfDateMillis: Date.UTC(2026, 1, 1, 12),
      siteActivationDatesMillis: [Date.UTC(2026, 2, 1, 12)],
      monthly: [],
    };
    raw.siteGroups = [g];
    const parsed = parseSimulationInput(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors.map((e) => e.path)).toContain('siteGroups.0.actuals.asOfDateMillis');
  });

  it('the curves are the actual counts up to the as-of date, then continue monotonically to the target', () => {
    const input = remodelInput(6);
    const r = remodelPlan({ input });
    const monthly = input.siteGroups[0]!.actuals!.monthly;
    let cumE = 0;
    let cumS = 0;
    monthly.forEach((m, k) => {
      cumE += m.enrolled;
      cumS += m.screened;
      const lastDay = dayOf(Date.UTC(2026, 2 + k, 1, 12)) - 1;
      expect(r.planLine.total.enrolled[lastDay]).toBeCloseTo(cumE, 9);
      expect(r.planLine.total.screened[lastDay]).toBeCloseTo(cumS, 9);
    });
    expect(r.asOfDay).toBe(dayOf(Date.UTC(2026, 6, 31, 12)));
    expect(r.planLine.total.enrolled[r.asOfDay]).toBeCloseTo(60, 9);
    expect(r.planLine.total.activeSites[r.asOfDay]).toBe(10);
    const e = r.planLine.total.enrolled;
    for (let d = 1; d < e.length; d++) expect(e[d]!).toBeGreaterThanOrEqual(e[d - 1]! - 1e-9);
    expect(r.remainingEnrolled).toBe(140);
    // LPI after the as-of date, about 14 months of 10 sites x 1/month later.
    const lpi = r.planLine.milestones.lastEnrolled!;
    expect(lpi).toBeGreaterThan(r.asOfDay);
    expect((lpi - r.asOfDay) / 30.4375).toBeGreaterThan(12);
    expect((lpi - r.asOfDay) / 30.4375).toBeLessThan(16);
    expect(r.planLine.milestones.firstEnrolled).toBe(dayOf(Date.UTC(2026, 1, 1, 12)));
  });

  it('go-forward rates: planned, actual (observed per site-month) and other; summary columns filled', () => {
    const input = remodelInput(6, 20);
    const planned = remodelPlan({ input });
    const actual = remodelPlan({ input, groups: [{ siteGroupId: '1', rate: 'actual', sites: 'planned' }] });
    const other = remodelPlan({
      input,
      groups: [{ siteGroupId: '1', rate: 'other', rateOther: 0.5, sites: 'other', sitesOther: 4 }],
    });
    const g = actual.groups[0]!;
    expect(planned.groups[0]!.enrollmentRateGoForward).toBeCloseTo(1, 9);
    expect(g.enrollmentRateGoForward).toBeCloseTo(120 / (g.exposureSiteDays / 30.4375), 9);
    expect(g.enrollmentRateGoForward).toBeGreaterThan(1.5);
    expect(other.groups[0]!.enrollmentRateGoForward).toBe(0.5);
    expect(other.groups[0]!.sitesGoForward).toBe(4);
    const lpi = (r: typeof planned) => r.planLine.milestones.lastEnrolled!;
    expect(lpi(actual)).toBeLessThan(lpi(planned));
    expect(lpi(other)).toBeGreaterThan(lpi(planned));
    const sets = remodelResultSets(input, actual);
    const row = sets.summaryTable[0]!;
    expect(row['Enrollment Rate Go Forward']).toBeCloseTo(g.enrollmentRateGoForward, 2);
    expect(row['Screen Rate Go Forward']).toBeCloseTo(g.screenRateGoForward, 2);
    expect(sets.summaryTable[1]!['Enrollment Rate Go Forward']).toBeCloseTo(g.enrollmentRateGoForward, 2);
    expect(row['Number of Patients Enrolled']).toBe(200);
  });

  it('patients in screening at the as-of date enroll without being screened again', () => {
    const input = remodelInput(6);
    const r = remodelPlan({ input });
    const sd = r.baseline.screeningDays;
    expect(sd).toBeGreaterThan(0);
    // 13 screened in July (31 days) spread over the month: the last screening period's share x (1 - sf 0.2).
    const expected = 13 * (sd / 31) * 0.8;
    expect(r.pendingEnrolled).toBeGreaterThan(0);
    expect(Math.abs(r.pendingEnrolled - expected)).toBeLessThanOrEqual(1.5);
    expect(r.projection!.targetEnrolled).toBe(r.remainingEnrolled - r.pendingEnrolled);
    // They enroll within one screening period after the as-of date; the total still reaches the target.
    const e = r.planLine.total.enrolled;
    const enrolledAtAsOf = e[r.asOfDay]!;
    expect(e[r.asOfDay + sd]! - enrolledAtAsOf).toBeGreaterThanOrEqual(r.pendingEnrolled - 1e-9);
    expect(e[e.length - 1]).toBeCloseTo(200, 6);
  });

  it('removing a country stops its projection but keeps its actuals', () => {
    const input = remodelInput(6);
    const r = remodelPlan({ input, groups: [{ siteGroupId: '1', rate: 'planned', sites: 'remove' }] });
    const e = r.planLine.total.enrolled;
    expect(e[e.length - 1]).toBeCloseTo(60, 9);
    expect(r.planLine.milestones.lastEnrolled).toBeNull();
  });

  it('actuals at or above the target: LPI already reached, no projection', () => {
    const r = remodelPlan({ input: remodelInput(11, 20) });
    expect(r.lpiReached).toBe(true);
    expect(r.projection).toBeNull();
    expect(r.remainingEnrolled).toBe(0);
    const lpi = r.planLine.milestones.lastEnrolled!;
    expect(lpi).toBeLessThanOrEqual(r.asOfDay);
    expect(lpi).toBeGreaterThan(dayOf(Date.UTC(2026, 10, 1, 12)) - 1); // within the 10th month (200 reached)
  });

  it('Poisson-Gamma posterior: Gamma(alpha + k, beta + exposure), mean (alpha + k) / (beta + exposure)', () => {
    const prior = { shape: 4, rate: 4 / 0.05 };
    const post = gammaPosterior(prior, 30, 500);
    expect(post).toEqual({ shape: 34, rate: 580 });
    expect(post.shape / post.rate).toBeCloseTo(34 / 580, 12);
    // alpha from the study and country CVs: CV^2 = (1 + 0.2^2)(1 + 0.3^2) - 1.
    expect(priorShape(0.2, 0.3)).toBeCloseTo(1 / (1.04 * 1.09 - 1), 12);
    // The remodel: prior centred on the planned rate; the posterior (hierarchical, remodel-posterior.ts) between
    // the prior mean and the observed rate, narrower than the prior; one evidence entry per projection site.
    const r = remodelPlan({ input: remodelInput(6, 20) });
    const g = r.groups[0]!;
    const planned = r.projection!.groups[0]!.screenRatePerSiteDay;
    expect(g.prior.shape / g.prior.rate).toBeCloseTo(planned, 12);
    const observed = g.screened / g.exposureSiteDays;
    const mean = g.posterior.shape / g.posterior.rate;
    expect(mean).toBeGreaterThan(planned);
    expect(mean).toBeLessThan(observed);
    expect(g.posterior.shape).toBeGreaterThan(g.prior.shape);
    expect(r.projection!.remodelEvidence!.siteEvents).toHaveLength(
      r.projection!.groups[0]!.activationOffsets.length,
    );
  });

  it('the forecast narrows as actuals accrue (LPI P10-P90 at 25% vs 75% enrolled)', () => {
    const width = (months: number) => {
      const r = remodelPlan({ input: remodelInput(months) });
      const f = runForecast(r.projection!, { seed: 7, replications: 400, levels: [10, 90] });
      const [p10, p90] = f.milestones.lpi.quantiles;
      expect(p10).not.toBeNull();
      expect(p90).not.toBeNull();
      expect(p10!).toBeGreaterThan(r.asOfDay);
      return p90! - p10!;
    };
    const early = width(5); // 50 of 200 enrolled
    const late = width(15); // 150 of 200 enrolled
    expect(late).toBeLessThan(early);
    // Posterior vs prior on the same remaining target: more exposure, smaller posterior CV.
    const r5 = remodelPlan({ input: remodelInput(5) }).groups[0]!;
    const r15 = remodelPlan({ input: remodelInput(15) }).groups[0]!;
    expect(1 / Math.sqrt(r15.posterior.shape)).toBeLessThan(1 / Math.sqrt(r5.posterior.shape));
    expect(1 / Math.sqrt(r5.posterior.shape)).toBeLessThan(1 / Math.sqrt(r5.prior.shape));
  });
});
