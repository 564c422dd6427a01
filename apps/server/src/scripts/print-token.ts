/**
 * Prints an access token for a demo user of the built-in identity provider, for API calls from scripts:
 *   npm run token -- planner
 *   curl -H "Authorization: Bearer $(npm run -s token -- viewer)" http://localhost:8080/ctpo/meta
 * The token is signed with the key in DATA_DIR, the same one the server uses, and is valid for 8 hours.
 * Only the token goes to stdout; messages go to stderr.
 */
import { builtInIssuer, signDemoAccessToken } from '../auth/demo-token';
import { DEMO_USERNAMES } from '../auth/demo-users';
import { loadSigningKeys } from '../auth/keys';
import { loadEnv, publicUrl, type Env } from '../env';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  fail((error as Error).message);
}
const username = process.argv[2];

if (env.OIDC_ISSUER) {
  fail(
    `OIDC_ISSUER is set (${env.OIDC_ISSUER}): tokens come from that identity provider, not from this script. ` +
      'Unset OIDC_ISSUER to use the built-in provider and its demo users.',
  );
}
if (env.DATA_DIR === 'memory') {
  fail(
    'DATA_DIR=memory keeps the signing key only inside the running server, so no token made here would be accepted.',
  );
}
if (!username || !DEMO_USERNAMES.includes(username)) {
  fail(
    `${username ? `Unknown demo user '${username}'.` : 'Name a demo user.'} ` +
      `Usage: npm run token -- <user>, where <user> is one of: ${DEMO_USERNAMES.join(', ')}.`,
  );
}

const token = await signDemoAccessToken({
  signingKeys: await loadSigningKeys(env.DATA_DIR),
  issuer: builtInIssuer(publicUrl(env)),
  audience: env.OIDC_AUDIENCE,
  clientId: env.OIDC_CLIENT_ID,
  username,
});
process.stdout.write(`${token}\n`);
