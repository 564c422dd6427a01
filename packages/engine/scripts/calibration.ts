/**
 * Calibration harness (README, Calibration; calibration.md section 3): scores the plan forecast (baseline) and the
 * remodel from actuals against true studies drawn from truths richer than the model (mild, realistic, harsh) and
 * from the model itself (matched: self-consistency).
 *
 * Usage: npm run calibration -w packages/engine [-- --plans w1,w2,small1,small2 --truth matched,mild,realistic,harsh
 *        --trials 100 --replications 300 --baseline-replications 20000 --shares 0.1,0.3,0.6 --seed 1 --workers 2
 *        --settings '{"siteInactivationPerYear":0.25}' --no-site-evidence --no-remodel --pipeline --json] (or -- --render run.json: the tables of a --json run)
 * Plans: w1, w2, w3, w2s, small1, small2, random (calibration-plans.ts); a plan may carry its own sizes as
 * name:TRIALSxREPLICATIONS (e.g. w3:6x100; w3 defaults to at most 6 true studies, 100 remodel and 2,000 baseline
 * replications). Prints markdown tables (or one JSON document with --json); the figures are deterministic for a seed
 * and options (only the timings vary), whatever the number of workers.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { HarnessOptions, StudyRecord } from './calibration-harness';
import { isPlanName, PLAN_NAMES, type PlanName } from './calibration-plans';
import {
  aggregate,
  costTable,
  markdownTables,
  summaryTable,
  type PlanTruthResult,
} from './calibration-tables';
import { truthByName } from './calibration-truth';
import type { CalibrationReply, CalibrationTask } from './calibration-worker';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const flag = (name: string): boolean => process.argv.includes(`--${name}`);
const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x.length > 0);

interface PlanRun {
  plan: PlanName;
  trials: number;
  replications: number;
  baselineReplications: number;
}

/** Parses --plans entries (name or name:TRIALSxREPLICATIONS) with the big plan's defaults. */
function planRuns(trials: number, reps: number, baseReps: number): PlanRun[] {
  return list(arg('plans', 'w1,w2,small1,small2')).map((entry) => {
    const [name, size] = entry.split(':');
    if (!name || !isPlanName(name)) throw new Error(`unknown plan '${name}' (${PLAN_NAMES.join(', ')})`);
    const big = name === 'w3';
    let t = big ? Math.min(trials, 6) : trials;
    let r = big ? Math.min(reps, 100) : reps;
    if (size) {
      const m = /^(\d+)(?:x(\d+))?$/.exec(size);
      if (!m) throw new Error(`plan size '${size}' is not TRIALSxREPLICATIONS`);
      t = Number(m[1]);
      if (m[2]) r = Number(m[2]);
    }
    return {
      plan: name,
      trials: t,
      replications: r,
      baselineReplications: big ? Math.min(baseReps, 2000) : baseReps,
    };
  });
}

