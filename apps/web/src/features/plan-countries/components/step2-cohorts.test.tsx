import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPlanEditor } from '@/features/plan-shell/test/plan-shell-test-utils';
import { COHORTS } from '@/features/sequential-cohorts/test/cohort-fixtures';
import { step2Plan } from '../test/plan-countries-fixtures';
import { button, installStep2Api, STEP2 } from '../test/step2-test-utils';

const cohortPlan = () =>
  step2Plan({ studyPlanType: 2, studyPlanTypeDetail: 'Cohort (D)', cohortType: 2, enrollmentRate: null });

describe('Step 2 of a sequential cohort plan', { timeout: 30_000 }, () => {
  it('disables Save Draft and Next Step while a cohort error shows, and enables them once it is fixed', async () => {
    installStep2Api(cohortPlan())
      .on('GET', '/ctpo/cohort/plan/42', COHORTS)
      .on('POST', '/ctpo/cohort/chain', { rows: COHORTS.rows, notice: null });
    renderPlanEditor(STEP2);
    await screen.findByRole('heading', { name: 'DEU' });
    const patients = await screen.findByRole('textbox', { name: 'Patients of Cohort 2' });
    expect(button('Next Step')).toBeEnabled();

    fireEvent.change(patients, { target: { value: '' } });
    fireEvent.blur(patients);
    expect(await screen.findByText("Can't be empty.")).toBeInTheDocument();
    expect(button('Save Draft')).toBeDisabled();
    expect(button('Next Step')).toBeDisabled();

    fireEvent.change(patients, { target: { value: '20' } });
    await waitFor(() => expect(button('Save Draft')).toBeEnabled());
    expect(button('Next Step')).toBeEnabled();
  });
});
