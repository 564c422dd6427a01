import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser } from '@/test/fixtures';
import {
  COHORT_SETS,
  renderSimulation,
  resultRequests,
  serveSimulation,
  SIM_PATH,
  simPlan,
  status,
  STATUS_PATH,
} from '../test/simulation-test-utils';

let server: FetchMock;
beforeEach(() => {
  server = installFetchMock();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('status view', () => {
  it.each([
    ['NOT_STARTED', status('NOT_STARTED'), ['Simulation has not started.']],
    ['REQUESTING', status('REQUESTING'), ['Requesting...']],
    ['RUNNING', status('RUNNING'), ['Simulation is running...']],
    ['PROCESSING', status('PROCESSING'), ['PROCESSING', 'Simulation is processing...']],
    [
      'PROCESSING with a message and detail',
      status('PROCESSING', { simOptRunMsg: 'Replications 800 of 2000', simOptRunDetail: 'worker 2' }),
      ['PROCESSING', 'Replications 800 of 2000', 'worker 2'],
    ],
  ])('shows %s as the spec words it', async (_, runStatus, texts) => {
    serveSimulation(server, { runStatus });
    renderSimulation();
    const view = await screen.findByRole('status');
    for (const text of texts) expect(within(view).getByText(text)).toBeInTheDocument();
    expect(resultRequests(server)).toHaveLength(0);
  });

  it('shows a failure with Back to Review Page', async () => {
    serveSimulation(server, { runStatus: status('BAD_REQUEST') });
    const { router, user } = renderSimulation();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Simulation failed.')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Back to Review Page' }));
    expect(router.state.location.pathname).toBe('/ctpo/study-plans/7/42/review');
  });

  it.each([
    [
      status('INTERNAL_ERROR', { simOptRunMsg: 'Worker crashed', simOptRunDetail: 'exit code 1' }),
      ['Worker crashed', 'exit code 1'],
    ],
    [status('INTERNAL_ERROR'), ['Simulation failed.']],
  ])('shows INTERNAL_ERROR with its status, message and detail', async (runStatus, texts) => {
    serveSimulation(server, { runStatus });
    renderSimulation();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('INTERNAL_ERROR')).toBeInTheDocument();
    for (const text of texts) expect(within(alert).getByText(text)).toBeInTheDocument();
  });
});

describe('polling', () => {
  it('reads the status every 15 s until the run completes, then loads the results', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current = status('RUNNING');
    serveSimulation(server, { runStatus: () => current });
    renderSimulation();
    expect(await screen.findByText('Simulation is running...')).toBeInTheDocument();
    expect(server.to(STATUS_PATH)).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(14_000);
    expect(server.to(STATUS_PATH)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(server.to(STATUS_PATH)).toHaveLength(2));

    current = status('COMPLETED_OK');
    await vi.advanceTimersByTimeAsync(15_000);
    await waitFor(() => expect(server.to(STATUS_PATH)).toHaveLength(3));
    expect(await screen.findByRole('tab', { name: 'Tables' })).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(45_000);
    expect(server.to(STATUS_PATH)).toHaveLength(3);
  });

  it.each([
    ['type=view', `${SIM_PATH}?type=view`, undefined],
    ['a read-only user', SIM_PATH, readOnlyUser],
  ])('does not poll in view mode (%s)', async (_, route, user) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveSimulation(server, { runStatus: status('RUNNING') });
    const view = renderSimulation({ route, user });
    expect(await screen.findByText('Simulation is running...')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.to(STATUS_PATH)).toHaveLength(1);
    expect(view.router.state.location.search).toBe('?type=view');
  });
});

