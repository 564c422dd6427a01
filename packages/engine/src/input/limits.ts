/**
 * Input limits, the one copy (packages/shared re-exports them for its schemas and forms). Dates 1900-01-01 to
 * 2199-12-31: a plan's chain adds at most a few hundred years of durations to them, which JavaScript and PostgreSQL
 * dates hold. Sites per group and replications: far beyond real plans, and small enough that the per-site and
 * per-replication arrays fit in memory (a bare number like 1e9 threw RangeErrors deep in the engine).
 */
export const INPUT_LIMITS = {
  dateMillisMin: Date.UTC(1900, 0, 1),
  dateMillisMax: Date.UTC(2200, 0, 1) - 1,
  sitesPerGroup: 10_000,
  /** Patients of a study or country target (the forecast walks every patient of every replication). */
  patients: 1_000_000,
  replications: 100_000,
} as const;
