/**
 * `npm run audit:verify`: recomputes the audit trail's hash chain (DATABASE_URL, or the embedded database in
 * DATA_DIR while the server is stopped) and reports the first broken link. Exit code 0 when intact, 1 when broken
 * or unreadable. Keep the printed last hash somewhere else (an operations log): a later run that does not reach it
 * shows that rows were cut from the end, which a chain alone cannot show.
 */
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { verifyAuditChain } from '../repositories/audit-repository';

const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  const report = await verifyAuditChain(database.db);
  if (report.intact) {
    const last = report.lastAuditId === null ? 'none' : `audit_id ${report.lastAuditId}`;
    console.log(`Audit trail intact: ${report.rows} rows, last hash ${report.lastHash} (${last}).`);
  } else {
    console.error(
      `Audit trail broken at audit_id ${report.brokenAt}: ${report.reason}. ${report.rows} rows before it are intact.`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`Audit trail could not be verified: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
