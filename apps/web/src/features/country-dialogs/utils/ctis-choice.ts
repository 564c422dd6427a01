import type { CtisChoice, CtisPlanRow } from '@predict/shared';

/** The choice the saved rows stand for, so that reopening the dialog shows what was chosen last time. */
export function savedChoice(rows: CtisPlanRow[]): { choice: CtisChoice; date: number | null } {
  const entered = rows.find((r) => r.enterNewDate !== null);
  if (entered) return { choice: 'enterNew', date: entered.enterNewDate };
  if (rows.some((r) => r.useLatestRegSubmissionsDate)) return { choice: 'useLatest', date: null };
  if (rows.some((r) => r.resetRegSubmissionDates)) return { choice: 'reset', date: null };
  return { choice: 'keep', date: null };
}

/** The latest current submission date of the included groups (what 'use latest' applies to all of them). */
export function latestIncludedDate(
  rows: CtisPlanRow[],
  included: ReadonlyMap<number, boolean>,
): number | null {
  const dates = rows
    .filter((r) => included.get(r.siteGroupId))
    .map((r) => r.regSubmissionDate)
    .filter((d): d is number => d !== null);
  return dates.length ? Math.max(...dates) : null;
}
