/** Rules the engine owns for the whole product (shared re-exports them): rounding, "rate or count, not both", the SOE lists. */
import { describe, expect, it } from 'vitest';
import {
  INTERVAL_DAYS,
  INTERVAL_TYPES,
  isGridType,
  isIntervalType,
  isSiteFeeType,
  isVisitPhase,
  RATE_OR_COUNT_PAIRS,
  rateOrCountIssue,
  round2,
  roundTo,
  SITE_FEE_TYPES,
  VISIT_PHASES,
} from '../src';

describe('round2 and roundTo', () => {
  it('round half away from zero, absorbing binary fractions', () => {
    // 1.005 is 1.00499999999999989... in binary: a plain Math.round(x * 100) / 100 gives 1.
    expect(round2(1.005)).toBe(1.01);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(0.125)).toBe(0.13);
    expect(round2(1.004)).toBe(1);
    expect(roundTo(12.3456, 3)).toBe(12.346);
    expect(roundTo(-0.5, 0)).toBe(-1);
  });
});

describe('rateOrCountIssue', () => {
  it('says both when both are filled and neither only when one is required', () => {
    expect(rateOrCountIssue(true, true, false)).toBe('both');
    expect(rateOrCountIssue(true, true, true)).toBe('both');
    expect(rateOrCountIssue(false, false, true)).toBe('neither');
    expect(rateOrCountIssue(false, false, false)).toBeNull();
    expect(rateOrCountIssue(true, false, true)).toBeNull();
    expect(rateOrCountIssue(false, true, true)).toBeNull();
  });

  it("names each pair's fields in the spec's wording", () => {
    expect(RATE_OR_COUNT_PAIRS.screenFail.message).toBe(
      'Fill in either the screen fail rate or the number of patients enrolled, not both.',
    );
    expect(RATE_OR_COUNT_PAIRS.dropOut.message).toBe(
      'Fill in either the drop-out rate or the number of patients completing treatment, not both.',
    );
  });
});

describe('the Schedule of Events lists', () => {
  it('know their members and nothing else', () => {
    expect(VISIT_PHASES.every(isVisitPhase)).toBe(true);
    expect(isVisitPhase('Treatment')).toBe(true);
    expect(isVisitPhase('treatment')).toBe(false);
    expect(INTERVAL_TYPES.every(isIntervalType)).toBe(true);
    expect(isIntervalType('Fortnight')).toBe(false);
    expect(SITE_FEE_TYPES.every(isSiteFeeType)).toBe(true);
    expect(isSiteFeeType('Procedure')).toBe(false);
    expect(isGridType('Procedure') && isGridType('Non Procedure')).toBe(true);
    expect(SITE_FEE_TYPES.some(isGridType)).toBe(false);
  });

  it('give every interval type its length in days', () => {
    expect(Object.keys(INTERVAL_DAYS).sort()).toEqual([...INTERVAL_TYPES].sort());
    expect(INTERVAL_TYPES.map((t) => INTERVAL_DAYS[t])).toEqual([1 / 24, 1, 7, 30.4375, 365.25]);
  });
});
