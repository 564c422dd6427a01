import type { StudyPlan } from '@predict/shared';
import { describe, expect, it } from 'vitest';
import { planFixture } from '@/features/plan-shell/test/plan-shell-test-utils';
import { siteGroupTitle } from './country-rows';
import { overallInputRows, studyDetailRows } from './overall-rows';

describe('overallInputRows', () => {
  it('shows a duration with its unit, and an empty one as a bare dash', () => {
    const rows = new Map(overallInputRows(planFixture({ treatmentDuration: 180, followUpDuration: null })));
    expect(rows.get('Treatment Duration')).toBe('180 days');
    expect(rows.get('Follow-up Duration')).toBe('—');
  });
});

describe('studyDetailRows', () => {
  const typeOf = (
    studyPlanType: StudyPlan['studyPlanType'],
    studyPlanTypeDetail: StudyPlan['studyPlanTypeDetail'],
  ) => new Map(studyDetailRows(planFixture({ studyPlanType, studyPlanTypeDetail }))).get('Type');

  it('names the type once: the detail, which already says Rates or Duration', () => {
    expect(typeOf(1, 'Rates')).toBe('Rates');
    expect(typeOf(2, 'Duration')).toBe('Duration');
    expect(typeOf(2, 'Combination (D)')).toBe('Combination (D)');
    expect(typeOf(1, 'Remodel (R)')).toBe('Remodel (R)');
    expect(typeOf(2, 'Cohort (D)')).toBe('Cohort (D)');
  });
});

describe('siteGroupTitle', () => {
  it('names a site group only when it is not named after its country', () => {
    expect(siteGroupTitle('Germany', 'Germany')).toBe('Germany');
    expect(siteGroupTitle('United States', 'USA - Central')).toBe('United States - USA - Central');
  });
});
