import type { RunUncertainty, SimulationRunSettings } from '@predict/shared';
import { formatDecimal, formatPercent } from '@/lib/format';

type Row = [string, string];

/** The Parameter Summary's rows of the run's uncertainty settings, in this order, each with its format. */
const SETTINGS: readonly [keyof RunUncertainty, string, (v: number) => string][] = [
  ['studyRateCv', 'Study rate CV', (v) => formatDecimal(v, 2)],
  ['countryRateCv', 'Country rate CV', (v) => formatDecimal(v, 2)],
  ['siteRateCv', 'Site rate CV', (v) => formatDecimal(v, 2)],
  ['startupCv', 'Start-up CV', (v) => formatDecimal(v, 2)],
  ['nonEnrollingProbability', 'Non-enrolling sites', (v) => formatPercent(v, 0)],
  ['siteInactivationPerYear', 'Site inactivation (per site-year)', (v) => formatDecimal(v, 2)],
  // Whole days without decimals; the engine takes decimal days too: a part day shows 1 decimal, not rounded away.
  ['siteRampUpDays', 'Site ramp-up (days)', (v) => formatDecimal(v, Number.isInteger(v) ? 0 : 1)],
  ['siteRampUpStart', 'Ramp-up start (share of rate)', (v) => formatDecimal(v, 2)],
  ['siteDecayPerYear', 'Site decay (per year)', (v) => formatDecimal(v, 2)],
  ['estimatedSiteRateCv', 'Estimated site rate CV', (v) => formatDecimal(v, 2)],
  ['estimatedCountryRateCv', 'Estimated country rate CV', (v) => formatDecimal(v, 2)],
];

/**
 * The uncertainty settings the run used (GET /ctpo/results/settings), as Parameter Summary rows: those the run
 * stored, or, for a run stored before they were kept, those its request named; none while they load, when the run
 * knows none (a combination plan's) or when they cannot be read. Never the plan's current settings: the results
 * are the run's. First, when the answer says, where they came from: "Calibration version N" or "Plan settings".
 */
export function runSettingsRows(settings: SimulationRunSettings | null | undefined): Row[] {
  const u = settings?.uncertainty;
  if (!u) return [];
  // Which settings the run took: an approved calibration version's fitted ones, or the plan's own (issue 24).
  const version = settings.calibrationVersion;
  const source: Row[] =
    version === undefined
      ? []
      : [['Uncertainty settings', version === null ? 'Plan settings' : `Calibration version ${version}`]];
  return [
    ...source,
    ...SETTINGS.filter(([key]) => typeof u[key] === 'number').map(([key, label, format]): Row => [
      label,
      format(u[key]!),
    ]),
  ];
}
