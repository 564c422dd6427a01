import { describe, expect, it } from 'vitest';
import { acceptNumericText } from '../components/form-fields';
import { planFixture } from '../test/plan-shell-test-utils';
import {
  changedFieldsBody,
  dayToNoonUtcMillis,
  millisToDay,
  newPlanBody,
  planFormFromPlan,
  planKindFromQuery,
} from './plan-form-model';
import { resumePlanPath } from './plan-routes';

describe('plan form model', () => {
  it('keeps dates at noon UTC and shows their UTC day', () => {
    expect(dayToNoonUtcMillis('2026-01-15')).toBe(Date.UTC(2026, 0, 15, 12));
    expect(dayToNoonUtcMillis('')).toBeNull();
    expect(millisToDay(Date.UTC(2026, 0, 15, 12))).toBe('2026-01-15');
    expect(millisToDay(null)).toBe('');
  });

  it('reads the kind of a new plan from its query', () => {
    expect(planKindFromQuery(new URLSearchParams('s=scenario-a&seq=false'))).toEqual({
      scenario: 'scenario-a',
      sequential: false,
    });
    expect(planKindFromQuery(new URLSearchParams('s=scenario-b&seq=true'))).toEqual({
      scenario: 'scenario-b',
      sequential: true,
    });
    // Sequential cohorts exist only for scenario B.
    expect(planKindFromQuery(new URLSearchParams('s=scenario-a&seq=true'))?.sequential).toBe(false);
    expect(planKindFromQuery(new URLSearchParams('s=scenario-c'))).toBeNull();
  });

  it('builds a new sequential plan without the fields its kind hides', () => {
    const form = planFormFromPlan(planFixture());
    form.overallEnrollmentDuration = '12';
    const body = newPlanBody(form, { scenario: 'scenario-b', sequential: true }, 7);
    expect(body).toMatchObject({ studyId: 7, studyPlanType: 2, cohortType: 2, treatmentDuration: 180 });
    for (const hidden of ['enrollmentRate', 'overallEnrollmentDuration', 'pauseEnrollmentAfterPatient']) {
      expect(body).not.toHaveProperty(hidden);
    }
  });

  it('sends only changed fields with the id and rowVersion of a saved plan', () => {
    const plan = planFixture();
    const saved = planFormFromPlan(plan);
    const now = { ...saved, screenFailRate: '', milestones: { ...saved.milestones } };
    now.milestones.NUM_SUBJECTS_ENROLLED = { lowerBound: '240' };
    expect(changedFieldsBody(now, saved, { scenario: 'scenario-a', sequential: false }, plan)).toEqual({
      studyPlanId: 42,
      studyId: 7,
      rowVersion: 3,
      screenFailRate: null,
      milestones: [{ milestoneName: 'NUM_SUBJECTS_ENROLLED', lowerBound: 240 }],
    });
  });

  it('lets through digits with one decimal part and reads a leading dot as 0.', () => {
    expect(acceptNumericText('.', '')).toBe('0.');
    expect(acceptNumericText('.5', '')).toBe('0.5');
    expect(acceptNumericText('12.', '12')).toBe('12.');
    expect(acceptNumericText('12.3.', '12.3')).toBe('12.3');
    expect(acceptNumericText('1a', '1')).toBe('1');
    expect(acceptNumericText('-1', '')).toBe('');
    expect(acceptNumericText('', '5')).toBe('');
  });

  it('resumes a plan at its saved step, and names an unknown one', () => {
    expect(resumePlanPath(7, { studyPlanId: 42, actualStep: 1 })).toEqual({
      path: '/ctpo/study-plans/7/42/',
    });
    expect(resumePlanPath(7, { studyPlanId: 42, actualStep: 2 })).toEqual({
      path: '/ctpo/study-plans/7/42/countries-and-site-groups',
    });
    expect(resumePlanPath(7, { studyPlanId: 42, actualStep: 4 })).toEqual({
      error: 'Unknown step configuration.',
    });
  });
});
