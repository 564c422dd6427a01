import { z } from 'zod';

/**
 * Forecast Calibration (issue 24 part 2, the track record): how the forecasts of record of completed studies did
 * against what happened. One schema for the server (its response) and the web page (which checks what it reads).
 * A completed study is one whose Baseline Plan has a baseline of record and whose latest CTMS extract shows the
 * target enrolled; its actual FPI and LPI are scored against that record's P1..P99 (the probability integral
 * transform, PIT), and the re-forecasts (remodel records) against the same actual LPI.
 */

export const FORECAST_CALIBRATION_PATH = '/ctpo/admin/forecast-calibration';
export const FORECAST_CALIBRATION_EXPORT_PATH = '/ctpo/admin/forecast-calibration/export';

/** The milestones scored: first and last patient in, and sites activated at the end of month 12. */
export const CALIBRATION_MILESTONES = ['fpi', 'lpi', 'sitesMonth12'] as const;
export type CalibrationMilestoneKey = (typeof CALIBRATION_MILESTONES)[number];
export const CALIBRATION_MILESTONE_LABELS: Record<CalibrationMilestoneKey, string> = {
  fpi: 'First patient in',
  lpi: 'Last patient in',
  sitesMonth12: 'Sites activated at month 12',
};

/** The re-forecast buckets: share of the target enrolled at the remodel's as-of date, in percent. */
export const REFORECAST_BUCKETS = [25, 50, 75] as const;
export type ReforecastBucket = (typeof REFORECAST_BUCKETS)[number];
/** A remodel belongs to the nearest bucket when its share is within this many points of it. */
export const REFORECAST_BUCKET_HALF_WIDTH = 12.5;
const ReforecastBucketSchema = z.literal(REFORECAST_BUCKETS);

/** Where an actual fell: inside P10-P90 (target 80% of studies), below P10 or above P90. */
export const CalibrationOutcome = z
  .enum(['inside', 'miss early', 'miss late'])
  .meta({ id: 'CalibrationOutcome' });
export type CalibrationOutcome = z.infer<typeof CalibrationOutcome>;

/** A share k / n with its 90% Wilson interval; `share` null when n = 0 (the interval is then [0, 1]). */
export const CalibrationShare = z
  .object({
    count: z.number().int(),
    n: z.number().int(),
    share: z.number().nullable(),
    lo: z.number(),
    hi: z.number(),
  })
  .meta({ id: 'CalibrationShare' });
export type CalibrationShare = z.infer<typeof CalibrationShare>;

export const CalibrationSummary = z
  .object({
    milestone: z.enum(CALIBRATION_MILESTONES),
    /** Scored (forecast, actual) pairs. */
    n: z.number().int(),
    /** Actuals inside P10-P90 (target 80%). */
    coverage: CalibrationShare,
    /** Actuals below P50 (target 50%). */
    belowMedian: CalibrationShare,
    /**
     * PIT counts in 10 bins [0, 0.1) ... [0.9, 1] (flat when calibrated); null where the records keep only
     * P10 / P50 / P90 (sites activated by month), so no PIT can be taken.
     */
    pitHistogram: z.array(z.number().int()).length(10).nullable(),
    /** Nominal levels 0.1..0.9 against the share of actuals below the forecasts' quantile at that level. */
    reliability: z.array(z.object({ level: z.number(), observed: CalibrationShare })).nullable(),
  })
  .meta({ id: 'CalibrationSummary' });
export type CalibrationSummary = z.infer<typeof CalibrationSummary>;

const millis = z.number().int().nullable();

/** One date milestone of a record scored against its actual (ms; null = not reached or no forecast). */
export const CalibrationDateScore = z
  .object({
    p10: millis,
    p50: millis,
    p90: millis,
    actualMillis: millis,
    /** Null when the record has no P1..P99 for the milestone (no Monte Carlo, or a cohort plan's LPI). */
    pit: z.number().nullable(),
    outcome: CalibrationOutcome.nullable(),
  })
  .meta({ id: 'CalibrationDateScore' });
export type CalibrationDateScore = z.infer<typeof CalibrationDateScore>;

/** Sites activated at the end of month 12: the record's band against the extract's count. */
export const CalibrationCountScore = z
  .object({
    p10: z.number(),
    p50: z.number(),
    p90: z.number(),
    actual: z.number().int(),
    /** Fewer sites than P10 (activation slower than forecast), inside P10-P90, or more than P90. */
    outcome: z.enum(['below P10', 'inside', 'above P90']),
    /**
     * The count's randomized PIT in the record's distribution (the track record's shares use it: uniform for a
     * calibrated count forecast, ties or not); null for a record that kept no distribution.
     */
    pit: z.number().min(0).max(1).nullable(),
  })
  .meta({ id: 'CalibrationCountScore' });
export type CalibrationCountScore = z.infer<typeof CalibrationCountScore>;

export const CalibrationStudy = z
  .object({
    studyId: z.number().int(),
    projectId: z.string(),
    studyName: z.string(),
    studyPlanId: z.number().int(),
    studyPlanName: z.string(),
    forecastRecordId: z.number().int(),
    simRunId: z.number().int(),
    /** When the baseline of record was made (ms). */
    recordCreatedMillis: z.number().int(),
    extractId: z.number().int(),
    extractVersion: z.number().int(),
    asOfMillis: z.number().int(),
    fpi: CalibrationDateScore,
    lpi: CalibrationDateScore,
    /** Null when the record has no monthly sites band, or the extract ends before month 12 does. */
    sitesMonth12: CalibrationCountScore.nullable(),
  })
  .meta({ id: 'CalibrationStudy' });
export type CalibrationStudy = z.infer<typeof CalibrationStudy>;

export const CalibrationReforecast = z
  .object({
    forecastRecordId: z.number().int(),
    simRunId: z.number().int(),
    studyId: z.number().int(),
    projectId: z.string(),
    studyName: z.string(),
    studyPlanId: z.number().int(),
    studyPlanName: z.string(),
    /** The as-of date of the extract the remodel re-forecast from (ms). */
    asOfMillis: z.number().int(),
    enrolledAtAsOf: z.number().int(),
    targetEnrolled: z.number().int(),
    /** enrolledAtAsOf / targetEnrolled in percent. */
    percentEnrolled: z.number(),
    bucket: ReforecastBucketSchema,
    lpi: CalibrationDateScore,
  })
  .meta({ id: 'CalibrationReforecast' });
export type CalibrationReforecast = z.infer<typeof CalibrationReforecast>;

export const CalibrationBucketSummary = z
  .object({
    bucket: ReforecastBucketSchema,
    lpi: CalibrationSummary,
  })
  .meta({ id: 'CalibrationBucketSummary' });
export type CalibrationBucketSummary = z.infer<typeof CalibrationBucketSummary>;

/** GET /ctpo/admin/forecast-calibration. */
export const ForecastCalibrationResponse = z
  .object({
    /** The completed studies, by project code; empty (n = 0 everywhere) before the first one. */
    studies: z.array(CalibrationStudy),
    /** The baselines' track record per milestone (fpi, lpi, sitesMonth12). */
    milestones: z.array(CalibrationSummary),
    /** The remodel records scored: one per study and bucket (the one nearest the bucket), by study and bucket. */
    reforecasts: z.array(CalibrationReforecast),
    /** The re-forecasts' LPI track record per bucket (25, 50, 75). */
    reforecastBuckets: z.array(CalibrationBucketSummary),
  })
  .meta({ id: 'ForecastCalibrationResponse' });
export type ForecastCalibrationResponse = z.infer<typeof ForecastCalibrationResponse>;
