import type {
  CalibrationDateScore,
  CalibrationShare,
  CalibrationSummary,
  ForecastCalibrationResponse,
} from '@predict/shared';

const noon = (iso: string) => Date.parse(`${iso}T12:00:00Z`);
const DAY = 86_400_000;

export const share = (count: number, n: number, lo: number, hi: number): CalibrationShare => ({
  count,
  n,
  share: n === 0 ? null : count / n,
  lo,
  hi,
});

const summary = (
  milestone: CalibrationSummary['milestone'],
  n: number,
  coverage: CalibrationShare,
  belowMedian: CalibrationShare,
  pits: boolean,
): CalibrationSummary => ({
  milestone,
  n,
  coverage,
  belowMedian,
  pitHistogram: pits ? [1, 0, 0, 1, 0, 0, 0, 0, 0, 1] : null,
  reliability: pits
    ? [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9].map((level) => ({
        level,
        observed: share(Math.round(level * n), n, 0, 1),
      }))
    : null,
});

const date = (actual: string, pit: number | null, outcome: CalibrationDateScore['outcome']) => ({
  p10: noon(actual) - 20 * DAY,
  p50: noon(actual),
  p90: noon(actual) + 40 * DAY,
  actualMillis: noon(actual),
  pit,
  outcome,
});

/** A track record of three completed studies: LPI inside for one, a late miss and an early miss. */
export function calibrationResponse(): ForecastCalibrationResponse {
  const study = (n: number, lpiPit: number, lpiOutcome: CalibrationDateScore['outcome']) => ({
    studyId: n,
    projectId: `CAL-00${n}`,
    studyName: `Calibration study ${n}`,
    studyPlanId: 100 + n,
    studyPlanName: `Baseline ${n}`,
    forecastRecordId: 200 + n,
    simRunId: 300 + n,
    recordCreatedMillis: noon('2024-01-10'),
    extractId: 400 + n,
    extractVersion: 2,
    asOfMillis: noon('2026-01-31'),
    fpi: date('2024-07-01', 0.5, 'inside'),
    lpi: date('2024-09-30', lpiPit, lpiOutcome),
    sitesMonth12:
      n === 1 ? { p10: 2, p50: 4, p90: 6, actual: 3, outcome: 'inside' as const, pit: 0.31 } : null,
  });
  return {
    studies: [study(1, 0.3, 'inside'), study(2, 0.945, 'miss late'), study(3, 0.05, 'miss early')],
    milestones: [
      summary('fpi', 3, share(3, 3, 0.5319, 1), share(0, 3, 0, 0.4681), true),
      summary('lpi', 3, share(1, 3, 0.0783, 0.7465), share(2, 3, 0.2535, 0.9217), true),
      summary('sitesMonth12', 1, share(1, 1, 0.2699, 1), share(1, 1, 0.2699, 1), false),
    ],
    reforecasts: [
      {
        forecastRecordId: 501,
        simRunId: 601,
        studyId: 1,
        projectId: 'CAL-001',
        studyName: 'Calibration study 1',
        studyPlanId: 701,
        studyPlanName: 'Remodel at half way',
        asOfMillis: Date.parse('2024-08-31T00:00:00Z'),
        enrolledAtAsOf: 50,
        targetEnrolled: 100,
        percentEnrolled: 50,
        bucket: 50,
        lpi: date('2024-09-30', 0.92, 'miss late'),
      },
    ],
    reforecastBuckets: [
      { bucket: 25, lpi: summary('lpi', 0, share(0, 0, 0, 1), share(0, 0, 0, 1), true) },
      { bucket: 50, lpi: summary('lpi', 1, share(0, 1, 0, 0.7301), share(0, 1, 0, 0.7301), true) },
      { bucket: 75, lpi: summary('lpi', 0, share(0, 0, 0, 1), share(0, 0, 0, 1), true) },
    ],
  };
}

export const emptyResponse = (): ForecastCalibrationResponse => ({
  studies: [],
  milestones: (['fpi', 'lpi', 'sitesMonth12'] as const).map((m) =>
    summary(m, 0, share(0, 0, 0, 1), share(0, 0, 0, 1), m !== 'sitesMonth12'),
  ),
  reforecasts: [],
  reforecastBuckets: ([25, 50, 75] as const).map((bucket) => ({
    bucket,
    lpi: summary('lpi', 0, share(0, 0, 0, 1), share(0, 0, 0, 1), true),
  })),
});
