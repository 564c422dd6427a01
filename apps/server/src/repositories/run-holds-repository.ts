import pg from 'pg';

/** Key space of the run holds among PostgreSQL's advisory locks (the migration lock uses the one-key form). */
const HOLD_NAMESPACE = 724_311_002;

/** A connection of its own for the run holds: PostgreSQL releases its session locks when it closes. */
export function holdConnection(url: string): pg.Client {
  return new pg.Client({ connectionString: url, application_name: 'predict-run-holds' });
}

/** Takes the run's session advisory lock on `c`; false when another session holds it. */
export async function tryHoldLock(c: pg.Client, simRunId: number): Promise<boolean> {
  const result = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
    HOLD_NAMESPACE,
    simRunId,
  ]);
  return result.rows[0]!.ok;
}

/** Releases the run's session advisory lock on `c`. */
export async function releaseHoldLock(c: pg.Client, simRunId: number): Promise<void> {
  await c.query('select pg_advisory_unlock($1, $2)', [HOLD_NAMESPACE, simRunId]);
}
