import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** json_build_object takes at most 100 arguments: 50 key/value pairs. */
const MAX_PAIRS = 50;

/**
 * The table's row as a jsonb object keyed by drizzle's field names (what `select()` answers), for nesting child
 * rows in one query with jsonb_agg. Columns are read from the schema, so a column added later comes along.
 */
export function rowJson(table: PgTable): SQL {
  const entries = Object.entries(getTableColumns(table));
  // json, not jsonb: building jsonb (numbers parsed to numeric, keys sorted) costs the database about twice as much.
  const fn = entries.length <= MAX_PAIRS ? 'json_build_object' : 'jsonb_build_object';
  const parts: SQL[] = [];
  for (let i = 0; i < entries.length; i += MAX_PAIRS) {
    const pairs = entries.slice(i, i + MAX_PAIRS).map(([key, column]) => {
      if (!/^\w+$/.test(key)) throw new Error(`unexpected field name ${key}`);
      return sql`${sql.raw(`'${key}'`)}, ${column}`;
    });
    parts.push(sql`${sql.raw(fn)}(${sql.join(pairs, sql`, `)})`);
  }
  // Wider tables: jsonb objects merged with || (json has no merge operator).
  return sql.join(parts, sql` || `);
}

/**
 * The rows of `rowJson` back to what `select()` answers: each value through its column's own driver mapping (a
 * timestamp's ISO text to a Date, as for a plain select); absent and null are null.
 */
export function decodeRows<T extends PgTable>(table: T, rows: readonly Record<string, unknown>[]) {
  const columns = Object.entries(getTableColumns(table));
  return rows.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[key];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  });
}
