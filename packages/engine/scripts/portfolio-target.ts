/**
 * Issue 24's target (docs/calibration.md, "After the fit: coverage on new studies"): does the portfolio fit bring
 * P10-P90 to 80% on new studies of the truth it was fitted to?
 *
 *   npm run portfolio-target -w packages/engine -- [--train 30] [--test 100] [--truths matched,realistic,harsh]
 *     [--seed 1] [--replications 1000] [--data-end stop|month]
 *
 * Per truth (calibration-truth.ts):
 * 1. `train` completed studies: planned trials (calibration-trials.ts, indices 0, 1, ...) whose course comes from
 *    simulateTruth, made into the fit's CompletedStudy (portfolio-completed.ts). A course that never reached its
 *    target is left out and the next index drawn, as the server leaves out an extract that has not reached LPI.
 * 2. fitPortfolio on them: the fitted settings with their standard errors and the CPU seconds.
 * 3. `test` new studies of the same truth (indices from TEST_INDEX on), each plan forecast `replications` times with
 *    the engine defaults (the plan as plannedTrial builds it) and with the fitted settings written into the plan
 *    (withUncertainty), the same seed for both.
 * 4. Scores with the engine's scoring (src/portfolio/scoring.ts, as the server's track record): LPI (whole days,
 *    the record's convention) and the sites activated by the end of day SITES_DAY (the forecast's activeSites count
 *    on a one-day grid, against the true course's sites activated by then), each forecast as its P1..P99: P10-P90
 *    coverage (0.1 <= PIT <= 0.9) and the share below P50 (PIT < 0.5), with 95% Wilson intervals.
 * 5. A markdown table per truth and a pass / fail line against the targets (after the fit: coverage 80 +- 5% for
 *    LPI and for the sites at month 12, below P50 50 +- 7%), judged on the point estimates, the sites by their
 *    randomized PIT (a count's ties bias the value rule). The fitted forecasts use `fit.settings`, the run values
 *    (the rate CVs predictive, fitPortfolio's `predictiveCv`).
 */
import { runReplications } from '../src/forecast';
import { quantileRank } from '../src/forecast/summarize';
import { MILESTONE_KEYS, NOT_REACHED, SERIES_KEYS } from '../src/forecast/types';
import type { UncertaintySettings } from '../src/model/prepared-plan';
import {
  fitPortfolio,
  randomizedCountPit,
  scoreForecast,
  type CompletedStudy,
  type ForecastScore,
  type PortfolioFit,
} from '../src/portfolio';
import { Xoshiro128 } from '../src/rng/xoshiro';
import { mixSeed, nameCode, truthOf } from './calibration-harness';
import { median, wilson } from './calibration-metrics';
import { trialOf } from './calibration-plans';
import { plannedTrial, withUncertainty, type PlannedTrial } from './calibration-trials';
import { simulateTruth, type TruthOutcome } from './calibration-truth';
import { completedStudyOfTruth, type DataEnd } from './portfolio-completed';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};

const TRAIN = Number(arg('train', '30'));
const TEST = Number(arg('test', '100'));
const TRUTHS = arg('truths', 'matched,realistic,harsh')
  .split(',')
  .map((s) => s.trim())
  .filter((s) => s.length > 0);
const SEED = Number(arg('seed', '1'));
const REPLICATIONS = Number(arg('replications', '1000'));
const DATA_END = arg('data-end', 'stop') as DataEnd;
if (DATA_END !== 'stop' && DATA_END !== 'month') throw new Error('--data-end is stop or month');

/** First index of the test studies: far from the training ones (plan stream 2i, truth stream 2i + 1). */
const TEST_INDEX = 100_000;
/** Sites activated by the end of this day (days since day 0) stand for "sites activated at month 12". */
const SITES_DAY = 365;
const LPI = MILESTONE_KEYS.indexOf('lpi');
const ACTIVE_SITES = SERIES_KEYS.indexOf('activeSites');
const LEVELS = Array.from({ length: 99 }, (_, i) => i + 1);
/** The targets: coverage 80 +- 5%, below P50 50 +- 7%. */
const COVERAGE_TARGET = [0.75, 0.85] as const;
const BELOW_TARGET = [0.43, 0.57] as const;

const cpuSeconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;

