import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  formatCount,
  formatDate,
  formatDaysAsMonths,
  formatDecimal,
  formatLocalIsoDay,
  formatPercent,
  formatPlanDate,
  parseDate,
  parseDateMillis,
} from './format';

describe('formatDate', () => {
  it('shows DD/MMM/YYYY in UTC', () => {
    expect(formatDate('2026-03-05T23:30:00.000Z')).toBe('05/Mar/2026');
    expect(formatDate('2026-03-05T00:30:00+02:00')).toBe('04/Mar/2026');
    expect(formatDate('2026-12-31')).toBe('31/Dec/2026');
    expect(formatDate(Date.UTC(2027, 0, 4, 23, 59))).toBe('04/Jan/2027');
  });

  it('is empty (or the given text) for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
    expect(formatDate(null, '—')).toBe('—');
  });
});

describe('formatPlanDate', () => {
  it('shows plan dates DD-MMM-YYYY on their UTC day', () => {
    expect(formatPlanDate(Date.UTC(2027, 0, 4, 12))).toBe('04-Jan-2027');
    expect(formatPlanDate('2026-11-30')).toBe('30-Nov-2026');
  });

  it("is '—' when missing", () => {
    expect(formatPlanDate(null)).toBe('—');
    expect(formatPlanDate(undefined)).toBe('—');
    expect(formatPlanDate(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('parseDate', () => {
  it('reads the shown formats and ISO days as an ISO day', () => {
    expect(parseDate('04-Jan-2027')).toBe('2027-01-04');
    expect(parseDate(' 4-jan-2027 ')).toBe('2027-01-04');
    expect(parseDate('31/DEC/2026')).toBe('2026-12-31');
    expect(parseDate('29 Feb 2028')).toBe('2028-02-29');
    expect(parseDate('2026-07-01')).toBe('2026-07-01');
  });

  it('refuses what is not a whole, real date', () => {
    for (const text of [
      '',
      '04-Jan-202',
      '04-Jan',
      '32-Jan-2027',
      '29-Feb-2027',
      '04-Foo-2027',
      '2026-13-01',
      '01/02/2027',
    ]) {
      expect(parseDate(text)).toBeNull();
    }
  });

  it('gives the UTC noon timestamp of a shown date', () => {
    expect(parseDateMillis('05/Jan/2026')).toBe(Date.UTC(2026, 0, 5, 12));
    expect(parseDateMillis('nope')).toBeNull();
    expect(parseDateMillis(null)).toBeNull();
  });

  it('adds days to a shown date across months and leap days', () => {
    expect(addDaysToDate('28/Feb/2028', 1)).toBe('29/Feb/2028');
    expect(addDaysToDate('31/Dec/2026', 32)).toBe('01/Feb/2027');
    expect(addDaysToDate('not a date', 3)).toBe('');
  });
});

describe('number formats', () => {
  it('shows counts as grouped whole numbers', () => {
    expect(formatCount(1234.5)).toBe('1,235');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(null)).toBe('—');
    expect(formatCount(Number.NaN)).toBe('—');
  });

  it("shows decimals with fixed digits and keeps '##'", () => {
    expect(formatDecimal(1234.5, 2)).toBe('1,234.50');
    expect(formatDecimal(0.25, 1)).toBe('0.3');
    expect(formatDecimal('##', 2)).toBe('##');
    expect(formatDecimal(undefined, 2)).toBe('—');
  });

  it('shows fractions as percentages', () => {
    expect(formatPercent(0.3125)).toBe('31%');
    expect(formatPercent(0.3125, 2)).toBe('31.25%');
    expect(formatPercent('##', 2)).toBe('##');
    expect(formatPercent(null)).toBe('—');
  });

  it('shows days as months (days / 30.42, 2 decimals)', () => {
    expect(formatDaysAsMonths(60)).toBe('1.97');
    expect(formatDaysAsMonths(0)).toBe('0.00');
  });

  it('gives the local calendar day of a Date', () => {
    expect(formatLocalIsoDay(new Date(2026, 6, 9, 23, 59))).toBe('2026-07-09');
  });
});