/** Stands in for the browser's EventSource (jsdom has none): records each stream and lets the test push events. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(
      type,
      (this.listeners.get(type) ?? []).filter((l) => l !== listener),
    );
  }
  close() {
    this.closed = true;
  }
  push(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

describe('pushed status (server-sent events)', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each status the server pushes and the results as soon as the run completes, before any poll', async () => {
    serveSimulation(server, { runStatus: status('RUNNING') });
    renderSimulation();
    expect(await screen.findByText('Simulation is running...')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const stream = FakeEventSource.opened[0]!;
    expect(stream.url).toBe('/ctpo/simulation/events/plan/42');

    act(() =>
      stream.push(
        'status',
        status('PROCESSING', {
          simOptRunMsg: 'Simulation is processing...',
          simOptRunDetail: '1000 of 2000',
        }),
      ),
    );
    expect(await screen.findByText('1000 of 2000')).toBeInTheDocument();
    act(() => stream.push('status', status('COMPLETED_OK')));
    expect(await screen.findByRole('tab', { name: 'Tables' })).toBeInTheDocument();
    // The status was read once, on opening: the rest came pushed, well before the 15 s poll.
    expect(server.to(STATUS_PATH)).toHaveLength(1);
    expect(stream.closed).toBe(true);
  });

  it('opens no stream in view mode or for a finished run', async () => {
    serveSimulation(server, { runStatus: status('RUNNING') });
    const view = renderSimulation({ route: `${SIM_PATH}?type=view` });
    expect(await screen.findByText('Simulation is running...')).toBeInTheDocument();
    view.unmount();

    serveSimulation(server, { runStatus: status('COMPLETED_OK') });
    renderSimulation();
    expect(await screen.findByRole('tab', { name: 'Tables' })).toBeInTheDocument();
    expect(FakeEventSource.opened).toHaveLength(0);
  });
});

describe('loading the results', () => {
  it('loads the 13 sets of a plan one after the other and then shows the tabs', async () => {
    serveSimulation(server);
    renderSimulation();
    expect(await screen.findByRole('tab', { name: 'Tables' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Charts' })).toBeInTheDocument();
    expect(resultRequests(server)).toHaveLength(13);
  });

  it("reads the run's uncertainty settings and shows them in the Parameter Summary", async () => {
    serveSimulation(server);
    renderSimulation();
    const summary = await screen.findByRole('region', { name: 'Parameter Summary' });
    expect(await within(summary).findByText('Country rate CV')).toBeInTheDocument();
    // The run's 0.80, not the plan's current 0.30.
    expect(within(summary).getByText('Site rate CV').nextElementSibling).toHaveTextContent('0.80');
    expect(
      within(summary).getByText('Site inactivation (per site-year)').nextElementSibling,
    ).toHaveTextContent('0.15');
    expect(server.to('/ctpo/results/settings/plan/42')).toHaveLength(1);
  });

  it('still shows the results when the run settings cannot be read', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    serveSimulation(server);
    server.on('GET', '/ctpo/results/settings/plan/42', () => errorReply(404, 'Not found.'));
    renderSimulation();
    const summary = await screen.findByRole('region', { name: 'Parameter Summary' });
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(within(summary).getByText('Subjects to Screen')).toBeInTheDocument();
    expect(within(summary).queryByText('Site rate CV')).not.toBeInTheDocument();
    error.mockRestore();
  });

  it('counts 20 sets for a sequential cohort plan', async () => {
    serveSimulation(server, {
      plan: simPlan({ studyPlanType: 2, studyPlanTypeDetail: 'Cohort (D)', cohortType: 2 }),
      sets: COHORT_SETS,
    });
    server.on('GET', /\/ctpo\/cohortcharts\/timeline\//, () => new Promise(() => {}));
    renderSimulation();
    expect(await screen.findByText('Loading simulation results: 19 of 20')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '95');
  });

  it('shows 13 as the total of an ordinary plan and offers Retry when a set fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    serveSimulation(server);
    let fail = true;
    server.on('GET', '/ctpo/results/summary/plan/42', () => (fail ? errorReply(500) : undefined));
    const { user } = renderSimulation();
    expect(await screen.findByText('Loading simulation results: 4 of 13')).toBeInTheDocument();
    expect(await screen.findByText('Some simulation results could not be loaded.')).toBeInTheDocument();
    expect(error).toHaveBeenCalled();

    fail = false;
    server.on('GET', '/ctpo/results/summary/plan/42', [{ siteGroupName: 'Overall' }]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tab', { name: 'Tables' })).toBeInTheDocument();
  });

  it('loads the results in view mode without polling', async () => {
    serveSimulation(server);
    renderSimulation({ route: `${SIM_PATH}?type=view` });
    expect(await screen.findByRole('tab', { name: 'Tables' })).toBeInTheDocument();
    expect(server.to(STATUS_PATH)).toHaveLength(1);
  });
});

describe('header', () => {
  it('offers View Study Plan for a plan the user may not edit, and Back to Study Plan List', async () => {
    serveSimulation(server, { runStatus: status('RUNNING') });
    const { router, user } = renderSimulation();
    await user.click(await screen.findByRole('button', { name: 'View Study Plan' }));
    expect(router.state.location.pathname).toBe('/ctpo/study-plans/7/42/review');
  });

  it('offers Edit Study Plan for a Draft plan of an editor', async () => {
    serveSimulation(server, {
      plan: simPlan({ scenarioStatus: 'Draft', isEditable: true }),
      runStatus: status('RUNNING'),
    });
    const { router, user } = renderSimulation();
    await user.click(await screen.findByRole('button', { name: 'Back to Study Plan List' }));
    expect(router.state.location.pathname).toBe('/ctpo/study-plans/7');
  });

  it('confirms Save As Draft and saves with the plan version', async () => {
    serveSimulation(server, { runStatus: status('RUNNING'), plan: simPlan({ studyPlanVersion: 2 }) });
    server.on('POST', '/ctpo/study/7/EnrollmentPlanSaveAs', [{ returnCode: '200', studyPlanId: 42 }]);
    const { user } = renderSimulation();
    await user.click(await screen.findByRole('button', { name: 'Save As' }));
    const menu = await screen.findByRole('menu', { name: 'Save As' });
    await user.click(within(menu).getByRole('menuitem', { name: 'Draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save As Draft' });
    expect(dialog).toHaveTextContent("The draft will be saved as 'Base plan v3'.");
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Study plan saved as Draft.')).toBeInTheDocument();
    expect(server.to('/ctpo/study/7/EnrollmentPlanSaveAs')[0]?.body).toEqual({
      studyPlanId: 42,
      scenarioStatus: 'Draft',
      rowVersion: 3,
    });
  });

  it('gives read-only users no Save As', async () => {
    serveSimulation(server, { runStatus: status('RUNNING') });
    renderSimulation({ route: `${SIM_PATH}?type=view`, user: readOnlyUser });
    expect(await screen.findByRole('button', { name: 'View Study Plan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save As' })).not.toBeInTheDocument();
  });

  it('sends an address without a saved plan id back to the plan', async () => {
    const { router } = renderSimulation({ route: '/ctpo/study-plans/7/new-plan_1/simulation' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/ctpo/study-plans/7/new-plan_1/'));
  });
});
