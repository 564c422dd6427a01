import { describe, expect, it } from 'vitest';
import { runReplications, summarizeForecast } from '../src/forecast';
import { MILESTONE_KEYS, NOT_REACHED } from '../src/forecast/types';
import { parseSimulationInput, type SimulationInput } from '../src/input/schema';
import { computePlanLine } from '../src/plan-line/compute-plan-line';
import { preparePlan } from '../src/prepare/prepare-plan';
import {
  combineForecastChunks,
  combinePlans,
  combinedResultSets,
  type CombinationPart,
} from '../src/scenarios/combination';
import { DAY0, rawGroup, rawInput } from './fixtures';

function part(label: string, startOffsetDays: number, screened: number, rate: number): CombinationPart {
  const raw = rawInput();
  const start = DAY0 + startOffsetDays * 86_400_000;
  raw.plan.croProjectStartDateMillis = start;
  raw.plan.finalProtocolStartDateMillis = start;
  raw.plan.enrollmentRate = rate;
  raw.plan.targets = { SITES_TO_ACTIVATE: { lowerBound: 4 }, SUBJECTS_TO_SCREEN: { lowerBound: screened } };
  const g = rawGroup();
  g.NUM_SITES_ACTIVATED = { lowerBound: 4 };
  const h: Record<string, unknown> = {
    ...rawGroup(),
    siteGroupId: 2,
    siteGroupName: 'France',
    countryIso3: 'FRA',
    NUM_SITES_ACTIVATED: { lowerBound: 3 },
  };
  raw.siteGroups = [g, h];
  const parsed = parseSimulationInput(raw);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const input: SimulationInput = parsed.input;
  const prepared = preparePlan(input);
  return { label, input, prepared, planLine: computePlanLine(prepared) };
}

