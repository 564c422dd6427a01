import type { CohortTimelineRow } from '@predict/shared';
import type { CustomSeriesOption } from 'echarts/charts';
import { addDaysToDate, formatCount } from '@/lib/format';
import { escapeHtml } from './escape-html';
import { paletteColor } from './chart-palette';
import type { ChartOption } from './option-types';

/** One bar of the range chart: [cohort index, start day, end day, length in days]. */
export type RangeValue = [number, number, number, number];

type RenderItem = Extract<NonNullable<CustomSeriesOption['renderItem']>, (...args: never[]) => unknown>;
type RenderApi = Parameters<RenderItem>[1];

const unique = (values: string[]) => [...new Set(values)];

/** The chart's height grows with the cohorts so each keeps a readable bar. */
export const timelineHeight = (rows: readonly CohortTimelineRow[]) =>
  Math.max(260, 140 + 48 * unique(rows.map((r) => r.cohortName)).length);

/**
 * The cohort range chart (spec/1 section 2): one row per cohort, one coloured range per phase (Screening,
 * Enrolling and the two extra phases, named by the rows) from studyDayStart for studyDayDuration days, on an
 * axis of days since the 'Project Start Date'. One series per phase, so the legend hides a phase everywhere.
 */
export function buildCohortTimelineOption(rows: readonly CohortTimelineRow[], title: string): ChartOption {
  const cohorts = unique(rows.map((r) => r.cohortName));
  const phases = unique(rows.map((r) => r.milestoneName));
  const day0 = rows[0]?.['Project Start Date'] ?? '';

  return {
    title: { text: title, left: 8, top: 4, textStyle: { fontSize: 15 } },
    legend: { top: 30, left: 8, data: phases },
    grid: { top: 72, left: 16, right: 24, bottom: 16 },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: unknown) => {
        const { seriesName, value } = params as { seriesName?: string; value?: RangeValue };
        return value ? rangeTooltip(cohorts[value[0]] ?? '', seriesName ?? '', value, day0) : '';
      },
    },
    xAxis: {
      type: 'value',
      min: 0,
      name: day0 ? `Days since project start (${day0})` : 'Days since project start',
      nameLocation: 'middle',
      nameGap: 28,
    },
    yAxis: { type: 'category', data: cohorts, inverse: true },
    series: phases.map((phase, index) => ({
      name: phase,
      type: 'custom' as const,
      renderItem: renderRange,
      encode: { x: [1, 2], y: 0 },
      itemStyle: { color: paletteColor(index) },
      data: rows
        .filter((r) => r.milestoneName === phase)
        .map((r): RangeValue => [
          cohorts.indexOf(r.cohortName),
          r.studyDayStart,
          r.studyDayStart + r.studyDayDuration,
          r.studyDayDuration,
        ]),
    })),
  };
}

/** Draws one range as a rectangle half a category high; zero-length phases stay visible as a 2 px mark. */
export const renderRange: RenderItem = (_params, api: RenderApi) => {
  const cohort = api.value(0);
  const [x0 = 0, y = 0] = api.coord([api.value(1), cohort]);
  const [x1 = 0] = api.coord([api.value(2), cohort]);
  const size = api.size?.([0, 1]);
  const height = (Array.isArray(size) ? (size[1] ?? 0) : 0) * 0.5;
  return {
    type: 'rect',
    shape: { x: x0, y: y - height / 2, width: Math.max(x1 - x0, 2), height },
    style: { fill: api.visual('color') as string },
  };
};

/** The cohort, the phase and its dates (DD/MMM/YYYY from day 0) and days. */
export function rangeTooltip(cohort: string, phase: string, [, start, end, days]: RangeValue, day0: string) {
  const dates = day0 ? `${addDaysToDate(day0, start)} - ${addDaysToDate(day0, end)}` : '';
  return [
    `<strong>${escapeHtml(cohort)}</strong>`,
    `${escapeHtml(phase)}: ${dates}`,
    `Day ${formatCount(start)} to ${formatCount(end)} (${formatCount(days)} days)`,
  ].join('<br/>');
}
