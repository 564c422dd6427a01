import { isIPv4, isIPv6 } from 'node:net';
import { ConfigError } from '../env';

/** DEMO_USERS: `auto` runs the demo users only when the server listens on a loopback address. */
export type DemoUsersSetting = 'on' | 'off' | 'auto';

export interface IdentitySettings {
  NODE_ENV: string;
  HOST: string;
  OIDC_ISSUER?: string | undefined;
  DEMO_USERS: DemoUsersSetting;
}

export type IdentityChoice =
  | { provider: 'external'; issuer: string }
  /** `warning`: the demo users are reachable from other machines (said at every start). */
  | { provider: 'built-in'; warning?: string };

/** Why the server refuses to start; the message names the settings to change. */
export class IdentityConfigError extends ConfigError {
  override name = 'IdentityConfigError';
}

/** True for addresses only this machine can reach: 127.0.0.0/8, ::1 (also IPv4-mapped) and localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h === 'localhost.') return true;
  if (isIPv4(h)) return h.startsWith('127.');
  if (!isIPv6(h)) return false;
  if (h.startsWith('::ffff:')) return isLoopbackHost(h.slice('::ffff:'.length));
  // Every spelling of ::1 (0:0:0:0:0:0:0:1, ::0:1 ...): all groups zero but the last, which is 1.
  const [head = '', tail = ''] = h.split('::');
  const groups = h.includes('::')
    ? [...head.split(':'), ...tail.split(':')].filter((g) => g !== '')
    : h.split(':');
  const last = groups.pop();
  return last !== undefined && parseInt(last, 16) === 1 && groups.every((g) => parseInt(g, 16) === 0);
}

const USE_ISSUER =
  'set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET to use your identity provider (README, "Configure")';

/**
 * Which identity provider runs, or why none may. The built-in provider's users have published passwords, so they
 * run only where nobody else can reach them: on a loopback HOST (DEMO_USERS=auto), or when asked for explicitly
 * (DEMO_USERS=on, with a warning), and never with NODE_ENV=production.
 */
export function chooseIdentityProvider(s: IdentitySettings): IdentityChoice {
  if (s.OIDC_ISSUER) {
    if (s.DEMO_USERS === 'on') {
      throw new IdentityConfigError(
        'DEMO_USERS=on and OIDC_ISSUER are both set: the demo users exist only in the built-in provider, which ' +
          'does not run with an external one. Unset DEMO_USERS to use OIDC_ISSUER, or unset OIDC_ISSUER for the demo users.',
      );
    }
    return { provider: 'external', issuer: s.OIDC_ISSUER };
  }
  const loopback = isLoopbackHost(s.HOST);
  const demo = s.DEMO_USERS === 'on' || (s.DEMO_USERS === 'auto' && loopback);
  if (!demo) {
    const why =
      s.DEMO_USERS === 'off'
        ? 'DEMO_USERS=off and OIDC_ISSUER is not set.'
        : `HOST=${s.HOST} can be reached from other machines and OIDC_ISSUER is not set, so the demo users ` +
          '(whose passwords are published) stay off.';
    throw new IdentityConfigError(
      `No identity provider: ${why} Either\n  - ${USE_ISSUER}, or\n` +
        '  - set HOST=127.0.0.1 and DEMO_USERS=auto for a demo on this machine only, or\n' +
        '  - set DEMO_USERS=on to offer the demo users to the network anyway (never in production).',
    );
  }
  if (s.NODE_ENV === 'production') {
    throw new IdentityConfigError(
      `NODE_ENV=production with the demo users enabled (DEMO_USERS=${s.DEMO_USERS}, HOST=${s.HOST}, OIDC_ISSUER ` +
        `not set): their passwords are published, so a production server refuses them. Either\n  - ${USE_ISSUER}, or\n` +
        '  - set NODE_ENV=development for a demo.',
    );
  }
  if (loopback) return { provider: 'built-in' };
  return {
    provider: 'built-in',
    warning:
      `WARNING: DEMO_USERS=on and HOST=${s.HOST}: the built-in sign-in with the demo users (planner, viewer, admin; ` +
      'their passwords are published in the README) is reachable from other machines. Anyone who can reach this ' +
      'server can sign in as admin. Use it for demos on a trusted network only; set OIDC_ISSUER for real users.',
  };
}
