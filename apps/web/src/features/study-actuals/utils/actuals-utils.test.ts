import { describe, expect, it } from 'vitest';
import { site } from '../test/actuals-fixtures';
import { displayImpact, displayValue, rowLabel, showsTooltip } from './actuals-rows';
import { filterSites, splitSites } from './site-rows';

describe('actuals row display', () => {
  it('shows underscores as spaces and each kind of value in its format', () => {
    expect(rowLabel('Patients_Completed_Treatment')).toBe('Patients Completed Treatment');
    expect(displayValue('date', null)).toBe('DD/MMM/YYYY');
    expect(displayValue('date', '2026-12-31')).toBe('31/Dec/2026');
    expect(displayValue('count', 1234.4)).toBe('1,234');
    expect(displayValue('fraction', 0.125)).toBe('12.50%');
    expect(displayValue('patientsPerSiteMonth', 0.456)).toBe('0.46');
    expect(displayValue('count', null)).toBe('');
  });

  it('signs the impact and names its unit', () => {
    expect(displayImpact(-1, 'days')).toBe('-1 day');
    expect(displayImpact(30, 'days')).toBe('+30 days');
    expect(displayImpact(0, 'percent')).toBe('0.0%');
    expect(displayImpact(-12.34, 'percent')).toBe('-12.3%');
    expect(displayImpact(3, 'points')).toBe('+3.00 pts');
    expect(displayImpact(null, 'points')).toBe('');
  });

  it('never shows a tooltip on Enrollment_Start or on rows without text', () => {
    expect(showsTooltip({ rowtype: 'Enrollment_Start', toolTips: 'as of' })).toBe(false);
    expect(showsTooltip({ rowtype: 'Sites_Activated', toolTips: ' ' })).toBe(false);
    expect(showsTooltip({ rowtype: 'Sites_Activated', toolTips: 'text' })).toBe(true);
  });
});

describe('site list rows', () => {
  it('puts Closed sites (any case) in the Closed tab', () => {
    const split = splitSites([site(1), site(2, { siteStatus: 'closed' })], [site(3)]);
    expect(split.included.map((s) => s.siteNumber)).toEqual(['1001']);
    expect(split.closed.map((s) => s.siteNumber)).toEqual(['1002']);
    expect(split.notIncluded.map((s) => s.siteNumber)).toEqual(['1003']);
  });

  it('filters on the shown text of every filtered column', () => {
    const rows = [site(1), site(2), site(3, { siteSelectedDate: '2026-03-01' })];
    expect(filterSites(rows, { siteSelectedDate: 'mar' }).map((s) => s.siteNumber)).toEqual(['1003']);
    expect(filterSites(rows, { country: ' FRAN ', siteNumberPi: 'dr 3' }).map((s) => s.siteNumber)).toEqual([
      '1003',
    ]);
    expect(filterSites(rows, { country: '' })).toHaveLength(3);
  });
});
