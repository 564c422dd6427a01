/** Spacing of activations without a profile, and after the last profile point (spec/1 section 9 fallback). */
export const FALLBACK_ACTIVATION_SPACING_DAYS = 30;

/** An activation profile point: cumulative number of sites reached `days` after the first activation. */
export interface ProfilePoint {
  sites: number;
  days: number;
}

/**
 * Days after the first activation at which each of `siteCount` sites activates (ascending, first is 0). The
 * cumulative site count is linear between profile points (from 0 sites on day 0 when the profile starts later);
 * site j activates on the first whole day the curve reaches j. Sites beyond the profile's last point follow every
 * 30 days; a profile with more sites than the group has is cut. Without a profile: one site every 30 days.
 */
export function activationOffsets(siteCount: number, profile: ProfilePoint[] | null | undefined): number[] {
  const out: number[] = [];
  const points = profile && profile.length > 0 ? [...profile] : null;
  if (points && points[0]!.days > 0) points.unshift({ sites: 0, days: 0 });
  for (let j = 1; j <= siteCount; j++) {
    let day: number;
    if (!points) day = FALLBACK_ACTIVATION_SPACING_DAYS * (j - 1);
    else day = reachDayOnProfile(points, j);
    // The first site defines FSIV (offset 0); later sites never precede earlier ones.
    out.push(j === 1 ? 0 : Math.max(day, out[j - 2]!));
  }
  return out;
}

function reachDayOnProfile(points: ProfilePoint[], j: number): number {
  const eps = 1e-9;
  for (let k = 0; k < points.length; k++) {
    const p = points[k]!;
    if (p.sites + eps < j) continue;
    const prev = points[k - 1];
    if (!prev || p.days <= prev.days || p.sites <= prev.sites) return Math.max(0, p.days);
    const t = prev.days + ((j - prev.sites) * (p.days - prev.days)) / (p.sites - prev.sites);
    return Math.max(0, Math.ceil(t - eps));
  }
  const last = points[points.length - 1]!;
  return last.days + FALLBACK_ACTIVATION_SPACING_DAYS * Math.ceil(j - last.sites - eps);
}
