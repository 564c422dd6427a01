import { CurrentUser, type UserLoginBody } from '@predict/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Signs the browser session in to the API and returns the user with groups and roles. */
export function login(): Promise<CurrentUser> {
  return api.post('/ctpo/login', undefined, CurrentUser);
}

export const currentUserQueryOptions = queryOptions({
  queryKey: ['current-user'],
  queryFn: login,
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
  refetchOnWindowFocus: false,
});

/** Records the sign-in for the login profile (spec/3 section 7, Record login). */
export async function recordLogin(user: CurrentUser): Promise<void> {
  const body: UserLoginBody = {
    FirstName: user.firstName,
    LastName: user.lastName,
    Email: user.email,
    Username: user.username,
    UserID: user.userId,
    Locale: user.locale,
  };
  await api.post('/ctpo/study/0/UserLogin', body);
}
