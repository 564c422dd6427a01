import type pg from 'pg';
import { ORDINARY_RESULT_SETS } from '@predict/shared';

/** What the load got acknowledged (2xx), and the write it had in flight when the server died. */
export interface WriterPlan {
  id: number;
  /** Row version and name of the last acknowledged save (or as read after the last restart). */
  version: number;
  name: string;
  /** Step-1 updates audited up to `version`. */
  audited: number;
  inFlight: { version: number; name: string } | null;
}

export interface Findings {
  lostWrites: string[];
  partialWrites: string[];
}

const TERMINAL = `status not in ('NOT_STARTED', 'REQUESTING', 'RUNNING', 'PROCESSING')`;

/**
 * Every acknowledged step-1 save is there (the row version it answered, with its name, or the next version: the
 * write in flight committed without its answer), and each save has its audit row (one 'update' row per version).
 * Re-bases the writers on what is stored.
 */
export async function checkWriters(db: pg.Pool, writers: WriterPlan[], f: Findings): Promise<void> {
  for (const w of writers) {
    const { rows } = await db.query<{ row_version: number; study_plan_name: string; updates: number }>(
      `select p.row_version, p.study_plan_name,
         (select count(*)::int from audit_log a where a.entity = 'study_plan' and a.entity_id = p.study_plan_id::text
            and a.action = 'update') as updates
       from study_plans p where p.study_plan_id = $1`,
      [w.id],
    );
    const row = rows[0];
    if (!row) {
      f.lostWrites.push(`plan ${w.id} is gone`);
      continue;
    }
    const acked = row.row_version === w.version && row.study_plan_name === w.name;
    const inFlight =
      w.inFlight !== null &&
      row.row_version === w.inFlight.version &&
      row.study_plan_name === w.inFlight.name;
    if (!acked && !inFlight) {
      f.lostWrites.push(
        `plan ${w.id}: acknowledged version ${w.version} '${w.name}', stored ${row.row_version} '${row.study_plan_name}'`,
      );
    }
    const expectedUpdates = w.audited + (row.row_version - w.version);
    if (row.updates !== expectedUpdates) {
      f.partialWrites.push(
        `plan ${w.id}: version ${row.row_version} with ${row.updates} update audit rows (${expectedUpdates} expected)`,
      );
    }
    Object.assign(w, {
      version: row.row_version,
      name: row.study_plan_name,
      audited: row.updates,
      inFlight: null,
    });
  }
}

/** Every acknowledged plan creation is there; every plan of the study has its children and one 'create' audit row. */
export async function checkCreatedPlans(
  db: pg.Pool,
  studyId: number,
  acked: Map<number, string>,
  f: Findings,
): Promise<void> {
  const { rows } = await db.query<{ id: number; name: string; params: number; creates: number }>(
    `select p.study_plan_id as id, p.study_plan_name as name,
       (select count(*)::int from study_plan_parameters s where s.study_plan_id = p.study_plan_id) as params,
       (select count(*)::int from audit_log a where a.entity = 'study_plan'
          and a.entity_id = p.study_plan_id::text and a.action = 'create') as creates
     from study_plans p where p.study_id = $1`,
    [studyId],
  );
  const stored = new Map(rows.map((r) => [r.id, r]));
  for (const [id, name] of acked) {
    if (stored.get(id)?.name !== name) f.lostWrites.push(`created plan ${id} '${name}' is missing`);
  }
  for (const r of rows) {
    if (r.params !== 2) f.partialWrites.push(`plan ${r.id} has ${r.params} step-1 parameters (2 expected)`);
    if (r.creates !== 1) f.partialWrites.push(`plan ${r.id} has ${r.creates} 'create' audit rows`);
  }
}

export interface RunRow {
  id: number;
  status: string;
  finishedMs: number | null;
  hasJob: boolean;
}

/** The runs not finished, with whether the queue holds their job. */
export async function unfinishedRuns(db: pg.Pool): Promise<RunRow[]> {
  const { rows } = await db.query<RunRow>(
    `select r.sim_run_id as id, r.status, null as "finishedMs",
       exists (select 1 from pgboss.job j where j.id::text = r.job_id) as "hasJob"
     from simulation_runs r where not (${TERMINAL})`,
  );
  return rows;
}

export async function runsById(db: pg.Pool, ids: number[]): Promise<RunRow[]> {
  const { rows } = await db.query<RunRow>(
    `select sim_run_id as id, status, (extract(epoch from finished_at) * 1000)::float8 as "finishedMs",
       true as "hasJob"
     from simulation_runs where sim_run_id = any($1)`,
    [ids],
  );
  return rows;
}

/**
 * Every acknowledged run request is recorded; a finished run has its result sets only when COMPLETED_OK (all of
 * them), one 'create' and one final 'status' audit row, and its plan shows its status.
 */
export async function checkRuns(db: pg.Pool, ackedRuns: Set<number>, f: Findings): Promise<void> {
  const { rows } = await db.query<{
    id: number;
    status: string;
    sets: number;
    creates: number;
    ends: number;
    mirrored: boolean;
  }>(
    `select r.sim_run_id as id, r.status,
       (select count(*)::int from simulation_result_sets s where s.sim_run_id = r.sim_run_id) as sets,
       (select count(*)::int from audit_log a where a.entity = 'simulation_run'
          and a.entity_id = r.sim_run_id::text and a.action = 'create') as creates,
       (select count(*)::int from audit_log a where a.entity = 'simulation_run'
          and a.entity_id = r.sim_run_id::text and a.action = 'status'
          and a.new_values->>'status' = r.status) as ends,
       (p.sim_opt_run_id <> r.sim_run_id::text or p.sim_opt_run_status = r.status) as mirrored
     from simulation_runs r join study_plans p on p.study_plan_id = r.study_plan_id
     where ${TERMINAL.replace('status', 'r.status')}`,
  );
  const all = await db.query<{ id: number }>('select sim_run_id as id from simulation_runs');
  const stored = new Set(all.rows.map((r) => r.id));
  for (const id of ackedRuns) if (!stored.has(id)) f.lostWrites.push(`run ${id} is missing`);
  const sets = ORDINARY_RESULT_SETS.length;
  for (const r of rows) {
    const expected = r.status === 'COMPLETED_OK' ? sets : 0;
    if (r.sets !== expected) f.partialWrites.push(`run ${r.id} ${r.status} with ${r.sets} result sets`);
    if (r.creates !== 1) f.partialWrites.push(`run ${r.id} has ${r.creates} 'create' audit rows`);
    if (r.ends !== 1) f.partialWrites.push(`run ${r.id} ${r.status} has ${r.ends} audit rows of its end`);
    if (!r.mirrored) f.partialWrites.push(`run ${r.id} ${r.status} is not mirrored on its plan`);
  }
}