/** P1..P99 of n values by the engine's quantile rank (the lower empirical quantile). */
function percentiles(values: Float64Array): number[] {
  const sorted = values.sort(); // in place: the caller's array is sorted too
  return LEVELS.map((level) => sorted[quantileRank(level, sorted.length) - 1]!);
}

interface StudyForecast {
  lpi: number[];
  sites: number[];
  /** The replications' sites activated by SITES_DAY, ascending (for the randomized PIT). */
  sitesDraws: Float64Array;
}

/** The plan's forecast: LPI in whole days (not reached = +Infinity) and sites activated by SITES_DAY. */
function forecast(trial: PlannedTrial, seed: number, replications: number): StudyForecast {
  const chunk = runReplications(trial.plan, { seed, from: 0, to: replications, grid: [SITES_DAY] });
  const nM = MILESTONE_KEYS.length;
  const nS = SERIES_KEYS.length;
  const lpi = new Float64Array(replications);
  const sites = new Float64Array(replications);
  for (let r = 0; r < replications; r++) {
    const v = chunk.milestones[r * nM + LPI]!;
    lpi[r] = v === NOT_REACHED ? Infinity : Math.floor(v);
    sites[r] = chunk.counts[r * nS + ACTIVE_SITES]!;
  }
  return { lpi: percentiles(lpi), sites: percentiles(sites), sitesDraws: sites };
}

/** The fitted values as uncertainty settings of a plan (the engine's defaults for the others). */
const fittedSettings = (fit: PortfolioFit): Partial<UncertaintySettings> => ({ ...fit.settings });

/** The training portfolio: `n` completed studies of the truth (courses that never reach the target skipped). */
function trainingPortfolio(truthName: string, n: number) {
  const truth = truthOf(truthName);
  const studies: CompletedStudy[] = [];
  let skipped = 0;
  for (let i = 0; studies.length < n; i++) {
    const trial = plannedTrial(SEED, i);
    const course = simulateTruth(trial.plan, truth, SEED, i);
    if (!Number.isFinite(course.lpi)) {
      skipped++;
      continue;
    }
    studies.push(completedStudyOfTruth(`${truthName}-${i}`, trial.plan, course, DATA_END));
  }
  return { studies, skipped };
}

interface TestScores {
  lpi: ForecastScore[];
  sites: ForecastScore[];
  /** The sites scored by the randomized PIT (see randomizedScore). */
  sitesRandomized: ForecastScore[];
  /** Truth - P50 of LPI (days, capped at 15 years) and P90 - P10 (days), for the medians. */
  lpiError: number[];
  lpiWidth: number[];
  /** Sites forecasts with P10 = P90 (all mass on one count). */
  sitesDegenerate: number;
  /**
   * What a calibrated sites forecast scores under the engine's scoring: per study, the share of its own
   * replications inside P10-P90 and below P50 by scoreForecast, summed over the studies.
   */
  sitesSelfInside: number;
  sitesSelfBelow: number;
}

const emptyScores = (): TestScores => ({
  lpi: [],
  sites: [],
  sitesRandomized: [],
  lpiError: [],
  lpiWidth: [],
  sitesDegenerate: 0,
  sitesSelfInside: 0,
  sitesSelfBelow: 0,
});

const CAP = 15 * 365.25;
const capped = (x: number) => Math.min(x, CAP);

/** The randomized PIT of a count in the replications' draws (engine randomizedCountPit). */
function randomizedScore(sorted: Float64Array, actual: number, v: number): ForecastScore {
  let less = 0;
  while (less < sorted.length && sorted[less]! < actual) less++;
  let upTo = less;
  while (upTo < sorted.length && sorted[upTo]! === actual) upTo++;
  const u = randomizedCountPit(less, upTo - less, sorted.length, v);
  return { pit: u, inside: u >= 0.1 && u <= 0.9, belowMedian: u < 0.5 };
}

