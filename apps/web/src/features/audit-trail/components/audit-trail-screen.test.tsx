import { screen, waitFor, within } from '@testing-library/react';
import type { AuditTrailPage, AuditTrailRow, CurrentUser } from '@predict/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser, testUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { AuditTrailScreen } from './audit-trail-screen';

const adminUser: CurrentUser = {
  ...testUser,
  groups: ['app_PremierPredict_AdminUser'],
  roles: { readOnly: false, admin: true },
};

function row(overrides: Partial<AuditTrailRow> = {}): AuditTrailRow {
  return {
    auditId: 41,
    occurredAt: '2026-03-05T14:03:09.123Z',
    actorName: 'Pat Planner',
    actorSubject: 'planner',
    actorIssuer: 'http://localhost:8080/ctpo/oidc',
    entity: 'study_plan',
    entityId: '7',
    entityVersion: 2,
    action: 'update',
    studyId: 12,
    projectId: 'KES-0301',
    planId: 7,
    oldValues: { studyPlanName: 'Before the edit', treatmentDuration: 180 },
    newValues: { studyPlanName: 'After the edit', treatmentDuration: 90 },
    changedKeys: ['studyPlanName', 'treatmentDuration'],
    ...overrides,
  };
}

const page = (rows: AuditTrailRow[], total = rows.length): AuditTrailPage => ({
  rows,
  total,
  page: 0,
  pageSize: 25,
});

function serve(answer: AuditTrailPage | Response = page([row()])): FetchMock {
  return installFetchMock().on('GET', '/ctpo/admin/audit', () =>
    answer instanceof Response ? answer.clone() : answer,
  );
}

const render = (route = '/ctpo/audit-trail', user = adminUser) =>
  renderScreen(<AuditTrailScreen />, { route, path: '/ctpo/audit-trail', user });

// The first render loads the table's code and MUI: slow on a busy machine.
const firstRow = () => screen.findByRole('row', { name: /Pat Planner/ }, { timeout: 5_000 });
const lastQuery = (mock: FetchMock) => mock.to('/ctpo/admin/audit').at(-1)!.url.searchParams;

afterEach(() => vi.restoreAllMocks());

describe('AuditTrailScreen', () => {
  it('shows when, who, the study, what, the action and the changed fields of each row', async () => {
    serve();
    render();
    const cells = within(await firstRow()).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      '05/Mar/2026 14:03:09',
      'Pat Plannerplanner',
      'KES-0301',
      'Plan 7version 2',
      'Changed',
      'studyPlanName, treatmentDurationValues',
    ]);
    expect(within(cells[2]!).getByRole('link')).toHaveAttribute('href', '/ctpo/study-plans/12');
    expect(within(cells[3]!).getByRole('link', { name: '7' })).toHaveAttribute(
      'href',
      '/ctpo/study-plans/12/7',
    );
  });

  it('shows old and new values side by side, changed fields first', async () => {
    serve(page([row({ oldValues: { a: 1, studyPlanName: 'Old', treatmentDuration: 180 } })]));
    const { user } = render();
    await firstRow();
    await user.click(screen.getByRole('button', { name: 'Old and new values of audit row 41' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Changed: Plan 7')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/05\/Mar\/2026 14:03:09 UTC by Pat Planner \(planner\)/),
    ).toBeInTheDocument();
    const rows = within(within(dialog).getByRole('table', { name: 'Old and new values' })).getAllByRole(
      'row',
    );
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['Field', 'Old value', 'New value'],
      ['studyPlanName (changed)', 'Old', 'After the edit'],
      ['treatmentDuration (changed)', '180', '90'],
      ['a', '1', ''],
    ]);
  });

  it('starts from the filters in the address (the History link) and clears a chip', async () => {
    const mock = serve();
    const { user, router } = render('/ctpo/audit-trail?studyId=12&entity=study_plan&entityId=7');
    await firstRow();
    expect(Object.fromEntries(lastQuery(mock))).toEqual({
      studyId: '12',
      entity: 'study_plan',
      entityId: '7',
      page: '0',
      pageSize: '25',
    });
    expect(screen.getByLabelText('Filter What')).toHaveTextContent('Plan');
    await user.click(
      within(screen.getByRole('button', { name: 'Study: KES-0301' })).getByTestId('CancelIcon'),
    );
    await waitFor(() => expect(lastQuery(mock).get('studyId')).toBeNull());
    expect(router.state.location.search).toBe('?entity=study_plan&entityId=7');
  });

  it('sends the filters to the server, starting again on the first page', async () => {
    const mock = serve(page([row()], 60));
    const { user } = render('/ctpo/audit-trail?page=1');
    await firstRow();
    expect(lastQuery(mock).get('page')).toBe('1');
    await user.type(screen.getByLabelText('Filter Who'), 'pat');
    await waitFor(() => expect(lastQuery(mock).get('actor')).toBe('pat'));
    expect(lastQuery(mock).get('page')).toBe('0');
    await user.click(screen.getByLabelText('Filter Action'));
    await user.click(await screen.findByRole('option', { name: 'Deleted' }));
    await waitFor(() => expect(lastQuery(mock).get('action')).toBe('delete'));
    await user.type(screen.getByLabelText('When (UTC) from'), '01-Mar-2026');
    await user.type(screen.getByLabelText('Filter Changes'), 'Before');
    await waitFor(() => expect(lastQuery(mock).get('text')).toBe('Before'));
    expect(lastQuery(mock).get('from')).toBe('2026-03-01');
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await user.click(await screen.findByRole('option', { name: '100' }));
    await waitFor(() => expect(lastQuery(mock).get('pageSize')).toBe('100'));
    // Much typing on a shared, busy machine: more time than the default.
  }, 40_000);

  it('downloads the export of the current filters and says when rows were left out', async () => {
    const mock = serve().on(
      'GET',
      '/ctpo/admin/audit/export',
      () =>
        new Response(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'content-disposition': 'attachment; filename="audit-trail-2026-03-05.xlsx"',
            'x-audit-total': '60000',
            'x-audit-rows': '50000',
          },
        }),
    );
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:audit');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = render('/ctpo/audit-trail?action=update&actor=pat');
    await firstRow();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText(/newest 50,000 of 60,000 matching rows/)).toBeInTheDocument();
    expect(names).toEqual(['audit-trail-2026-03-05.xlsx']);
    expect(Object.fromEntries(mock.to('/ctpo/admin/audit/export')[0]!.url.searchParams)).toEqual({
      action: 'update',
      actor: 'pat',
    });
  });

  it('says so when nothing matches', async () => {
    serve(page([]));
    render();
    expect(
      await screen.findByText('No audit rows match the filters.', undefined, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it('offers Retry when loading fails', async () => {
    serve(errorReply(500));
    const { user } = render();
    expect(
      await screen.findByText('The audit trail could not be loaded.', undefined, { timeout: 5_000 }),
    ).toBeInTheDocument();
    serve();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await firstRow()).toBeInTheDocument();
  });

  it.each([
    ['planner', testUser],
    ['viewer', readOnlyUser],
  ])('tells a %s that the audit trail is for administrators, without asking the server', async (_, user) => {
    const mock = serve();
    render('/ctpo/audit-trail', user);
    expect(screen.getByRole('heading', { name: 'Not authorised' })).toBeInTheDocument();
    expect(screen.getByText('The audit trail is for administrators only.')).toBeInTheDocument();
    expect(mock.requests).toHaveLength(0);
  });
});
