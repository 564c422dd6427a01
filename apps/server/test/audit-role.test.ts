import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareAppRole } from '../src/db/app-role';
import { openDatabase, type Database } from '../src/db/client';
import { loadEnv } from '../src/env';
import { verifyAuditChain } from '../src/repositories/audit-repository';
import { connectionRoleWarning } from '../src/services/startup/connection-role-warning';
import { createServer } from '../src/start';
import { bearer, TEST_DB_SHAPE, type TestApp } from './helpers/app';
import { addStudies, createPlan, ratesPlan, step1 } from './helpers/plans';
import { createScratchDatabase } from './helpers/scratch-postgres';

// The scaled shape's least-privileged application role (drizzle-roles/app-role.sql, `npm run db:roles`): the owner
// migrates and grants; the app runs as the role and can read and write its data but cannot erase or rewrite the
// audit trail, nor change the schema. Roles are a PostgreSQL server feature (PGlite has one user), so this file
// runs in `npm test`'s PostgreSQL pass only.
describe.skipIf(TEST_DB_SHAPE !== 'postgres')('the least-privileged application role (PostgreSQL)', () => {
  const role = `predict_app_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let owner: Database;
  let app: FastifyInstance;
  let appDatabase: Database;
  let asRole: pg.Client;

  /** The database's refusal of a statement run as the app role, or 'allowed'. */
  const refusal = (statement: string) =>
    asRole.query(statement).then(
      () => 'allowed',
      (e: Error) => e.message,
    );

  beforeAll(async () => {
    const base = process.env.TEST_DATABASE_URL!;
    scratch = await createScratchDatabase(base);
    owner = await openDatabase({ url: scratch.url, dataDir: 'memory' });
    await prepareAppRole(owner, { url: scratch.url, role });
    await owner.db.execute(sql.raw(`alter role ${role} password '${password}'`));
    const roleUrl = new URL(scratch.url);
    roleUrl.username = role;
    roleUrl.password = password;
    // The real server start path, which must not try to migrate with a role that may not.
    ({ app, database: appDatabase } = await createServer(
      loadEnv({
        NODE_ENV: 'test',
        DATA_DIR: 'memory',
        PUBLIC_URL: 'http://localhost:8080',
        WEB_DIST: '',
        RUN_WORKERS: 'false',
        DATABASE_URL: roleUrl.toString(),
        MIGRATE_ON_START: 'false',
      }),
      false,
    ));
    await app.ready();
    asRole = new pg.Client({ connectionString: roleUrl.toString() });
    await asRole.connect();
  });

  afterAll(async () => {
    await asRole?.end();
    await app?.close();
    await owner?.close();
    await scratch?.drop();
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`drop role if exists ${role}`);
    await client.end();
  });

  it('runs the app: reads and audited writes work, and the chain holds', async () => {
    expect((await asRole.query('select current_user as u')).rows[0].u).toBe(role);
    const t = { app, database: appDatabase } as TestApp;
    const planner = bearer(await app.auth.issueDemoToken!('planner'));
    const [studyId] = (await addStudies(t, 'ROLE-0001')) as [number];
    const plan = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Least privilege' }));
    const update = ratesPlan({ studyPlanId: plan.id, rowVersion: plan.rowVersion, studyPlanName: 'Renamed' });
    expect((await step1(t, planner, studyId, update)).statusCode).toBe(200);
    const read = await app.inject({ method: 'GET', url: `/ctpo/plan/${plan.id}`, headers: planner });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ studyPlanName: 'Renamed' });
    const audits = await asRole.query(`select action from audit_log where entity_id = $1 order by audit_id`, [
      String(plan.id),
    ]);
    expect(audits.rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect((await verifyAuditChain(appDatabase.db)).intact).toBe(true);
  });

  it('queues, takes and completes simulation jobs (pg-boss tables installed by the owner)', async () => {
    const jobId = randomUUID();
    await app.runQueue.enqueue(424242, jobId);
    expect(await app.runQueue.isPending(jobId)).toBe(true);
    const taken = new Promise<number>((resolve) => {
      void app.runQueue.work(1, async (data) => resolve(data.simRunId));
    });
    expect(await taken).toBe(424242);
    await expect.poll(() => app.runQueue.isPending(jobId)).toBe(false);
  });

  it('starts without the privileged-role warning, which the owner (here a superuser) gets', async () => {
    expect(await connectionRoleWarning(appDatabase)).toBeNull();
    expect(await connectionRoleWarning(owner)).toMatch(
      /^WARNING: DATABASE_URL connects as \w+, a superuser, who could switch off the audit log's triggers\./,
    );
  });

  it('cannot erase or rewrite the audit trail', async () => {
    expect(await refusal('truncate audit_log')).toMatch(/permission denied/);
    expect(await refusal(`update audit_log set action = 'x'`)).toMatch(/permission denied/);
    expect(await refusal('delete from audit_log')).toMatch(/permission denied/);
    expect(await refusal('alter table audit_log disable trigger audit_log_no_update_delete')).toMatch(
      /must be owner/,
    );
    expect(await refusal('drop trigger audit_log_chain on audit_log')).toMatch(/must be owner/);
    expect(await refusal(`select setval('audit_log_audit_id_seq', 1)`)).toMatch(/permission denied/);
  });

  it('cannot change the schema', async () => {
    expect(await refusal('create table scratch (x int)')).toMatch(/permission denied/);
    expect(await refusal('create table pgboss.scratch (x int)')).toMatch(/permission denied/);
    expect(await refusal('alter table study_plans add column x int')).toMatch(/must be owner/);
    expect(await refusal('drop table favorites')).toMatch(/must be owner/);
    expect(await refusal('select * from drizzle.__drizzle_migrations')).toMatch(/permission denied/);
  });
});
