import type { LevelValue, SoeSiteGroupEntry } from '@predict/shared';
import { useMemo } from 'react';
import { levelId, type EditorState } from '../../state/editor-state';

type Source = LevelValue['from'];

/**
 * The currency each level a tab can inherit from counts its amounts in. An inherited amount is shown in its source
 * level's currency ('$40.00 from study' on a EUR tab), not converted to the tab's: the server answers it in that
 * currency (inherited amounts never change meaning), it is the figure someone typed and can find at its source, and
 * it needs no rate (a level whose rate is missing or being edited would otherwise show nothing or a figure that
 * changes as the rate is typed). The conversion, exact and rounded once, is what the totals and the forecast show.
 */
export type SourceCurrencies = Readonly<Record<Source, string>>;

/** The source currencies of the tab (siteGroupId, siteId), with this session's unsaved currency choices. */
export function sourceCurrenciesOf(
  currencies: EditorState['currencies'],
  entries: readonly SoeSiteGroupEntry[],
  soeCurrency: string,
  siteGroupId: number,
  siteId: number,
): SourceCurrencies {
  const of = (sg: number, site: number, above: string) =>
    currencies[levelId(sg, site)]?.currency ??
    entries.find((e) => e.siteGroupId === sg && e.siteId === site)?.effectiveCurrency ??
    above;
  const study = currencies[levelId(0, 1)]?.currency ?? soeCurrency;
  const country = siteGroupId === 0 ? study : of(siteGroupId, 1, study);
  return { study, country, site: siteId === 1 ? country : of(siteGroupId, siteId, country) };
}

/** The greyed text of an inherited value: the value and where it comes from ('12.5 from study'). */
export function inheritedText(
  effective: LevelValue | undefined,
  studyValue: number | null,
  format: (n: number, from: Source) => string,
): string {
  // A study value edited in this session is newer than the loaded effective value.
  const from = effective?.from ?? 'study';
  const value = from === 'study' ? studyValue : (effective?.value ?? null);
  return value === null ? `not set (${from})` : `${format(value, from)} from ${from}`;
}

/** A level's loaded rows' effective values by the row's key (the study row's id as text). */
export function useEffectiveByKey<R, E>(loaded: readonly R[], entry: (row: R) => readonly [number, E]) {
  return useMemo(
    () => new Map(loaded.map((r) => [String(entry(r)[0]), entry(r)[1]] as const)),
    [loaded, entry],
  );
}
