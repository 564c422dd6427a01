/**
 * Chunk summaries on shared memory (issue 13, item 16). A worker thread that posts a summary built on ordinary
 * ArrayBuffers has it copied twice (serialized here, deserialized on the receiving thread, which is the main thread
 * of a run); transferring the buffers instead detaches them, which invalidates V8's detaching protector in the
 * worker and deoptimizes its typed-array code for the rest of its life. Buffers on a SharedArrayBuffer are neither
 * copied nor detached: the receiving thread gets views of the same memory in O(1) per array.
 */
import type { CountHistograms } from './histograms';
import type { ChunkSummary } from './summarize';

type Typed = Float64Array | Int32Array | Uint16Array | Uint32Array;

/** True when this platform has SharedArrayBuffer (Node; a browser only when cross-origin isolated). */
export const canShareMemory = (): boolean => typeof SharedArrayBuffer === 'function';

/** A copy of `a` on a SharedArrayBuffer (the same typed-array kind). */
function shared<T extends Typed>(a: T): T {
  const Ctor = a.constructor as new (buffer: SharedArrayBuffer) => T;
  const out = new Ctor(new SharedArrayBuffer(a.byteLength));
  out.set(a as never);
  return out;
}

/**
 * The summary with every array copied onto shared memory, so that posting it to another thread costs O(1) per
 * array on both sides; the summary itself when SharedArrayBuffer is unavailable. O(summary size), on this thread.
 */
export function shareChunkSummary(s: ChunkSummary): ChunkSummary {
  if (!canShareMemory()) return s;
  const h = s.histograms;
  const histograms: CountHistograms = {
    n: h.n,
    lo: shared(h.lo),
    hi: shared(h.hi),
    sum: shared(h.sum),
    binStart: shared(h.binStart),
    bins: shared(h.bins),
  };
  return { ...s, grid: shared(s.grid), milestones: shared(s.milestones), histograms };
}
