import type { LevelValue } from '@predict/shared';
import { useMemo } from 'react';

/** The greyed text of an inherited value: the value and where it comes from ('12.5 from study'). */
export function inheritedText(
  effective: LevelValue | undefined,
  studyValue: number | null,
  format: (n: number) => string,
): string {
  // A study value edited in this session is newer than the loaded effective value.
  const from = effective?.from ?? 'study';
  const value = from === 'study' ? studyValue : (effective?.value ?? null);
  return value === null ? `not set (${from})` : `${format(value)} from ${from}`;
}

/** A level's loaded rows' effective values by the row's key (the study row's id as text). */
export function useEffectiveByKey<R, E>(loaded: readonly R[], entry: (row: R) => readonly [number, E]) {
  return useMemo(
    () => new Map(loaded.map((r) => [String(entry(r)[0]), entry(r)[1]] as const)),
    [loaded, entry],
  );
}
