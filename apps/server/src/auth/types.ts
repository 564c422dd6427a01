import type { Roles } from '@predict/shared';

/**
 * Who may call a route: anyone, any signed-in user (read), a user who may edit (not read-only), or an admin.
 * Routes under /ctpo default to 'user'; nothing is public unless it says so.
 */
export type Access = 'public' | 'user' | 'editor' | 'admin';

/** The caller, from a verified access token. The user's key is issuer + subject. */
export interface AuthUser {
  issuer: string;
  subject: string;
  userId: string;
  username: string;
  name: string;
  firstName: string;
  lastName: string;
  /** Identifies the user for favorites (spec/3). */
  email: string;
  locale: string;
  groups: string[];
  roles: Roles;
  /** How the token arrived; cookie-authenticated writes need the CSRF header. */
  via: 'cookie' | 'bearer';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}
