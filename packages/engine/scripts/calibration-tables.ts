/** Aggregation and markdown tables of the calibration harness (scripts/calibration.ts), I/O-free. */
import { calibrationMetrics, median, type CalibrationMetrics } from './calibration-metrics';
import { ERROR_CAP_DAYS, type StudyRecord } from './calibration-harness';

/** The figures of one forecast kind (baseline, or remodel at one share) over a plan's true studies. */
export interface ForecastRow {
  /** 'baseline' or 'remodel 30%' ... */
  forecast: string;
  share: number | null;
  metrics: CalibrationMetrics;
  /** Median P90 - P10 over the median baseline width of the same studies (remodel rows; 1 for the baseline). */
  widthVsBaseline: number;
  /** Studies not scored: the truth never reached the share (or the actuals were already at the target). */
  skipped: number;
}

export interface PlanTruthResult {
  plan: string;
  truth: string;
  studies: number;
  replications: number;
  baselineReplications: number;
  rows: ForecastRow[];
  /** Median enrolled target and share of true studies reaching LPI within 15 years. */
  target: number;
  truthReached: number;
  /** CPU seconds of all studies (workers' time; not deterministic). */
  cpuSeconds: number;
}

/** Aggregates the records of one plan and truth. */
export function aggregate(
  plan: string,
  truth: string,
  records: StudyRecord[],
  shares: number[],
  replications: number,
  baselineReplications: number,
): PlanTruthResult {
  const base = records.map((r) => ({ ...r.baseline, truth: r.truthLpi }));
  const baseMetrics = calibrationMetrics(base, ERROR_CAP_DAYS);
  const cap = (x: number) => Math.min(x, ERROR_CAP_DAYS);
  const rows: ForecastRow[] = [
    { forecast: 'baseline', share: null, metrics: baseMetrics, widthVsBaseline: 1, skipped: 0 },
  ];
  shares.forEach((share, k) => {
    const scored = records.filter((r) => r.remodel[k]);
    const items = scored.map((r) => ({ ...r.remodel[k]!, truth: r.truthLpi }));
    const m = calibrationMetrics(items, ERROR_CAP_DAYS);
    const baseWidth = median(scored.map((r) => cap(r.baseline.p90) - cap(r.baseline.p10)));
    rows.push({
      forecast: `remodel ${Math.round(100 * share)}%`,
      share,
      metrics: m,
      widthVsBaseline: m.medianWidthDays / baseWidth,
      skipped: records.length - scored.length,
    });
  });
  return {
    plan,
    truth,
    studies: records.length,
    replications,
    baselineReplications,
    rows: records.length > 0 && records[0]!.remodel.length === 0 ? rows.slice(0, 1) : rows,
    target: median(records.map((r) => r.target)),
    truthReached: records.filter((r) => Number.isFinite(r.truthLpi)).length / Math.max(1, records.length),
    cpuSeconds: records.reduce((s, r) => s + r.ms, 0) / 1000,
  };
}

const pct = (x: number, digits = 1): string => (Number.isNaN(x) ? '-' : `${(100 * x).toFixed(digits)}`);
const ci = (c: { p: number; lo: number; hi: number }): string =>
  Number.isNaN(c.p) ? '-' : `${pct(c.p)}% [${pct(c.lo, 0)}, ${pct(c.hi, 0)}]`;
const days = (x: number): string => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(0)}` : '-');
const absDays = (x: number): string => (Number.isFinite(x) ? x.toFixed(0) : '-');

/** Coverage flag: the Wilson interval excludes 80% (too narrow / too wide). */
function flag(m: CalibrationMetrics): string {
  if (m.n === 0) return '';
  if (m.coverage.hi < 0.8) return ' (narrow)';
  if (m.coverage.lo > 0.8) return ' (wide)';
  return '';
}

/** A markdown table of every plan x truth x forecast row. */
export function markdownTables(results: PlanTruthResult[]): string {
  const lines: string[] = [];
  const header =
    '| plan | truth | forecast | n | P10-P90 coverage [95% CI] | below P50 [95% CI] | <P10 / >P90 | ' +
    'PIT deciles (%) | median truth-P50 (d) | median abs err (d) | median width (d) | width vs baseline |';
  lines.push(header, '|' + ' --- |'.repeat(12));
  for (const r of results) {
    for (const row of r.rows) {
      const m = row.metrics;
      const skipped = row.skipped > 0 ? ` (${row.skipped} n/a)` : '';
      lines.push(
        `| ${r.plan} | ${r.truth} | ${row.forecast} | ${m.n}${skipped} | ${ci(m.coverage)}${flag(m)} | ` +
          `${ci(m.belowMedian)} | ${pct(m.belowP10, 0)} / ${pct(m.aboveP90, 0)} | ` +
          `${m.pitDeciles.map((x) => pct(x, 0)).join(' ')} | ${days(m.medianErrorDays)} | ` +
          `${absDays(m.medianAbsErrorDays)} | ${absDays(m.medianWidthDays)} | ` +
          `${row.share === null ? '1' : row.widthVsBaseline.toFixed(2)} |`,
      );
    }
  }
  return lines.join('\n');
}

/** A compact coverage summary: one line per plan x truth, one column per forecast. */
export function summaryTable(results: PlanTruthResult[]): string {
  if (results.length === 0) return '';
  const forecasts = results[0]!.rows.map((r) => r.forecast);
  const lines = [
    `| plan | truth | ${forecasts.map((f) => `${f} coverage`).join(' | ')} |`,
    '|' + ' --- |'.repeat(2 + forecasts.length),
  ];
  for (const r of results)
    lines.push(
      `| ${r.plan} | ${r.truth} | ${r.rows.map((row) => ci(row.metrics.coverage) + flag(row.metrics)).join(' | ')} |`,
    );
  return lines.join('\n');
}

/** The run cost per plan x truth. */
export function costTable(results: PlanTruthResult[]): string {
  const lines = [
    '| plan | truth | true studies | replications (remodel / baseline) | median target | truth reached LPI | CPU s | CPU s per study |',
    '|' + ' --- |'.repeat(8),
  ];
  for (const r of results)
    lines.push(
      `| ${r.plan} | ${r.truth} | ${r.studies} | ${r.replications} / ${r.baselineReplications} | ${r.target} | ` +
        `${pct(r.truthReached, 0)}% | ${r.cpuSeconds.toFixed(1)} | ${(r.cpuSeconds / Math.max(1, r.studies)).toFixed(2)} |`,
    );
  return lines.join('\n');
}
