import { describe, expect, it } from 'vitest';
import { runForecast } from '../src/forecast';
import { parseSimulationInput, type SimulationInput } from '../src/input/schema';
import { planSimulation } from '../src/pipeline/plan-simulation';
import { solveSimulation } from '../src/pipeline/solve-simulation';
import {
  remodelGroupInfos,
  remodelPlan,
  remodelPlanOnForecast,
  remodelResultSets,
} from '../src/scenarios/remodel';
import { DAY0, rawGroup, rawInput } from './fixtures';

const MS_DAY = 86_400_000;
const dayMs = (day: number) => DAY0 + day * MS_DAY;

/**
 * Two countries of 10 sites each activated on 2026-02-01, 400 screened (sf 0.2: 320 enrolled); six months of
 * actuals at the planned 1 patient/site/month (10 enrolled a month per country), as-of 2026-07-31.
 */
function input(siteInactivationPerYear?: number): SimulationInput {
  const raw = rawInput();
  if (siteInactivationPerYear !== undefined) raw.plan.uncertainty = { siteInactivationPerYear };
  raw.plan.targets = { SITES_TO_ACTIVATE: { lowerBound: 20 }, SUBJECTS_TO_SCREEN: { lowerBound: 400 } };
  const act = Date.UTC(2026, 1, 1, 12);
  raw.siteGroups = [1, 2].map((id) => {
    const g = rawGroup();
    g.siteGroupId = id;
    g.siteGroupName = id === 1 ? 'Germany' : 'France';
    g.countryIso3 = id === 1 ? 'DEU' : 'FRA';
    g.NUM_SITES_ACTIVATED = { lowerBound: 10 };
    g.actuals = {
      asOfDateMillis: Date.UTC(2026, 7, 0, 12),
      siteActivationDatesMillis: new Array<number>(10).fill(act),
      monthly: Array.from({ length: 6 }, (_, m) => ({
        monthStartMillis: Date.UTC(2026, 1 + m, 1, 12),
        screened: 13,
        enrolled: 10,
        completed: m > 0 ? 9 : 0,
        dropped: m > 0 ? 1 : 0,
      })),
    };
    return g;
  });
  const parsed = parseSimulationInput(raw);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.input;
}