function addScores(s: TestScores, f: StudyForecast, course: TruthOutcome, v: number): void {
  const actualLpi = Number.isFinite(course.lpi) ? Math.floor(course.lpi) : Infinity;
  const actualSites = course.activation.filter((a) => Math.max(0, a) <= SITES_DAY).length;
  s.lpi.push(scoreForecast(f.lpi, actualLpi));
  s.sites.push(scoreForecast(f.sites, actualSites));
  s.sitesRandomized.push(randomizedScore(f.sitesDraws, actualSites, v));
  s.lpiError.push(capped(actualLpi) - capped(f.lpi[49]!));
  s.lpiWidth.push(capped(f.lpi[89]!) - capped(f.lpi[9]!));
  if (f.sites[9] === f.sites[89]) s.sitesDegenerate++;
  // The forecast scored against its own draws (distinct counts only: each scored once, weighted by its share).
  const draws = f.sitesDraws;
  for (let r = 0; r < draws.length;) {
    let q = r;
    while (q < draws.length && draws[q] === draws[r]) q++;
    const own = scoreForecast(f.sites, draws[r]!);
    const w = (q - r) / draws.length;
    if (own.inside) s.sitesSelfInside += w;
    if (own.belowMedian) s.sitesSelfBelow += w;
    r = q;
  }
}

interface Share {
  k: number;
  n: number;
  p: number;
  lo: number;
  hi: number;
}
const shareOf = (k: number, n: number): Share => ({ k, n, ...wilson(k, n) });
const coverage = (xs: ForecastScore[]) => shareOf(xs.filter((x) => x.inside).length, xs.length);
const below = (xs: ForecastScore[]) => shareOf(xs.filter((x) => x.belowMedian).length, xs.length);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const showShare = (s: Share) => `${pct(s.p)} [${(100 * s.lo).toFixed(0)}, ${(100 * s.hi).toFixed(0)}]`;
const within = (s: Share, [lo, hi]: readonly [number, number]) => s.p >= lo - 1e-12 && s.p <= hi + 1e-12;

/** The pass / fail verdicts of one set of forecasts. */
function verdicts(s: TestScores): { label: string; share: Share; pass: boolean }[] {
  const items = [
    { label: 'LPI coverage', share: coverage(s.lpi), band: COVERAGE_TARGET },
    { label: 'LPI below P50', share: below(s.lpi), band: BELOW_TARGET },
    // The sites by the randomized PIT: the value rule scores a calibrated count forecast ~84% / 45% (its ties).
    { label: 'sites@m12 coverage (rPIT)', share: coverage(s.sitesRandomized), band: COVERAGE_TARGET },
    { label: 'sites@m12 below P50 (rPIT)', share: below(s.sitesRandomized), band: BELOW_TARGET },
  ];
  return items.map((i) => ({ label: i.label, share: i.share, pass: within(i.share, i.band) }));
}

const showEstimate = (e: { value: number; se: number | null }) =>
  `${e.value.toFixed(3)} (${e.se === null ? '-' : e.se.toFixed(3)})`;

function fitTable(fit: PortfolioFit): string {
  const r = fit.rates;
  const u = fit.settings;
  const rows: [string, string, number, number][] = [
    ['studyRateCv', showEstimate(r.studyRateCv), u.studyRateCv, 0.2],
    ['countryRateCv', showEstimate(r.countryRateCv), u.countryRateCv, 0.6],
    ['siteRateCv', showEstimate(r.siteRateCv), u.siteRateCv, 0.8],
    ['siteInactivationPerYear', showEstimate(r.siteInactivationPerYear), u.siteInactivationPerYear, 0.2],
    ['siteDecayPerYear', showEstimate(r.siteDecayPerYear), u.siteDecayPerYear, 0],
    ['startupCv', showEstimate(fit.startup.startupCv), u.startupCv, 0.25],
  ];
  return [
    '| setting | estimate (SE) | run value | default |',
    '| --- | --- | --- | --- |',
    ...rows.map(([k, v, run, d]) => `| ${k} | ${v} | ${run.toFixed(3)} | ${d} |`),
    `| (start-up country share) | ${showEstimate(fit.startup.countryShare)} | - | - |`,
    `| (start-up mean log ratio) | ${showEstimate(fit.startup.meanLogRatio)} | - | 0 |`,
  ].join('\n');
}

