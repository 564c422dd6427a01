import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { SYSTEM_ACTOR, verifyAuditChain, writeAudit } from '../src/repositories/audit-repository';
import { bearer, createTestApp, TEST_DB_SHAPE, type TestApp } from './helpers/app';
import { addStudies, createPlan, ratesPlan, step1 } from './helpers/plans';
import { createScratchDatabase } from './helpers/scratch-postgres';

// The chain is computed by database triggers (migration 0007); these tests write through the real app, then tamper
// as a superuser would (the test databases connect as one) and expect `verifyAuditChain` to name the first bad row.

let t: TestApp;
let planner: Record<string, string>;
let studyId: number;

const rows = async (db: Database['db'], query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const auditIds = async () =>
  (await rows(t.database.db, sql`select audit_id from audit_log order by audit_id`)).map((r) =>
    Number(r.audit_id),
  );
/** Runs statements as the superuser with the append-only trigger off, the way an attacker with those rights would. */
const tamper = (statement: SQL) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
  });

/** The database's own message of a failed statement (drizzle wraps it as the cause). */
const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (e: Error) => e,
  );
  return error ? String((error.cause as Error | undefined)?.message ?? error.message) : 'no error';
};

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  [studyId] = (await addStudies(t, 'AC-0001')) as [number];
});
afterAll(async () => t.close());

describe('the audit chain', () => {
  it('is intact after many audited writes through the API, with ids in chain order', async () => {
    for (let i = 0; i < 8; i++) {
      const plan = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: `Chained ${i}` }));
      const res = await step1(
        t,
        planner,
        studyId,
        ratesPlan({
          studyPlanId: plan.id,
          rowVersion: plan.rowVersion,
          studyPlanName: `Chained ${i} renamed`,
        }),
      );
      expect(res.statusCode).toBe(200);
    }
    const ids = await auditIds();
    expect(ids.length).toBeGreaterThanOrEqual(16);
    const report = await verifyAuditChain(t.database.db, 5);
    const [last] = await rows(
      t.database.db,
      sql`select encode(row_hash, 'hex') h from audit_log order by audit_id desc limit 1`,
    );
    expect(report).toEqual({ intact: true, rows: ids.length, lastAuditId: ids.at(-1), lastHash: last!.h });
  });

  it('chains several rows of one statement and concurrent transactions in audit_id order, and keeps studyId', async () => {
    const entries = (n: number) =>
      [1, 2, 3].map((k) => ({
        entity: 'test',
        entityId: `${n}-${k}`,
        action: 'create' as const,
        studyId,
        newValues: { n, k },
      }));
    // Two audit statements per transaction with a pause between, so that on PostgreSQL other transactions queue
    // for the chain lock meanwhile (ids drawn before the lock would then be out of chain order).
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        t.database.db.transaction(async (tx) => {
          await writeAudit(tx, SYSTEM_ACTOR, ...entries(n));
          await new Promise((resolve) => setTimeout(resolve, 5));
          await writeAudit(tx, SYSTEM_ACTOR, {
            entity: 'test',
            entityId: `${n}-4`,
            action: 'update',
            studyId,
          });
        }),
      ),
    );
    expect((await verifyAuditChain(t.database.db, 7)).intact).toBe(true);
    const written = await rows(t.database.db, sql`select study_id from audit_log where entity = 'test'`);
    expect(written).toHaveLength(48);
    expect(written.every((r) => r.study_id === studyId)).toBe(true);
  });

  it('cannot be skipped or forged by a writer: ids and hashes given on insert are replaced', async () => {
    await t.database.db.execute(
      sql`insert into audit_log (audit_id, actor_issuer, actor_subject, actor_name, entity, entity_id, action, prev_hash, row_hash)
          values (1, 'x', 'x', 'x', 'forged', '1', 'create', '\\x00'::bytea, '\\x00'::bytea)`,
    );
    expect((await verifyAuditChain(t.database.db)).intact).toBe(true);
  });

  it('refuses TRUNCATE, UPDATE and DELETE', async () => {
    expect(await refusal(t.database.db.execute(sql`truncate audit_log`))).toMatch(/append-only/);
    expect(await refusal(t.database.db.execute(sql`update audit_log set action = 'x'`))).toMatch(
      /append-only/,
    );
    expect(await refusal(t.database.db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
    expect((await auditIds()).length).toBeGreaterThan(0);
  });

  it('refuses audit rows in a REPEATABLE READ transaction, whose old snapshot could fork the chain', async () => {
    expect(
      await refusal(
        t.database.db.transaction(
          (tx) => writeAudit(tx, SYSTEM_ACTOR, { entity: 'test', entityId: 'rr', action: 'create' }),
          { isolationLevel: 'repeatable read' },
        ),
      ),
    ).toMatch(/READ COMMITTED/);
  });

  it('names a row whose values a superuser altered, and the row after it once its hash is recomputed', async () => {
    const ids = await auditIds();
    const i = Math.floor(ids.length / 2);
    const target = ids[i]!;
    const rehash = sql`update audit_log a set row_hash = audit_log_row_hash(a.prev_hash, a) where audit_id = ${target}`;
    const [original] = await rows(
      t.database.db,
      sql`select new_values from audit_log where audit_id = ${target}`,
    );
    await tamper(
      sql`update audit_log set new_values = '{"studyPlanName":"Forged"}' where audit_id = ${target}`,
    );
    expect(await verifyAuditChain(t.database.db, 4)).toMatchObject({
      intact: false,
      brokenAt: target,
      rows: i,
      reason: expect.stringMatching(/content does not match/),
    });
    await tamper(rehash);
    expect(await verifyAuditChain(t.database.db, 4)).toMatchObject({
      intact: false,
      brokenAt: ids[i + 1],
      reason: expect.stringMatching(`does not match audit_id ${target}`),
    });
    // Restored values (and hash): the chain is whole again, so the reports above came from the tampering alone.
    const restore = sql`update audit_log set new_values = ${JSON.stringify(original!.new_values)}::jsonb where audit_id = ${target}`;
    await tamper(restore);
    await tamper(rehash);
    expect((await verifyAuditChain(t.database.db)).intact).toBe(true);
  });

  it('names the row after one a superuser deleted', async () => {
    const ids = await auditIds();
    await tamper(sql`delete from audit_log where audit_id = ${ids[5]!}`);
    expect(await verifyAuditChain(t.database.db, 3)).toMatchObject({
      intact: false,
      brokenAt: ids[6],
      rows: 5,
      reason: expect.stringMatching(`does not match audit_id ${ids[4]}`),
    });
  });
});

