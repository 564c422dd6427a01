/** Output of the calibration report: readable tables on stdout, or one JSON document with --json. */
import type { UncertaintySettings } from '../src/model/prepared-plan';
import type { SettingsResult } from './calibrate';
import type { RemodelResultRow } from './calibration-backtest';
import { median, row, TABLE_HEADER } from './calibration-metrics';
import type { TruthSettings } from './calibration-truth';

export interface Report {
  seed: number;
  trials: number;
  replications: number;
  remodelTrials: number;
  remodelReplications: number;
  truths: Record<string, TruthSettings>;
  trialStats: { sites: number[]; targets: number[]; withFatigue: number };
  today: SettingsResult;
  recommended: SettingsResult;
  candidates: SettingsResult[];
  remodel: RemodelResultRow[];
  seconds: { plan: number; total: number };
}

const settingsText = (u: UncertaintySettings): string =>
  `{ studyRateCv: ${u.studyRateCv}, countryRateCv: ${u.countryRateCv ?? '-'}, siteRateCv: ${u.siteRateCv}, ` +
  `startupCv: ${u.startupCv}, nonEnrollingProbability: ${u.nonEnrollingProbability} }`;

const TRUTH_LABEL: Record<string, string> = {
  principal: "truth 'principal' (richer, unbiased)",
  optimistic: "truth 'optimistic' (stress: plan biased)",
  matched: "truth 'matched' (harness check)",
};

function printSettings(title: string, r: SettingsResult): void {
  console.log(`\n${title}: ${settingsText(r.settings)}`);
  console.log(TABLE_HEADER);
  for (const [name, m] of Object.entries(r.byTruth)) console.log(row(TRUTH_LABEL[name] ?? name, m));
  for (const [label, m] of Object.entries(r.bySize)) console.log(row(`  principal, ${label}`, m));
}

/** Prints the report (or its JSON); the figures are deterministic for a given seed and options. */
export function printReport(r: Report, json: boolean): void {
  if (json) {
    // Per-trial arrays are summarised; the timings are the only non-deterministic fields.
    const { trialStats, ...rest } = r;
    const stats = {
      sitesMin: Math.min(...trialStats.sites),
      sitesMedian: median(trialStats.sites),
      sitesMax: Math.max(...trialStats.sites),
      targetMin: Math.min(...trialStats.targets),
      targetMedian: median(trialStats.targets),
      targetMax: Math.max(...trialStats.targets),
      withFatigue: trialStats.withFatigue,
    };
    process.stdout.write(JSON.stringify({ ...rest, trialStats: stats }, null, 2) + '\n');
    return;
  }
  const { sites, targets } = r.trialStats;
  console.log(
    `calibration back-test, seed ${r.seed}: ${r.trials} planned trials (sites ${Math.min(...sites)}-` +
      `${Math.max(...sites)}, median ${median(sites)}; enrolled target ${Math.min(...targets)}-` +
      `${Math.max(...targets)}, median ${median(targets)}; ${r.trialStats.withFatigue} with planned fatigue), ` +
      `${r.replications} replications per forecast`,
  );
  for (const [name, t] of Object.entries(r.truths)) console.log(`  truth '${name}': ${JSON.stringify(t)}`);
  console.log(
    'Columns: n trials; P10-P90 coverage +- its binomial SE (target 80% +- 3); shares below P10 / above P90 ' +
      '(~10% each); median |truth - P50| in days and relative to FPS-LPI (remodel: as-of to LPI); median ' +
      'truth - P50 (> 0: later than forecast); median P90 - P10.',
  );
  printSettings("PLAN FORECAST with today's DEFAULT_UNCERTAINTY", r.today);
  if (settingsText(r.recommended.settings) === settingsText(r.today.settings))
    console.log("\nThe recommended settings are today's DEFAULT_UNCERTAINTY (same figures).");
  else printSettings('PLAN FORECAST with the recommended settings', r.recommended);
  if (r.candidates.length > 0) {
    console.log("\nCandidates (one change from today's defaults), truth 'principal':");
    console.log(TABLE_HEADER);
    for (const c of r.candidates) {
      const m = c.byTruth.principal!;
      const hit = Math.abs(m.coverage - 0.8) <= 0.03 ? '  <- 80% +- 3' : '';
      const diff = Object.entries(c.settings)
        .filter(([k, v]) => (r.today.settings as unknown as Record<string, number>)[k] !== v)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      console.log(row(diff || 'today', m) + hit);
    }
  }
  if (r.remodel.length > 0) {
    console.log(
      `\nREMODEL at 25/50/75% enrolled (${r.remodelTrials} trials, ${r.remodelReplications} replications, ` +
        `recommended settings; rate 'planned' with the Poisson-Gamma posterior, sites 'planned'):`,
    );
    console.log(TABLE_HEADER);
    for (const x of r.remodel) {
      const label = `${x.truth}, ${Math.round(100 * x.share)}% enrolled`;
      const extra =
        x.lpiReached > 0 || x.notReached > 0 ? ` [${x.lpiReached} reached, ${x.notReached} n/a]` : '';
      console.log(row(label, x.overall) + extra);
      console.log(row('    with planned fatigue', x.fatigue));
      console.log(row('    without fatigue', x.noFatigue));
      for (const [size, m] of Object.entries(x.bySize)) console.log(row(`    ${size}`, m));
    }
  }
  const rec = r.recommended.settings;
  console.log(`\nRecommended DEFAULT_UNCERTAINTY: ${settingsText(rec)}`);
  const p = (s: SettingsResult) => {
    const m = s.byTruth.principal!;
    return `${(100 * m.coverage).toFixed(1)}% (SE ${(100 * m.coverageSe).toFixed(1)})`;
  };
  console.log(
    `P10-P90 LPI coverage on the principal truth: today ${p(r.today)}, recommended ${p(r.recommended)}`,
  );
  console.log(`done in ${r.seconds.total.toFixed(1)} s (plan forecasts ${r.seconds.plan.toFixed(1)} s)`);
}
