import type { ActualsRow } from '@predict/shared';
import type { Db } from '../../db/client';
import { studyKeyedCache } from '../../caching/study-keyed-cache';

/**
 * The last computed actuals rows per study, keyed by what they depend on (the extract and the baseline run): the
 * LPI forecast runs Monte Carlo replications, so GET actuals answers from here and IMPORT ACTUALS recomputes. A
 * new extract forgets the study's entry.
 */
const actuals = studyKeyedCache<ActualsRow[] | null>();

/** The rows computed for `key`: null when the baseline's input has no actuals (a combination), undefined if none. */
export function cachedActuals(db: Db, studyId: number, key: string): ActualsRow[] | null | undefined {
  return actuals.get(db, studyId, key);
}

export function rememberActuals(db: Db, studyId: number, key: string, rows: ActualsRow[] | null): void {
  actuals.remember(db, studyId, key, rows);
}

export function forgetActuals(db: Db, studyId: number): void {
  actuals.forget(db, studyId);
}
