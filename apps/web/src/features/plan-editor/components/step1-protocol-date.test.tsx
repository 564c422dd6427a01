import { fireEvent, screen } from '@testing-library/react';
import { PROTOCOL_BEFORE_CRO_START_WARNING } from '@predict/shared';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '@/test/fetch-mock';
import { planRow, renderPlanEditor } from '@/features/plan-shell/test/plan-shell-test-utils';

const NEW_A = '/ctpo/study-plans/7/new-plan_1/?s=scenario-a&seq=false';
const set = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** A complete, valid scenario A plan apart from the two dates. */
function fillPlan() {
  const values: [string, string][] = [
    ['Study Plan Name', 'Early protocol'],
    ['Description', 'Protocol first'],
    ['Sites to Activate', '20'],
    ['Subjects to Screen', '300'],
    ['Enrollment Rate', '.5'],
    ['Screening Duration', '28'],
    ['Treatment Duration', '180'],
    ['Screen Fail Rate', '0.2'],
    ['Drop-out Rate', '0.1'],
  ];
  for (const [label, value] of values) set(label, value);
}

describe('Step 1: a protocol date before the CRO project start', { timeout: 20_000 }, () => {
  it('is warned about, not refused: the plan can still be saved', () => {
    installFetchMock().on('GET', '/ctpo/plans/study/7', [planRow(1, 'Other plan')]);
    renderPlanEditor(NEW_A);
    fillPlan();
    set('CRO Project Start Date', '15-Mar-2026');
    set('Final Protocol Start Date', '01-Mar-2026');
    expect(screen.getByText(PROTOCOL_BEFORE_CRO_START_WARNING).closest('.MuiAlert-root')).toHaveClass(
      'MuiAlert-colorWarning',
    );
    expect(screen.getByRole('button', { name: 'Save Draft' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next Step' })).toBeEnabled();

    // The same day, or later, says nothing.
    set('Final Protocol Start Date', '15-Mar-2026');
    expect(screen.queryByText(PROTOCOL_BEFORE_CRO_START_WARNING)).not.toBeInTheDocument();
  });
});
