import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { vi } from 'vitest';

/**
 * Counts the SQL statements that mention `table` while `fn` runs, on either database: drizzle sends every
 * statement outside a transaction through the pg pool's or PGlite's query().
 */
export async function statementsOn(table: string, fn: () => Promise<unknown>): Promise<number> {
  const spies = [vi.spyOn(pg.Pool.prototype, 'query'), vi.spyOn(PGlite.prototype, 'query')];
  await fn();
  const texts = spies.flatMap((s) =>
    s.mock.calls.map(([q]) => (typeof q === 'string' ? q : ((q as { text?: string }).text ?? ''))),
  );
  for (const s of spies) s.mockRestore();
  return texts.filter((text) => text.includes(table)).length;
}
