import { z } from 'zod';
import { RunUncertainty } from './run-settings';

/**
 * Forecasts of record (issue 24): what every finished run forecast, kept for good so that a plan's Forecast History
 * can chart how its forecast moved and so that the actual dates can later be scored against it. One schema for the
 * server (it checks every record it stores) and the client.
 */

/** The milestones a record keeps: first / last site activated, first and last patient in, last patient last visit. */
export const FORECAST_RECORD_MILESTONES = ['fsiv', 'lastActivation', 'fpi', 'lpi', 'lplv'] as const;
export type ForecastRecordMilestoneKey = (typeof FORECAST_RECORD_MILESTONES)[number];

/** The levels of a record's percentiles: P1..P99 (percent). */
export const FORECAST_RECORD_LEVELS: readonly number[] = Array.from({ length: 99 }, (_, i) => i + 1);

const millis = z
  .number()
  .int()
  .nullable()
  .describe(
    'ms since the epoch, noon UTC of the day (as the result sets); null = not reached in the horizon',
  );

export const ForecastRecordMilestone = z
  .object({
    p10: millis,
    p50: millis,
    p90: millis,
    probabilityReached: z.number().min(0).max(1).nullable(),
    /**
     * P1..P99 (index k is P(k+1)), the quantiles the run's P10/P50/P90 come from: a probability integral transform
     * of the actual date is the share of them on or before it. Null when the run had no Monte Carlo, or its result
     * sets show this milestone from another model than the replications (a sequential cohort plan's LPI).
     */
    percentiles: z.array(millis).length(FORECAST_RECORD_LEVELS.length).nullable(),
  })
  .meta({ id: 'ForecastRecordMilestone' });
export type ForecastRecordMilestone = z.infer<typeof ForecastRecordMilestone>;

export const ForecastRecordBand = z
  .object({ p10: z.array(z.number()), p50: z.array(z.number()), p90: z.array(z.number()) })
  .meta({ id: 'ForecastRecordBand', description: 'P10/P50/P90 per month, aligned with monthStartMillis' });
export type ForecastRecordBand = z.infer<typeof ForecastRecordBand>;

/** The month of a record's monthly sets at whose end the track record scores sites activated: the twelfth. */
export const SITES_SCORE_MONTH_INDEX = 11;
export const ForecastRecordCountDistribution = z
  .object({
    lo: z.number().int().min(0),
    counts: z.array(z.number().int().min(0)),
  })
  .meta({
    id: 'ForecastRecordCountDistribution',
    description: 'counts[k] replications had lo + k (a count forecast, exactly: what a randomized PIT needs)',
  });
export type ForecastRecordCountDistribution = z.infer<typeof ForecastRecordCountDistribution>;
/** The figures of a record (stored as jsonb `forecast`). */
export const ForecastOfRecord = z
  .object({
    /** The last day the forecast simulated (ms); null without a Monte Carlo. */
    horizonMillis: millis,
    milestones: z.object(
      Object.fromEntries(FORECAST_RECORD_MILESTONES.map((k) => [k, ForecastRecordMilestone])) as Record<
        ForecastRecordMilestoneKey,
        typeof ForecastRecordMilestone
      >,
    ),
    /** The months of the run's monthly result sets (first day, ms at noon UTC). */
    monthStartMillis: z.array(z.number().int()),
    /** Cumulative sites activated at each month's end; null without a Monte Carlo. */
    sitesActivated: ForecastRecordBand.nullable(),
    /** Cumulative patients enrolled at each month's end (the monthly charts' band); null where they have none. */
    patientsEnrolled: ForecastRecordBand.nullable(),
    /**
     * Sites activated at the end of month SITES_SCORE_MONTH_INDEX + 1, over the replications; null without a Monte
     * Carlo or a shorter plan, absent from records stored before it was kept.
     */
    sitesMonth12: ForecastRecordCountDistribution.nullable().optional(),
  })
  .meta({ id: 'ForecastOfRecord' });
export type ForecastOfRecord = z.infer<typeof ForecastOfRecord>;

/** P10/P50/P90 of one milestone as the history lists them (ms; null = not reached or no forecast). */
export const MilestoneQuantiles = z
  .object({ p10: millis, p50: millis, p90: millis })
  .meta({ id: 'MilestoneQuantiles' });
export type MilestoneQuantiles = z.infer<typeof MilestoneQuantiles>;

/**
 * What a record is: 'Baseline' (the plan's locked baseline of record), 'Remodel' (a re-forecast from actuals), or
 * otherwise the plan's type as the plan list shows it (Rates, Duration, Cohort (D), Combination (D), ...).
 */
export const ForecastRecordKind = z.string().meta({ id: 'ForecastRecordKind' });

export const ForecastHistoryRecord = z
  .object({
    forecastRecordId: z.number().int(),
    simRunId: z.number().int(),
    studyPlanId: z.number().int(),
    studyPlanName: z.string(),
    kind: ForecastRecordKind,
    studyPlanTypeDetail: z.string(),
    /** The plan's status when the run finished. */
    scenarioStatus: z.string(),
    /** The plan's version (studyPlanVersion) when the run finished. */
    planVersion: z.number().int(),
    /** SHA-256 of the run's engine input: equal hashes forecast the same plan content. */
    inputsHash: z.string(),
    /** When the run finished and the record was made (ms). */
    createdMillis: z.number().int(),
    /** Remodel runs: the CTMS extract they re-forecast from, and its as-of time (ms); null for other runs. */
    extract: z
      .object({ extractId: z.number().int(), version: z.number().int(), asOfMillis: z.number().int() })
      .nullable(),
    uncertainty: RunUncertainty.nullable(),
    engineVersion: z.string(),
    fpi: MilestoneQuantiles,
    lpi: MilestoneQuantiles,
    lplv: MilestoneQuantiles,
    /** The plan's locked baseline of record (set when the plan became Baseline Plan). */
    isBaseline: z.boolean(),
  })
  .meta({ id: 'ForecastHistoryRecord' });
export type ForecastHistoryRecord = z.infer<typeof ForecastHistoryRecord>;

/** The study's actual milestones from its latest CTMS extract, once it shows them (null dates until then). */
export const ForecastHistoryActual = z
  .object({
    extractId: z.number().int(),
    extractVersion: z.number().int(),
    asOfMillis: z.number().int(),
    /** The first day of the first month with an enrolled patient (the extract counts by month), ms. */
    firstEnrolledMillis: millis,
    /** The day the target was enrolled, as Study Actuals' remodel reads the extract; null until it is. */
    lastEnrolledMillis: millis,
  })
  .meta({ id: 'ForecastHistoryActual' });
export type ForecastHistoryActual = z.infer<typeof ForecastHistoryActual>;

/** GET /ctpo/plans/{planId}/forecast-history. */
export const ForecastHistoryResponse = z
  .object({
    studyPlanId: z.number().int(),
    studyId: z.number().int(),
    /** Newest first: the plan's records and its remodel plans' records. */
    records: z.array(ForecastHistoryRecord),
    /** Null while the study has no CTMS extract. */
    actual: ForecastHistoryActual.nullable(),
  })
  .meta({ id: 'ForecastHistoryResponse' });
export type ForecastHistoryResponse = z.infer<typeof ForecastHistoryResponse>;

export const FORECAST_HISTORY_PATH = '/ctpo/plans/{planId}/forecast-history';
export const forecastHistoryUrl = (planId: number) =>
  FORECAST_HISTORY_PATH.replace('{planId}', String(planId));
