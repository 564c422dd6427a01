import { describe, expect, it } from 'vitest';
import { bandGroupCurves, type Curves } from '../src';
import { curvesOf } from './costs-fixtures';

const D = 7;
const T = 30;
const F = 20;
const LENGTH = 200;

/** Engine-like curves: screened D days before enrollment (20 % fail), completion T later (10 % drop), follow-up F. */
function group(enrolled: Record<number, number>): Curves {
  const by = (shift: number, factor: number) =>
    Object.fromEntries(Object.entries(enrolled).map(([d, n]) => [Number(d) + shift, n * factor]));
  return curvesOf(
    {
      activeSites: { 0: 1 },
      screened: by(-D, 1 / 0.8),
      enrolled,
      completedTreatment: by(T, 0.9),
      completedFollowUp: by(T + F, 0.9),
    },
    LENGTH,
  );
}

const a = group({ 20: 1, 21: 2, 35: 1.5, 60: 3 });
const b = group({ 25: 2, 40: 2, 41: 0.5 });
const total = a.enrolled.map((x, d) => x + b.enrolled[d]!);
const days = { screeningDays: D, treatmentDays: T, followUpDays: F };
const allDays = Array.from({ length: LENGTH }, (_, d) => d);

function expectClose(actual: Float64Array, expected: (t: number) => number) {
  actual.forEach((x, t) => expect(x).toBeCloseTo(expected(t), 9));
}

describe('bandGroupCurves', () => {
  it('a band equal to the plan line gives back the plan-line curves', () => {
    const [wa, wb] = bandGroupCurves([a, b], total, { gridDays: allDays, enrolled: Array.from(total) }, days);
    for (const [w, c] of [
      [wa!, a],
      [wb!, b],
    ] as const) {
      for (const k of ['screened', 'enrolled', 'completedTreatment', 'completedFollowUp'] as const) {
        expectClose(w[k], (t) => c[k][t]!);
      }
      expect(w.activeSites).toBe(c.activeSites);
    }
  });

  it('a band 10 days later moves every group and flow 10 days later', () => {
    const late = allDays.map((d) => (d >= 10 ? total[d - 10]! : 0));
    const [wa, wb] = bandGroupCurves([a, b], total, { gridDays: allDays, enrolled: late }, days);
    const shifted = (c: Float64Array) => (t: number) => (t >= 10 ? c[t - 10]! : 0);
    expectClose(wa!.enrolled, shifted(a.enrolled));
    expectClose(wb!.screened, shifted(b.screened));
    expectClose(wb!.completedTreatment, shifted(b.completedTreatment));
  });

  it('a band that stops short keeps the groups in their shares', () => {
    // The band reaches only half of the plan line's 12 patients by the horizon.
    const half = { gridDays: [0, 100, LENGTH - 1], enrolled: [0, 6, 6] };
    const [wa, wb] = bandGroupCurves([a, b], total, half, days);
    const end = LENGTH - 1;
    expect(wa!.enrolled[end]! + wb!.enrolled[end]!).toBeCloseTo(6, 9);
    for (let t = 0; t < LENGTH; t++) {
      expect(wa!.enrolled[t]! + wb!.enrolled[t]!).toBeCloseTo(Math.min(6, (6 * t) / 100), 9);
    }
  });
});
