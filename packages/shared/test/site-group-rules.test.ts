import { describe, expect, it } from 'vitest';
import {
  activationProfileIsValid,
  completeActivationPair,
  seasonalVariationsAreValid,
  validateActivationProfile,
  validateSeasonalVariations,
} from '../src';

const pts = (...pairs: Array<[number | null, number | null]>) =>
  pairs.map(([sites, days]) => ({ sites, days }));

describe('validateActivationProfile', () => {
  it('accepts an increasing profile and ignores fully empty columns', () => {
    const errors = validateActivationProfile(pts([1, 0], [null, null], [3, 30], [10, 90], [null, null]));
    expect(activationProfileIsValid(errors)).toBe(true);
    expect(errors.points).toHaveLength(5);
  });
  it('gives the increasing messages when a value goes down', () => {
    const errors = validateActivationProfile(pts([5, 60], [3, 30]));
    expect(errors.points[1]).toEqual({
      sites: 'Number of sites should be increasing.',
      days: 'Days should be increasing.',
    });
    expect(errors.points[0]).toEqual({});
  });
  it('gives the duplicate messages for equal neighbours, across empty columns', () => {
    const errors = validateActivationProfile(pts([2, 10], [null, null], [2, 10]));
    expect(errors.points[2]).toEqual({
      sites: 'Number of sites should not have duplicates.',
      days: 'Days should not have duplicates.',
    });
  });
  it('gives the non-negative messages', () => {
    const errors = validateActivationProfile(pts([-1, -5]));
    expect(errors.points[0]).toEqual({
      sites: 'Number of sites should be non-negative.',
      days: 'Days should be non-negative.',
    });
  });
  it('reads the empty cell of a half-filled column as 0', () => {
    expect(validateActivationProfile(pts([0, 0], [null, 10])).points[1]).toEqual({
      sites: 'Number of sites should not have duplicates.',
    });
  });
  it('allows 11 filled columns and refuses a twelfth', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ sites: i + 1, days: i * 10 }));
    expect(validateActivationProfile(eleven).form).toBeUndefined();
    const twelve = [...eleven, { sites: 20, days: 200 }];
    expect(validateActivationProfile(twelve).form).toBe('At most 11 activation profile rows.');
    expect(activationProfileIsValid(validateActivationProfile(twelve))).toBe(false);
  });
});

describe('completeActivationPair', () => {
  it('fills the empty half with 0 and leaves full or empty pairs alone', () => {
    expect(completeActivationPair({ sites: 4, days: null })).toEqual({ sites: 4, days: 0 });
    expect(completeActivationPair({ sites: null, days: 30 })).toEqual({ sites: 0, days: 30 });
    expect(completeActivationPair({ sites: null, days: null })).toEqual({ sites: null, days: null });
    expect(completeActivationPair({ sites: 1, days: 2 })).toEqual({ sites: 1, days: 2 });
  });
});

describe('validateSeasonalVariations', () => {
  const year = (value: number | null = 1) => Array.from({ length: 12 }, () => value);

  it('accepts 12 values from 0 to 1 with up to 2 decimals', () => {
    const values = [0, 0.29, 0.5, 1, 0.01, 0.99, 1, 1, 1, 1, 0.7, 0.33];
    expect(seasonalVariationsAreValid(validateSeasonalVariations(values))).toBe(true);
  });
  it('gives "Can\'t be empty." for an empty month', () => {
    const values = year();
    values[3] = null;
    expect(validateSeasonalVariations(values).months[3]).toBe("Can't be empty.");
  });
  it('gives the range message below 0 and above 1', () => {
    const values = year();
    values[0] = -0.1;
    values[1] = -0.5;
    values[11] = 1.01;
    const { months } = validateSeasonalVariations(values);
    expect(months[0]).toBe('Has to be a value from 0 to 1.');
    expect(months[1]).toBe('Has to be a value from 0 to 1.');
    expect(months[11]).toBe('Has to be a value from 0 to 1.');
  });
  it('refuses a third decimal', () => {
    const values = year();
    values[5] = 0.555;
    expect(validateSeasonalVariations(values).months[5]).toBe('Has to have at most 2 decimals.');
  });
  it("gives 'Cannot all be zero.' as the form message", () => {
    expect(validateSeasonalVariations(year(0)).form).toBe('Cannot all be zero.');
  });
  it('needs one value per month', () => {
    expect(validateSeasonalVariations([1, 1]).form).toBe('Has to have one value for each month, Jan to Dec.');
  });
});
