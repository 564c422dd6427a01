import type { StudyPlan } from '@predict/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { planFixture } from '@/features/plan-shell/test/plan-shell-test-utils';
import { errorReply, installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { useCohortEditor } from '../hooks/use-cohort-editor';
import { cohortRow, COHORTS } from '../test/cohort-fixtures';
import { SequentialCohortTable } from './sequential-cohort-table';

const cohortPlan = () =>
  planFixture({ studyPlanType: 2, studyPlanTypeDetail: 'Cohort (D)', cohortType: 2, enrollmentRate: null });

function Harness({ plan, readOnly = false }: { plan: StudyPlan; readOnly?: boolean }) {
  const editor = useCohortEditor(plan, { readOnly, step: 2 });
  const [saved, setSaved] = useState('');
  return (
    <>
      <SequentialCohortTable editor={editor} />
      <output data-testid="state">{`${editor.loadState} dirty=${editor.isDirty} valid=${editor.isValid}`}</output>
      <button onClick={async () => setSaved(String(await editor.save()))}>Save cohorts</button>
      <button onClick={editor.reset}>Reset cohorts</button>
      <output data-testid="saved">{saved}</output>
    </>
  );
}

const state = () => screen.getByTestId('state');
const field = (label: string, cohort: string) =>
  screen.getByRole('textbox', { name: `${label} of ${cohort}` });

describe('SequentialCohortTable', { timeout: 40_000 }, () => {
  let server: FetchMock;

  beforeEach(() => {
    server = installFetchMock()
      .on('GET', '/ctpo/cohort/plan/42', COHORTS)
      .on('GET', '/ctpo/plan/42', cohortPlan())
      .on('POST', '/ctpo/cohort/chain', (req) => {
        const rows = (req.body as { rows: { patients: number | null }[] }).rows;
        return {
          rows: rows.map((r, i) =>
            cohortRow({
              ...COHORTS.rows[i],
              studyPlanCohortId: i + 1,
              patients: r.patients,
              srcEndDate: '2027-01-31',
            }),
          ),
          notice: null,
        };
      })
      .on('POST', '/ctpo/study/7/SequentialCohort', COHORTS);
  });

  it('shows the saved rows with the computed enrolling duration and dates as DD-Mon-YYYY', async () => {
    renderScreen(<Harness plan={cohortPlan()} />);
    expect(await screen.findByText('17-Aug-2026')).toBeInTheDocument();
    expect(state()).toHaveTextContent('resolved dirty=false valid=true');
    expect(field('Cohort Name', 'Cohort 2')).toHaveValue('Cohort 2');
    expect(screen.getByLabelText('Enrolling Duration (days) of Cohort 2')).toHaveTextContent('60');
    for (const header of ['DTL Duration (days)', 'SRC End', 'Cohort Start', 'Predecessor Activity']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
  });

  it('offers every other cohort as predecessor, never the row itself', async () => {
    const { user } = renderScreen(<Harness plan={cohortPlan()} />);
    await screen.findByText('17-Aug-2026');
    await user.click(screen.getByRole('combobox', { name: 'Predecessor Cohort of Cohort 2' }));
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Cohort 1']);
  });

  it('never offers a cohort that follows the row, which would close a cycle', async () => {
    const third = (predecessorCohortName: string) =>
      cohortRow({
        studyPlanCohortId: 3,
        cohortName: 'Cohort 3',
        predecessorCohortName,
        predecessorActivity: 'SRC',
      });
    const optionsOf = async (user: ReturnType<typeof renderScreen>['user'], cohort: string) => {
      await user.click(screen.getByRole('combobox', { name: `Predecessor Cohort of ${cohort}` }));
      const names = within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
      return names;
    };
    // Cohort 3 follows Cohort 2: Cohort 2 may not follow Cohort 3; Cohort 3 may follow either earlier cohort.
    server.on('GET', '/ctpo/cohort/plan/42', { ...COHORTS, rows: [...COHORTS.rows, third('Cohort 2')] });
    const first = renderScreen(<Harness plan={cohortPlan()} />);
    await screen.findByText('17-Aug-2026');
    expect(await optionsOf(first.user, 'Cohort 2')).toEqual(['None', 'Cohort 1']);
    expect(await optionsOf(first.user, 'Cohort 3')).toEqual(['None', 'Cohort 1', 'Cohort 2']);
    first.unmount();
    // When Cohort 3 follows Cohort 1 instead, nothing leads from it back to Cohort 2: it is a safe choice.
    server.on('GET', '/ctpo/cohort/plan/42', { ...COHORTS, rows: [...COHORTS.rows, third('Cohort 1')] });
    const second = renderScreen(<Harness plan={cohortPlan()} />);
    await screen.findByText('17-Aug-2026');
    expect(await optionsOf(second.user, 'Cohort 2')).toEqual(['None', 'Cohort 1', 'Cohort 3']);
  });

  it('offers no predecessor and no activity to the first cohort (it has none)', async () => {
    const { user } = renderScreen(<Harness plan={cohortPlan()} />);
    await screen.findByText('17-Aug-2026');
    for (const name of ['Predecessor Cohort of Cohort 1', 'Predecessor Activity of Cohort 1']) {
      await user.click(screen.getByRole('combobox', { name }));
      const options = within(screen.getByRole('listbox')).getAllByRole('option');
      expect(options.map((o) => o.textContent)).toEqual(['None']);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    }
  });

  it('says the table blocks saving while its errors show, and the new first row loses its predecessor', async () => {
    const { user } = renderScreen(<Harness plan={cohortPlan()} />);
    await screen.findByText('17-Aug-2026');
    expect(screen.queryByText(/Sequential cohorts setup is not valid/)).not.toBeInTheDocument();
    fireEvent.change(field('Patients', 'Cohort 2'), { target: { value: '' } });
    fireEvent.blur(field('Patients', 'Cohort 2'));
    expect(await screen.findByText(/Sequential cohorts setup is not valid/)).toBeInTheDocument();
    expect(state()).toHaveTextContent('valid=false');
    fireEvent.change(field('Patients', 'Cohort 2'), { target: { value: '12' } });
    await waitFor(() => expect(state()).toHaveTextContent('valid=true'));
    expect(screen.queryByText(/Sequential cohorts setup is not valid/)).not.toBeInTheDocument();
    // Removing Cohort 1 makes Cohort 2 the first cohort: its predecessor (the removed row) goes with it.
    await user.click(screen.getByRole('button', { name: 'Remove cohort Cohort 1' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Warning!' })).getByRole('button', { name: 'OK' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Cohort Name of Cohort 1' })).toBeNull(),
    );
    expect(state()).toHaveTextContent('valid=true');
    expect(screen.getByRole('combobox', { name: 'Predecessor Cohort of Cohort 2' })).not.toHaveTextContent(
      'Cohort 1',
    );
  });

  it('recomputes the chain dates after typing stops, and renames the phase columns', async () => {
    const { user } = renderScreen(<Harness plan={cohortPlan()} />);
    await screen.findByText('17-Aug-2026');
    // Three edits in quick succession: one recomputation, for the settled inputs.
    for (const value of ['8', '81', '812'])
      fireEvent.change(field('Patients', 'Cohort 1'), { target: { value } });
    expect(state()).toHaveTextContent('dirty=true');
    expect(await screen.findAllByText('31-Jan-2027', {}, { timeout: 3000 })).toHaveLength(2);
    const calls = server.to('/ctpo/cohort/chain');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({
      studyPlanId: 42,
      rows: [{ cohortName: 'Cohort 1', patients: 812 }, {}],
    });

    const dtlName = screen.getByRole('textbox', { name: 'DTL column name' });
    await user.clear(dtlName);
    expect(screen.getByText("Can't be empty.")).toBeInTheDocument();
    await user.type(dtlName, 'Safety');
    expect(screen.getByRole('columnheader', { name: 'Safety Duration (days)' })).toBeInTheDocument();
  });

  it('shows the notice of the chain answer', async () => {
    server.on('POST', '/ctpo/cohort/chain', {
      rows: [],
      notice: 'Add a country with a first patient screened date.',
    });
    const { user } = renderScreen(<Harness plan={cohortPlan()} />);
    await screen.findByText('17-Aug-2026');
    await user.type(field('Lag (days)', 'Cohort 2'), '1');
    expect(
      await screen.findByText('Add a country with a first patient screened date.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it("adds a row, refuses to save it incomplete with 'Sequential cohorts setup is not valid'", async () => {
    const { user } = renderScreen(<Harness plan={cohortPlan()} />);
    await screen.findByText('17-Aug-2026');
    await user.click(screen.getByRole('button', { name: 'Add Cohort' }));
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(state()).toHaveTextContent('dirty=true valid=false');
    // Untouched empty cells stay quiet until a save is tried.
    expect(screen.queryByText("Can't be empty.")).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save cohorts' }));
    expect(await screen.findByText('Sequential cohorts setup is not valid')).toBeInTheDocument();
    expect(screen.getByTestId('saved')).toHaveTextContent('false');
    expect(screen.getAllByText("Can't be empty.").length).toBeGreaterThanOrEqual(6);
    expect(server.to('/ctpo/study/7/SequentialCohort')).toHaveLength(0);
    // The new row follows the last one by default.
    expect(screen.getByRole('combobox', { name: 'Predecessor Cohort of row 3' })).toHaveTextContent(
      'Cohort 2',
    );
  });

  it('flags a duplicate cohort name and only digits reach the numeric cells', async () => {
    const { user } = renderScreen(<Harness plan={cohortPlan()} />);
    await screen.findByText('17-Aug-2026');
    await user.clear(field('Cohort Name', 'Cohort 2'));
    await user.type(field('Cohort Name', 'row 2'), 'cohort 1');
    expect(state()).toHaveTextContent('valid=false');
    expect(screen.getByRole('textbox', { name: 'Cohort Name of cohort 1' })).toHaveAccessibleDescription(
      'Cohort name should be unique.',
    );
    await user.type(field('Patients', 'Cohort 1'), '-.5');
    expect(field('Patients', 'Cohort 1')).toHaveValue('65');
  });

  it('removes a row only after confirmation and never the last one', async () => {
    const { user } = renderScreen(<Harness plan={cohortPlan()} />);
    await screen.findByText('17-Aug-2026');
    await user.click(screen.getByRole('button', { name: 'Remove cohort Cohort 2' }));
    const ask = await screen.findByRole('dialog', { name: 'Warning!' });
    expect(ask).toHaveTextContent('Remove cohort Cohort 2?');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field('Cohort Name', 'Cohort 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove cohort Cohort 2' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Warning!' })).getByRole('button', { name: 'OK' }),
    );
    // While the dialog closes the page is hidden from role queries: wait for it before asking what is gone.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Cohort Name of Cohort 2' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: /Remove cohort/ })).not.toBeInTheDocument();
    expect(state()).toHaveTextContent('dirty=true');
    await user.click(screen.getByRole('button', { name: 'Reset cohorts' }));
    expect(field('Cohort Name', 'Cohort 2')).toBeInTheDocument();
    expect(state()).toHaveTextContent('dirty=false');
  });

  it('saves the rows and phase names', async () => {
    const { user } = renderScreen(<Harness plan={cohortPlan()} />);
    await screen.findByText('17-Aug-2026');
    await user.type(field('Lag (days)', 'Cohort 2'), '0');
    await user.click(screen.getByRole('button', { name: 'Save cohorts' }));
    await waitFor(() => expect(screen.getByTestId('saved')).toHaveTextContent('true'));
    expect(server.to('/ctpo/study/7/SequentialCohort')[0]?.body).toEqual({
      studyPlanId: 42,
      rowVersion: 3,
      phaseNames: { dtl: 'DTL', src: 'SRC' },
      rows: [
        {
          studyPlanCohortId: 1,
          cohortName: 'Cohort 1',
          predecessorCohortName: null,
          predecessorActivity: null,
          patients: 6,
          lagDays: 0,
          screeningDurationDays: 28,
          dtlDurationDays: 21,
          srcDurationDays: 7,
        },
        {
          studyPlanCohortId: 2,
          cohortName: 'Cohort 2',
          predecessorCohortName: 'Cohort 1',
          predecessorActivity: 'DTL',
          patients: 12,
          lagDays: 140,
          screeningDurationDays: 28,
          dtlDurationDays: 21,
          srcDurationDays: 7,
        },
      ],
    });
  });

  it("puts the server's field messages under their cells", async () => {
    server.on(
      'POST',
      '/ctpo/study/7/SequentialCohort',
      json(
        {
          error: 'Bad Request',
          message: 'Sequential cohorts setup is not valid',
          fields: [{ path: 'rows.1.patients', message: 'Too many patients for this cohort.' }],
        },
        400,
      ),
    );
    const { user } = renderScreen(<Harness plan={cohortPlan()} />);
    await screen.findByText('17-Aug-2026');
    await user.click(screen.getByRole('button', { name: 'Save cohorts' }));
    expect(await screen.findByText('Too many patients for this cohort.')).toBeInTheDocument();
    expect(screen.getByText('Sequential cohorts setup is not valid')).toBeInTheDocument();
  });

  it('is read-only on review, and offers Retry when loading fails', async () => {
    renderScreen(<Harness plan={cohortPlan()} readOnly />);
    expect(await screen.findByText('17-Aug-2026')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Cohort' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('cell', { name: 'Cohort 1' }).length).toBeGreaterThan(0);

    server.on('GET', '/ctpo/cohort/plan/43', errorReply(500));
    renderScreen(<Harness plan={{ ...cohortPlan(), studyPlanId: 43 }} readOnly />);
    expect(await screen.findByText('The sequential cohorts could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('stays idle for plans that are not sequential', () => {
    renderScreen(<Harness plan={planFixture()} />);
    expect(state()).toHaveTextContent('idle');
    expect(server.to('/ctpo/cohort')).toHaveLength(0);
  });
});
