import { describe, expect, it } from 'vitest';
import { planKind } from '../test/chart-fixtures';
import { chartExportOptions, cohortTimelineTitle, hasCohortTimeline } from './chart-ids';

const ids = (detail: Parameters<typeof planKind>[0]) => chartExportOptions(planKind(detail)).map((o) => o.id);

describe('chart export options and the cohort timeline rules (spec/1 sections 2 and 9)', () => {
  it('offers the two enrollment charts for plans without cohorts', () => {
    for (const detail of ['Rates', 'Duration', 'Remodel (D)', 'Remodel (R)'] as const) {
      expect(ids(detail)).toEqual(['MonthlyEnrollment', 'WeeklyEnrollment']);
      expect(hasCohortTimeline(planKind(detail))).toBe(false);
    }
  });

  it('adds PatientsByGroup and CohortsTimeline for cohort and combination plans', () => {
    for (const detail of ['Cohort (D)', 'Combination (D)', 'Combination (R)'] as const) {
      expect(ids(detail)).toEqual([
        'MonthlyEnrollment',
        'WeeklyEnrollment',
        'PatientsByGroup',
        'CohortsTimeline',
      ]);
      expect(hasCohortTimeline(planKind(detail))).toBe(true);
    }
  });

  it('treats a Duration plan of cohort type 2 as a sequential cohort plan', () => {
    expect(hasCohortTimeline({ studyPlanType: 2, studyPlanTypeDetail: 'Duration', cohortType: 2 })).toBe(
      true,
    );
  });

  it("titles the range chart 'Timeline Overview' for combinations and 'Cohorts Timeline' otherwise", () => {
    expect(cohortTimelineTitle(planKind('Combination (D)'))).toBe('Timeline Overview');
    expect(cohortTimelineTitle(planKind('Combination (R)'))).toBe('Timeline Overview');
    expect(cohortTimelineTitle(planKind('Cohort (D)'))).toBe('Cohorts Timeline');
    const combination = chartExportOptions(planKind('Combination (R)'));
    expect(combination.at(-1)).toEqual({ id: 'CohortsTimeline', label: 'Timeline Overview' });
  });
});
