/**
 * Calibration report (simulation model section 10): synthetic back-tests of the LPI forecast.
 *
 * For each of N planned trials (scripts/calibration-truth.ts: varied sizes, 1-12 countries), the "actual" LPI is
 * simulated from a richer truth model than the forecast assumes (country effects, lognormal site effects,
 * non-enrolling sites, site fatigue, start-up delays) with its own random stream; the engine forecasts the trial
 * from the PLANNED inputs (runReplications + summarizeForecast). Reported: coverage of the P10-P90 interval of LPI
 * (target 80% +- 3 points), the shares below P10 and above P90, and the median absolute error of the P50 in days,
 * overall and by trial size; the same forecasts against the other truth models ('mean-one': no systematic
 * slow-downs; 'matched': the forecast's own assumptions, a check of the harness); then a small grid of uncertainty
 * settings against the chosen truth, to show which settings would calibrate the forecast. The defaults are never
 * changed here.
 *
 * Usage: npm run calibrate -w packages/engine [-- --trials 300 --replications 1000 --grid-replications 500
 *        --seed 1 --truth default|mean-one|matched --no-grid --no-others --json]
 */
import { runReplications, summarizeForecast } from '../src/forecast';
import { DEFAULT_UNCERTAINTY, type PreparedPlan, type UncertaintySettings } from '../src/model/prepared-plan';
import { plannedTrial, simulateTruth, TRUTH_MODELS, type TruthOutcome } from './calibration-truth';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};

interface Trial {
  plan: PreparedPlan;
  truth: TruthOutcome;
}

interface TrialForecast {
  p10: number;
  p50: number;
  p90: number;
}

interface Metrics {
  trials: number;
  coverage: number;
  belowP10: number;
  aboveP90: number;
  medianAbsErrorDays: number;
  medianErrorDays: number;
  medianAbsRelError: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  if (n === 0) return NaN;
  return n % 2 === 1 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
};

/** LPI quantiles of one trial; a quantile not reached within the horizon counts as +Infinity. */
function forecastLpi(plan: PreparedPlan, seed: number, replications: number): TrialForecast {
  const chunk = runReplications(plan, {
    seed,
    from: 0,
    to: replications,
    grid: [Math.floor(plan.horizonDays)], // bands are not needed here
  });
  const q = summarizeForecast(chunk, [10, 50, 90]).milestones.lpi.quantiles;
  const v = (x: number | null | undefined): number => (x === null || x === undefined ? Infinity : x);
  return { p10: v(q[0]), p50: v(q[1]), p90: v(q[2]) };
}

