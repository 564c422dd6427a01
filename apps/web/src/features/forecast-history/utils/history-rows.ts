import type { ForecastHistoryRecord, RunUncertainty } from '@predict/shared';

/** The settings a record's summary names, in this order, with their short labels. */
const SETTING_LABELS: [keyof RunUncertainty, string][] = [
  ['studyRateCv', 'study CV'],
  ['countryRateCv', 'country CV'],
  ['siteRateCv', 'site CV'],
  ['startupCv', 'start-up CV'],
  ['nonEnrollingProbability', 'non-enrolling'],
  ['siteInactivationPerYear', 'inactivation/yr'],
];

const number = (x: number) => String(Math.round(x * 1000) / 1000);

/**
 * One line for the uncertainty settings a run used ('study CV 0.2 · country CV 0.5 · site CV 0.8 · ...'), with a
 * remodel's estimated spread after them; '—' when the run kept none (a combination's). Terms that are off (0:
 * no non-enrolling sites, no inactivation) are left out, so the usual line stays short.
 */
export function settingsSummary(u: RunUncertainty | null): string {
  if (!u) return '—';
  const parts = SETTING_LABELS.filter(([key]) => u[key] !== undefined && u[key] !== 0).map(
    ([key, label]) => `${label} ${number(u[key]!)}`,
  );
  if (u.estimatedSiteRateCv !== undefined) parts.push(`est. site CV ${number(u.estimatedSiteRateCv)}`);
  return parts.length > 0 ? parts.join(' · ') : '—';
}

/** A record's point of the LPI chart: its date and its P10/P50/P90 (ms); null without an LPI forecast. */
export interface LpiPoint {
  created: number;
  p10: number;
  p50: number;
  p90: number;
  label: string;
}

/** The records with an LPI forecast, oldest first (the chart reads left to right in time). */
export function lpiPoints(records: readonly ForecastHistoryRecord[]): LpiPoint[] {
  return records
    .filter((r) => r.lpi.p10 !== null && r.lpi.p50 !== null && r.lpi.p90 !== null)
    .map((r) => ({
      created: r.createdMillis,
      p10: r.lpi.p10!,
      p50: r.lpi.p50!,
      p90: r.lpi.p90!,
      // Numbers and fixed words only: the tooltip is HTML, and plan names are user text.
      label: `run ${r.simRunId}${r.isBaseline ? ', baseline of record' : ''}`,
    }))
    .sort((a, b) => a.created - b.created);
}
