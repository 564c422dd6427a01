import { describe, expect, it } from 'vitest';
import { COMPARE_MESSAGES as M, CompareQuery, lpiProbabilityBy } from '../src';

const messageOf = (plans: string | undefined) => {
  const r = CompareQuery.safeParse(plans === undefined ? {} : { plans });
  return r.success ? null : r.error.issues.map((i) => i.message);
};

describe('the plans of a comparison', () => {
  it('reads 2 to 4 ids in the order given, blanks around commas allowed', () => {
    expect(CompareQuery.parse({ plans: '12, 3,7' }).plans).toEqual([12, 3, 7]);
    expect(CompareQuery.parse({ plans: '1,2,3,4' }).plans).toEqual([1, 2, 3, 4]);
  });

  it('refuses with one message naming the plan or the count', () => {
    expect(messageOf('12,15,12')).toEqual([M.duplicate(12)]);
    expect(messageOf('12')).toEqual([M.count]);
    expect(messageOf('1,2,3,4,5')).toEqual([M.count]);
    expect(messageOf('')).toEqual([M.count]);
    expect(messageOf(undefined)).toEqual([M.count]);
    expect(messageOf('12,abc')).toEqual([M.notAnId('abc')]);
    expect(messageOf('12,0')).toEqual([M.notAnId('0')]);
    expect(messageOf('12,-3')).toEqual([M.notAnId('-3')]);
    expect(messageOf('12,99999999999')).toEqual([M.notAnId('99999999999')]);
    expect(messageOf('12,1.5')).toEqual([M.notAnId('1.5')]);
  });
});

describe('the probability of LPI by a day', () => {
  const DAY = 86_400_000;
  const first = Date.UTC(2027, 5, 1, 12);
  const percentiles = Array.from({ length: 99 }, (_, k) => first + k * DAY);

  it('is the share of P1..P99 on or before the day, to one percentage point', () => {
    expect(lpiProbabilityBy(percentiles, Date.UTC(2027, 4, 31))).toBe(0);
    // Any time of the day counts the whole day.
    expect(lpiProbabilityBy(percentiles, Date.UTC(2027, 5, 1))).toBe(0.01);
    expect(lpiProbabilityBy(percentiles, Date.UTC(2027, 5, 30, 23))).toBe(0.3);
    expect(lpiProbabilityBy(percentiles, first + 500 * DAY)).toBe(0.99);
  });

  it('never counts a percentile not reached in the horizon, and is null without percentiles', () => {
    const short = percentiles.map((p, k) => (k >= 90 ? null : p));
    expect(lpiProbabilityBy(short, first + 500 * DAY)).toBe(0.9);
    expect(lpiProbabilityBy(null, first)).toBeNull();
  });
});
