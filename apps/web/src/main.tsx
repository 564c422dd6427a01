import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// react-router/dom: the RouterProvider that uses react-dom's flushSync for state updates.
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
