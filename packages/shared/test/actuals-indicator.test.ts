import { describe, expect, it } from 'vitest';
import { actualsStatusOf, CtmsSiteMonth, isActualsGateOpen, siteNumberPiOf } from '../src';

describe('actuals colours (design/actuals.md section 2)', () => {
  it('is green within 10% / 14 days / 2 points, amber within 25% / 45 days / 5 points, else red', () => {
    expect(['percent', 'days', 'points'].map((u) => actualsStatusOf(0, u as 'days'))).toEqual([
      'green',
      'green',
      'green',
    ]);
    expect(actualsStatusOf(-10, 'percent')).toBe('green');
    expect(actualsStatusOf(10.1, 'percent')).toBe('amber');
    expect(actualsStatusOf(-25, 'percent')).toBe('amber');
    expect(actualsStatusOf(25.1, 'percent')).toBe('red');
    expect(actualsStatusOf(14, 'days')).toBe('green');
    expect(actualsStatusOf(-45, 'days')).toBe('amber');
    expect(actualsStatusOf(46, 'days')).toBe('red');
    expect(actualsStatusOf(2, 'points')).toBe('green');
    expect(actualsStatusOf(5, 'points')).toBe('amber');
    expect(actualsStatusOf(5.5, 'points')).toBe('red');
    expect(actualsStatusOf(null, 'points')).toBeNull();
  });
});

describe('24-hour gate of REMODEL and VIEW SITE LIST (spec/3 section 4)', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('opens at 24 hours, whatever the offset of the timestamp', () => {
    expect(isActualsGateOpen('2026-11-25T12:00:00Z', now)).toBe(true);
    expect(isActualsGateOpen('2026-11-25T12:00:01Z', now)).toBe(false);
    // 13:00 at +01:00 is 12:00 UTC.
    expect(isActualsGateOpen('2026-11-25T13:00:00+01:00', now)).toBe(true);
  });
  it('stays closed without a valid timestamp', () => {
    expect(isActualsGateOpen(null, now)).toBe(false);
    expect(isActualsGateOpen('not a date', now)).toBe(false);
  });
});

describe('extract rows', () => {
  it('refuses negative and non-integer counts with their messages', () => {
    const base = {
      siteNumber: 'A',
      month: '2026-01',
      screened: 1,
      enrolled: 1,
      completedTreatment: 0,
      droppedOut: 0,
      completedFollowUp: 0,
    };
    expect(CtmsSiteMonth.safeParse(base).success).toBe(true);
    const bad = CtmsSiteMonth.safeParse({ ...base, screened: -1, enrolled: 0.5, month: '2026-13' });
    expect(bad.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'month: Has to be a month as YYYY-MM.',
      'screened: Has to be a whole number of 0 or more.',
      'enrolled: Has to be an integer.',
    ]);
  });
  it("shows 'Site Number - PI'", () => {
    expect(siteNumberPiOf('1001', 'Dr Smith')).toBe('1001 - Dr Smith');
    expect(siteNumberPiOf('1001', null)).toBe('1001');
  });
});
