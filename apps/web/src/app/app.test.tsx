import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { serveAdminData } from '@/features/admin-data/test/admin-data-fixtures';
import { errorReply, installFetchMock, json, noContent, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser, studyDetails, testUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const META = {
  product: 'Predict',
  version: '0.1.0',
  identityProvider: 'built-in',
  issuer: 'http://localhost/ctpo/oidc',
  database: 'pglite',
  demoData: false,
};

function signedInServer() {
  return installFetchMock()
    .on('GET', '/ctpo/health', { status: 'ok' })
    .on('POST', '/ctpo/login', testUser)
    .on('POST', '/ctpo/study/0/UserLogin', noContent())
    .on('GET', '/ctpo/studies', { rows: [], total: 0, page: 0, pageSize: 10 })
    .on('GET', /^\/ctpo\/favorites\/user\//, [])
    .on('GET', '/ctpo/quickLinks', [])
    .on('GET', '/ctpo/meta', META)
    .on('GET', /^\/ctpo\/study\/\d+$/, (r) =>
      studyDetails({
        studyId: Number(r.url.pathname.split('/').pop()),
        projectId: 'P-' + r.url.pathname.split('/').pop(),
      }),
    );
}

function mockLocation(pathname = '/', search = '') {
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    pathname,
    search,
    hash: '',
    assign,
  } as Location);
  return assign;
}

/** The top bar's navigation links (styled as tabs). */
const tab = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name });

