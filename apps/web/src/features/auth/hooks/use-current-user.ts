import type { CurrentUser, Roles } from '@predict/shared';
import { useContext } from 'react';
import { CurrentUserContext } from '../current-user-context';

export interface CurrentUserState {
  user: CurrentUser;
  roles: Roles;
}

/** The signed-in user and roles; only valid below <RequireSignIn>. */
export function useCurrentUser(): CurrentUserState {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser must be used inside RequireSignIn.');
  return { user, roles: user.roles };
}

/** The signed-in user, or null on pages that do not require sign-in. */
export function useOptionalCurrentUser(): CurrentUser | null {
  return useContext(CurrentUserContext);
}
