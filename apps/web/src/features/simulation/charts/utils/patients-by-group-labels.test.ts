import type { SummaryRow } from '@predict/shared';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { init, setPlatformAPI, use as register } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { combinationSets } from '../test/chart-fixtures';
import { buildPatientsByGroupOption, groupRows } from './patients-by-group-option';

// The real ECharts, drawn as SVG text (jsdom has no canvas): what the group names read is what the chart shows.
register([
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  SVGRenderer,
]);

/** The chart's size in the Charts tab at 1280 px (the card spans the page). */
const WIDTH = 1198;
const HEIGHT = 380;

let dispose: (() => void) | undefined;
afterEach(() => dispose?.());

beforeAll(() => {
  // 12 px sans-serif: a generous 7 px a character, so that wrapping is tested against wide text.
  setPlatformAPI({ measureText: (text) => ({ width: text.length * 7 }) });
});

/**
 * The x-axis labels as drawn: ECharts writes each line of a wrapped label as its own text element at the label's
 * place (one transform), so lines are joined per place; the labels are those below the plot, left to right.
 */
function drawnLabels(summary: readonly SummaryRow[]) {
  const chart = init(null, null, { renderer: 'svg', ssr: true, width: WIDTH, height: HEIGHT });
  dispose = () => chart.dispose();
  chart.setOption(buildPatientsByGroupOption(summary));
  const doc = new DOMParser().parseFromString(chart.renderToSVGString(), 'image/svg+xml');
  const lines = new Map<string, string[]>();
  for (const text of doc.querySelectorAll('text')) {
    const place = text.getAttribute('transform') ?? '';
    const [x, y] = (place.match(/-?[\d.]+/g) ?? []).map(Number).slice(-2);
    const content = text.textContent ?? '';
    // Below the plot: the group names (the legend and the title sit higher; the y axis has numbers only).
    if (y === undefined || x === undefined || y < HEIGHT / 2 || /^\d+$/.test(content)) continue;
    lines.set(place, [...(lines.get(place) ?? []), content]);
  }
  return [...lines.values()].map((l) => l.join(' ').replace(/\s+/g, ' ').trim());
}

/** The demo's long group names: a combination plan names each group after its plan. */
function longNamed(count: number): SummaryRow[] {
  const [template] = groupRows(combinationSets.summaryTable);
  const countries = ['USA - Central', 'Germany', 'Spain', 'Poland', 'United Kingdom', 'Brazil', 'Japan'];
  return Array.from({ length: count }, (_, i) => ({
    ...template!,
    siteGroupName: `${countries[i % countries.length]} (Base case - country rates ${i + 1})`,
  }));
}

describe('Patients By Group x-axis labels', () => {
  it.each([4, 10])('show %i long group names whole, wrapped at spaces', (count) => {
    const rows = longNamed(count);
    const names = rows.map((r) => r.siteGroupName);
    expect(drawnLabels(rows)).toEqual(names);
  });

  it('turn thirty long group names on their side, still whole', () => {
    const rows = longNamed(30);
    const names = rows.map((r) => r.siteGroupName);
    expect(drawnLabels(rows)).toEqual(names);
  });
});