describe('combination', () => {
  const a = part('Plan A', 0, 60, 1);
  const b = part('Plan B', 45, 100, 2);
  const c = combinePlans([a, b]);

  it('needs at least two plans', () => {
    expect(() => combinePlans([a])).toThrow(RangeError);
  });

  it('labels groups by plan and sums counts on the calendar', () => {
    expect(c.offsets).toEqual([0, 45]);
    expect(c.prepared.groups.map((g) => g.name)).toEqual([
      'Germany (Plan A)',
      'France (Plan A)',
      'Germany (Plan B)',
      'France (Plan B)',
    ]);
    expect(c.prepared.targetEnrolled).toBe(a.prepared.targetEnrolled + b.prepared.targetEnrolled);
    const n = c.planLine.horizonDays;
    for (const d of [0, 50, 120, 200, n]) {
      const at = (x: Float64Array, day: number) => (day < 0 ? 0 : x[Math.min(day, x.length - 1)]!);
      const expected = at(a.planLine.total.enrolled, d) + at(b.planLine.total.enrolled, d - 45);
      expect(c.planLine.total.enrolled[d]).toBeCloseTo(expected, 9);
    }
    const final = c.planLine.total.enrolled[n]!;
    expect(final).toBeCloseTo(a.prepared.targetEnrolled + b.prepared.targetEnrolled, 6);
  });

  it('milestones: earliest first, latest last', () => {
    const m = c.planLine.milestones;
    const am = a.planLine.milestones;
    const bm = b.planLine.milestones;
    expect(m.firstEnrolled).toBe(Math.min(am.firstEnrolled!, bm.firstEnrolled! + 45));
    expect(m.firstSiteActivation).toBe(Math.min(am.firstSiteActivation!, bm.firstSiteActivation! + 45));
    expect(m.lastEnrolled).toBe(Math.max(am.lastEnrolled!, bm.lastEnrolled! + 45));
    expect(m.lastLastVisit).toBe(Math.max(am.lastLastVisit!, bm.lastLastVisit! + 45));
    expect(m.tmfClose).toBe(Math.max(am.tmfClose!, bm.tmfClose! + 45));
  });

  it('result sets: per-plan rows and summed totals', () => {
    const sets = combinedResultSets(c, a.input);
    const names = sets.summaryTable.map((r) => r.siteGroupName);
    expect(names).toContain('Germany (Plan B)');
    const overall = sets.summaryTable[sets.summaryTable.length - 1]!;
    expect(overall['Number of Patients Enrolled']).toBe(
      a.prepared.targetEnrolled + b.prepared.targetEnrolled,
    );
    const lpi = sets.enrollmentTable.find((r) => r.SortName === 'Last Patient In')!;
    expect(lpi.dateMillis).toBe(c.prepared.day0Ms + c.planLine.milestones.lastEnrolled! * 86_400_000);
  });

  it('timeline overview: one row per plan, its milestone spans back to back on the combined calendar', () => {
    const rows = combinedResultSets(c, a.input).cohortTimelineChart!;
    expect([...new Set(rows.map((r) => r.cohortName))]).toEqual(['Plan A', 'Plan B']);
    for (const [label, plan, offset] of [
      ['Plan A', a, 0],
      ['Plan B', b, 45],
    ] as const) {
      const m = plan.planLine.milestones;
      const own = rows.filter((r) => r.cohortName === label);
      expect(own.map((r) => r.milestoneName)).toEqual([
        'Start-Up',
        'FSIV to FPI',
        'Enrollment',
        'Treatment and Follow-Up',
        'Close-Out',
      ]);
      // Plan B's bars start 45 days later: its day 0 is 45 days after the combination's.
      expect(own[0]).toMatchObject({ studyDayStart: offset, studyDayDuration: m.firstSiteActivation });
      expect(own[2]).toMatchObject({
        studyDayStart: m.firstEnrolled! + offset,
        studyDayDuration: m.lastEnrolled! - m.firstEnrolled!,
      });
      for (let k = 1; k < own.length; k++)
        expect(own[k]!.studyDayStart).toBe(own[k - 1]!.studyDayStart + own[k - 1]!.studyDayDuration);
      expect(own.at(-1)!.studyDayStart + own.at(-1)!.studyDayDuration).toBe(m.tmfClose! + offset);
    }
    expect(rows.every((r) => r['Project Start Date'] === rows[0]!['Project Start Date'])).toBe(true);
  });

  it('forecast: per replication, earliest first / latest last milestones and summed counts', () => {
    const horizon = Math.min(a.prepared.horizonDays, b.prepared.horizonDays - 0);
    const days = Array.from({ length: Math.floor((horizon - 45) / 7) }, (_, j) => 45 + 7 * j);
    const ca = runReplications(a.prepared, { seed: 1, from: 0, to: 50, grid: days });
    const cb = runReplications(b.prepared, { seed: 2, from: 0, to: 50, grid: days.map((d) => d - 45) });
    const comb = combineForecastChunks([ca, cb], c.offsets);
    const M = MILESTONE_KEYS.length;
    const fpi = MILESTONE_KEYS.indexOf('fpi');
    const lpi = MILESTONE_KEYS.indexOf('lpi');
    for (let r = 0; r < 50; r++) {
      const la = ca.milestones[r * M + lpi]!;
      const lb = cb.milestones[r * M + lpi]!;
      const expectLpi = la === NOT_REACHED || lb === NOT_REACHED ? NOT_REACHED : Math.max(la, lb + 45);
      expect(comb.milestones[r * M + lpi]).toBe(expectLpi);
      expect(comb.milestones[r * M + fpi]).toBe(
        Math.min(ca.milestones[r * M + fpi]!, cb.milestones[r * M + fpi]! + 45),
      );
    }
    const G = days.length;
    for (let i = 0; i < 4 * G; i++) expect(comb.counts[i]).toBe(ca.counts[i]! + cb.counts[i]!);
    const summary = summarizeForecast(comb, [10, 50, 90]);
    expect(summary.targetEnrolled).toBe(a.prepared.targetEnrolled + b.prepared.targetEnrolled);
    expect(() => combineForecastChunks([ca, cb], [0, 0])).toThrow(RangeError);
  });
});
