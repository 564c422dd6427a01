/** The time map of the cost bands (bandGroupCurves, the replications' cost band): curves read at real days. */

/** A cumulative daily curve at a real day x, linear within each day, 0 before day 0. */
export function at(curve: ArrayLike<number>, x: number): number {
  const n = curve.length;
  if (n === 0 || x < -1) return 0;
  if (x >= n - 1) return curve[n - 1]!;
  const i = Math.floor(x);
  const lo = i < 0 ? 0 : curve[i]!;
  return lo + (curve[i + 1]! - lo) * (x - i);
}

/** The band at day t, linear between grid days, 0 before day 0 and its last value after the last grid day. */
export function bandAt(
  band: { gridDays: ArrayLike<number>; enrolled: ArrayLike<number> },
  t: number,
): number {
  const g = band.gridDays;
  if (g.length === 0 || t < 0) return 0;
  if (t <= g[0]!) return g[0]! <= 0 ? band.enrolled[0]! : (band.enrolled[0]! * (t + 1)) / (g[0]! + 1);
  if (t >= g[g.length - 1]!) return band.enrolled[g.length - 1]!;
  let lo = 0;
  let hi = g.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (g[mid]! <= t) lo = mid;
    else hi = mid;
  }
  const w = (t - g[lo]!) / (g[hi]! - g[lo]!);
  return band.enrolled[lo]! + (band.enrolled[hi]! - band.enrolled[lo]!) * w;
}

/** The real day at which a cumulative curve first reaches y (linear within days); y <= 0 gives its last zero day. */
export function inverse(curve: Float64Array, y: number): number {
  const n = curve.length;
  const target = Math.min(Math.max(y, 0), curve[n - 1] ?? 0);
  let lo = 0;
  let hi = n - 1;
  const zero = target <= 0;
  // First day whose value exceeds 0 (zero) or reaches the target.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (zero ? curve[mid]! > 0 : curve[mid]! >= target) hi = mid;
    else lo = mid + 1;
  }
  if (zero) return lo - 1;
  const prev = lo > 0 ? curve[lo - 1]! : 0;
  return lo - 1 + (curve[lo]! > prev ? (target - prev) / (curve[lo]! - prev) : 1);
}
