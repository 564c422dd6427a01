import {
  REFORECAST_BUCKET_HALF_WIDTH,
  REFORECAST_BUCKETS,
  type CalibrationBucketSummary,
  type CalibrationReforecast,
  type ForecastRecordMilestone,
  type ReforecastBucket,
} from '@predict/shared';
import type { RemodelRecordRow } from '../../repositories/forecast-calibration-repository';
import { scoreDate, summariseDates } from './score-records';

/**
 * The bucket of a re-forecast made with `percent` of the target enrolled: the nearest of 25 / 50 / 75 within 12.5
 * points, half-open so that every share has one bucket ([12.5, 37.5) -> 25, [37.5, 62.5) -> 50, [62.5, 87.5] ->
 * 75); null outside 12.5-87.5.
 */
export function bucketOf(percent: number): ReforecastBucket | null {
  const last = REFORECAST_BUCKETS[REFORECAST_BUCKETS.length - 1]!;
  for (const b of REFORECAST_BUCKETS) {
    const lo = b - REFORECAST_BUCKET_HALF_WIDTH;
    const hi = b + REFORECAST_BUCKET_HALF_WIDTH;
    if (percent >= lo && (percent < hi || (b === last && percent === hi))) return b;
  }
  return null;
}

/** What a re-forecast is scored against: its completed study's names, actual LPI and target. */
export interface CompletedStudyRef {
  projectId: string;
  studyName: string;
  lastEnrolledMillis: number;
  targetEnrolled: number;
}

/** A re-forecast as presented, with the LPI figures of its record that the bucket summary scores. */
export interface ScoredReforecast {
  reforecast: CalibrationReforecast;
  forecast: ForecastRecordMilestone;
}

/**
 * The re-forecasts scored: the remodel records of completed studies that have LPI P1..P99, each in its bucket. A
 * planner may remodel several times around one share (runs of one session, a corrected form): one record per study
 * and bucket counts, the one nearest the bucket (the newer on a tie), so that n counts studies and no study weighs
 * more for having been remodelled more often.
 */
export function pickReforecasts(
  rows: readonly RemodelRecordRow[],
  studies: ReadonlyMap<number, CompletedStudyRef>,
): ScoredReforecast[] {
  const best = new Map<string, { row: RemodelRecordRow; percent: number; bucket: ReforecastBucket }>();
  // Rows come oldest first: `<=` keeps the newer of two equally near records.
  for (const row of rows) {
    const study = studies.get(row.studyId);
    if (!study || !row.lpi?.percentiles || study.targetEnrolled <= 0) continue;
    const percent = (100 * row.enrolledAtAsOf) / study.targetEnrolled;
    const bucket = bucketOf(percent);
    if (bucket === null) continue;
    const key = `${row.studyId}:${bucket}`;
    const held = best.get(key);
    if (!held || Math.abs(percent - bucket) <= Math.abs(held.percent - bucket))
      best.set(key, { row, percent, bucket });
  }
  return [...best.values()]
    .map(({ row, percent, bucket }) => {
      const study = studies.get(row.studyId)!;
      const reforecast: CalibrationReforecast = {
        forecastRecordId: row.forecastRecordId,
        simRunId: row.simRunId,
        studyId: row.studyId,
        projectId: study.projectId,
        studyName: study.studyName,
        studyPlanId: row.studyPlanId,
        studyPlanName: row.studyPlanName,
        asOfMillis: row.asOf.getTime(),
        enrolledAtAsOf: row.enrolledAtAsOf,
        targetEnrolled: study.targetEnrolled,
        percentEnrolled: percent,
        bucket,
        lpi: scoreDate(row.lpi, study.lastEnrolledMillis),
      };
      return { reforecast, forecast: row.lpi! };
    })
    .sort(
      ({ reforecast: a }, { reforecast: b }) =>
        a.projectId.localeCompare(b.projectId) || a.studyId - b.studyId || a.bucket - b.bucket,
    );
}

/** The re-forecasts' LPI track record per bucket (every bucket, n = 0 where it has none). */
export function summariseBuckets(scored: readonly ScoredReforecast[]): CalibrationBucketSummary[] {
  return REFORECAST_BUCKETS.map((bucket) => ({
    bucket,
    lpi: summariseDates(
      'lpi',
      scored
        .filter((s) => s.reforecast.bucket === bucket)
        .map((s) => ({ forecast: s.forecast, actualMillis: s.reforecast.lpi.actualMillis })),
    ),
  }));
}
