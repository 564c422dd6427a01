import { describe, expect, it } from 'vitest';
import {
  canDeletePlan,
  canEditPlan,
  cloneDefaultName,
  ClonePlanBody,
  combinationTypeDetail,
  EnrollmentPlanStep1Body,
  isNewPlanId,
  PLAN_TYPE_DETAILS,
  saveAsOptions,
  STUDY_MILESTONES,
  STUDY_PARAMETERS,
  typeDetailFor,
  validateCloneForm,
  validateCombinationForm,
} from '../src';

describe('plan constants', () => {
  it('carries the ids of the spec', () => {
    expect(STUDY_PARAMETERS).toEqual({ SITES_TO_ACTIVATE: 12, SUBJECTS_TO_SCREEN: 13 });
    expect(STUDY_MILESTONES.NUM_SUBJECTS_ENROLLED).toBe(144);
    expect(STUDY_MILESTONES.NUM_SUBJECTS_TREATED).toBe(147);
    expect(STUDY_MILESTONES.NUM_SUBJECTS_COMPLETED).toBe(150);
    expect(Object.keys(STUDY_MILESTONES)).toHaveLength(16);
    expect(new Set(Object.values(STUDY_MILESTONES)).size).toBe(16);
  });
  it('recognises new-plan ids', () => {
    expect(isNewPlanId('new-plan_123')).toBe(true);
    expect(isNewPlanId('x-new-plan')).toBe(true);
    expect(isNewPlanId('42')).toBe(false);
    expect(isNewPlanId(42)).toBe(false);
  });
  it('derives the type detail of new plans and combinations', () => {
    expect(typeDetailFor(1, 0)).toBe('Rates');
    expect(typeDetailFor(2, 0)).toBe('Duration');
    expect(typeDetailFor(2, 2)).toBe('Cohort (D)');
    expect(combinationTypeDetail(['Rates', 'Rates'])).toBe('Combination (R)');
    expect(combinationTypeDetail(['Rates', 'Duration'])).toBe('Combination (D)');
    expect(combinationTypeDetail(['Cohort (D)', 'Rates'])).toBe('Combination (D)');
  });
});

describe('Save As menu (spec/1 section 4)', () => {
  const full = ['Draft', 'Baseline Plan', 'Ongoing Study', 'Post-Proposal', 'Proposal'];
  it.each([
    ['Duration', full],
    ['Rates', full],
    ['Cohort (D)', full],
    ['Remodel (D)', ['Draft', 'Baseline Plan']],
    ['Remodel (R)', ['Draft', 'Baseline Plan']],
    ['Combination (D)', ['Draft-Combo', ...full.slice(1)]],
    ['Combination (R)', ['Draft-Combo', ...full.slice(1)]],
  ])('%s offers %j', (detail, statuses) => {
    expect(saveAsOptions(detail)).toEqual(statuses);
  });
  it('covers every type detail and offers nothing for an unknown one', () => {
    for (const d of PLAN_TYPE_DETAILS) expect(saveAsOptions(d).length).toBeGreaterThan(0);
    expect(saveAsOptions('Other')).toEqual([]);
  });
});

describe('edit and delete rights', () => {
  it('lets only non-read-only users edit Draft plans', () => {
    expect(canEditPlan({ scenarioStatus: 'Draft' }, { readOnly: false })).toBe(true);
    expect(canEditPlan({ scenarioStatus: 'Draft' }, { readOnly: true })).toBe(false);
    expect(canEditPlan({ scenarioStatus: 'Proposal' }, { readOnly: false })).toBe(false);
    expect(canEditPlan({ scenarioStatus: 'Draft-Combo' }, { readOnly: false })).toBe(false);
  });
  it('lets only the creator delete, and only Draft or Draft-Combo plans', () => {
    const me = { readOnly: false, isCreator: true };
    expect(canDeletePlan({ scenarioStatus: 'Draft' }, me)).toBe(true);
    expect(canDeletePlan({ scenarioStatus: 'Draft-Combo' }, me)).toBe(true);
    for (const s of ['Baseline Plan', 'Ongoing Study', 'Post-Proposal', 'Proposal']) {
      expect(canDeletePlan({ scenarioStatus: s }, me)).toBe(false);
    }
    expect(canDeletePlan({ scenarioStatus: 'Draft' }, { readOnly: false, isCreator: false })).toBe(false);
    expect(canDeletePlan({ scenarioStatus: 'Draft' }, { readOnly: true, isCreator: true })).toBe(false);
  });
});

