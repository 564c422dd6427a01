import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { IdentityConfigError } from '../src/auth/demo-policy';
import { loadEnv } from '../src/env';
import { createServer } from '../src/start';
import { TEST_DB_SHAPE } from './helpers/app';
import { createAuthTestApp } from './helpers/auth-app';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Starting a process (tsx compiles the server) takes a few seconds, much longer on a loaded machine.
const SLOW = 180_000;

// The settings of a throw-away server: in-memory database, no demo data, no workers, no web app.
const base = {
  NODE_ENV: 'development',
  DATA_DIR: 'memory',
  SEED_DEMO_DATA: 'false',
  RUN_WORKERS: 'false',
  WEB_DIST: '',
  LOG_LEVEL: 'info',
};

/** The process groups of the servers started here, so that none outlives the tests (a timeout included). */
const started = new Set<number>();

/** Signals the server's whole process group: npx, tsx and the node process that serves. */
function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group has already gone.
    started.delete(pid);
  }
}

afterAll(() => {
  for (const pid of started) signalGroup(pid, 'SIGKILL');
});

/** Runs `npm start`'s entry point until `until` matches its output or it exits; then stops it. */
function startServer(env: Record<string, string>, until: RegExp) {
  const { HOST: _h, DEMO_USERS: _d, OIDC_ISSUER: _o, TRUST_PROXY: _t, ...inherited } = process.env;
  // A group of its own: SIGTERM to npx alone left tsx and the server running, orphaned, after the test run.
  const child = spawn('npx', ['tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...inherited, ...base, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  if (child.pid !== undefined) started.add(child.pid);
  let output = '';
  return new Promise<{ output: string; code: number | null }>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (until.test(output) && child.pid !== undefined) signalGroup(child.pid, 'SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    // 'close': every process of the group holding the pipes has ended, the server included.
    child.on('close', (code) => resolve({ output, code }));
  });
}

// The spawned servers use the in-memory embedded database whatever the pass, so the PostgreSQL pass would only
// repeat them.
describe.skipIf(TEST_DB_SHAPE === 'postgres')('starting the server', () => {
  it(
    'listens on 127.0.0.1 by default, with the built-in sign-in',
    async () => {
      const { output } = await startServer({}, /Predict is running at/);
      expect(output).toMatch(/Server listening at http:\/\/127\.0\.0\.1:\d+/);
      expect(output).not.toMatch(/listening at http:\/\/(0\.0\.0\.0|\[::\])/);
      expect(output).toContain('sign-in: built-in');
      expect(output).not.toContain('reachable from other machines');
      // No runtime warning on a supported Node (engines): neither a library's own ('oidc-provider WARNING:
      // Unsupported runtime') nor Node's ('(node:123) [DEP0040] DeprecationWarning: ...').
      expect(output).not.toMatch(/WARNING|Unsupported runtime/);
      expect(output).not.toMatch(/\(node:\d+\) (\[\w+\] )?\w*Warning/);
    },
    SLOW,
  );

  it(
    'refuses a network address without an identity provider, saying what to set, without a stack trace',
    async () => {
      const { output, code } = await startServer({ HOST: '0.0.0.0' }, /Server listening/);
      expect(code).toBe(1);
      expect(output).toContain('Predict did not start.\nNo identity provider: HOST=0.0.0.0');
      expect(output).toContain('OIDC_ISSUER');
      expect(output).toContain('DEMO_USERS=on');
      expect(output).not.toMatch(/\n\s+at /);
    },
    SLOW,
  );
});

describe('createServer and the app refuse unsafe demo users', () => {
  it('refuses NODE_ENV=production with the demo users before opening anything', async () => {
    const env = loadEnv({ ...base, NODE_ENV: 'production' });
    await expect(createServer(env, false)).rejects.toThrow(IdentityConfigError);
    await expect(createServer(env, false)).rejects.toThrow(
      /NODE_ENV=production with the demo users enabled \(DEMO_USERS=auto, HOST=127\.0\.0\.1/,
    );
    const explicit = loadEnv({ ...base, NODE_ENV: 'production', HOST: '0.0.0.0', DEMO_USERS: 'on' });
    await expect(createServer(explicit, false)).rejects.toThrow(/NODE_ENV=production.*DEMO_USERS=on/);
  });

  it('the auth module itself refuses them too (any app built with registerAuth)', async () => {
    await expect(createAuthTestApp({ env: { NODE_ENV: 'production' } })).rejects.toThrow(
      /NODE_ENV=production with the demo users/,
    );
    await expect(createAuthTestApp({ env: { HOST: '10.0.0.5' } })).rejects.toThrow(
      /No identity provider: HOST=10\.0\.0\.5/,
    );
    await expect(createAuthTestApp({ env: { DEMO_USERS: 'off' } })).rejects.toThrow(/DEMO_USERS=off/);
  });

  it(
    'runs the demo users on a network address with DEMO_USERS=on and hands back the warning',
    async () => {
      const env = loadEnv({ ...base, HOST: '0.0.0.0', DEMO_USERS: 'on' });
      const { app, identity } = await createServer(env, false);
      try {
        expect(app.auth.kind).toBe('built-in');
        expect(identity).toMatchObject({ provider: 'built-in', warning: expect.stringContaining('WARNING') });
      } finally {
        await app.close();
      }
    },
    SLOW,
  );
});
