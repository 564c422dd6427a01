import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { isApiError } from '@/lib/api-client';
import { healthQueryOptions } from '../api/health';
import { currentUserQueryOptions } from '../api/login';
import { CurrentUserContext } from '../current-user-context';
import { useRecordLogin } from '../hooks/use-record-login';

/**
 * Gate of every /ctpo route: checks the server's health, then signs in (POST /ctpo/login).
 * A 401 sends the browser to the server's login page (done by the api client), which returns here.
 */
export function RequireSignIn({
  children,
  frame = (content) => content,
}: {
  children: ReactNode;
  /** Wraps the waiting and failure states (for example in the page layout without tabs). */
  frame?: (content: ReactNode) => ReactNode;
}) {
  const health = useQuery(healthQueryOptions);
  const login = useQuery({ ...currentUserQueryOptions, enabled: health.isSuccess });
  useRecordLogin(login.data);

  // A plain 401 is on its way to the login page; anything else (a sign-in loop included) is a failure to show.
  const loginFailed =
    login.isError && !(isApiError(login.error) && login.error.status === 401 && !login.error.signInLoop);
  useEffect(() => {
    // spec: a sign-in failure is only logged; the page offers to try again.
    if (loginFailed) console.error('Sign-in failed.', login.error);
  }, [loginFailed, login.error]);

  if (health.isError) return <Navigate to="/health" replace />;
  if (login.data) {
    return <CurrentUserContext.Provider value={login.data}>{children}</CurrentUserContext.Provider>;
  }
  if (loginFailed) {
    return frame(
      <Box sx={{ maxWidth: 560, mx: 'auto', mt: 8, px: 2 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void login.refetch()}>
              Try again
            </Button>
          }
        >
          Signing in did not work.
        </Alert>
      </Box>,
    );
  }
  // Checking health, signing in, or on the way to the login page after a 401.
  return frame(<PageSpinner label="Signing in" />);
}
