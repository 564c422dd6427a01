/** Rules the engine owns for the whole product (shared re-exports them): rounding and "rate or count, not both". */
import { describe, expect, it } from 'vitest';
import { RATE_OR_COUNT_PAIRS, rateOrCountIssue, round2, roundTo } from '../src';

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