describe('Remodel (D): the go-forward rates aim at the chosen last patient enrolled date', () => {
  const plain = remodelPlan({ input: input() });
  const plannedLpi = plain.planLine.milestones.lastEnrolled!;

  it.each([
    ['later (slower)', 90],
    ['earlier (faster)', -60],
  ])('a date %s than the plan: the plan line LPI falls on it (within a day)', (_, shift) => {
    const target = plannedLpi + shift;
    const r = remodelPlan({ input: input(), lastEnrolledDateMillis: dayMs(target) });
    expect(r.durationSolve).toMatchObject({ targetDay: target, reached: true });
    expect(Math.abs(r.planLine.milestones.lastEnrolled! - target)).toBeLessThanOrEqual(1);
    // Both countries' rates move by the same factor, in the direction the date asks for.
    const m = r.durationSolve!.multiplier;
    expect(shift > 0 ? m < 1 : m > 1).toBe(true);
    r.groups.forEach((g, i) =>
      expect(g.enrollmentRateGoForward).toBeCloseTo(plain.groups[i]!.enrollmentRateGoForward * m, 9),
    );
    // The Go Forward columns show the solved rates.
    const row = remodelResultSets(input(), r).summaryTable[0]!;
    expect(row['Enrollment Rate Go Forward']).toBeCloseTo(r.groups[0]!.enrollmentRateGoForward, 2);
    expect(row['Enrollment Rate Go Forward']).not.toBeCloseTo(plain.groups[0]!.enrollmentRateGoForward, 2);
  });

  it('the solved rate is what the remaining patients need over the months to the date (20 sites)', () => {
    const target = plannedLpi + 90;
    const r = remodelPlan({ input: input(), lastEnrolledDateMillis: dayMs(target) });
    // The projection enrolls its patients from the day after the as-of date to the target at the solved rate;
    // 20 sites x rate x months >= its target, so the rate is within 15% of target / (20 x months).
    const months = (target - r.asOfDay) / 30.4375;
    const needed = r.projection!.targetEnrolled / (20 * months);
    expect(r.groups[0]!.enrollmentRateGoForward).toBeGreaterThan(needed * 0.85);
    expect(r.groups[0]!.enrollmentRateGoForward).toBeLessThan(needed * 1.25);
  });

  it('the Monte Carlo is centred on the solved rate: its P50 LPI is near the date (no inactivation)', () => {
    const target = plannedLpi + 90;
    const r = remodelPlan({ input: input(0), lastEnrolledDateMillis: dayMs(target) });
    const f = runForecast(r.projection!, { seed: 3, replications: 400, levels: [50] });
    const p50 = f.milestones.lpi.quantiles[0]!;
    expect(Math.abs(p50 - target)).toBeLessThan(30);
  });

  it('with the default inactivation hazard the plan line solve alone leaves the Monte Carlo late', () => {
    // The plan line has no inactivation: sites falling silent going forward make the forecast's P50 later than
    // the date the plan line solves for, never earlier. This is why the run solves again on the forecast.
    const target = plannedLpi + 90;
    const r = remodelPlan({ input: input(), lastEnrolledDateMillis: dayMs(target) });
    const f = runForecast(r.projection!, { seed: 3, replications: 400, levels: [50] });
    expect(f.milestones.lpi.quantiles[0]!).toBeGreaterThan(target + 10);
  });

  it('solved on the forecast (default hazard): the P50 LPI falls on the date, at a faster rate than the plan line', () => {
    const target = plannedLpi + 90;
    const remodel = { input: input(), lastEnrolledDateMillis: dayMs(target) };
    const onPlanLine = remodelPlan(remodel);
    const r = remodelPlanOnForecast(remodel, { seed: 5, replications: 400 });
    expect(r.durationSolve).toMatchObject({ targetDay: target, reached: true });
    expect(r.durationSolve!.planLineMultiplier).toBeCloseTo(onPlanLine.durationSolve!.multiplier, 9);
    // Sites stop going forward: holding the date needs a faster rate than the plan line's.
    expect(r.durationSolve!.multiplier).toBeGreaterThan(onPlanLine.durationSolve!.multiplier * 1.02);
    expect(Math.abs(r.durationSolve!.forecastShare! - 0.5)).toBeLessThanOrEqual(0.01);
    // An independent seed's P50 lands within its Monte Carlo error (about a week here) of the date.
    const f = runForecast(r.projection!, { seed: 77, replications: 1000, levels: [50] });
    expect(Math.abs(f.milestones.lpi.quantiles[0]! - target)).toBeLessThan(10);
    // Without the solve on the forecast the same seed's P50 is weeks late.
    const late = runForecast(onPlanLine.projection!, { seed: 77, replications: 1000, levels: [50] });
    expect(late.milestones.lpi.quantiles[0]! - target).toBeGreaterThan(10);
  });

  it('through the pipeline: a Remodel (D) run solves on the forecast and its P50 LPI is the date', () => {
    const target = plannedLpi + 60;
    const raw = JSON.parse(JSON.stringify(input())) as Record<string, unknown>;
    const planned = planSimulation(
      { ...raw, remodel: { lastEnrolledDateMillis: dayMs(target) } },
      { seed: 9, replications: 600 },
    );
    if (!planned.ok || planned.job.kind !== 'remodel') throw new Error('expected a remodel job');
    expect(planned.job.solve).not.toBeNull();
    const solved = solveSimulation(planned.job);
    expect(solved.solve).toBeNull();
    if (solved.kind !== 'remodel') throw new Error('expected a remodel job');
    expect(solved.remodel.durationSolve!.multiplier).toBeGreaterThan(
      planned.job.remodel.durationSolve!.multiplier,
    );
    // The run's own replications are the solve's: its P50 is on the date (to the day of the crossing).
    const f = runForecast(solved.remodel.projection!, { seed: 9, replications: 600, levels: [50] });
    expect(Math.abs(f.milestones.lpi.quantiles[0]! - target)).toBeLessThanOrEqual(3);
  });

  it('a date that no rate can make (before the as-of date) keeps the fastest plan and says so', () => {
    const r = remodelPlan({ input: input(), lastEnrolledDateMillis: dayMs(plain.asOfDay - 10) });
    expect(r.durationSolve!.reached).toBe(false);
    expect(r.planLine.milestones.lastEnrolled!).toBeGreaterThan(r.asOfDay);
    expect(r.groups[0]!.enrollmentRateGoForward).toBeCloseTo(100, 6);
  });

  it('through planSimulation: the remodel key carries the date; a bad date is a field error', () => {
    const raw = JSON.parse(JSON.stringify(input())) as Record<string, unknown>;
    const target = plannedLpi + 45;
    const ok = planSimulation(
      { ...raw, remodel: { lastEnrolledDateMillis: dayMs(target) } },
      { seed: 1, replications: 10 },
    );
    expect(ok.ok).toBe(true);
    if (ok.ok && ok.job.kind === 'remodel')
      expect(Math.abs(ok.job.remodel.planLine.milestones.lastEnrolled! - target)).toBeLessThanOrEqual(1);
    const bad = planSimulation(
      { ...raw, remodel: { lastEnrolledDateMillis: 1e21 } },
      { seed: 1, replications: 10 },
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors[0]!.path).toBe('remodel.lastEnrolledDateMillis');
  });

  it('remodelGroupInfos answers the same groups as remodelPlan, without the projection', () => {
    const groups = [
      { siteGroupId: '1', rate: 'actual' as const, sites: 'planned' as const },
      { siteGroupId: '2', rate: 'other' as const, rateOther: 0.4, sites: 'other' as const, sitesOther: 6 },
    ];
    const cheap = remodelGroupInfos({ input: input(), groups });
    expect(cheap.groups).toEqual(remodelPlan({ input: input(), groups }).groups);
    expect(cheap.groups[1]!.enrollmentRateGoForward).toBe(0.4);
    expect(cheap.baseline.targetEnrolled).toBe(320);
  });
});
