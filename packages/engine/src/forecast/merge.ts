import { mergeHistograms } from './histograms';
import { recordSettled, settledOf } from './settled';
import type { ChunkSummary } from './summarize';
import type { ForecastChunk } from './types';

function sameGrid(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

type RunPart = Pick<
  ForecastChunk,
  'seed' | 'from' | 'to' | 'horizonDays' | 'targetScreened' | 'targetEnrolled' | 'stopRule' | 'grid'
>;

/** The parts sorted by replication range, checked to cover contiguous ranges of one run (seed, plan, grid). */
function sortedParts<T extends RunPart>(parts: readonly T[], what: string): T[] {
  if (parts.length === 0) throw new RangeError(`${what} needs at least one chunk`);
  // By start, then end, so that an empty range [a, a) comes before [a, b).
  const sorted = [...parts].sort((a, b) => a.from - b.from || a.to - b.to);
  const first = sorted[0]!;
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
      !sameGrid(c.grid, first.grid)
    ) {
      throw new RangeError('chunks come from different runs (seed, plan, grid or storage differ)');
    }
  }
  return sorted;
}

function concatMilestones(parts: readonly { milestones: Float64Array }[]): Float64Array {
  const out = new Float64Array(parts.reduce((n, c) => n + c.milestones.length, 0));
  let at = 0;
  for (const c of parts) {
    out.set(c.milestones, at);
    at += c.milestones.length;
  }
  return out;
}

/**
 * Merges chunks of one run (same seed, plan, grid) covering contiguous replication ranges, in any order, into the
 * chunk the single run [min from, max to) would have produced: replication r's data is the same in both.
 */
export function mergeChunks(chunks: readonly ForecastChunk[]): ForecastChunk {
  const sorted = sortedParts(chunks, 'mergeChunks');
  const first = sorted[0]!;
  if (sorted.some((c) => c.counts.constructor !== first.counts.constructor)) {
    throw new RangeError('chunks come from different runs (seed, plan, grid or storage differ)');
  }
  const countLength = sorted.reduce((n, c) => n + c.counts.length, 0);
  const counts =
    first.counts instanceof Uint32Array ? new Uint32Array(countLength) : new Uint16Array(countLength);
  let co = 0;
  for (const c of sorted) {
    counts.set(c.counts, co);
    co += c.counts.length;
  }
  // The merged rows settle where the latest of the parts' rows do (settled.ts), when every part's bounds are known.
  const parts = sorted.map((c) => settledOf(c.counts));
  if (parts.every((b) => b !== null)) {
    const settled = new Int32Array(parts[0]!.length);
    for (const b of parts) for (let s = 0; s < b!.length; s++) settled[s] = Math.max(settled[s]!, b![s]!);
    recordSettled(counts, settled);
  }
  const milestones = concatMilestones(sorted);
  return { ...first, to: sorted[sorted.length - 1]!.to, grid: first.grid.slice(), milestones, counts };
}

/**
 * Merges the summaries (summarizeChunk) of chunks of one run covering contiguous replication ranges, in any order,
 * into the summary of their merged chunk (exact: milestones are concatenated, count histograms added).
 */
export function mergeChunkSummaries(parts: readonly ChunkSummary[]): ChunkSummary {
  const sorted = sortedParts(parts, 'mergeChunkSummaries');
  const first = sorted[0]!;
  return {
    ...first,
    to: sorted[sorted.length - 1]!.to,
    grid: first.grid.slice(),
    milestones: concatMilestones(sorted),
    histograms: mergeHistograms(sorted.map((p) => p.histograms)),
  };
}