describe('app shell', () => {
  let server: FetchMock;
  beforeEach(() => {
    server = signedInServer();
  });

  it('redirects / to the study list after checking health and signing in', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByLabelText('Search studies')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ctpo/study-plans/');
    const order = server.requests.map((r) => `${r.method} ${r.url.pathname}`);
    expect(order.indexOf('GET /ctpo/health')).toBeLessThan(order.indexOf('POST /ctpo/login'));
  });

  it.each(['/ctpo', '/ctpo/'])('redirects %s to the study list', async (route) => {
    const { router } = renderApp(route);
    await screen.findByLabelText('Search studies');
    expect(router.state.location.pathname).toBe('/ctpo/study-plans/');
  });

  it('shows a spinner while signing in', async () => {
    let finish: () => void = () => {};
    server.on(
      'POST',
      '/ctpo/login',
      () => new Promise((resolve) => (finish = () => resolve(json(testUser)))),
    );
    renderApp('/ctpo/user-profile/');
    expect(await screen.findByRole('progressbar', { name: 'Signing in' })).toBeInTheDocument();
    await waitFor(() => expect(server.to('/ctpo/login')).toHaveLength(1));
    expect(screen.getByRole('progressbar', { name: 'Signing in' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    finish();
    expect(await screen.findByRole('heading', { name: 'User Profile' })).toBeInTheDocument();
  });

  it('sends the browser to the server login when sign-in answers 401', async () => {
    const assign = mockLocation('/ctpo/study-plans/12', '?tab=1');
    server.on('POST', '/ctpo/login', json({ error: 'Unauthorized', message: 'Sign in.' }, 401));
    renderApp('/ctpo/study-plans/12');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/ctpo/auth/login?returnTo=%2Fctpo%2Fstudy-plans%2F12%3Ftab%3D1'),
    );
    expect(screen.getByRole('progressbar', { name: 'Signing in' })).toBeInTheDocument();
  });

  it.each([
    ['503', () => errorReply(503, 'The database is not available.')],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('goes to /health when the health check fails with %s, without signing in', async (_, reply) => {
    server.on('GET', '/ctpo/health', reply);
    const { router, user } = renderApp('/ctpo/study-plans/');
    expect(await screen.findByRole('heading', { name: 'Network Issues' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/health');
    expect(server.to('/ctpo/login')).toHaveLength(0);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    // Still down: stays; back up: returns to the study list and signs in.
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The server is still not reachable.')).toBeInTheDocument();
    server.on('GET', '/ctpo/health', { status: 'ok' });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Search studies')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ctpo/study-plans/');
    expect(server.to('/ctpo/login')).toHaveLength(1);
  });

  it('records the sign-in once per browser session', async () => {
    renderApp('/ctpo/user-profile/');
    await screen.findByRole('heading', { name: 'User Profile' });
    await waitFor(() => expect(server.to('/ctpo/study/0/UserLogin', 'POST')).toHaveLength(1));
    expect(server.to('/ctpo/study/0/UserLogin')[0]?.body).toEqual({
      FirstName: 'Pat',
      LastName: 'Planner',
      Email: 'pat.planner@example.com',
      Username: 'pat.planner',
      UserID: 'u-1',
      Locale: 'en-GB',
    });
    expect(window.sessionStorage.getItem('predict.loginRecorded')).toBe('1');
  });

  it('does not record the sign-in again in the same session', async () => {
    window.sessionStorage.setItem('predict.loginRecorded', '1');
    renderApp('/ctpo/user-profile/');
    await screen.findByRole('heading', { name: 'User Profile' });
    expect(server.to('/ctpo/study/0/UserLogin')).toHaveLength(0);
  });
});

describe('top bar', () => {
  let server: FetchMock;
  beforeEach(() => {
    server = signedInServer();
  });

  it('labels demo data only when the server has it loaded', async () => {
    renderApp('/ctpo/study-plans/');
    await screen.findByLabelText('Search studies');
    await waitFor(() => expect(server.to('/ctpo/meta')).toHaveLength(1));
    expect(screen.queryByText('Demo data')).not.toBeInTheDocument();
  });

  it('shows the Demo data label when demo data is loaded', async () => {
    server.on('GET', '/ctpo/meta', { ...META, demoData: true });
    renderApp('/ctpo/study-plans/');
    expect(await screen.findByText('Demo data')).toBeInTheDocument();
  });

  it('points Study Plans and Study Actuals at the list when no study is current', async () => {
    renderApp('/ctpo/study-plans/');
    await screen.findByLabelText('Search studies');
    expect(tab('Home')).toHaveAttribute('href', '/ctpo/study-plans/');
    expect(tab('Study Plans')).toHaveAttribute('href', '/ctpo/study-plans/');
    expect(tab('Study Actuals')).toHaveAttribute('href', '/ctpo/study-actuals/');
    expect(tab('Home')).toHaveAttribute('aria-current', 'page');
    expect(tab('Study Plans')).not.toHaveAttribute('aria-current');
  });

  it('points the tabs at the study last seen in a route and remembers it', async () => {
    const { user } = renderApp('/ctpo/study-plans/9');
    expect(await screen.findByRole('heading', { name: 'Acme Pharma - P-9' })).toBeInTheDocument();
    expect(tab('Study Plans')).toHaveAttribute('href', '/ctpo/study-plans/9');
    expect(tab('Study Actuals')).toHaveAttribute('href', '/ctpo/study-actuals/9');
    expect(tab('Study Plans')).toHaveAttribute('aria-current', 'page');
    expect(window.localStorage.getItem('predict.currentStudyId')).toBe('9');

    await user.click(tab('Home'));
    await screen.findByLabelText('Search studies');
    expect(tab('Study Actuals')).toHaveAttribute('href', '/ctpo/study-actuals/9');
    await user.click(tab('Study Actuals'));
    expect(await screen.findByRole('heading', { name: 'Acme Pharma - P-9' })).toBeInTheDocument();
    expect(tab('Study Actuals')).toHaveAttribute('aria-current', 'page');
  });

  it('starts from the study remembered in localStorage', async () => {
    window.localStorage.setItem('predict.currentStudyId', '5');
    renderApp('/ctpo/user-profile/');
    await screen.findByRole('heading', { name: 'User Profile' });
    expect(tab('Study Plans')).toHaveAttribute('href', '/ctpo/study-plans/5');
  });

  it('hides the tabs and the account menu on /goodbye, which needs no sign-in', async () => {
    const assign = mockLocation('/goodbye');
    const { user } = renderApp('/goodbye');
    expect(await screen.findByText('You are Logged Out')).toBeInTheDocument();
    expect(screen.getByText('Thank you for using Predict')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(assign).toHaveBeenCalledWith('/ctpo/auth/login?returnTo=%2Fctpo%2Fstudy-plans%2F');
  });

  it('has an account menu with Admin Data, Forecast Calibration, User Profile and Sign Out', async () => {
    const assign = mockLocation('/ctpo/study-plans/');
    const { user, router } = renderApp('/ctpo/study-plans/');
    const account = await screen.findByRole('button', { name: 'Account' });
    expect(account).toHaveTextContent('Pat Planner');
    expect(screen.queryByText('Read-only')).not.toBeInTheDocument();

    await user.click(account);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Admin Data', 'Forecast Calibration', 'User Profile', 'Sign Out']);
    server.on('GET', '/ctpo/admin/sitegroups', []);
    await user.click(within(menu).getByRole('menuitem', { name: 'Admin Data' }));
    expect(await screen.findByText('No site groups yet.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ctpo/admin-data/');

    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    expect(assign).toHaveBeenCalledWith('/ctpo/auth/logout');
  });

  it('shows a Read-only chip to read-only users', async () => {
    server.on('POST', '/ctpo/login', readOnlyUser);
    renderApp('/ctpo/user-profile/');
    expect(await screen.findByText('Read-only')).toBeInTheDocument();
  });
});

describe('routes', () => {
  beforeEach(() => {
    signedInServer();
  });

  it.each([
    ['/ctpo/admin-data/', 'Austria', '/ctpo/admin-data/11'],
    ['/ctpo/admin-data/12', 'Belgium', '/ctpo/admin-data/12'],
  ])('%s shows Admin Data with site group %s', async (route, name, pathname) => {
    serveAdminData(signedInServer());
    const { router } = renderApp(route);
    expect(await screen.findByRole('heading', { name: 'Admin Data' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name, level: 2 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(pathname);
  });

  it('shows Forecast Calibration under the admin area, not a site group', async () => {
    signedInServer().on('GET', '/ctpo/admin/forecast-calibration', {
      studies: [],
      milestones: [],
      reforecasts: [],
      reforecastBuckets: [],
    });
    renderApp('/ctpo/admin-data/forecast-calibration');
    expect(await screen.findByRole('heading', { name: 'Forecast Calibration' })).toBeInTheDocument();
    expect(await screen.findByText(/^No completed studies yet/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin Data' })).not.toBeInTheDocument();
  });

  it('shows the landing panel on /ctpo/study-actuals/', async () => {
    renderApp('/ctpo/study-actuals/');
    expect(await screen.findByRole('heading', { name: 'Select a Study or Opportunity' })).toBeInTheDocument();
  });

  it.each(['/nowhere', '/ctpo/nowhere'])('shows Page not found for %s', async (route) => {
    renderApp(route);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