function runTruth(truthName: string): boolean {
  const truth = truthOf(truthName);
  const t0 = process.cpuUsage();
  const { studies, skipped } = trainingPortfolio(truthName, TRAIN);
  const drawCpu = cpuSeconds(process.cpuUsage(t0));
  const t1 = process.cpuUsage();
  const fit = fitPortfolio(studies);
  const fitCpu = cpuSeconds(process.cpuUsage(t1));
  const c = fit.counts;
  console.log(`\n### ${truthName}\n`);
  console.log(
    `Training: ${c.studies} completed studies (${skipped} course(s) that never reached the target left out), ` +
      `${c.groups} countries, ${c.sites} sites, ${c.siteMonths} site-months, ${c.screened} screened; ` +
      `drawn in ${drawCpu.toFixed(1)} s CPU, fitted in ${fitCpu.toFixed(1)} s CPU (${fit.evaluations} ` +
      `evaluations, ${fit.sweeps} sweep(s), ${fit.converged ? 'converged' : 'NOT converged'}).\n`,
  );
  console.log(fitTable(fit));
  const settings = fittedSettings(fit);
  const t2 = process.cpuUsage();
  const scores = { defaults: emptyScores(), fitted: emptyScores() };
  for (let j = 0; j < TEST; j++) {
    const index = TEST_INDEX + j;
    const trial = plannedTrial(SEED, index);
    const course = simulateTruth(trial.plan, truth, SEED, index);
    const seed = mixSeed(SEED, nameCode(truthName), 24, index);
    const fittedTrial = trialOf(withUncertainty(trial.json, settings as UncertaintySettings));
    // One uniform per study for the randomized PIT, shared by both forecasts.
    const v = new Xoshiro128(seed, 1).uniform();
    addScores(scores.defaults, forecast(trial, seed, REPLICATIONS), course, v);
    addScores(scores.fitted, forecast(fittedTrial, seed, REPLICATIONS), course, v);
  }
  const testCpu = cpuSeconds(process.cpuUsage(t2));
  console.log(
    `\n${TEST} new studies (indices ${TEST_INDEX}-${TEST_INDEX + TEST - 1}), ${REPLICATIONS} replications per ` +
      `forecast, ${testCpu.toFixed(1)} s CPU for both forecasts. 95% Wilson intervals.\n`,
  );
  console.log(
    '| settings | LPI P10-P90 coverage | LPI below P50 | LPI median truth - P50 | LPI median P90 - P10 | ' +
      'sites@m12 P10-P90 coverage | sites@m12 below P50 | sites@m12 coverage, randomized PIT | ' +
      'sites@m12 below P50, randomized PIT | sites@m12 P10 = P90 |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [label, s] of Object.entries(scores)) {
    console.log(
      `| ${label} | ${showShare(coverage(s.lpi))} | ${showShare(below(s.lpi))} | ` +
        `${median(s.lpiError).toFixed(0)} d | ${median(s.lpiWidth).toFixed(0)} d | ` +
        `${showShare(coverage(s.sites))} | ${showShare(below(s.sites))} | ` +
        `${showShare(coverage(s.sitesRandomized))} | ${showShare(below(s.sitesRandomized))} | ` +
        `${s.sitesDegenerate} of ${TEST} |`,
    );
  }
  for (const [label, s] of Object.entries(scores))
    console.log(
      `\n${label}: a calibrated sites@m12 forecast would score ${pct(s.sitesSelfInside / TEST)} inside P10-P90 ` +
        `and ${pct(s.sitesSelfBelow / TEST)} below P50 under the engine's scoring (each forecast against its own ` +
        'draws: the ties of a count).',
    );
  const line = (label: string, s: TestScores) => {
    const v = verdicts(s);
    const all = v.every((x) => x.pass);
    const parts = v.map((x) => `${x.label} ${pct(x.share.p)} ${x.pass ? 'pass' : 'FAIL'}`).join(', ');
    return { all, text: `${label}: ${all ? 'PASS' : 'FAIL'} (${parts})` };
  };
  const fitted = line('after the fit', scores.fitted);
  const defaults = line('defaults (for comparison)', scores.defaults);
  console.log(`\nTarget (coverage 80 +- 5%, below P50 50 +- 7%), ${truthName}: ${fitted.text}`);
  console.log(`${truthName}, ${defaults.text}`);
  return fitted.all;
}

console.log(
  `# Portfolio fit target: --train ${TRAIN} --test ${TEST} --truths ${TRUTHS.join(',')} --seed ${SEED} ` +
    `--replications ${REPLICATIONS} --data-end ${DATA_END}`,
);
const start = process.cpuUsage();
const results = TRUTHS.map((t) => ({ truth: t, pass: runTruth(t) }));
console.log(
  `\nSummary: ${results.map((r) => `${r.truth} ${r.pass ? 'PASS' : 'FAIL'}`).join(', ')}; ` +
    `${cpuSeconds(process.cpuUsage(start)).toFixed(0)} s CPU in all.`,
);
