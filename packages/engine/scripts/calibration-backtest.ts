/**
 * The remodel back-test loop: every trial, truth (principal, optimistic) and share enrolled (25/50/75%), remodelled
 * as remodel.ts does it.
 */
import type { UncertaintySettings } from '../src/model/prepared-plan';
import { MAX_HORIZON_DAYS } from '../src/prepare/prepare-plan';
import { bySize, metrics, type Metrics, type Scored } from './calibration-metrics';
import { remodelForecasts } from './calibration-remodel';
import type { PlannedTrial } from './calibration-trials';
import type { TruthOutcome } from './calibration-truth';

export interface RemodelResultRow {
  truth: string;
  share: number;
  overall: Metrics;
  fatigue: Metrics;
  noFatigue: Metrics;
  bySize: Record<string, Metrics>;
  /** Trials whose actuals already reached the target on the as-of day; trials whose truth never got there. */
  lpiReached: number;
  notReached: number;
}

export const REMODEL_TRUTHS = ['principal', 'optimistic'];
export const REMODEL_SHARES = [0.25, 0.5, 0.75];

export function remodelBacktest(
  trials: PlannedTrial[],
  truths: Record<string, TruthOutcome[]>,
  u: UncertaintySettings,
  opts: { seed: number; trials: number; replications: number; seedOf: (i: number, salt: number) => number },
): RemodelResultRow[] {
  const rows: RemodelResultRow[] = [];
  for (const truthName of REMODEL_TRUTHS) {
    for (const [k, share] of REMODEL_SHARES.entries()) {
      const items: Scored[] = [];
      const fatigueOf: boolean[] = [];
      const sizeOf: number[] = [];
      let lpiReached = 0;
      let notReached = 0;
      for (let i = 0; i < opts.trials; i++) {
        const trial = trials[i]!;
        const truth = truths[truthName]![i]!;
        const f = remodelForecasts(trial, truth, share, u, opts.seedOf(i, 101 + k), opts.replications);
        if (!f) {
          notReached++;
          continue;
        }
        if (f.lpiReached) lpiReached++;
        const base = { truth: truth.lpi, span: truth.lpi - f.asOfDay, cap: MAX_HORIZON_DAYS + 1 };
        items.push({ ...f.asIs, ...base });
        fatigueOf.push(trial.fatigue);
        sizeOf.push(trial.plan.targetEnrolled);
      }
      rows.push({
        truth: truthName,
        share,
        overall: metrics(items),
        fatigue: metrics(items.filter((_, j) => fatigueOf[j])),
        noFatigue: metrics(items.filter((_, j) => !fatigueOf[j])),
        bySize: bySize(items, sizeOf),
        lpiReached,
        notReached,
      });
    }
  }
  return rows;
}
