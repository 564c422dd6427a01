import { describe, expect, it } from 'vitest';
import { daysToDisplayMonths, siteIdEffort } from '../src';

describe('siteIdEffort', () => {
  it.each([
    [1, 'Small'],
    [2, 'Small'],
    [3, 'Medium'],
    [10, 'Medium'],
    [11, 'Large'],
    [250, 'Large'],
  ] as const)('%i sites is %s', (sites, effort) => {
    expect(siteIdEffort(sites)).toBe(effort);
  });
});

describe('daysToDisplayMonths', () => {
  it('divides by 30.42 and keeps 2 decimals', () => {
    expect(daysToDisplayMonths(90)).toBe(2.96);
    expect(daysToDisplayMonths(30.42)).toBe(1);
    expect(daysToDisplayMonths(0)).toBe(0);
  });
});
