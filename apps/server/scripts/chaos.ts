/**
 * `npm run chaos`: kill -9 the real server during saves and simulation runs, restart it, and check that no
 * acknowledged write was lost, no write is partial, and every interrupted run reaches a final status within 90 s
 * of the restart. PostgreSQL only: CHAOS_DATABASE_URL (or TEST_DATABASE_URL) names a server where a scratch
 * database is created and dropped. CHAOS_TRIALS (default 100; 5 for a quick look).
 *
 * Each trial starts `src/server.ts` as a child process (its runs' workers inside), checks what the previous kill
 * left, waits for the interrupted runs to finish, then fires step-1 saves on 4 plans (each with the row version of
 * its last answer), plan creations, and a run request on each of 2 runnable plans, and sends SIGKILL a random
 * 0-2.5 s after the first answer (half of the trials: 0-0.6 s after a run request's answer, so that it finds a run
 * executing). Prints a summary; exits 1 on a lost or partial write, or a run that took longer than 90 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { builtInIssuer, signDemoAccessToken } from '../src/auth/demo-token';
import { loadSigningKeys } from '../src/auth/keys';
import { openDatabase } from '../src/db/client';
import { insertStudies } from '../src/seed/seed-demo-data';
import type { TestApp } from '../test/helpers/app';
import { ratesPlan } from '../test/helpers/plans';
import { addPlanCountry, storeDates } from '../test/helpers/run-fixtures';
import { createScratchDatabase } from '../test/helpers/scratch-postgres';
import { study } from '../test/helpers/studies';
import * as checks from './chaos-checks';

// A harness, not the app: its own settings, and the environment the server child inherits.
// eslint-disable-next-line no-restricted-properties
const harnessEnv = process.env;
const baseUrl = harnessEnv.CHAOS_DATABASE_URL ?? harnessEnv.TEST_DATABASE_URL;
const TRIALS = Number(harnessEnv.CHAOS_TRIALS ?? 100);
const LIMIT_MS = 90_000;
const KILL_AFTER_MS: [number, number] = [0, 2_500];
const KILL_AFTER_RUN_MS: [number, number] = [0, 600];
const WRITERS = 4;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as { port: number }).port;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

interface Server {
  child: ChildProcess;
  startedAt: number;
}

function startServer(env: Record<string, string>, logFile: string): Server {
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...harnessEnv, ...env },
    stdio: ['ignore', log, log],
  });
  return { child, startedAt: Date.now() };
}

async function waitReady(base: string, server: Server): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode})`);
    const ok = await fetch(`${base}/ctpo/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(50);
  }
  throw new Error('the server did not start in 60 s');
}

async function kill(server: Server, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

const percentile = (xs: number[], p: number) =>
  xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

async function main() {
  if (!baseUrl) throw new Error('npm run chaos needs CHAOS_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL).');
  const scratch = await createScratchDatabase(baseUrl, 'predict_chaos');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'predict-chaos-'));
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverEnv = {
    DATABASE_URL: scratch.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    WEB_DIST: '',
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000',
    // Migrated once below, before the first start.
    MIGRATE_ON_START: 'false',
  };
  const database = await openDatabase({ url: scratch.url, dataDir });
  const db = new pg.Pool({ connectionString: scratch.url, max: 4 });
  let server: Server | null = null;
  try {
    await database.migrate();
    await insertStudies(database.db, [study({ projectId: 'CHAOS-0001' })], false);
    const { rows } = await db.query<{ id: number }>(
      `select study_id as id from studies where project_id = 'CHAOS-0001'`,
    );
    const studyId = rows[0]!.id;
    const token = await signDemoAccessToken({
      signingKeys: await loadSigningKeys(dataDir),
      issuer: builtInIssuer(base),
      audience: 'predict-api',
      clientId: 'predict-web',
      username: 'planner',
    });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = (url: string, body: unknown) =>
      fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const step1 = (body: unknown) => post(`/ctpo/study/${studyId}/EnrollmentPlanStep1`, body);

    // The fixtures: writer plans and two runnable plans (one country each).
    server = startServer(serverEnv, logFile);
    await waitReady(base, server);
    const newPlan = async (name: string, subjects = 300) => {
      const parameters = [
        { parameterName: 'SITES_TO_ACTIVATE' as const, lowerBound: 6 },
        { parameterName: 'SUBJECTS_TO_SCREEN' as const, lowerBound: subjects },
      ];
      const res = await step1(ratesPlan({ studyPlanName: name, parameters }));
      if (res.status !== 201) throw new Error(`creating a plan: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { Id: number; rowVersion: number };
      return { id: body.Id, version: body.rowVersion };
    };
    const writers: checks.WriterPlan[] = [];
    for (let i = 0; i < WRITERS; i++) {
      const p = await newPlan(`Chaos writer ${i + 1}`);
      writers.push({ ...p, name: `Chaos writer ${i + 1}`, audited: 0, inFlight: null });
    }
    const fixtures = { database } as unknown as TestApp;
    const runPlans: number[] = [];
    for (const [i, iso3] of ['DEU', 'NLD'].entries()) {
      // Small (40 patients screened), so that a trial is mostly the server's start.
      const p = await newPlan(`Chaos run ${i + 1}`, 40);
      await addPlanCountry(fixtures, p.id, 0, { iso3, name: `Chaos ${iso3}`, eu: true, sites: 6 });
      await storeDates(fixtures, p.id);
      runPlans.push(p.id);
    }

    const createdAcked = new Map<number, string>();
    const runsAcked = new Set<number>();
    const f: checks.Findings = { lostWrites: [], partialWrites: [] };
    const recoveries: number[] = [];
    const readyTimes: number[] = [];
    // From the restarted server's first answer (it is back) to the run's end.
    const fromReady: number[] = [];
    let readyAt = Date.now();
    const acks = { saves: 0, creates: 0, runs: 0 };
    const refused: string[] = [];
    let interrupted = 0;
    let notQueuedAtKill = 0;
    let failedRuns = 0;

    for (let trial = 0; trial <= TRIALS; trial++) {
      if (trial > 0) {
        server = startServer(serverEnv, logFile);
        await waitReady(base, server);
        readyAt = Date.now();
        readyTimes.push(readyAt - server.startedAt);
      }
      // What the kill left: checked, then the interrupted runs followed to their end.
      await checks.checkWriters(db, writers, f);
      await checks.checkCreatedPlans(db, studyId, createdAcked, f);
      const left = await checks.unfinishedRuns(db);
      notQueuedAtKill += left.filter((r) => r.status === 'REQUESTING' && !r.hasJob).length;
      const pending = new Set(left.map((r) => r.id));
      while (pending.size > 0) {
        for (const r of await checks.runsById(db, [...pending])) {
          if (r.finishedMs === null) continue;
          pending.delete(r.id);
          recoveries.push(r.finishedMs - server!.startedAt);
          fromReady.push(Math.max(0, r.finishedMs - readyAt));
          if (r.status !== 'COMPLETED_OK') failedRuns += 1;
        }
        if (Date.now() - server!.startedAt > LIMIT_MS + 30_000) break;
        await sleep(200);
      }
      if (pending.size > 0) recoveries.push(...[...pending].map(() => Infinity));
      await checks.checkRuns(db, runsAcked, f);
      if (trial === TRIALS) break;

      // The load, until the kill.
      let stopped = false;
      const runsBefore = acks.runs;
      const writer = async (w: checks.WriterPlan) => {
        for (let n = 1; !stopped; n++) {
          const name = `Chaos ${trial}-${w.id}-${n}`;
          w.inFlight = { version: w.version + 1, name };
          const res = await step1({ studyPlanId: w.id, rowVersion: w.version, studyPlanName: name }).catch(
            () => null,
          );
          if (!res) return;
          if (res.status !== 200) {
            refused.push(`plan ${w.id}: save refused with ${res.status} ${await res.text()}`);
            return;
          }
          const body = (await res.json().catch(() => null)) as { rowVersion: number } | null;
          if (!body) return;
          Object.assign(w, { version: body.rowVersion, name, audited: w.audited + 1, inFlight: null });
          acks.saves += 1;
        }
      };
      const creator = async () => {
        for (let n = 1; !stopped; n++) {
          const name = `Chaos created ${trial}-${n}`;
          const res = await step1(ratesPlan({ studyPlanName: name })).catch(() => null);
          const body = res?.status === 201 ? ((await res.json().catch(() => null)) as { Id: number }) : null;
          if (!body) return;
          createdAcked.set(body.Id, name);
          acks.creates += 1;
        }
      };
      const requestRun = async (planId: number) => {
        const res = await post('/ctpo/runsimulation', { studyPlanId: planId }).catch(() => null);
        const body = res && res.status < 300 ? await res.json().catch(() => null) : null;
        if (!body) return;
        runsAcked.add((body as { simOptRunId: number }).simOptRunId);
        acks.runs += 1;
      };
      const runRequests = runPlans.map(requestRun);
      const load = [...writers.map(writer), creator(), ...runRequests];
      // From the first answer (a slow machine answers the first requests after a start late), or a run request's.
      const firstAnswer = () => acks.saves + acks.creates + acks.runs > answeredBefore;
      const answeredBefore = acks.saves + acks.creates + acks.runs;
      const onRun = Math.random() < 0.5;
      for (let i = 0; i < 400 && !(onRun ? acks.runs > runsBefore : firstAnswer()); i++) await sleep(25);
      // A small run ends within a second of its answer on an idle machine: kill sooner to find it executing.
      const [lo, hi] = onRun ? KILL_AFTER_RUN_MS : KILL_AFTER_MS;
      await sleep(lo + Math.random() * (hi - lo));
      await kill(server!, 'SIGKILL');
      stopped = true;
      await Promise.all(load);
      interrupted += (await checks.unfinishedRuns(db)).length;
      const worst = recoveries.length ? Math.max(...recoveries) / 1000 : 0;
      process.stdout.write(
        `trial ${trial + 1}/${TRIALS}: acknowledged ${acks.saves} saves, ${acks.creates} creations, ` +
          `${acks.runs} runs; runs interrupted ${interrupted}, recovered ${recoveries.length} ` +
          `(slowest ${worst.toFixed(1)} s); lost ${f.lostWrites.length}, partial ${f.partialWrites.length}\n`,
      );
    }
    await kill(server!, 'SIGTERM');

    const finite = recoveries.filter(Number.isFinite);
    const max = recoveries.length ? Math.max(...recoveries) : 0;
    const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'never');
    const table: [string, string | number][] = [
      ['trials (kill -9 each)', TRIALS],
      ['saves acknowledged (step 1, with rowVersion)', acks.saves],
      ['plan creations acknowledged', acks.creates],
      ['run requests acknowledged', acks.runs],
      ['runs interrupted by a kill', interrupted],
      ['  of which recorded but not yet queued', notQueuedAtKill],
      ['  ended other than COMPLETED_OK', failedRuns],
      ['lost acknowledged writes', f.lostWrites.length],
      ['partial writes', f.partialWrites.length],
      ['saves refused (none expected)', refused.length],
      [
        'server start to ready, p50 / max',
        `${s(percentile(readyTimes, 0.5))} / ${s(Math.max(...readyTimes))}`,
      ],
      [
        'process start to run end, p50 / p90 / max',
        `${s(percentile(finite, 0.5))} / ${s(percentile(finite, 0.9))} / ${s(max)}`,
      ],
      [
        'server ready to run end, p50 / p90 / max',
        `${s(percentile(fromReady, 0.5))} / ${s(percentile(fromReady, 0.9))} / ${s(Math.max(0, ...fromReady))}`,
      ],
    ];
    console.log('\nChaos on PostgreSQL\n');
    for (const [k, v] of table) console.log(`${k.padEnd(48)} ${v}`);
    for (const line of [...f.lostWrites, ...f.partialWrites, ...refused].slice(0, 20))
      console.log(`  ${line}`);
    const ok = f.lostWrites.length + f.partialWrites.length + refused.length === 0 && max <= LIMIT_MS;
    console.log(ok ? '\nPASS' : `\nFAIL (server log: ${logFile})`);
    if (ok) rmSync(dataDir, { recursive: true, force: true });
    process.exitCode = ok ? 0 : 1;
  } finally {
    if (server) await kill(server, 'SIGKILL');
    await db.end();
    await database.close();
    await scratch.drop();
  }
}

await main();
