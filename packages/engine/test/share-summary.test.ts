/** Chunk summaries on shared memory (issue 13, item 16): same forecast, and posting them shares instead of copying. */
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import {
  forecastFromSummary,
  mergeChunkSummaries,
  runReplications,
  shareChunkSummary,
  summarizeChunk,
  type ChunkSummary,
} from '../src/forecast';
import { makePlan } from './forecast-fixtures';

describe('shareChunkSummary', () => {
  const plan = makePlan({ targetScreened: 20, targetEnrolled: 20, horizonDays: 400 });
  const part = (from: number, to: number) => summarizeChunk(runReplications(plan, { seed: 5, from, to }));

  it('puts every array on a SharedArrayBuffer and merges into the same forecast', () => {
    const a = part(0, 60);
    const b = part(60, 100);
    const sa = shareChunkSummary(a);
    const h = sa.histograms;
    for (const arr of [sa.grid, sa.milestones, h.lo, h.hi, h.sum, h.binStart, h.bins])
      expect(arr.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Array.from(sa.milestones)).toEqual(Array.from(a.milestones));
    const shared = forecastFromSummary(mergeChunkSummaries([shareChunkSummary(b), sa]));
    expect(shared).toEqual(forecastFromSummary(mergeChunkSummaries([a, b])));
  });

  it('is received by another port as views of the same memory (no copy)', () => {
    const sent = shareChunkSummary(part(0, 10));
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(sent);
    const got = receiveMessageOnPort(port2)!.message as ChunkSummary;
    port1.close();
    expect(got.milestones[0]).toBe(sent.milestones[0]);
    sent.milestones[0] = 12345;
    expect(got.milestones[0]).toBe(12345);
  });
});
