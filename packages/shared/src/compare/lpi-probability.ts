const DAY_MS = 86_400_000;
const NOON_MS = DAY_MS / 2;

/**
 * The probability that LPI falls on or before a day, from a run's P1..P99 of LPI: the share of those percentiles
 * on or before noon UTC of the day (the percentiles are days at noon). Its resolution is one percentage point,
 * and below P1 or above P99 it says 0 or 0.99 at most; a null percentile (not reached in the horizon) never counts.
 * Null without percentiles.
 */
export function lpiProbabilityBy(
  percentiles: readonly (number | null)[] | null,
  dayMillis: number,
): number | null {
  if (!percentiles || percentiles.length === 0) return null;
  const noon = Math.floor(dayMillis / DAY_MS) * DAY_MS + NOON_MS;
  const onOrBefore = percentiles.filter((p) => p !== null && p <= noon).length;
  return onOrBefore / (percentiles.length + 1);
}
