import { describe, expect, it } from 'vitest';
import { exportChartOption, LEGEND_ITEM, legendLines } from './export-chart-option';

/** Every name 100 px wide: an item is 25 + 5 + 100 = 130 px, and items are 10 px apart. */
const measure = () => 100;

describe('the export option of a chart', () => {
  it('wraps a plain legend greedily: 140 px per further item', () => {
    expect(legendLines([], 1000, measure)).toBe(0);
    expect(legendLines(['a'], 1000, measure)).toBe(1);
    // 130 + 6 x 140 = 970 fits in 1000; the eighth item does not.
    expect(
      legendLines(
        Array.from({ length: 7 }, (_, i) => `s${i}`),
        1000,
        measure,
      ),
    ).toBe(1);
    expect(
      legendLines(
        Array.from({ length: 8 }, (_, i) => `s${i}`),
        1000,
        measure,
      ),
    ).toBe(2);
    expect(
      legendLines(
        Array.from({ length: 15 }, (_, i) => `s${i}`),
        1000,
        measure,
      ),
    ).toBe(3);
  });

  it('shows the whole legend (plain, not paged), drops the zoom controls and makes room for both', () => {
    const names = Array.from({ length: 15 }, (_, i) => `Series ${i}`);
    const option = {
      legend: [{ type: 'scroll', top: 30, left: 8, right: 8, data: names, selected: { 'Series 3': false } }],
      grid: [{ top: 80, left: 16, right: 16, bottom: 56 }],
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
      toolbox: [{ show: true }],
      series: names.map((name) => ({ name, type: 'line' })),
    };
    const image = exportChartOption(option, { width: 1016, height: 440 }, measure);

    // 1000 px for the legend: three lines, two more than on screen, each 14 px high and 10 px apart.
    const extra = 2 * (LEGEND_ITEM.itemHeight + LEGEND_ITEM.itemGap);
    expect(image.option.legend).toEqual([
      { type: 'plain', top: 30, left: 8, right: 8, data: names, selected: { 'Series 3': false } },
    ]);
    expect(image.option.dataZoom).toEqual([]);
    expect(image.option).not.toHaveProperty('toolbox');
    expect(image.option.animation).toBe(false);
    // The grid moves down by the extra legend lines; the slider's 26 px at the bottom are freed.
    expect(image.option.grid).toEqual([{ top: 80 + extra, left: 16, right: 16, bottom: 30 }]);
    expect(image.height).toBe(440 + extra);
    // The on-screen option is left as it was.
    expect(option.legend[0]!.type).toBe('scroll');
  });

  it('reads the legend of named series when it lists no data, and accepts single components', () => {
    const image = exportChartOption(
      { legend: { top: 30, left: 8 }, grid: { top: 72, bottom: 16 }, series: [{ name: 'A' }, { name: 'B' }] },
      { width: 800, height: 380 },
      measure,
    );
    expect(image.option.legend).toEqual([{ type: 'plain', top: 30, left: 8 }]);
    expect(image.option.grid).toEqual([{ top: 72, bottom: 16 }]);
    expect(image.height).toBe(380);
  });
});
