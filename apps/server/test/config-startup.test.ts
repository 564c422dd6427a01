import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { IdentityConfigError } from '../src/auth/demo-policy';
import { openDatabase } from '../src/db/client';
import { LOCK_FILE } from '../src/db/data-dir-lock';
import { loadEnv } from '../src/env';
import { createServer } from '../src/start';
import { TEST_DB_SHAPE } from './helpers/app';
import { createAuthTestApp } from './helpers/auth-app';
import { createScratchDatabase } from './helpers/scratch-postgres';

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
  // As `npm start` runs it: one process (the tsx CLI's relay SIGKILLs a child slow to answer a signal). A group of
  // its own all the same, so nothing it starts outlives the test run.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
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

// A real data directory on disk (PGlite's initdb and the migrations: slower than the in-memory database).
describe.skipIf(TEST_DB_SHAPE === 'postgres')('the embedded database belongs to one process', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const newDataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'predict-data-'));
    dirs.push(dir);
    return dir;
  };

  it(
    'a second server on a data directory in use exits at once, saying why, and leaves the directory alone',
    async () => {
      const dataDir = newDataDir();
      // This test process is the first one: it has the embedded database open.
      const first = await openDatabase({ dataDir });
      try {
        const { output, code } = await startServer({ DATA_DIR: dataDir }, /Server listening/);
        expect(code).toBe(1);
        expect(output).toContain(
          `Predict did not start.\nThe embedded database in ${dataDir} is in use by another process (pid ${process.pid}`,
        );
        expect(output).toContain('stop the other one first, or set DATA_DIR to another directory');
        expect(output).not.toMatch(/\n\s+at /);
        // The first process's database is unharmed and still its own.
        expect(await first.ping()).toBe(true);
      } finally {
        await first.close();
      }
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    },
    SLOW,
  );

  it(
    'takes over the lock left by a process that no longer runs (kill -9) and removes it when it stops',
    async () => {
      const dataDir = newDataDir();
      const dead = spawnSync(process.execPath, ['-e', '']).pid!;
      const lock = { pid: dead, host: hostname(), startedAt: '2026-01-01T00:00:00.000Z' };
      writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify(lock));
      const { output } = await startServer({ DATA_DIR: dataDir }, /Predict is running at/);
      expect(output).toContain(
        `Took over the embedded database's lock left by pid ${dead}, which no longer runs.`,
      );
      expect(output).toContain('Predict is running at');
      // Stopped (SIGTERM), it has released the lock.
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    },
    SLOW,
  );
});

const pgBase = TEST_DB_SHAPE === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

describe.skipIf(!pgBase)('connecting to PostgreSQL as a superuser (TEST_DATABASE_URL is one)', () => {
  it(
    'warns at start that such a role could switch the audit triggers off, naming the least-privileged setup',
    async () => {
      const scratch = await createScratchDatabase(pgBase!, 'predict_start');
      try {
        const { output } = await startServer({ DATABASE_URL: scratch.url }, /Predict is running at/);
        const role = new URL(pgBase!).username;
        expect(output).toContain(
          `WARNING: DATABASE_URL connects as ${role}, a superuser, who could switch off the audit log's triggers.`,
        );
        expect(output).toContain('npm run db:roles -- predict_app');
        expect(output).toContain('Predict is running at');
      } finally {
        await scratch.drop();
      }
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
