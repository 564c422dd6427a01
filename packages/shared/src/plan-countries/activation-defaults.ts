import { ACTIVATION_PROFILE_MAX_ROWS, PLAN_TYPE_DURATION } from '../plan/constants';
import type { CountryBounds } from './step2-schemas';

/** Label of a computed (not typed) activation-profile point, as the step 2 table shows it (spec/1 section 4). */
export const PROJECTED_LABEL = 'Projected';
/** Spacing of activations when the site group has no reference profile (spec/1 section 9 fallback). */
export const DEFAULT_ACTIVATION_SPACING_DAYS = 30;

/** A reference or plan profile point: cumulative sites reached `days` after the first site activation. */
export interface ActivationShapePoint {
  sites: number;
  days: number;
}

export interface DefaultActivationPoint {
  siteActivationLabel: string;
  siteActivationProfilePct: number;
  siteActivationProfileDays: number;
}

/**
 * The number of sites a country activates: the lower bound in scenario A (type 1), the upper bound in scenario B
 * (type 2, else its lower bound). Null when not a positive whole number yet.
 */
export function activatedSiteCount(
  planType: number,
  bounds: CountryBounds | null | undefined,
): number | null {
  const n = planType === PLAN_TYPE_DURATION ? (bounds?.upperBound ?? bounds?.lowerBound) : bounds?.lowerBound;
  return n !== null && n !== undefined && Number.isInteger(n) && n >= 1 ? n : null;
}

const point = (sites: number, days: number): DefaultActivationPoint => ({
  siteActivationLabel: PROJECTED_LABEL,
  siteActivationProfilePct: sites,
  siteActivationProfileDays: days,
});

/**
 * The default activation profile of a country whose override flag is off: the site group's reference profile
 * scaled to the country's site count. Days stay as they are; cumulative sites are scaled by siteCount / (the
 * reference's last count) and rounded. So that the result passes the profile rules (increasing, no duplicates):
 * - a point whose reference count is positive never scales to 0 sites;
 * - where several points round to the same count, the earliest keeps it (the day that count is first reached);
 * - points with days not after the previous kept point are dropped (a malformed reference).
 * The last point is always the site count (the reference's last point scales to exactly siteCount).
 * No usable reference (none, or its last count is 0): one site every 30 days, as the points (1, 0) and
 * (siteCount, 30 x (siteCount - 1)) - the line between them reaches site j on day 30 x (j - 1), within 11 rows.
 * No site count yet: no points.
 */
export function defaultActivationProfile(
  reference: readonly ActivationShapePoint[],
  siteCount: number | null,
): DefaultActivationPoint[] {
  if (siteCount === null || siteCount < 1) return [];
  const sorted = [...reference].sort((a, b) => a.days - b.days);
  const last = sorted[sorted.length - 1];
  if (!last || !(last.sites > 0)) {
    return siteCount === 1
      ? [point(1, 0)]
      : [point(1, 0), point(siteCount, DEFAULT_ACTIVATION_SPACING_DAYS * (siteCount - 1))];
  }
  const out: DefaultActivationPoint[] = [];
  for (const p of sorted) {
    const scaled = Math.round((p.sites * siteCount) / last.sites);
    const sites = p === last ? siteCount : p.sites > 0 ? Math.max(1, scaled) : Math.max(0, scaled);
    const previous = out[out.length - 1];
    if (previous && sites <= previous.siteActivationProfilePct) continue;
    if (previous && p.days <= previous.siteActivationProfileDays) continue;
    out.push(point(Math.min(sites, siteCount), Math.max(0, Math.round(p.days))));
  }
  // A reference longer than the table (not possible through the admin screen) keeps its first and last points.
  if (out.length > ACTIVATION_PROFILE_MAX_ROWS) {
    return [...out.slice(0, ACTIVATION_PROFILE_MAX_ROWS - 1), out[out.length - 1]!];
  }
  // The last reference point may have been dropped as a duplicate count; the profile still ends at siteCount.
  const end = out[out.length - 1];
  if (end && end.siteActivationProfilePct !== siteCount) end.siteActivationProfilePct = siteCount;
  return out;
}
