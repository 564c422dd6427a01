import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { schedulesOfEvents, soeBudgetvueOutbox, soeEpriceUploads } from '../db/schema';

export type EpriceUploadRow = typeof soeEpriceUploads.$inferSelect;
export type NewEpriceUploadRow = Omit<typeof soeEpriceUploads.$inferInsert, 'fileBytes'> & {
  fileBytes: Uint8Array;
};

/*
 * The file crosses as base64 text, decoded and encoded by the database: a 2 MB bytea parameter costs the embedded
 * database about 1 s each way, the text about 0.1 s (bench/soe-eprice.ts).
 */
const asBase64 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64');

export async function insertEpriceUpload(tx: Tx, row: NewEpriceUploadRow): Promise<number> {
  const [inserted] = await tx
    .insert(soeEpriceUploads)
    .values({ ...row, fileBytes: sql`decode(${asBase64(row.fileBytes)}, 'base64')` })
    .returning({ uploadId: soeEpriceUploads.uploadId });
  return inserted!.uploadId;
}

export async function findEpriceUpload(db: Db | Tx, uploadId: number): Promise<EpriceUploadRow | undefined> {
  const { fileBytes: _bytes, ...columns } = getTableColumns(soeEpriceUploads);
  const [row] = await db
    .select({ ...columns, fileBase64: sql<string>`encode(${soeEpriceUploads.fileBytes}, 'base64')` })
    .from(soeEpriceUploads)
    .where(eq(soeEpriceUploads.uploadId, uploadId));
  if (!row) return undefined;
  const { fileBase64, ...rest } = row;
  return { ...rest, fileBytes: new Uint8Array(Buffer.from(fileBase64, 'base64')) };
}

/**
 * Sets the upload's status and the SOE's uploadStatus (what the page polls). The SOE's version is left alone: a
 * status is not an edit, and an editor open on the SOE must still be able to save.
 */
export async function setEpriceStatus(
  db: Db | Tx,
  upload: { uploadId: number; soeId: number },
  status: string,
  finished: boolean,
): Promise<void> {
  await db
    .update(soeEpriceUploads)
    .set({ status, ...(finished ? { finishedAt: new Date() } : {}) })
    .where(eq(soeEpriceUploads.uploadId, upload.uploadId));
  await db
    .update(schedulesOfEvents)
    .set({ uploadStatus: status })
    .where(eq(schedulesOfEvents.soeId, upload.soeId));
}

export async function insertBudgetvueOutbox(
  tx: Tx,
  row: { uploadId: number; soeId: number; studyId: number },
): Promise<number> {
  const [inserted] = await tx
    .insert(soeBudgetvueOutbox)
    .values(row)
    .returning({ outboxId: soeBudgetvueOutbox.outboxId });
  return inserted!.outboxId;
}

export async function listBudgetvueOutbox(db: Db | Tx, soeId: number) {
  return db.select().from(soeBudgetvueOutbox).where(eq(soeBudgetvueOutbox.soeId, soeId));
}

/**
 * True when the SOE holds cost data (spec/2 section 5): a non-zero visit cost, overhead percent or total, an
 * assessment cost or overhead flag, at the study level or any country or site.
 */
export async function soeHasCostData(db: Db | Tx, soeId: number): Promise<boolean> {
  const result = await db.execute(sql`
    select (
      exists (select 1 from soe_visits v where v.soe_id = ${soeId}
        and (coalesce(v.visit_cost_cents, 0) <> 0 or coalesce(v.visit_overhead_pct, 0) <> 0))
      or exists (select 1 from soe_assessments a where a.soe_id = ${soeId}
        and (coalesce(a.assessment_cost_cents, 0) <> 0 or a.overhead <> 0))
      or exists (select 1 from soe_visit_levels l where l.soe_id = ${soeId}
        and (coalesce(l.visit_cost_cents, 0) <> 0 or coalesce(l.visit_overhead_pct, 0) <> 0
          or coalesce(l.visit_cost_total_cents, 0) <> 0))
      or exists (select 1 from soe_assessment_levels l where l.soe_id = ${soeId}
        and coalesce(l.assessment_cost_cents, 0) <> 0)
    ) as has`);
  return (result as unknown as { rows: { has: boolean }[] }).rows[0]?.has === true;
}
