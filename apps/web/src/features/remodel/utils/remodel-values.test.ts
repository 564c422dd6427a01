import { describe, expect, it } from 'vitest';
import { remodelFormData } from '../test/remodel-fixtures';
import { initialValues, roundRate, serverErrorsToForm, toBody, withFigure } from './remodel-values';

describe('remodel form values', () => {
  const data = remodelFormData();

  it('rounds a typed rate to 2 decimals and leaves text that is not a number for the rule', () => {
    expect(roundRate('0.756')).toBe('0.76');
    expect(roundRate('.5')).toBe('0.5');
    expect(roundRate('1.2.3')).toBe('1.2.3');
    expect(roundRate('')).toBe('');
  });

  it('recomputes a rate only when the first figure is at least the second', () => {
    const v = withFigure(initialValues(data), 'completePatientsReModel', '50');
    // (200 - 50) / 200
    expect(v.remodelCompleteRate).toBe(0.75);
    const w = withFigure(v, 'completePatientsReModel', '250');
    expect(w.remodelCompleteRate).toBe(0.75);
  });

  it('drops removed countries from the body and maps server paths back to the form', () => {
    const values = initialValues(data);
    values.siteGroups[0] = { ...values.siteGroups[0]!, sitesSelection: 4 };
    values.siteGroups[1] = { ...values.siteGroups[1]!, sitesSelection: 3, sitesOther: '' };
    values.lastPatientEnrolledDateOther = '2027-03-01';
    const body = toBody(values, data);
    expect(body.siteGroups.map((g) => g.siteGroupName)).toEqual(['Poland']);
    expect(body.lastPatientEnrolledDateMillisOther).toBe(Date.UTC(2027, 2, 1, 12));
    // Body group 0 is the form's group 1 once Germany is dropped.
    expect(
      serverErrorsToForm(
        [
          { path: 'body.siteGroups.0.sitesOther', message: 'Required' },
          { path: 'body.studyPlanName', message: 'Study Plan Name must be unique' },
        ],
        values,
      ),
    ).toEqual({ 'siteGroups.1.sitesOther': 'Required', studyPlanName: 'Study Plan Name must be unique' });
  });
});
