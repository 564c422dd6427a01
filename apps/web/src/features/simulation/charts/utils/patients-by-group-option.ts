import type { SummaryRow } from '@predict/shared';
import { formatCount } from '@/lib/format';
import { escapeHtml } from './escape-html';
import { paletteColor } from './chart-palette';
import { PATIENTS_BY_GROUP_TITLE } from './chart-ids';
import type { AxisTooltipParam, ChartOption } from './option-types';
import { OVERALL_ROW } from './overall-rates';

/** The spec's headroom above the tallest bar of the Patients By Group chart. */
export const PATIENTS_AXIS_HEADROOM = 5;

export const PATIENT_SEGMENTS = {
  completed: 'Completed Treatment',
  droppedOut: 'Enrolled, Not Completing',
  screenFailed: 'Screen Failed',
} as const;
export const ENROLLED_LINE = 'Enrolled';

/**
 * The plot's width, px, on a 1280 px screen, the narrowest the app lays out for (the chart spans the page there):
 * each group's share of it is what its name may use.
 */
const PLOT_WIDTH_1280 = 1140;
/** Below this share a name no longer wraps readably under its bar, so the names turn on their side. */
const MIN_WRAPPED_LABEL = 72;

/**
 * The group names under the bars, always whole ('USA - Central (Base case - country rates)' once read 'USA -
 * Central (Bas...'): wrapped at spaces into the group's share of the axis, or, when the groups are too many for
 * that, set at 45 degrees and wrapped only when very long. The plot shrinks to hold them (the grid's outer bounds).
 */
export function groupAxisLabel(groups: number) {
  const share = Math.floor(PLOT_WIDTH_1280 / Math.max(1, groups)) - 8;
  const common = { interval: 0, overflow: 'break', lineHeight: 14, hideOverlap: false } as const;
  if (share >= MIN_WRAPPED_LABEL) return { ...common, rotate: 0, width: Math.min(share, 180) };
  return { ...common, rotate: 45, width: 200 };
}

/** The site groups of the summary table (the 'Overall' row is the study, not a group). */
export const groupRows = (summary: readonly SummaryRow[] | undefined) =>
  (summary ?? []).filter((row) => row.siteGroupName !== OVERALL_ROW);

/**
 * Patients By Group (spec/1 section 2): per site group one bar of its screened patients, stacked from the parts
 * that do not overlap (completed treatment, enrolled but not completing, screen failed) so each stack is the
 * group's screened count, with the enrolled count as a line. The y axis ends 5 above the tallest value.
 */
export function buildPatientsByGroupOption(summary: readonly SummaryRow[]): ChartOption {
  const rows = groupRows(summary);
  const screened = rows.map((r) => r['Number of Patients Screened']);
  const enrolled = rows.map((r) => r['Number of Patients Enrolled']);
  const completed = rows.map((r) => r['Number of Patients Completing Treatment']);
  const maximum = Math.max(0, ...screened, ...enrolled);
  const bar = (name: string, data: number[], color: string) => ({
    name,
    type: 'bar' as const,
    stack: 'patients',
    data,
    itemStyle: { color },
    barMaxWidth: 48,
  });

  return {
    title: { text: PATIENTS_BY_GROUP_TITLE, left: 8, top: 4, textStyle: { fontSize: 15 } },
    legend: { top: 30, left: 8 },
    // Room under the legend for the y axis name; the outer bounds keep the wrapped or turned group names inside
    // the canvas (ECharts 6's form of containLabel, which needs a legacy module).
    grid: {
      top: 80,
      left: 16,
      right: 16,
      bottom: 8,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => patientsTooltip(rows, params as AxisTooltipParam[]),
    },
    xAxis: {
      type: 'category',
      data: rows.map((r) => r.siteGroupName),
      axisLabel: groupAxisLabel(rows.length),
    },
    yAxis: { type: 'value', name: 'Patients', min: 0, max: maximum + PATIENTS_AXIS_HEADROOM, minInterval: 1 },
    series: [
      bar(PATIENT_SEGMENTS.completed, completed, paletteColor(1)),
      bar(
        PATIENT_SEGMENTS.droppedOut,
        enrolled.map((e, i) => e - (completed[i] ?? 0)),
        paletteColor(2),
      ),
      bar(
        PATIENT_SEGMENTS.screenFailed,
        screened.map((s, i) => s - (enrolled[i] ?? 0)),
        paletteColor(3),
      ),
      {
        name: ENROLLED_LINE,
        type: 'line',
        data: enrolled,
        itemStyle: { color: paletteColor(0) },
        lineStyle: { width: 2 },
        symbolSize: 8,
        z: 4,
      },
    ],
  };
}

/** The hovered group's screened, enrolled and completed counts. */
export function patientsTooltip(rows: readonly SummaryRow[], params: readonly AxisTooltipParam[]): string {
  const row = rows[params[0]?.dataIndex ?? -1];
  if (!row) return '';
  return [
    `<strong>${escapeHtml(row.siteGroupName)}</strong>`,
    `Screened: <strong>${formatCount(row['Number of Patients Screened'])}</strong>`,
    `Enrolled: <strong>${formatCount(row['Number of Patients Enrolled'])}</strong>`,
    `Completed Treatment: <strong>${formatCount(row['Number of Patients Completing Treatment'])}</strong>`,
  ].join('<br/>');
}
