import type pg from 'pg';
import { holdConnection, releaseHoldLock, tryHoldLock } from '../repositories/run-holds-repository';

/**
 * Which runs a live process is executing, so that the run of a killed worker is taken over at once instead of
 * after its lease. A worker takes a run's hold before it claims the run and keeps it until the execution ends. The
 * lease (execute-simulation-run.ts) stays the rule when the holds cannot tell (a machine lost with its sockets
 * open, runs executed outside the queue).
 */
export interface RunHolds {
  /** Takes the run's hold for this process; false when a live execution (here or elsewhere) holds it. */
  take(simRunId: number): Promise<boolean>;
  release(simRunId: number): Promise<void>;
  /** True when no live execution holds the run: whoever claimed it last has died. */
  isFree(simRunId: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The embedded database belongs to this one process, so its holds are an in-memory set: at start-up every run
 * marked executing was left by a previous process.
 */
export function processRunHolds(): RunHolds {
  const held = new Set<number>();
  return {
    async take(simRunId) {
      if (held.has(simRunId)) return false;
      held.add(simRunId);
      return true;
    },
    async release(simRunId) {
      held.delete(simRunId);
    },
    isFree: async (simRunId) => !held.has(simRunId),
    async close() {
      held.clear();
    },
  };
}

/** How soon a lost hold connection is tried again while the database does not answer. */
const RETAKE_RETRY_MS = 1_000;

/**
 * On PostgreSQL a hold is a session advisory lock on one connection of this process: PostgreSQL releases it the
 * moment the process dies (its connection closes), whichever machine the process ran on. Session locks are
 * re-entrant, so this process's own holds are also kept in a set. After a lost connection the holds are taken
 * again at once on a new one; one taken over meanwhile stays with its new holder (the lost execution's writes are
 * refused by the run's token).
 */
export function postgresRunHolds(url: string): RunHolds {
  const held = new Set<number>();
  let client: Promise<pg.Client> | null = null;
  let closed = false;
  // Retaken at once, not at the next take or release: meanwhile another worker could take the runs over while
  // this process still executes them (their leases are fresh, but a free hold lets a claim through).
  const retake = () => {
    if (closed || held.size === 0) return;
    connect().catch(() => setTimeout(retake, RETAKE_RETRY_MS).unref());
  };
  const connect = () => {
    client ??= (async () => {
      const c = holdConnection(url);
      c.on('error', () => {
        client = null;
        void c.end().catch(() => undefined);
        retake();
      });
      try {
        await c.connect();
      } catch (error) {
        client = null;
        throw error;
      }
      for (const id of held) await tryHoldLock(c, id);
      return c;
    })();
    return client;
  };
  return {
    async take(simRunId) {
      if (held.has(simRunId)) return false;
      const c = await connect();
      if (!(await tryHoldLock(c, simRunId))) return false;
      held.add(simRunId);
      return true;
    },
    async release(simRunId) {
      if (!held.delete(simRunId)) return;
      const c = await connect().catch(() => null);
      // A lost connection has released the lock already.
      await (c && releaseHoldLock(c, simRunId).catch(() => undefined));
    },
    async isFree(simRunId) {
      if (held.has(simRunId)) return false;
      const c = await connect();
      if (!(await tryHoldLock(c, simRunId))) return false;
      await releaseHoldLock(c, simRunId);
      return true;
    },
    async close() {
      closed = true;
      held.clear();
      const c = await client?.catch(() => null);
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
