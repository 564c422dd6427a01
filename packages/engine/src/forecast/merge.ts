import type { ForecastChunk } from './types';

function sameGrid(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Merges chunks of one run (same seed, plan, grid) covering contiguous replication ranges, in any order, into the
 * chunk the single run [min from, max to) would have produced: replication r's data is the same in both.
 */
export function mergeChunks(chunks: readonly ForecastChunk[]): ForecastChunk {
  if (chunks.length === 0) throw new RangeError('mergeChunks needs at least one chunk');
  const sorted = [...chunks].sort((a, b) => a.from - b.from);
  const first = sorted[0]!;
  let milestoneLength = 0;
  let countLength = 0;
  for (let i = 0; i < sorted.length; i++) {
    const c = sorted[i]!;
    if (i > 0 && c.from !== sorted[i - 1]!.to)
      throw new RangeError('chunks must cover contiguous replication ranges');
    if (
      c.seed !== first.seed ||
      c.horizonDays !== first.horizonDays ||
      c.targetScreened !== first.targetScreened ||
      c.targetEnrolled !== first.targetEnrolled ||
      c.stopRule !== first.stopRule ||
      c.counts.constructor !== first.counts.constructor ||
      !sameGrid(c.grid, first.grid)
    ) {
      throw new RangeError('chunks come from different runs (seed, plan, grid or storage differ)');
    }
    milestoneLength += c.milestones.length;
    countLength += c.counts.length;
  }
  const milestones = new Float64Array(milestoneLength);
  const counts =
    first.counts instanceof Uint32Array ? new Uint32Array(countLength) : new Uint16Array(countLength);
  let mo = 0;
  let co = 0;
  for (const c of sorted) {
    milestones.set(c.milestones, mo);
    counts.set(c.counts, co);
    mo += c.milestones.length;
    co += c.counts.length;
  }
  return { ...first, to: sorted[sorted.length - 1]!.to, grid: first.grid.slice(), milestones, counts };
}
