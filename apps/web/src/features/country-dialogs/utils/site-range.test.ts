import { describe, expect, it } from 'vitest';
import { checkSiteRange, daysWithMonths, siteIdEffortFor } from './site-range';

describe('site range rules', () => {
  it('derives Site ID effort: 1-2 Small, 3-10 Medium, above 10 Large', () => {
    expect([0, 1, 2, 3, 10, 11, 250].map(siteIdEffortFor)).toEqual([
      null,
      'Small',
      'Small',
      'Medium',
      'Medium',
      'Large',
      'Large',
    ]);
    expect(siteIdEffortFor(null)).toBeNull();
  });

  it('shows days with months = days / 30.42 to 2 decimals', () => {
    expect(daysWithMonths(90)).toBe('90 days (2.96 months)');
    expect(daysWithMonths(0)).toBe('0 days (0.00 months)');
  });

  it('needs whole site counts from 1, and the upper bound (scenario B) at least the lower', () => {
    expect(checkSiteRange({ lower: '3', upper: '' }, false)).toMatchObject({
      complete: true,
      lower: 3,
      upper: null,
    });
    expect(checkSiteRange({ lower: '3', upper: '' }, true)).toMatchObject({
      complete: false,
      upperError: undefined,
    });
    expect(checkSiteRange({ lower: '0', upper: '' }, false)).toMatchObject({
      complete: false,
      lowerError: 'Has to be at least 1.',
    });
    expect(checkSiteRange({ lower: '5', upper: '4' }, true)).toMatchObject({
      complete: false,
      upperError: "Upper bound can't be less than the lower bound.",
    });
    expect(checkSiteRange({ lower: '5', upper: '5' }, true)).toMatchObject({ complete: true, upper: 5 });
  });
});
