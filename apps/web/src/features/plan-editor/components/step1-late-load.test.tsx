import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import {
  location,
  planFixture,
  planRow,
  renderPlanEditor,
} from '@/features/plan-shell/test/plan-shell-test-utils';
import { button, field, fillValidPlan, NEW_A, STEP1_PATH } from '../test/step1-test-utils';

/**
 * Nothing typed into step 1 is overwritten by something that arrives later: the study's plans (the name rule), a
 * saved plan's read, or the editor of the address a new plan moves to once saved.
 */
describe('Step 1: typing is never lost to a late load', { timeout: 30_000 }, () => {
  let server: FetchMock;

  beforeEach(() => {
    server = installFetchMock().on('GET', '/ctpo/plans/study/7', [planRow(1, 'Other plan')]);
  });

  it("keeps what is typed before the study's plans have loaded", async () => {
    let answer!: () => void;
    server.on(
      'GET',
      '/ctpo/plans/study/7',
      () => new Promise<Response>((resolve) => (answer = () => resolve(json([planRow(1, 'Other plan')])))),
    );
    renderPlanEditor(NEW_A);
    fireEvent.change(field('Study Plan Name'), { target: { value: 'Typed at once' } });
    fireEvent.change(field('Sites to Activate'), { target: { value: '12' } });
    await waitFor(() => expect(answer).toBeDefined());
    answer();
    await waitFor(() => expect(server.to('/ctpo/plans/study/7', 'GET')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(field('Study Plan Name')).toHaveValue('Typed at once');
    expect(field('Sites to Activate')).toHaveValue('12');
  });

  it('keeps the editor, and what is typed in it, while a new plan moves to its saved address', async () => {
    server.on('POST', STEP1_PATH, () =>
      json({ ...planFixture({ studyPlanId: 55 }), Id: 55, returnCode: '200', warnings: [] }, 201),
    );
    // The saved plan's own read answers late, as a busy server does.
    let answer: (() => void) | undefined;
    server.on(
      'GET',
      '/ctpo/plan/55',
      () =>
        new Promise<Response>((resolve) => (answer = () => resolve(json(planFixture({ studyPlanId: 55 }))))),
    );
    const editor = renderPlanEditor(NEW_A);
    fillValidPlan();
    const description = field('Description');
    await editor.user.click(button('Save Draft'));
    await waitFor(() => expect(location(editor.router)).toBe('/ctpo/study-plans/7/55/'));
    // The same input: a new editor under the saved id used to replace it and drop what was typed meanwhile.
    expect(field('Description')).toBe(description);
    fireEvent.change(description, { target: { value: 'Typed while the address changed' } });
    answer?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(field('Description')).toHaveValue('Typed while the address changed');
    // A change against the saved values, ready to save; leaving asks first.
    expect(button('Save Draft')).toBeEnabled();
    await editor.user.click(button('Back to Study Plan List'));
    expect(await screen.findByRole('dialog', { name: 'You Have Unsaved Changes' })).toBeInTheDocument();
  });
});
