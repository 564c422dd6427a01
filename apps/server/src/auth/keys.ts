import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

/**
 * Key material of the built-in identity provider, kept in `${DATA_DIR}/oidc/` (files readable by the owner only)
 * so tokens and sessions survive restarts, or only in memory when DATA_DIR is 'memory'. The provider, the sign-in
 * flow and `npm run token` all load it through these functions, so they always agree.
 */
export const SIGNING_ALG = 'RS256';

export interface SigningKeys {
  /** The private RSA key as a JWK with kid, alg RS256 and use sig. */
  privateJwk: JWK;
  /** The public half, as published at the provider's jwks endpoint and used to verify tokens. */
  publicJwks: { keys: JWK[] };
  kid: string;
}

export function oidcKeyFiles(dataDir: string) {
  const dir = path.resolve(dataDir, 'oidc');
  return { dir, jwks: path.join(dir, 'jwks.json'), cookieKeys: path.join(dir, 'cookie-keys.json') };
}

/** Loads the provider's signing key, generating and persisting it on first use. */
export async function loadSigningKeys(dataDir: string): Promise<SigningKeys> {
  const text =
    dataDir === 'memory'
      ? await newSigningJwks()
      : await readOrCreate(oidcKeyFiles(dataDir).jwks, newSigningJwks, dataDir);
  const file = oidcKeyFiles(dataDir).jwks;
  let parsed: { keys?: JWK[] };
  try {
    parsed = JSON.parse(text) as { keys?: JWK[] };
  } catch {
    throw new Error(`${file} is not valid JSON; remove it to generate a new signing key.`);
  }
  const privateJwk = parsed.keys?.find(
    (k) => k.kty === 'RSA' && typeof k.d === 'string' && typeof k.kid === 'string',
  );
  if (!privateJwk?.kid) throw new Error(`${file} holds no private RSA key; remove it to generate a new one.`);
  const { kty, n, e, kid } = privateJwk;
  return {
    privateJwk: { ...privateJwk, alg: SIGNING_ALG, use: 'sig' },
    publicJwks: { keys: [{ kty, n, e, kid, alg: SIGNING_ALG, use: 'sig' }] },
    kid,
  };
}

/** Loads the secrets that sign the provider's cookies and encrypt the sign-in state cookie. */
export async function loadCookieKeys(dataDir: string): Promise<string[]> {
  const text =
    dataDir === 'memory'
      ? newCookieKeys()
      : await readOrCreate(oidcKeyFiles(dataDir).cookieKeys, async () => newCookieKeys(), dataDir);
  let keys: unknown;
  try {
    keys = (JSON.parse(text) as { keys?: unknown }).keys;
  } catch {
    keys = undefined;
  }
  if (
    !Array.isArray(keys) ||
    keys.length === 0 ||
    !keys.every((k) => typeof k === 'string' && k.length >= 32)
  ) {
    throw new Error(
      `${oidcKeyFiles(dataDir).cookieKeys} is not valid; remove it to generate new cookie keys.`,
    );
  }
  return keys as string[];
}

async function newSigningJwks(): Promise<string> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint({ kty: jwk.kty, n: jwk.n, e: jwk.e });
  return `${JSON.stringify({ keys: [{ ...jwk, kid, alg: SIGNING_ALG, use: 'sig' }] }, null, 2)}\n`;
}

function newCookieKeys(): string {
  return `${JSON.stringify({ keys: [randomBytes(32).toString('base64url')] }, null, 2)}\n`;
}

/** Reads a secret file, or creates it (mode 0600) atomically, never replacing one another process wrote first. */
async function readOrCreate(file: string, create: () => Promise<string>, dataDir: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const content = await create();
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(temp, content, { mode: 0o600, flag: 'wx' });
    // link() fails when the file exists, so two processes starting together end up with the same key.
    await link(temp, file);
    return content;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFile(file, 'utf8');
    throw new Error(
      `Cannot write the identity provider's keys under ${dataDir}: ${(error as Error).message}`,
      { cause: error },
    );
  } finally {
    await rm(temp, { force: true });
  }
}