describe('migration 0007', () => {
  it('chains the audit rows that existed before it, and new rows continue the chain', async () => {
    const scratch =
      TEST_DB_SHAPE === 'postgres' ? await createScratchDatabase(process.env.TEST_DATABASE_URL!) : null;
    const database = await openDatabase({ url: scratch?.url, dataDir: 'memory' });
    const folder = mkdtempSync(path.join(tmpdir(), 'predict-migrations-'));
    try {
      // The migrations up to 0006, as a database made before this change has them.
      const source = path.resolve(import.meta.dirname, '../drizzle');
      cpSync(source, folder, { recursive: true });
      const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8'));
      journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0007');
      writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
      const { migrate } =
        database.shape === 'pglite'
          ? await import('drizzle-orm/pglite/migrator')
          : await import('drizzle-orm/node-postgres/migrator');
      await migrate(database.db as never, { migrationsFolder: folder });
      for (let i = 0; i < 25; i++) {
        await database.db.execute(
          sql`insert into audit_log (actor_issuer, actor_subject, actor_name, entity, entity_id, action, new_values)
              values ('predict', 'system', 'System', 'old', ${String(i)}, 'create', ${JSON.stringify({ i })}::jsonb)`,
        );
      }
      await database.migrate();
      expect(await verifyAuditChain(database.db, 10)).toMatchObject({
        intact: true,
        rows: 25,
        lastAuditId: 25,
      });
      await database.db.transaction((tx) =>
        writeAudit(tx, SYSTEM_ACTOR, { entity: 'new', entityId: 1, action: 'create' }),
      );
      expect(await verifyAuditChain(database.db)).toMatchObject({ intact: true, rows: 26, lastAuditId: 26 });
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await database.close();
      await scratch?.drop();
    }
  });
});
