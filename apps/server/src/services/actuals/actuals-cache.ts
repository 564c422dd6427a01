import type { ActualsRow } from '@predict/shared';

/**
 * The last computed actuals rows per study, keyed by what they depend on (the extract and the baseline run): the
 * LPI forecast runs Monte Carlo replications, so GET actuals answers from here and IMPORT ACTUALS recomputes.
 * In memory of this process; a new extract forgets the study's entry.
 */
const cache = new Map<number, { key: string; rows: ActualsRow[] | null }>();
const MAX_ENTRIES = 500;

/** The rows computed for `key`: null when the baseline's input has no actuals (a combination), undefined if none. */
export function cachedActuals(studyId: number, key: string): ActualsRow[] | null | undefined {
  const hit = cache.get(studyId);
  return hit && hit.key === key ? hit.rows : undefined;
}

export function rememberActuals(studyId: number, key: string, rows: ActualsRow[] | null): void {
  cache.delete(studyId);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(studyId, { key, rows });
}

export function forgetActuals(studyId: number): void {
  cache.delete(studyId);
}
