import type { PGlite } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';

const SCRIPT_IN_TRANSACTION = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;

/**
 * pg-boss on the embedded database: pg-boss only needs `executeSql(text, values)`. Its statements with parameters
 * are single statements (PGlite's extended protocol). Its install and maintenance scripts are several statements
 * without parameters, some wrapped in BEGIN; ... COMMIT;: those run in a PGlite transaction, which rolls back on
 * an error before any other query runs (a failed script must not leave the one shared session in an aborted
 * transaction).
 */
export function pgliteExecutor(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const result = await client.query(text, values);
        return { rows: result.rows };
      }
      const script = SCRIPT_IN_TRANSACTION.exec(text);
      const results = script
        ? await client.transaction((tx) => tx.exec(script[1]!))
        : await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}