/** A pool of worker threads running tasks in order of submission; replies are returned by task id. */
async function runPool(tasks: CalibrationTask[], size: number): Promise<Map<number, StudyRecord[]>> {
  const url = new URL('./calibration-worker.ts', import.meta.url).href;
  // Workers load the TypeScript source through tsx's loader API (execArgv --import does not reach workers).
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url)}); });`;
  const out = new Map<number, StudyRecord[]>();
  let next = 0;
  const workers = Array.from(
    { length: Math.max(1, Math.min(size, tasks.length)) },
    () => new Worker(boot, { eval: true }),
  );
  try {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const feed = () => {
              if (next >= tasks.length) return resolve();
              w.postMessage(tasks[next++]!);
            };
            w.on('message', (reply: CalibrationReply) => {
              if (reply.error) return reject(new Error(reply.error));
              out.set(reply.id, reply.records!);
              if (!flag('json')) process.stderr.write('.');
              feed();
            });
            w.on('error', reject);
            feed();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return out;
}

/** Prints the tables of a run. */
function printTables(results: PlanTruthResult[], header: string, footer: string): void {
  console.log(header);
  console.log('## P10-P90 coverage of the true LPI (target 80%; Wilson 95% CI)\n');
  console.log(summaryTable(results));
  console.log('\n## All figures\n');
  console.log(
    'PIT deciles: share of true LPIs in each tenth of the forecast distribution (10 each when calibrated; ' +
      'U-shaped = too narrow, hump = too wide, sloped = biased). truth - P50 > 0: later than forecast. Width vs ' +
      'baseline: median remodel P90-P10 over the median baseline P90-P10 of the same studies.\n',
  );
  console.log(markdownTables(results));
  console.log('\n## Cost\n');
  console.log(costTable(results));
  console.log(footer);
}

async function main(): Promise<void> {
  const render = arg('render', '');
  if (render) {
    // Re-prints the tables of a --json document.
    const doc = JSON.parse(readFileSync(render, 'utf8'), (_, v: unknown) =>
      v === 'Infinity' ? Infinity : v,
    ) as {
      options: { seed: number; shares: number[] };
      results: PlanTruthResult[];
      seconds: { wall: number; cpu: number; workers: number };
    };
    printTables(
      doc.results,
      `# Calibration, seed ${doc.options.seed}: shares ${doc.options.shares.join(', ')} (from ${render})\n`,
      `\n${doc.seconds.workers} worker(s): ${doc.seconds.wall.toFixed(1)} s wall, ${doc.seconds.cpu.toFixed(1)} s CPU.`,
    );
    return;
  }
  const trials = Number(arg('trials', '100'));
  const reps = Number(arg('replications', '300'));
  const baseReps = Number(arg('baseline-replications', '20000'));
  const seed = Number(arg('seed', '1'));
  const shares = list(arg('shares', '0.1,0.3,0.6')).map(Number);
  const truths = list(arg('truth', 'matched,mild,realistic,harsh'));
  for (const t of truths) if (!truthByName(t)) throw new Error(`unknown truth '${t}'`);
  const workers = Number(arg('workers', String(Math.min(2, availableParallelism()))));
  const runs = planRuns(trials, reps, baseReps);
  const base: Omit<HarnessOptions, 'replications' | 'baselineReplications'> = {
    seed,
    shares,
    siteEvidence: !flag('no-site-evidence'),
    pipeline: flag('pipeline'),
    noRemodel: flag('no-remodel'),
    ...(arg('settings', '') ? { settings: JSON.parse(arg('settings', '{}')) as Record<string, number> } : {}),
  };
  // Tasks: chunks of true studies per plan x truth (about 8 per pair, so that 2 workers stay busy).
  const tasks: CalibrationTask[] = [];
  const index: { run: PlanRun; truth: string; ids: number[] }[] = [];
  for (const run of runs)
    for (const truth of truths) {
      const chunk = Math.max(1, Math.ceil(run.trials / 8));
      const ids: number[] = [];
      for (let from = 0; from < run.trials; from += chunk) {
        ids.push(tasks.length);
        tasks.push({
          id: tasks.length,
          plan: run.plan,
          truth,
          from,
          to: Math.min(run.trials, from + chunk),
          options: {
            ...base,
            replications: run.replications,
            baselineReplications: run.baselineReplications,
          },
        });
      }
      index.push({ run, truth, ids });
    }
  const t0 = performance.now();
  const replies = await runPool(tasks, workers);
  const wall = (performance.now() - t0) / 1000;
  if (!flag('json')) process.stderr.write('\n');
  const results: PlanTruthResult[] = index.map(({ run, truth, ids }) =>
    aggregate(
      run.plan,
      truth,
      ids.flatMap((id) => replies.get(id)!),
      base.noRemodel ? [] : shares,
      run.replications,
      run.baselineReplications,
    ),
  );
  const cpu = results.reduce((s, r) => s + r.cpuSeconds, 0);
  if (flag('json')) {
    const doc = {
      options: { ...base, trials, replications: reps, baselineReplications: baseReps, truths, runs },
      truths: Object.fromEntries(truths.map((t) => [t, truthByName(t)])),
      results,
      seconds: { wall, cpu, workers },
    };
    process.stdout.write(JSON.stringify(doc, (_, v) => (v === Infinity ? 'Infinity' : v), 2) + '\n');
    return;
  }
  printTables(
    results,
    `# Calibration, seed ${seed}: shares ${shares.join(', ')}; per-site evidence ${base.siteEvidence ? 'on' : 'off'}\n`,
    `\n${tasks.length} tasks on ${workers} worker(s): ${wall.toFixed(1)} s wall, ${cpu.toFixed(1)} s CPU.`,
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
