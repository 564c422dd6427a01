/**
 * The simulation pipeline (src/pipeline): plan -> solve -> chunks -> finish. A run split over worker threads must
 * give the output of one call on one thread, whatever the chunks, their order, or the structured clone between.
 */
import { describe, expect, it } from 'vitest';
import { loadExample, type ExampleName } from '../examples';
import {
  finishSimulation,
  planSimulation,
  replicationRanges,
  runSimulationChunk,
  simulate,
  simulationChunks,
  solveSimulation,
  type SimulationJob,
} from '../src';

const R = 120;

function planned(name: ExampleName, options: { seed: number; replications: number; siteSearch?: boolean }) {
  const p = planSimulation(loadExample(name), options);
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  return p.job;
}

describe('simulate', () => {
  it.each(['w1', 'scenario-b', 'cohort', 'remodel', 'combination'] as const)(
    '%s: the same output in one chunk or in five',
    (name) => {
      const one = simulate(loadExample(name), { seed: 4, replications: R, siteSearch: false });
      const five = simulate(loadExample(name), { seed: 4, replications: R, siteSearch: false, chunks: 5 });
      expect(one.ok).toBe(true);
      expect(five).toEqual(one);
    },
    60_000,
  );

  it('reports progress: 0 first, then the replications done after each chunk', () => {
    const seen: [number, number][] = [];
    simulate(loadExample('w1'), { seed: 1, replications: R, chunks: 4 }, (done, total) =>
      seen.push([done, total]),
    );
    expect(seen).toEqual([
      [0, R],
      [30, R],
      [60, R],
      [90, R],
      [120, R],
    ]);
  });

  it('plan line only: no Monte Carlo, no forecast columns, progress 0 then done', () => {
    const seen: number[] = [];
    const r = simulate(loadExample('scenario-b'), { seed: 1, replications: R, planLineOnly: true }, (d) =>
      seen.push(d),
    );
    if (!r.ok) throw new Error('valid example');
    expect(r.output).toMatchObject({ kind: 'scenarioB', forecast: null, scenarioB: null, siteSearch: null });
    expect(r.output.resultSets.enrollmentTable.every((row) => row.P50 === null)).toBe(true);
    expect(seen).toEqual([0, R]);
  });

  it('refuses a seed or replication count that is not an integer', () => {
    expect(() => simulate(loadExample('w1'), { seed: 1.5, replications: R })).toThrow(RangeError);
    expect(() => simulate(loadExample('w1'), { seed: 1, replications: 0 })).toThrow(RangeError);
  });
});

describe('the steps as a thread pool runs them', () => {
  /** What crosses to a worker thread and back is a structured clone. */
  const overThread = <T>(value: T): T => structuredClone(value);

  it.each(['w1', 'scenario-b', 'remodel', 'combination'] as const)(
    '%s: cloned job and work, chunks finished out of order = simulate',
    (name) => {
      const options = { seed: 9, replications: R, siteSearch: false };
      let job: SimulationJob = planned(name, options);
      job = job.solve ? overThread(solveSimulation(overThread(job))) : job;
      expect(job.solve).toBeNull();
      const ranges = simulationChunks(job, 3).reverse();
      expect(ranges).toHaveLength(3);
      const summaries = ranges.map((range) => overThread(runSimulationChunk(overThread(job.work!), range)));
      const expected = simulate(loadExample(name), options);
      expect({ ok: true, output: finishSimulation(job, summaries) }).toEqual(expected);
    },
    60_000,
  );

  it('a Duration plan waits for its solve; the finish refuses chunks that do not cover the replications', () => {
    const job = planned('scenario-b', { seed: 2, replications: R });
    expect(job.solve).not.toBeNull();
    expect(() => finishSimulation(job, [])).toThrow(/solveSimulation/);
    const solved = solveSimulation(job);
    const [first] = simulationChunks(solved, 2);
    expect(() => finishSimulation(solved, [runSimulationChunk(solved.work!, first!)])).toThrow(
      /not 0\.\.120/,
    );
  }, 60_000);

  it('without a site search the Duration plan still gets its solved rates', () => {
    const job = solveSimulation(planned('scenario-b', { seed: 2, replications: R, siteSearch: false }));
    expect(job.kind === 'scenarioB' && job.scenarioB).toMatchObject({ feasible: true });
    expect(job.kind === 'scenarioB' && job.siteSearch).toBeNull();
  }, 60_000);

  it('replicationRanges cover 0..replications in contiguous ranges, never more ranges than replications', () => {
    expect(replicationRanges(10, 3)).toEqual([
      { from: 0, to: 3 },
      { from: 3, to: 6 },
      { from: 6, to: 10 },
    ]);
    expect(replicationRanges(2, 8)).toEqual([
      { from: 0, to: 1 },
      { from: 1, to: 2 },
    ]);
  });
});
