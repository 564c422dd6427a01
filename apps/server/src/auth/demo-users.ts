import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A user of the built-in (demo) identity provider. */
export interface DemoUser {
  /** Sign-in name; also the token's `sub` and `preferred_username`. */
  username: string;
  name: string;
  givenName: string;
  familyName: string;
  email: string;
  locale: string;
  groups: readonly string[];
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'planner',
    name: 'Pat Planner',
    givenName: 'Pat',
    familyName: 'Planner',
    email: 'planner@predict.example',
    locale: 'en-US',
    groups: ['app_PremierPredict_Planner'],
  },
  {
    username: 'viewer',
    name: 'Val Viewer',
    givenName: 'Val',
    familyName: 'Viewer',
    email: 'viewer@predict.example',
    locale: 'en-US',
    groups: ['app_PremierPredict_ReadOnly'],
  },
  {
    username: 'admin',
    name: 'Ada Admin',
    givenName: 'Ada',
    familyName: 'Admin',
    email: 'admin@predict.example',
    locale: 'en-US',
    groups: ['app_PremierPredict_AdminUser', 'app_PremierPredict_Planner'],
  },
];

export type DemoUsername = 'planner' | 'viewer' | 'admin';

/**
 * Passwords of the demo users. They only protect the built-in provider, which exists for demos and local
 * development; deployments with real users configure OIDC_ISSUER instead.
 */
export const DEMO_PASSWORDS: Readonly<Record<DemoUsername, string>> = {
  planner: 'planner-demo',
  viewer: 'viewer-demo',
  admin: 'admin-demo',
};

export const DEMO_USERNAMES = DEMO_USERS.map((u) => u.username);

export function findDemoUser(username: string): DemoUser | undefined {
  return DEMO_USERS.find((u) => u.username === username);
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
const passwordDigests = new Map(
  Object.entries(DEMO_PASSWORDS).map(([user, password]) => [user, digest(password)]),
);
// Compared against when the user does not exist, so unknown and known names take the same time.
const decoy = digest(randomBytes(32).toString('hex'));

/** The demo user when the password is right; compares fixed-length digests in constant time. */
export function checkDemoPassword(username: string, password: string): DemoUser | undefined {
  const expected = passwordDigests.get(username.trim().toLowerCase()) ?? decoy;
  const matches = timingSafeEqual(digest(password), expected);
  return matches && expected !== decoy ? findDemoUser(username.trim().toLowerCase()) : undefined;
}

/** Claims the built-in provider puts into access tokens (and the ID token / userinfo) for a demo user. */
export function demoUserClaims(user: DemoUser) {
  return {
    groups: [...user.groups],
    name: user.name,
    given_name: user.givenName,
    family_name: user.familyName,
    email: user.email,
    preferred_username: user.username,
    locale: user.locale,
  };
}
