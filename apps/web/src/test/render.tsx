import type { CurrentUser } from '@predict/shared';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { CurrentUserContext } from '@/features/auth';
import { testUser } from './fixtures';

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/**
 * Renders one component as a signed-in screen at `route` (matched by `path`); any other address renders
 * a location probe, so navigation can be asserted with `router.state.location`.
 */
export function renderScreen(
  ui: ReactElement,
  {
    route = '/ctpo/study-plans/',
    path = route,
    user = testUser,
  }: { route?: string; path?: string; user?: CurrentUser } = {},
) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(
    [
      { path, element: <CurrentUserContext.Provider value={user}>{ui}</CurrentUserContext.Provider> },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [route] },
  );
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, user: userEvent.setup() };
}

/** Renders the whole app (real routes, sign-in shell included) at `route`. */
export function renderApp(route: string) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, user: userEvent.setup() };
}
