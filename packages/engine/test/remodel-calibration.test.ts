/**
 * Self-consistency of the forecast and of remodel (calibration.md section 3): true studies drawn from the engine's
 * OWN model (the 'matched' truth of scripts/calibration-truth.ts: Gamma factors at the plan's uncertainty settings,
 * the plan's fatigue, seasonality and pause) must fall inside the P10-P90 interval of a correct forecast 80% of the
 * time, whether it is the plan forecast (baseline) or the remodel from the study's actuals at 30% enrolled (per
 * group: as-of date, activation dates, monthly counts and the per-site evidence).
 *
 * Acceptance: the count inside P10-P90 must lie in the exact 99% two-sided binomial acceptance region of n trials
 * at the expected coverage (ceil(0.9R) - ceil(0.1R)) / (R + 1) for R replications per forecast (79.6% at R = 200,
 * since quantiles are order statistics of R draws). The share below P50 likewise, around 50%.
 * Power (exact binomial): remodel, n = 150, region 106..131 inside (70.7%-87.3%): a true coverage of 65% fails
 * with probability 0.92 (60%: 1.00), 92% with 0.97 (90%: 0.83); 72% or 88% is caught only a third to a half of the
 * time. Baseline, n = 400, region 299..340 (74.8%-85.0%): 72% caught with 0.88, 70% and 90% with 0.98-1.00.
 * A false alarm on a calibrated forecast: at most 1% per check (the draws are deterministic: same seed, same result).
 *
 * Measured: before the remodel rework (commit 6c76199) both baselines passed and both remodels failed (too wide:
 * 95-96% inside at n = 120). On the rework (c2a526c) small2 passes; the w2s remodel covers 82% but 97/150 true
 * LPIs fall below its P50 (accepted 59..91): its P50 is late.
 */
import { describe, expect, it } from 'vitest';
import { scoreStudies, type ForecastScore, type StudyRecord } from '../scripts/calibration-harness';
import { binomialAcceptance } from '../scripts/calibration-metrics';
import type { PlanName } from '../scripts/calibration-plans';

const SEED = 20_231;
const R = 200;
const BASELINE_R = 10_000;
const N_REMODEL = 150;
const N_BASELINE = 400;

/** The expected P10-P90 coverage of order-statistic quantiles of R draws. */
const expectedCoverage = (reps: number) => (Math.ceil(0.9 * reps) - Math.ceil(0.1 * reps)) / (reps + 1);

interface Check {
  inside: number;
  below: number;
  n: number;
  coverageRegion: { lo: number; hi: number };
  medianRegion: { lo: number; hi: number };
}

function check(scores: { s: ForecastScore; truth: number }[], reps: number): Check {
  const n = scores.length;
  const inside = scores.filter(({ s, truth }) => truth >= s.p10 && truth <= s.p90).length;
  const below = scores.filter(({ s, truth }) => truth < s.p50).length;
  return {
    inside,
    below,
    n,
    coverageRegion: binomialAcceptance(n, expectedCoverage(reps), 0.01),
    medianRegion: binomialAcceptance(n, 0.5, 0.01),
  };
}

const describeCheck = (c: Check) =>
  `P10-P90 ${c.inside}/${c.n} = ${((100 * c.inside) / c.n).toFixed(1)}% (accept ${c.coverageRegion.lo}..` +
  `${c.coverageRegion.hi}), below P50 ${c.below}/${c.n} (accept ${c.medianRegion.lo}..${c.medianRegion.hi})`;

function expectCalibrated(c: Check): void {
  const msg = describeCheck(c);
  expect(c.inside, msg).toBeGreaterThanOrEqual(c.coverageRegion.lo);
  expect(c.inside, msg).toBeLessThanOrEqual(c.coverageRegion.hi);
  expect(c.below, msg).toBeGreaterThanOrEqual(c.medianRegion.lo);
  expect(c.below, msg).toBeLessThanOrEqual(c.medianRegion.hi);
}

const baselineOf = (recs: StudyRecord[]) => recs.map((r) => ({ s: r.baseline, truth: r.truthLpi }));
const remodelOf = (recs: StudyRecord[]) =>
  recs.filter((r) => r.remodel[0]).map((r) => ({ s: r.remodel[0]!, truth: r.truthLpi }));

// small2: 3 countries x 4 sites x 120 enrolled, seasonality, fatigue, pause after 30 for 28 days.
// w2s: W2's first 8 countries (80 sites) x 400 enrolled, with W2's seasonality, fatigue and pause.
const PLANS: PlanName[] = ['small2', 'w2s'];

describe("calibration against the engine's own model (matched truth)", () => {
  for (const plan of PLANS) {
    it(`${plan}: the plan forecast's P10-P90 covers 80% of true LPIs`, () => {
      const recs = scoreStudies(plan, 'matched', 0, N_BASELINE, {
        seed: SEED,
        replications: R,
        baselineReplications: BASELINE_R,
        shares: [],
        noRemodel: true,
      });
      // A fixed plan's baseline is one forecast of BASELINE_R draws: its quantiles are nearly exact.
      expectCalibrated(check(baselineOf(recs), BASELINE_R));
    }, 60_000);

    it(`${plan}: the remodel at 30% enrolled covers 80% of true LPIs`, () => {
      const recs = scoreStudies(plan, 'matched', 0, N_REMODEL, {
        seed: SEED,
        replications: R,
        baselineReplications: BASELINE_R,
        shares: [0.3],
        siteEvidence: true,
      });
      const c = check(remodelOf(recs), R);
      expect(c.n).toBe(N_REMODEL); // every matched study reaches 30% (and not the target) on its as-of day
      expectCalibrated(c);
    }, 120_000);
  }
});
