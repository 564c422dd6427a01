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
    legend: {
      top: 30,
      left: 8,
      data: rows.some((r) => r.endP50 != null) ? [...phases, END_BAND_NAME] : phases,
    },
    grid: { top: 72, left: 16, right: 24, bottom: 16 },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: unknown) => {
        const { seriesName, value } = params as { seriesName?: string; value?: RangeValue | EndBandValue };
        if (!value) return '';
        const cohort = cohorts[value[0]] ?? '';
        return seriesName === END_BAND_NAME
          ? endBandTooltip(cohort, value as EndBandValue, day0)
          : rangeTooltip(cohort, seriesName ?? '', value as RangeValue, day0);
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
    series: [
      ...phases.map((phase, index) => ({
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
      ...endBandSeries(rows, cohorts, phases),
    ],
  };
}

/** The name of the phase-end band series (its legend entry). */
export const END_BAND_NAME = 'Phase end P10 - P90';

/**
 * One phase-end band: [cohort index, P10 day, P90 day, P50 day, phase name, vertical offset (share of a row)].
 * Each phase gets its own line within the bar so that the four bands of a cohort do not draw over one another.
 */
export type EndBandValue = [number, number, number, number, string, number];

/** Space between the band lines of consecutive phases, as a share of a row. */
const BAND_SPACING = 0.11;

/**
 * The Monte Carlo's P10 - P90 of each phase end as a whisker across the bar with a tick at P50 (sequential cohort
 * plans whose run had a forecast); none without quantiles.
 */
function endBandSeries(
  rows: readonly CohortTimelineRow[],
  cohorts: string[],
  phases: string[],
): CustomSeriesOption[] {
  const middle = (phases.length - 1) / 2;
  const data = rows.flatMap((r): EndBandValue[] =>
    r.endP10 != null && r.endP50 != null && r.endP90 != null
      ? [
          [
            cohorts.indexOf(r.cohortName),
            r.endP10,
            r.endP90,
            r.endP50,
            r.milestoneName,
            (phases.indexOf(r.milestoneName) - middle) * BAND_SPACING,
          ],
        ]
      : [],
  );
  if (data.length === 0) return [];
  return [
    {
      name: END_BAND_NAME,
      type: 'custom' as const,
      renderItem: renderEndBand,
      encode: { x: [1, 2, 3], y: 0 },
      itemStyle: { color: '#263238' },
      z: 3,
      data,
    },
  ];
}

/** Draws a P10 - P90 whisker (a line with end caps) and a taller P50 tick on the phase's line of the row. */
export const renderEndBand: RenderItem = (_params, api: RenderApi) => {
  const cohort = api.value(0);
  const size = api.size?.([0, 1]);
  const row = Array.isArray(size) ? (size[1] ?? 0) : 0;
  const [x10 = 0, y0 = 0] = api.coord([api.value(1), cohort]);
  const [x90 = 0] = api.coord([api.value(2), cohort]);
  const [x50 = 0] = api.coord([api.value(3), cohort]);
  const y = y0 + Number(api.value(5)) * row;
  const cap = row * 0.03;
  const tick = row * 0.05;
  const style = { stroke: api.visual('color') as string, lineWidth: 1.5 };
  const line = (x1: number, y1: number, x2: number, y2: number) => ({
    type: 'line' as const,
    shape: { x1, y1, x2, y2 },
    style,
  });
  return {
    type: 'group',
    children: [
      line(x10, y, x90, y),
      line(x10, y - cap, x10, y + cap),
      line(x90, y - cap, x90, y + cap),
      line(x50, y - tick, x50, y + tick),
    ],
  };
};

/** The cohort, the phase and the P10 / P50 / P90 dates of its end. */
export function endBandTooltip(cohort: string, [, p10, p90, p50, phase]: EndBandValue, day0: string) {
  const at = (d: number) => (day0 ? addDaysToDate(day0, d) : `day ${formatCount(d)}`);
  return [
    `<strong>${escapeHtml(cohort)}</strong>`,
    `${escapeHtml(phase)} end (Monte Carlo)`,
    `P10 ${at(p10)}, P50 ${at(p50)}, P90 ${at(p90)}`,
  ].join('<br/>');
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
