import { describe, expect, it } from 'vitest';
import {
  CLOSE_OUT_DEFAULTS,
  PROTOCOL_BEFORE_CRO_START_WARNING,
  validatePlanForm,
  type PlanFormValues,
} from '../src';

const context = { scenario: 'scenario-a', sequential: false, existingNames: [] } as const;
const plan = (cro: number | null, protocol: number | null): PlanFormValues => ({
  studyPlanName: 'Plan 1',
  studyPlanDescr: 'Description',
  croProjectStartDateMillis: cro,
  finalProtocolStartDateMillis: protocol,
  enrollmentRate: 0.5,
  screeningPeriodDuration: 28,
  treatmentDuration: 180,
  screenFailRate: 0.2,
  dropOutRate: 0.1,
  ...CLOSE_OUT_DEFAULTS,
  parameters: { SITES_TO_ACTIVATE: { lowerBound: 20 }, SUBJECTS_TO_SCREEN: { lowerBound: 300 } },
});
const day = (month: number, date: number) => Date.UTC(2026, month, date, 12);

describe('validatePlanForm: protocol date before the CRO project start', () => {
  it('warns, without an error, when the protocol date is a day or more before the CRO start', () => {
    const result = validatePlanForm(plan(day(2, 15), day(2, 14)), context);
    expect(result.warnings).toEqual([PROTOCOL_BEFORE_CRO_START_WARNING]);
    expect(result.errors).toEqual([]);
  });

  it('says nothing for the same day, a later one, or a missing date', () => {
    expect(validatePlanForm(plan(day(2, 15), day(2, 15)), context).warnings).toEqual([]);
    expect(validatePlanForm(plan(day(2, 15), day(3, 1)), context).warnings).toEqual([]);
    expect(validatePlanForm(plan(null, day(0, 1)), context).warnings).toEqual([]);
  });
});
