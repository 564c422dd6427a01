import { describe, expect, it } from 'vitest';
import {
  activatedSiteCount,
  defaultActivationProfile,
  validateActivationProfile,
  activationProfileIsValid,
} from '../src';

const ref = [
  { sites: 1, days: 0 },
  { sites: 3, days: 21 },
  { sites: 6, days: 45 },
  { sites: 9, days: 75 },
  { sites: 12, days: 110 },
  { sites: 15, days: 150 },
];
const pairs = (n: number | null, reference = ref) =>
  defaultActivationProfile(reference, n).map((p) => [
    p.siteActivationProfilePct,
    p.siteActivationProfileDays,
  ]);

describe('activatedSiteCount', () => {
  it('lower bound in scenario A, upper (else lower) in B, null until a whole number >= 1', () => {
    expect(activatedSiteCount(1, { lowerBound: 4, upperBound: 8 })).toBe(4);
    expect(activatedSiteCount(2, { lowerBound: 4, upperBound: 8 })).toBe(8);
    expect(activatedSiteCount(2, { lowerBound: 4, upperBound: null })).toBe(4);
    expect(activatedSiteCount(1, { lowerBound: 0, upperBound: null })).toBeNull();
    expect(activatedSiteCount(1, { lowerBound: 2.5, upperBound: null })).toBeNull();
  });
});

describe('defaultActivationProfile', () => {
  it('keeps the reference when the counts match, and labels points Projected', () => {
    expect(pairs(15)).toEqual(ref.map((p) => [p.sites, p.days]));
    expect(defaultActivationProfile(ref, 15)[0]!.siteActivationLabel).toBe('Projected');
  });
  it('scales sites proportionally, rounded, keeping days', () => {
    expect(pairs(30)).toEqual([
      [2, 0],
      [6, 21],
      [12, 45],
      [18, 75],
      [24, 110],
      [30, 150],
    ]);
  });
  it('drops points that round to a count already reached and never scales a site to 0', () => {
    expect(pairs(5)).toEqual([
      [1, 0],
      [2, 45],
      [3, 75],
      [4, 110],
      [5, 150],
    ]);
    expect(pairs(1)).toEqual([[1, 0]]);
    // 12 of 15 sites already rounds to 2: the day 2 sites are first reached keeps the count.
    expect(pairs(2)).toEqual([
      [1, 0],
      [2, 110],
    ]);
  });
  it('without a reference: one site every 30 days; without a count: nothing', () => {
    expect(pairs(4, [])).toEqual([
      [1, 0],
      [4, 90],
    ]);
    expect(pairs(1, [])).toEqual([[1, 0]]);
    expect(pairs(null)).toEqual([]);
  });
  it('always passes the activation profile rules and ends at the site count', () => {
    for (let n = 1; n <= 60; n++) {
      const points = defaultActivationProfile(ref, n);
      const errors = validateActivationProfile(
        points.map((p) => ({ sites: p.siteActivationProfilePct, days: p.siteActivationProfileDays })),
      );
      expect(activationProfileIsValid(errors)).toBe(true);
      expect(points.at(-1)!.siteActivationProfilePct).toBe(n);
    }
  });
});