function metrics(trials: Trial[], forecasts: TrialForecast[]): Metrics {
  let inside = 0;
  let below = 0;
  let above = 0;
  const abs: number[] = [];
  const signed: number[] = [];
  const rel: number[] = [];
  trials.forEach((t, i) => {
    const f = forecasts[i]!;
    const y = t.truth.lpi;
    if (y < f.p10) below++;
    else if (y > f.p90) above++;
    else inside++;
    // Errors in days; a non-reached P50 or truth counts as the horizon + 1 (never happens in the default set).
    const cap = (x: number): number => Math.min(x, t.plan.horizonDays + 1);
    const err = cap(y) - cap(f.p50);
    abs.push(Math.abs(err));
    signed.push(err);
    rel.push(Math.abs(err) / Math.max(1, cap(y) - t.truth.firstScreen));
  });
  const n = trials.length;
  return {
    trials: n,
    coverage: inside / n,
    belowP10: below / n,
    aboveP90: above / n,
    medianAbsErrorDays: median(abs),
    medianErrorDays: median(signed),
    medianAbsRelError: median(rel),
  };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const row = (label: string, m: Metrics): string =>
  `${label.padEnd(34)} n=${String(m.trials).padStart(4)}  P10-P90 coverage ${pct(m.coverage).padStart(6)} ` +
  `(below P10 ${pct(m.belowP10).padStart(6)}, above P90 ${pct(m.aboveP90).padStart(6)})  ` +
  `median |P50 - truth| ${m.medianAbsErrorDays.toFixed(0).padStart(4)} d ` +
  `(${pct(m.medianAbsRelError)} of FPS-LPI), median truth - P50 ${m.medianErrorDays.toFixed(0).padStart(4)} d`;

/** Binomial standard error of a coverage estimate at the target (80%) over n trials, points. */
const coverageSe = (n: number): number => 100 * Math.sqrt((0.8 * 0.2) / n);

function main(): void {
  const nTrials = Number(arg('trials', '300'));
  const replications = Number(arg('replications', '1000'));
  const gridReplications = Number(arg('grid-replications', '500'));
  const seed = Number(arg('seed', '1'));
  const truthName = arg('truth', 'default');
  const truthSettings = TRUTH_MODELS[truthName];
  if (!truthSettings)
    throw new Error(`unknown truth model '${truthName}' (${Object.keys(TRUTH_MODELS).join(', ')})`);
  const json = process.argv.includes('--json');
  const withGrid = !process.argv.includes('--no-grid');
  const t0 = performance.now();

  const trials: Trial[] = [];
  for (let i = 0; i < nTrials; i++) {
    const plan = plannedTrial(seed, i);
    trials.push({ plan, truth: simulateTruth(plan, truthSettings, seed, i) });
  }
  const forecastSeed = 1_000_003 * seed + 17; // independent of the plan and truth streams
  const run = (u: UncertaintySettings, reps: number): TrialForecast[] =>
    trials.map((t) => forecastLpi({ ...t.plan, uncertainty: u }, forecastSeed, reps));

  const defaults = run(DEFAULT_UNCERTAINTY, replications);
  const overall = metrics(trials, defaults);
  const bySize = (lo: number, hi: number) => {
    const idx = trials.flatMap((t, i) =>
      t.plan.targetEnrolled >= lo && t.plan.targetEnrolled < hi ? [i] : [],
    );
    return metrics(
      idx.map((i) => trials[i]!),
      idx.map((i) => defaults[i]!),
    );
  };
  const sizes = {
    'target < 100': bySize(0, 100),
    'target 100-399': bySize(100, 400),
    'target >= 400': bySize(400, Infinity),
  };
  // The other truth models, same planned trials, default settings only.
  const others: { truth: string; metrics: Metrics }[] = [];
  if (!process.argv.includes('--no-others')) {
    for (const [name, settings] of Object.entries(TRUTH_MODELS)) {
      if (name === truthName) continue;
      const alt = trials.map((t, i) => ({ plan: t.plan, truth: simulateTruth(t.plan, settings, seed, i) }));
      others.push({ truth: name, metrics: metrics(alt, defaults) });
    }
  }
  const grid: { settings: UncertaintySettings; metrics: Metrics }[] = [];
  if (withGrid) {
    for (const studyRateCv of [0.2, 0.3, 0.4, 0.5]) {
      for (const countryRateCv of [0.3, 0.5]) {
        for (const nonEnrollingProbability of [0, 0.1]) {
          const u = { ...DEFAULT_UNCERTAINTY, studyRateCv, countryRateCv, nonEnrollingProbability };
          grid.push({ settings: u, metrics: metrics(trials, run(u, gridReplications)) });
        }
      }
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  const sizesOfTrials = trials.map((t) => t.plan.groups.reduce((n, g) => n + g.activationOffsets.length, 0));
  const targets = trials.map((t) => t.plan.targetEnrolled);

  if (json) {
    process.stdout.write(
      JSON.stringify(
        {
          seed,
          trials: nTrials,
          replications,
          gridReplications,
          truth: truthSettings,
          overall,
          sizes,
          others,
          grid,
          seconds,
        },
        null,
        2,
      ) + '\n',
    );
    return;
  }
  console.log(
    `calibration back-test: ${nTrials} trials (sites ${Math.min(...sizesOfTrials)}-${Math.max(...sizesOfTrials)}, ` +
      `median ${median(sizesOfTrials)}; enrolled target ${Math.min(...targets)}-${Math.max(...targets)}, ` +
      `median ${median(targets)}), ${replications} replications each, seed ${seed}, truth model '${truthName}'`,
  );
  console.log(`truth: ${JSON.stringify(truthSettings)}`);
  console.log(
    `forecast: default uncertainty ${JSON.stringify(DEFAULT_UNCERTAINTY)}; coverage SE at 80% = ` +
      `${coverageSe(nTrials).toFixed(1)} points`,
  );
  console.log(row('default settings, all trials', overall));
  for (const [label, m] of Object.entries(sizes)) console.log(row(`  ${label}`, m));
  for (const o of others) console.log(row(`default settings, truth '${o.truth}'`, o.metrics));
  if (grid.length > 0) {
    console.log(
      `grid against truth '${truthName}' (${gridReplications} replications, siteCv 0.8 and startupCv 0.25 throughout):`,
    );
    for (const g of grid) {
      const s = g.settings;
      const label =
        `studyCv ${s.studyRateCv} countryCv ${s.countryRateCv ?? '-'} siteCv ${s.siteRateCv} ` +
        `nonEnr ${s.nonEnrollingProbability}`;
      const hit = Math.abs(g.metrics.coverage - 0.8) <= 0.03 ? '  <- within 80% +- 3' : '';
      console.log(row(label, g.metrics) + hit);
    }
  }
  console.log(
    'remodel view (forecast at 25/50/75% enrolled from actuals): not available; the engine has no actuals path yet.',
  );
  console.log(`done in ${seconds.toFixed(1)} s`);
}

main();
