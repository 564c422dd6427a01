/**
 * Types of the Monte Carlo forecast (simulation model section 7). Times are days since day 0 as real numbers:
 * an event at time t happens on calendar day floor(t). Counts are patients or sites.
 */

/** Milestones recorded per replication, in this order. */
export const MILESTONE_KEYS = [
  'fsiv', // first site activated (FSIV)
  'lastActivation', // last site activated
  'fps', // first patient screened
  'fpi', // first patient enrolled
  'enrolled25', // ceil(25% x targetEnrolled)-th patient enrolled
  'enrolled50',
  'enrolled75',
  'lpi', // targetEnrolled-th patient enrolled (last patient in)
  'lps', // last patient screened: the moment screening stops study-wide
  'lastTreatment', // last patient completes treatment
  'lplv', // last patient last visit (end of follow-up; drop-outs' last visit during treatment)
  'fplv', // first patient last visit: FPI + treatment + follow-up days (as the plan line defines it)
] as const;
export type MilestoneKey = (typeof MILESTONE_KEYS)[number];

/** Cumulative series recorded at grid days, in this order. */
export const SERIES_KEYS = ['activeSites', 'screened', 'enrolled', 'completed'] as const;
export type SeriesKey = (typeof SERIES_KEYS)[number];

/** Marker of a milestone not reached within the horizon in the raw per-replication arrays (times are >= 0). */
export const NOT_REACHED = -1;

/**
 * When screening stops study-wide. 'enrolled' (default): when the patient who will be the targetEnrolled-th
 * enrolled is screened, so every replication that ends enrollment reaches the enrolled target exactly.
 * 'screened': after exactly targetScreened screened patients (enrolled total then varies with screen failure).
 */
export type StopRule = 'enrolled' | 'screened';

/** Options of runReplications. */
export interface RunOptions {
  /** Seed of the run (any safe integer); store it with the run to reproduce it exactly. */
  seed: number;
  /** First replication index (inclusive). */
  from: number;
  /** Last replication index (exclusive). */
  to: number;
  /** Grid days (ascending integers in [0, horizonDays]); counts are taken at the end of each day. */
  grid?: readonly number[];
  stopRule?: StopRule;
}

/**
 * Raw results of replications [from, to): mergeable by concatenation. Layouts are replication-major:
 * milestones[(r - from) * MILESTONE_KEYS.length + m], counts[((r - from) * SERIES_KEYS.length + s) * grid.length + j].
 */
export interface ForecastChunk {
  seed: number;
  from: number;
  to: number;
  horizonDays: number;
  targetScreened: number;
  targetEnrolled: number;
  stopRule: StopRule;
  grid: Int32Array;
  milestones: Float64Array;
  counts: Uint16Array | Uint32Array;
}

/** Quantiles of one milestone. */
export interface MilestoneForecast {
  /** Quantile (days since day 0, real) per requested level, aligned with Forecast.levels; null = not reached. */
  quantiles: (number | null)[];
  /** Share of replications in which the milestone happens within the horizon. */
  probabilityReached: number;
  /** Mean over the replications that reach it (days), null when none does. */
  meanIfReached: number | null;
}

/** Summary of a forecast: milestone quantiles and bands of the cumulative curves. */
export interface Forecast {
  seed: number;
  replications: number;
  /** Levels in percent (e.g. [10, 50, 90]), ascending, unique. */
  levels: number[];
  horizonDays: number;
  targetScreened: number;
  targetEnrolled: number;
  milestones: Record<MilestoneKey, MilestoneForecast>;
  /** Grid days (end of day) of the bands. */
  gridDays: number[];
  /** bands[series][levelIndex][gridIndex]: quantile of the cumulative count at the end of that grid day. */
  bands: Record<SeriesKey, number[][]>;
  /** bandMeans[series][gridIndex]: mean cumulative count. */
  bandMeans: Record<SeriesKey, number[]>;
}
