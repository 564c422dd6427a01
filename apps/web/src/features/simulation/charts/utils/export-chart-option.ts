/**
 * The option of a chart as an exported image (issue 13 item 6): the on-screen chart pages its legend ('scroll':
 * "1/2" and half the entries) and carries a zoom slider; a PNG has neither control, so it gets a plain legend
 * wrapped over as many lines as it needs (the grid moved down to make room), no dataZoom or toolbox, the whole
 * axis range and no animation (the image is taken at once).
 */

/** An ECharts option as getOption() answers it: components as arrays (a single object is accepted too). */
export type ExportableOption = Record<string, unknown>;

type Component = Record<string, unknown>;

/** ECharts' legend defaults (px): icon width, icon-to-text gap, gap between items, item height, font size. */
export const LEGEND_ITEM = { iconWidth: 25, textGap: 5, itemGap: 10, itemHeight: 14, fontSize: 12 } as const;

const toArray = (value: unknown): Component[] =>
  Array.isArray(value)
    ? (value as Component[])
    : value && typeof value === 'object'
      ? [value as Component]
      : [];

const px = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/** A rough text width for 12 px sans-serif when the browser cannot measure (tests): 6.5 px per character. */
export const estimateTextWidth = (text: string) => text.length * 6.5;

/** The names a legend shows: its data, else every named series (as ECharts does). */
function legendNames(legend: Component, series: Component[]): string[] {
  const data = Array.isArray(legend.data) ? (legend.data as unknown[]) : null;
  const names = data
    ? data.map((d) => (typeof d === 'string' ? d : String((d as { name?: unknown }).name ?? '')))
    : series.map((s) => (typeof s.name === 'string' ? s.name : ''));
  return names.filter((n) => n !== '');
}

/** How many lines a plain horizontal legend of these names takes in the given width (greedy, as ECharts wraps). */
export function legendLines(names: readonly string[], width: number, measure = estimateTextWidth): number {
  let lines = names.length > 0 ? 1 : 0;
  let used = 0;
  for (const name of names) {
    const item = LEGEND_ITEM.iconWidth + LEGEND_ITEM.textGap + measure(name);
    if (used > 0 && used + LEGEND_ITEM.itemGap + item > width) {
      lines += 1;
      used = item;
    } else used += (used > 0 ? LEGEND_ITEM.itemGap : 0) + item;
  }
  return lines;
}

const legendHeight = (lines: number) =>
  lines * LEGEND_ITEM.itemHeight + Math.max(0, lines - 1) * LEGEND_ITEM.itemGap;

/**
 * The export option of a chart shown at `size` (px) and the image height it needs: plain legends, no dataZoom,
 * toolbox or animation; the grids moved down by the legend's extra lines and up from the bottom by the slider's
 * room.
 */
export function exportChartOption(
  option: ExportableOption,
  size: { width: number; height: number },
  measure: (text: string) => number = estimateTextWidth,
): { option: ExportableOption; height: number } {
  const series = toArray(option.series);
  let extra = 0;
  const legend = toArray(option.legend).map((l) => {
    const left = px(l.left, 8);
    const lines = legendLines(legendNames(l, series), size.width - left - px(l.right, left), measure);
    extra = Math.max(extra, legendHeight(lines) - legendHeight(1));
    return { ...l, type: 'plain' };
  });
  const slider = toArray(option.dataZoom).find((z) => z.type === 'slider');
  const sliderRoom = slider ? px(slider.height, 30) + px(slider.bottom, 0) : 0;
  const grid = toArray(option.grid).map((g) => ({
    ...g,
    top: px(g.top, 60) + extra,
    bottom: Math.max(16, px(g.bottom, 60) - sliderRoom),
  }));
  const { toolbox: _toolbox, ...rest } = option;
  return {
    option: { ...rest, legend, grid, dataZoom: [], animation: false },
    height: size.height + extra,
  };
}
