/**
 * Calibration report (simulation model section 10): synthetic back-tests of the LPI forecast and of remodel.
 *
 * 1. Plan forecast: N planned trials (scripts/calibration-trials.ts, SimulationInputs of varied sizes) are forecast
 *    from their PLANNED inputs (runReplications + summarizeForecast) with today's DEFAULT_UNCERTAINTY and with the
 *    recommended settings (passed explicitly as the plan's `uncertainty`; src is not changed), and scored against
 *    the LPI each truth model (scripts/calibration-truth.ts) gives the trial: P10-P90 coverage (target 80% +- 3),
 *    shares below P10 / above P90, median absolute and signed error of the P50, overall and by trial size.
 * 2. Remodel: for the principal and the optimistic truth, each trial is remodelled from its true actuals on the
 *    day it reached 25/50/75% of the target (scripts/calibration-remodel.ts) and the forecast LPI is scored alike.
 *
 * Usage: npm run calibrate -w packages/engine [-- --trials 500 --replications 800 --remodel-trials 400
 *        --remodel-replications 300 --seed 1 --settings '{"countryRateCv":0.5}' --candidates --no-remodel --json]
 * (defaults shown; --settings replaces fields of the recommendation, to try another candidate; --candidates adds the
 * one-change sensitivity table; --json prints one document, identical for a seed apart from the timings).
 */
import { runReplications, summarizeForecast } from '../src/forecast';
import { DEFAULT_UNCERTAINTY, type UncertaintySettings } from '../src/model/prepared-plan';
import { bySize, metrics, type Metrics, type Scored, type TrialForecast } from './calibration-metrics';
import { remodelBacktest } from './calibration-backtest';
import { printReport, type Report } from './calibration-report';
import { plannedTrial, type PlannedTrial } from './calibration-trials';
import { simulateTruth, TRUTH_MODELS, type TruthOutcome } from './calibration-truth';

/**
 * The recommendation (README, Calibration): today's defaults with countryRateCv 0.5 instead of 0.3, the CV of the
 * principal truth's country effect (lognormal sigma 0.5, CV 0.53). See the README for why nothing else changes.
 */
export const RECOMMENDED_UNCERTAINTY: Required<UncertaintySettings> = {
  ...DEFAULT_UNCERTAINTY,
  countryRateCv: 0.5,
};

/** One-parameter changes from today's defaults, run with --candidates to show the sensitivity. */
const CANDIDATES: Partial<UncertaintySettings>[] = [
  { countryRateCv: 0.5 },
  { siteRateCv: 0.9 },
  { startupCv: 0.3 },
  { studyRateCv: 0.3 },
  { countryRateCv: 0.5, siteRateCv: 0.9, startupCv: 0.3 },
  { countryRateCv: 0.4 },
  { countryRateCv: 0.6 },
];

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const flag = (name: string): boolean => process.argv.includes(`--${name}`);

/** Per-trial forecast seed: independent of the plan and truth streams and of the other trials' forecasts. */
const forecastSeed = (seed: number, i: number, salt: number): number => 1_000_003 * seed + 7_919 * i + salt;

/** LPI quantiles of one planned trial's forecast with settings `u`. */
function forecastLpi(t: PlannedTrial, u: UncertaintySettings, seed: number, reps: number): TrialForecast {
  const plan = { ...t.plan, uncertainty: u };
  const chunk = runReplications(plan, { seed, from: 0, to: reps, grid: [Math.floor(plan.horizonDays)] });
  const q = summarizeForecast(chunk, [10, 50, 90]).milestones.lpi.quantiles;
  const v = (x: number | null | undefined): number => (x === null || x === undefined ? Infinity : x);
  return { p10: v(q[0]), p50: v(q[1]), p90: v(q[2]) };
}

const scorePlan = (trials: PlannedTrial[], fc: TrialForecast[], truths: TruthOutcome[]): Scored[] =>
  trials.map((t, i) => ({
    ...fc[i]!,
    truth: truths[i]!.lpi,
    span: truths[i]!.lpi - truths[i]!.firstScreen,
    cap: t.plan.horizonDays + 1,
  }));

export interface SettingsResult {
  settings: UncertaintySettings;
  byTruth: Record<string, Metrics>;
  bySize: Record<string, Metrics>;
}

function main(): void {
  const nTrials = Number(arg('trials', '500'));
  const reps = Number(arg('replications', '800'));
  const nRemodel = Math.min(nTrials, Number(arg('remodel-trials', '400')));
  const remodelReps = Number(arg('remodel-replications', '300'));
  const seed = Number(arg('seed', '1'));
  const custom = JSON.parse(arg('settings', '{}')) as Partial<UncertaintySettings>;
  const recommended = { ...RECOMMENDED_UNCERTAINTY, ...custom };
  const t0 = performance.now();
  const trials = Array.from({ length: nTrials }, (_, i) => plannedTrial(seed, i));
  const truths: Record<string, TruthOutcome[]> = {};
  for (const [name, s] of Object.entries(TRUTH_MODELS))
    truths[name] = trials.map((t, i) => simulateTruth(t.plan, s, seed, i));
  const targets = trials.map((t) => t.plan.targetEnrolled);

  const evaluate = (u: UncertaintySettings, salt: number, withSizes: boolean): SettingsResult => {
    const fc = trials.map((t, i) => forecastLpi(t, u, forecastSeed(seed, i, salt), reps));
    const byTruth: Record<string, Metrics> = {};
    for (const name of Object.keys(TRUTH_MODELS))
      byTruth[name] = metrics(scorePlan(trials, fc, truths[name]!));
    const sizes = withSizes ? bySize(scorePlan(trials, fc, truths.principal!), targets) : {};
    return { settings: u, byTruth, bySize: sizes };
  };
  // The same forecast seeds for every setting (common random numbers): the differences come from the settings.
  const today = evaluate(DEFAULT_UNCERTAINTY, 17, true);
  const rec = evaluate(recommended, 17, true);
  const candidates = flag('candidates')
    ? CANDIDATES.map((c) => evaluate({ ...DEFAULT_UNCERTAINTY, ...c }, 17, false))
    : [];
  const tPlan = (performance.now() - t0) / 1000;

  const remodel = flag('no-remodel')
    ? []
    : remodelBacktest(trials, truths, recommended, {
        seed,
        trials: nRemodel,
        replications: remodelReps,
        seedOf: (i, salt) => forecastSeed(seed, i, salt),
      });
  const report: Report = {
    seed,
    trials: nTrials,
    replications: reps,
    remodelTrials: flag('no-remodel') ? 0 : nRemodel,
    remodelReplications: remodelReps,
    truths: TRUTH_MODELS,
    trialStats: {
      sites: trials.map((t) => t.plan.groups.reduce((n, g) => n + g.activationOffsets.length, 0)),
      targets,
      withFatigue: trials.filter((t) => t.fatigue).length,
    },
    today,
    recommended: rec,
    candidates,
    remodel,
    seconds: { plan: tPlan, total: (performance.now() - t0) / 1000 },
  };
  printReport(report, flag('json'));
}

main();