describe('Clone dialog', () => {
  it("defaults the name to the original plus ' - Clone', cut to fit 50", () => {
    expect(cloneDefaultName('Plan A')).toBe('Plan A - Clone');
    const long = cloneDefaultName('x'.repeat(50));
    expect(long).toHaveLength(50);
    expect(long.endsWith(' - Clone')).toBe(true);
  });
  it('needs a name of at most 50 that is unique in the target study, a description and a target study', () => {
    const ok = { studyPlanName: 'Copy', studyPlanDescr: 'd', studyId: 3 };
    expect(validateCloneForm(ok, { existingNames: ['Other'] })).toEqual([]);
    expect(validateCloneForm({ ...ok, studyPlanName: 'x'.repeat(51) }, { existingNames: [] })).toEqual([
      { field: 'studyPlanName', message: 'Study Plan Name cannot exceed 50 characters' },
    ]);
    expect(validateCloneForm(ok, { existingNames: [' COPY'] })).toEqual([
      { field: 'studyPlanName', message: 'Study Plan Name must be unique' },
    ]);
    expect(
      validateCloneForm({ studyPlanName: '', studyPlanDescr: '', studyId: null }, { existingNames: [] }),
    ).toEqual([
      { field: 'studyPlanName', message: 'This field is required.' },
      { field: 'studyPlanDescr', message: 'This field is required.' },
      { field: 'studyId', message: 'This field is required.' },
    ]);
  });
  it('parses the clone body', () => {
    expect(ClonePlanBody.safeParse({ studyPlanId: 1, studyPlanName: 'a', studyId: 2 }).success).toBe(true);
    expect(ClonePlanBody.safeParse({ studyPlanName: 'a' }).success).toBe(false);
  });
});

describe('Combination dialog', () => {
  const plans = (...details: string[]) => details.map((studyPlanTypeDetail) => ({ studyPlanTypeDetail }));
  it('needs a name, a description and at least 2 plans of type Duration, Rates or Cohort (D)', () => {
    const ok = { studyPlanName: 'Combo', studyPlanDescr: 'd', plans: plans('Rates', 'Cohort (D)') };
    expect(validateCombinationForm(ok, { existingNames: [] })).toEqual([]);
    expect(validateCombinationForm({ ...ok, plans: plans('Rates') }, { existingNames: [] })).toEqual([
      { field: 'plans', message: 'Select at least 2 plans.' },
    ]);
    expect(
      validateCombinationForm({ ...ok, plans: plans('Rates', 'Remodel (R)') }, { existingNames: [] }),
    ).toEqual([
      { field: 'plans', message: 'Only plans of type Duration, Rates or Cohort (D) can be combined.' },
    ]);
    expect(
      validateCombinationForm({ ...ok, studyPlanName: ' ', studyPlanDescr: null }, { existingNames: [] }),
    ).toEqual([
      { field: 'studyPlanName', message: 'This field is required.' },
      { field: 'studyPlanDescr', message: 'This field is required.' },
    ]);
    expect(validateCombinationForm(ok, { existingNames: ['combo'] })[0]?.message).toBe(
      'Study Plan Name must be unique',
    );
  });
});

describe('EnrollmentPlanStep1Body', () => {
  it('reads a new plan from no id, null or a new-plan marker, and an existing plan from a number or its digits', () => {
    expect(EnrollmentPlanStep1Body.parse({}).studyPlanId).toBeUndefined();
    expect(EnrollmentPlanStep1Body.parse({ studyPlanId: null }).studyPlanId).toBeNull();
    expect(EnrollmentPlanStep1Body.parse({ studyPlanId: 'new-plan_17' }).studyPlanId).toBeNull();
    expect(EnrollmentPlanStep1Body.parse({ studyPlanId: 42 }).studyPlanId).toBe(42);
    expect(EnrollmentPlanStep1Body.parse({ studyPlanId: '42' }).studyPlanId).toBe(42);
    expect(EnrollmentPlanStep1Body.safeParse({ studyPlanId: 'abc' }).success).toBe(false);
  });
  it('gives the type messages of the spec for numbers sent as text', () => {
    const r = EnrollmentPlanStep1Body.safeParse({ screenFailRate: 'x', treatmentDuration: 'y' });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      screenFailRate: 'Has to be a decimal.',
      treatmentDuration: 'Has to be an integer.',
    });
  });
  it('reads DURATION_TO_SITE_ID_FINISH as DURATION_TO_SITE_ID and refuses unknown names', () => {
    const r = EnrollmentPlanStep1Body.parse({
      milestones: [{ milestoneName: 'DURATION_TO_SITE_ID_FINISH' }],
    });
    expect(r.milestones?.[0]?.milestoneName).toBe('DURATION_TO_SITE_ID');
    expect(EnrollmentPlanStep1Body.safeParse({ milestones: [{ milestoneName: 'X' }] }).success).toBe(false);
    expect(EnrollmentPlanStep1Body.safeParse({ parameters: [{ parameterName: 'X' }] }).success).toBe(false);
  });
  it('checks the fields the form does not show', () => {
    expect(EnrollmentPlanStep1Body.safeParse({ actualStep: 4 }).error?.issues[0]?.message).toBe(
      'Unknown step configuration.',
    );
    expect(
      EnrollmentPlanStep1Body.safeParse({ uncertainty: { siteRateCv: 6 } }).error?.issues[0]?.message,
    ).toBe('Has to be a value from 0 to 5.');
    expect(EnrollmentPlanStep1Body.safeParse({ tfedToDbLockDuration: -1 }).error?.issues[0]?.message).toBe(
      'Has to be at least 0.',
    );
  });
});
