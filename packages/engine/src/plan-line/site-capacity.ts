import type { PreparedGroup } from '../model/prepared-plan';

/**
 * Per day, the sum over the group's open sites of the fatigue factor f(age), evaluated at mid-day (exact for the
 * linear part of f). Multiplying by the per-site daily rate and the seasonal factor gives the group's intensity.
 * Built from difference arrays in O(sites + days): each site adds a linear piece while it fatigues, then a constant.
 */
export function siteCapacity(
  group: PreparedGroup,
  horizonDays: number,
  out: Float64Array = new Float64Array(horizonDays + 1),
  stride = 1,
  offset = 0,
): Float64Array {
  const n = horizonDays + 1;
  const constDiff = new Float64Array(n + 1);
  const slopeDiff = new Float64Array(n + 1);
  const first = group.milestones.firstSiteActivation;
  const fatigue = group.fatigue;
  const clampDay = (d: number) => Math.min(Math.max(d, 0), n);
  for (const activationOffset of group.activationOffsets) {
    const a = first + activationOffset;
    const open = clampDay(Math.max(a + group.firstScreenDelayDays, group.screenFromDay ?? -Infinity));
    if (open >= n) continue;
    if (!fatigue) {
      constDiff[open]! += 1;
      constDiff[n]! -= 1;
      continue;
    }
    const drop = 1 - fatigue.finalFactor;
    // f(d + 0.5 - a) = 1 - drop * (d + 0.5 - a) / D while d + 0.5 - a < D, i.e. for d < a + D - 0.5.
    const kink = clampDay(Math.max(open, Math.ceil(a + fatigue.days - 0.5)));
    const slope = -drop / fatigue.days;
    const intercept = 1 - (drop * (0.5 - a)) / fatigue.days;
    constDiff[open]! += intercept;
    constDiff[kink]! -= intercept;
    slopeDiff[open]! += slope;
    slopeDiff[kink]! -= slope;
    constDiff[kink]! += fatigue.finalFactor;
    constDiff[n]! -= fatigue.finalFactor;
  }
  let c = 0;
  let s = 0;
  for (let d = 0; d < n; d++) {
    c += constDiff[d]!;
    s += slopeDiff[d]!;
    const v = c + s * d;
    // Cancelling sums leave residue of order 1e-13; a negative or tiny capacity is zero.
    out[d * stride + offset] = v > 1e-12 ? v : 0;
  }
  return out;
}

/** Cumulative number of activated sites at the end of each day. */
export function activatedSites(group: PreparedGroup, horizonDays: number): Float64Array {
  const n = horizonDays + 1;
  const out = new Float64Array(n);
  for (const offset of group.activationOffsets) {
    const a = group.milestones.firstSiteActivation + offset;
    if (a < n) out[Math.max(a, 0)]! += 1;
  }
  for (let d = 1; d < n; d++) out[d]! += out[d - 1]!;
  return out;
}
