import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it('shows DD/MMM/YYYY in UTC', () => {
    expect(formatDate('2026-03-05T23:30:00.000Z')).toBe('05/Mar/2026');
    expect(formatDate('2026-03-05T00:30:00+02:00')).toBe('04/Mar/2026');
    expect(formatDate('2026-12-31')).toBe('31/Dec/2026');
  });

  it('is empty for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
