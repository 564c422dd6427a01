/**
 * Settled tails of the grid counts (issue 23). Every replication's counts stop changing once its study is over
 * (last activation, end of screening, last enrolment, last completion), and the horizon leaves room for the slowest
 * replications, so the last grid columns of a series often hold every replication's final count: of W2's 821 grid
 * days (horizon 4,802 days), every replication is settled from grid index 150 (active sites) to 389 (completed) on.
 * Those columns have the same histogram, bands and mean as the first settled one, so the summaries compute that
 * one and copy it.
 *
 * The simulation knows where it wrote each series' constant tail (replicate.ts), so runReplications records the
 * bounds here, keyed by the counts array itself: they describe that array's content, so a chunk built around other
 * counts (remodel offsets, combinations, a copy on another thread) simply has none and is summarized in full.
 * Whoever changes a recorded counts array in place must call forgetSettled.
 */

const bounds = new WeakMap<Uint16Array | Uint32Array, Int32Array>();

/**
 * Records, per series s, a grid index settled[s] such that in every replication of `counts` the count of s at
 * every grid index >= settled[s] equals its count at the last grid day.
 */
export function recordSettled(counts: Uint16Array | Uint32Array, settled: Int32Array): void {
  bounds.set(counts, settled);
}

/** The recorded bounds of `counts` (recordSettled), or null when none are known. */
export function settledOf(counts: Uint16Array | Uint32Array): Int32Array | null {
  return bounds.get(counts) ?? null;
}

/** Drops the recorded bounds of `counts` (call after changing it in place). */
export function forgetSettled(counts: Uint16Array | Uint32Array): void {
  bounds.delete(counts);
}

/**
 * Per series, the first grid index of the columns to compute: everything from 0 through the settled one, i.e.
 * settled[s] + 1 clamped to G; G for every series when no bounds are known.
 */
export function computedColumns(counts: Uint16Array | Uint32Array, G: number, series: number): Int32Array {
  const known = settledOf(counts);
  const out = new Int32Array(series).fill(G);
  if (known && G > 0) for (let s = 0; s < series; s++) out[s] = Math.min(G, Math.max(1, known[s]! + 1));
  return out;
}
