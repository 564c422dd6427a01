import { parseSimulationInput } from '@predict/engine';
import { LruMap } from '../../caching/lru-map';
import { perDb } from '../../caching/per-db';
import type { Db } from '../../db/client';
import { listExtractsActuals, listRunInputs } from '../../repositories/forecast-calibration-repository';
import { actualFirstEnrolled, type ActualsData } from '../actuals/compute-actuals';
import { actualEnrollment } from '../actuals/forecast-lpi';

/** What the track record reads of a study's extract against its baseline run's input. */
export interface StudyActuals {
  /** First day of the first month with an enrolled patient (ms, noon UTC), as Forecast History shows it. */
  firstEnrolledMillis: number | null;
  /** The day the extract shows the target enrolled (ms, noon UTC); null until it does: not completed. */
  lastEnrolledMillis: number | null;
  /** The baseline run's target of patients enrolled; null when its input cannot be read (a combination's). */
  targetEnrolled: number | null;
  /** Activation days (ms, noon UTC) of the extract's activated sites in the plan's site groups, ascending. */
  activationMillis: number[];
}

export interface StudyActualsKey {
  extractId: number;
  asOf: Date;
  simRunId: number;
}

/**
 * Read once per (extract, baseline run) and kept: an extract version and a run's input never change, and the LPI
 * reading runs the engine's remodel of the plan (20-300 ms a study, the plan line included), far over the page's
 * budget for a portfolio of 100. In memory of this process, one map per database (ids are only unique within one).
 */
const MAX_ENTRIES = 5_000;
const keyOf = (k: Pick<StudyActualsKey, 'extractId' | 'simRunId'>) => `${k.extractId}:${k.simRunId}`;

const cacheOf = perDb<Db, LruMap<string, StudyActuals>>(() => new LruMap(MAX_ENTRIES));

const noonOf = (isoDay: string) => Date.parse(`${isoDay.slice(0, 10)}T12:00:00Z`);

function groupBy<T extends { extractId: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(r.extractId);
    if (list) list.push(r);
    else out.set(r.extractId, [r]);
  }
  return out;
}

/** One study's actuals, read the way actual-milestones reads them (Forecast History's actual FPI and LPI). */
function readOne(data: ActualsData, rawInput: unknown): StudyActuals {
  const first = actualFirstEnrolled(data.months);
  const parsed = parseSimulationInput(rawInput);
  let enrollment: ReturnType<typeof actualEnrollment> | null = null;
  if (parsed.ok) {
    try {
      enrollment = actualEnrollment(parsed.input, data);
    } catch {
      // An input the remodel cannot read (it checks more than the schema) makes the study not completed, not the
      // whole track record fail; Study Actuals shows that study's problem where it can be fixed.
    }
  }
  const groups = new Set(parsed.ok ? parsed.input.siteGroups.map((g) => Number(g.siteGroupId)) : []);
  return {
    firstEnrolledMillis: first === null ? null : noonOf(first),
    lastEnrolledMillis: enrollment?.lastEnrolledMillis ?? null,
    targetEnrolled: enrollment?.targetEnrolled ?? null,
    activationMillis: data.sites
      .filter((s) => s.siteActivatedDate !== null && groups.has(s.siteGroupId))
      .map((s) => noonOf(s.siteActivatedDate!))
      .sort((a, b) => a - b),
  };
}

/**
 * The actuals of many studies: from the cache, and for the rest from one bulk read of their extracts and run
 * inputs (four queries however many studies miss). Keyed by `extractId:simRunId`.
 */
export async function readStudyActuals(
  db: Db,
  keys: readonly StudyActualsKey[],
): Promise<Map<string, StudyActuals>> {
  const cache = cacheOf(db);
  const out = new Map<string, StudyActuals>();
  const missing = keys.filter((k) => {
    const hit = cache.get(keyOf(k));
    if (hit) out.set(keyOf(k), hit);
    return !hit;
  });
  if (missing.length === 0) return out;
  const [extracts, inputs] = await Promise.all([
    listExtractsActuals(db, [...new Set(missing.map((k) => k.extractId))]),
    listRunInputs(db, [...new Set(missing.map((k) => k.simRunId))]),
  ]);
  const sites = groupBy(extracts.sites);
  const months = groupBy(extracts.months);
  const screening = groupBy(extracts.screening);
  for (const k of missing) {
    const data: ActualsData = {
      asOfMs: k.asOf.getTime(),
      sites: sites.get(k.extractId) ?? [],
      months: months.get(k.extractId) ?? [],
      siteScreening: screening.get(k.extractId) ?? [],
    };
    const actuals = readOne(data, inputs.get(k.simRunId) ?? null);
    cache.set(keyOf(k), actuals);
    out.set(keyOf(k), actuals);
  }
  return out;
}

export { keyOf as studyActualsKey };
