import type { CurrentUser } from '@predict/shared';
import { useEffect } from 'react';
import { session } from '@/lib/storage';
import { recordLogin } from '../api/login';

/** sessionStorage flag (never a token): the sign-in was recorded in this browser session. */
export const LOGIN_RECORDED_KEY = 'predict.loginRecorded';

/** Records the sign-in once per browser session; a failure is logged and retried on the next load. */
export function useRecordLogin(user: CurrentUser | undefined): void {
  useEffect(() => {
    if (!user || session.get(LOGIN_RECORDED_KEY)) return;
    // Set before the call so that a second render (StrictMode, remount) does not send it twice.
    session.set(LOGIN_RECORDED_KEY, '1');
    recordLogin(user).catch((error: unknown) => {
      session.remove(LOGIN_RECORDED_KEY);
      console.error('Recording the sign-in failed.', error);
    });
  }, [user]);
}
