import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { planFixture, planRow, renderPlanEditor } from '@/features/plan-shell/test/plan-shell-test-utils';
import { button, field, fillValidPlan, NEW_A, set, STEP1_PATH, under } from '../test/step1-test-utils';

// Every keystroke re-renders the whole MUI form, which jsdom makes slow on a busy machine.
describe(
  'Step 1: the close-out durations (TFED to DB Lock, DB Lock to CSR, CSR to TMF Close)',
  { timeout: 30_000 },
  () => {
    let server: FetchMock;

    beforeEach(() => {
      server = installFetchMock()
        .on('GET', '/ctpo/plans/study/7', [planRow(1, 'Other plan')])
        .on('GET', '/ctpo/plan/42', planFixture());
    });

    it('starts a new plan from the close-out defaults, sends them, and never lets one go empty', async () => {
      server.on('POST', STEP1_PATH, () =>
        json({ ...planFixture({ studyPlanId: 55 }), Id: 55, returnCode: '200', warnings: [] }, 201),
      );
      server.on('GET', '/ctpo/plan/55', planFixture({ studyPlanId: 55 }));
      const editor = renderPlanEditor(NEW_A);
      expect(field('TFED to DB Lock')).toHaveValue('45');
      expect(field('DB Lock to CSR')).toHaveValue('90');
      expect(field('CSR to TMF Close')).toHaveValue('60');
      expect(under('CSR to TMF Close').getByText('days')).toBeInTheDocument();
      fillValidPlan();
      set('DB Lock to CSR', '');
      expect(under('DB Lock to CSR').getByText("Can't be empty.")).toBeInTheDocument();
      expect(button('Save Draft')).toBeDisabled();
      set('DB Lock to CSR', '2.5');
      expect(under('DB Lock to CSR').getByText('Has to be an integer.')).toBeInTheDocument();
      set('DB Lock to CSR', '120');
      await waitFor(() => expect(button('Save Draft')).toBeEnabled());
      await editor.user.click(button('Save Draft'));
      expect(await screen.findByText('Successfully saved plan.')).toBeInTheDocument();
      expect(server.to(STEP1_PATH, 'POST')[0]!.body).toMatchObject({
        tfedToDbLockDuration: 45,
        dbLocktoCSRDuration: 120,
        csrToTMFCloseAndReturnDuration: 60,
      });
    });

    it('groups the three under Close-out, last, with their abbreviations spelled out', async () => {
      renderPlanEditor('/ctpo/study-plans/7/42/');
      await screen.findByDisplayValue('Base plan');
      const group = screen.getByRole('group', { name: 'Close-out' });
      expect(group).toHaveAccessibleDescription(
        /last patient's last visit \(TFED\).*database lock \(DB Lock\)/,
      );
      expect(group).toHaveAccessibleDescription(
        /clinical study report \(CSR\).*trial master file \(TMF Close\)/,
      );
      const inGroup = within(group)
        .getAllByRole('textbox')
        .map((input) => input.getAttribute('name'));
      expect(inGroup).toEqual([
        'tfedToDbLockDuration',
        'dbLocktoCSRDuration',
        'csrToTMFCloseAndReturnDuration',
      ]);
      // After every other input of the section: not wedged between the follow-up and the screen-fail rate.
      const section = screen.getByRole('region', { name: 'Overall Inputs' });
      const names = within(section)
        .getAllByRole('textbox')
        .map((input) => input.getAttribute('name'));
      expect(names.slice(-3)).toEqual(inGroup);
    });

    it("shows a saved plan's close-out durations and sends only a changed one", async () => {
      server.on('POST', STEP1_PATH, () =>
        json({ ...planFixture({ tfedToDbLockDuration: 30 }), Id: 42, returnCode: '200', warnings: [] }),
      );
      const editor = renderPlanEditor('/ctpo/study-plans/7/42/');
      await screen.findByDisplayValue('Base plan');
      expect(field('DB Lock to CSR')).toHaveValue('90');
      await editor.user.clear(field('TFED to DB Lock'));
      await editor.user.type(field('TFED to DB Lock'), '30');
      await editor.user.click(button('Save Draft'));
      await waitFor(() =>
        expect(server.to(STEP1_PATH, 'POST')[0]!.body).toEqual({
          studyPlanId: 42,
          studyId: 7,
          rowVersion: 3,
          tfedToDbLockDuration: 30,
        }),
      );
    });
  },
);
