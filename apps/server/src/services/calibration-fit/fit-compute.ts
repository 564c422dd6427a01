import {
  fitBeforeCut,
  fitPortfolio,
  MILESTONE_KEYS,
  MIN_COMPLETED_STUDIES,
  MS_PER_DAY,
  NOT_REACHED,
  PortfolioTooSmallError,
  preparePlan,
  quantileRank,
  runReplications,
  scoreForecast,
  wilsonInterval,
  type PortfolioFit,
  type SimulationInput,
} from '@predict/engine';
import {
  CALIBRATED_SETTING_KEYS,
  type CalibrationCrossValidation,
  type CalibrationFitShare,
  type CalibrationFittedSettings,
  type CalibrationSettingsCoverage,
  type CalibrationSettingValues,
} from '@predict/shared';
import type { FitStudy } from './completed-study';

/**
 * The fit of all completed studies and its time-ordered cross-validation (pure and CPU-bound: runs in the fit's
 * worker thread). Folds cut at quantiles of the actual LPI dates; each fold fits on the studies finished before
 * its cut and scores the studies up to the next cut (each later study once, by the last fit before it), forecasting
 * each study's baseline plan with the current and with the fold's fitted settings.
 */

/** Cut quantiles of the LPI dates; a fold needs MIN_COMPLETED_STUDIES before its cut and a study after it. */
export const FOLD_QUANTILES = [0.5, 0.625, 0.75, 0.875];
export const CV_REPLICATIONS = 400;
export const CV_SEED = 20_240_024;

export interface FitProgress {
  fraction: number;
  step: string;
}

export interface FitComputeOptions {
  /** The settings new runs use now: the approved version's, else the engine defaults. */
  current: CalibrationSettingValues;
  currentVersion: number | null;
  replications?: number;
  seed?: number;
  onProgress?: (p: FitProgress) => void;
}

export interface FitComputeResult {
  settings: CalibrationFittedSettings;
  studyIds: number[];
  figures: CalibrationCrossValidation;
}

const LPI = MILESTONE_KEYS.indexOf('lpi');
const PERCENT_LEVELS = Array.from({ length: 99 }, (_, i) => i + 1);

/** The fit's run values as stored settings, with the estimates and their standard errors. */
function fittedSettings(fit: PortfolioFit): CalibrationFittedSettings {
  const out: Record<string, { value: number; se: number | null; estimate?: number }> = {};
  for (const key of CALIBRATED_SETTING_KEYS) {
    const estimate = key === 'startupCv' ? fit.startup.startupCv : fit.rates[key];
    const value = fit.settings[key];
    out[key] =
      value === estimate.value
        ? { value, se: estimate.se }
        : { value, se: estimate.se, estimate: estimate.value };
  }
  return out as CalibrationFittedSettings;
}

const valuesOf = (fit: PortfolioFit): CalibrationSettingValues =>
  Object.fromEntries(CALIBRATED_SETTING_KEYS.map((k) => [k, fit.settings[k]])) as CalibrationSettingValues;

/**
 * LPI's P1..P99 (days since day 0, +Infinity = not reached) of the study's baseline plan forecast with `settings`
 * over its own other settings: the record's convention (the lower empirical quantile, on the whole day).
 */
export function lpiPercentiles(
  input: SimulationInput,
  settings: CalibrationSettingValues,
  replications: number,
  seed: number,
): number[] {
  const plan = { ...input.plan, uncertainty: { ...input.plan.uncertainty, ...settings } };
  const chunk = runReplications(preparePlan({ ...input, plan }), { seed, from: 0, to: replications });
  const n = MILESTONE_KEYS.length;
  const values = new Float64Array(replications);
  for (let r = 0; r < replications; r++) {
    const v = chunk.milestones[r * n + LPI]!;
    values[r] = v === NOT_REACHED ? Infinity : Math.floor(v);
  }
  values.sort();
  return PERCENT_LEVELS.map((level) => values[quantileRank(level, replications) - 1]!);
}

const share = (k: number, n: number): CalibrationFitShare => {
  const w = wilsonInterval(k, n);
  return { count: k, n, share: n > 0 ? w.share : null, lo: w.lo, hi: w.hi };
};

function coverageOf(scores: { inside: boolean; belowMedian: boolean }[]): CalibrationSettingsCoverage {
  const n = scores.length;
  return {
    n,
    coverage: share(scores.filter((s) => s.inside).length, n),
    belowMedian: share(scores.filter((s) => s.belowMedian).length, n),
  };
}

/** The folds' cuts (ms) over studies sorted by LPI: distinct, each with enough studies before it. */
export function foldCuts(sorted: readonly FitStudy[]): number[] {
  const cuts: number[] = [];
  for (const q of FOLD_QUANTILES) {
    const index = Math.floor(q * sorted.length);
    if (index >= sorted.length) continue;
    const cut = sorted[index]!.actualLpiMs;
    const before = sorted.filter((s) => s.actualLpiMs < cut).length;
    if (before >= MIN_COMPLETED_STUDIES && !cuts.includes(cut)) cuts.push(cut);
  }
  return cuts;
}

/** Fits every study, then cross-validates (see the file comment). Throws PortfolioTooSmallError under 8. */
export function computeCalibrationFit(studies: readonly FitStudy[], o: FitComputeOptions): FitComputeResult {
  const started = Date.now();
  if (studies.length < MIN_COMPLETED_STUDIES) throw new PortfolioTooSmallError(studies.length);
  const replications = o.replications ?? CV_REPLICATIONS;
  const seed = o.seed ?? CV_SEED;
  const report = o.onProgress ?? (() => {});
  report({ fraction: 0.1, step: 'Fitting' });
  const all = fitPortfolio(
    studies.map((s) => s.completed),
    { onProgress: (p) => report({ fraction: 0.1 + 0.4 * p.fraction, step: 'Fitting' }) },
  );
  const sorted = [...studies].sort((a, b) => a.actualLpiMs - b.actualLpiMs);
  const cuts = foldCuts(sorted);
  const current: { inside: boolean; belowMedian: boolean }[] = [];
  const fitted: { inside: boolean; belowMedian: boolean }[] = [];
  const folds: CalibrationCrossValidation['folds'] = [];
  cuts.forEach((cut, k) => {
    report({ fraction: 0.5 + (0.5 * k) / cuts.length, step: `Cross-validating ${k + 1} of ${cuts.length}` });
    const { fit, later } = fitBeforeCut(
      sorted.map((s) => s.completed),
      cut,
    );
    const next = cuts[k + 1] ?? Infinity;
    const scored = sorted.filter((s) => s.actualLpiMs >= cut && s.actualLpiMs < next);
    const settings = valuesOf(fit);
    for (const s of scored) {
      const actualDay = Math.round((s.actualLpiMs - s.completed.plan.day0Ms) / MS_PER_DAY);
      current.push(scoreForecast(lpiPercentiles(s.input, o.current, replications, seed), actualDay));
      fitted.push(scoreForecast(lpiPercentiles(s.input, settings, replications, seed), actualDay));
    }
    folds.push({
      cutMillis: cut,
      fittedStudies: studies.length - later.length,
      scoredStudies: scored.length,
    });
  });
  report({ fraction: 1, step: 'Storing the version' });
  return {
    settings: fittedSettings(all),
    studyIds: studies.map((s) => s.studyId),
    figures: {
      folds,
      replications,
      seed,
      currentVersion: o.currentVersion,
      currentSettings: o.current,
      current: coverageOf(current),
      fitted: coverageOf(fitted),
      seconds: (Date.now() - started) / 1000,
    },
  };
}
