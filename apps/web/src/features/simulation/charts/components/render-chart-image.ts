import type { ExportableOption } from '../utils/export-chart-option';
import { echarts } from './echarts-setup';

/** The canvas's 2D context measures legend text as ECharts draws it (12 px sans-serif); null in tests. */
export function measureLegendText(): ((text: string) => number) | undefined {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return undefined;
  context.font = '12px sans-serif';
  return (text) => context.measureText(text).width;
}

/**
 * Draws an option on a chart of its own, off screen, and answers its PNG (twice the pixels, white background): the
 * on-screen chart keeps its controls while the image gets the export option.
 */
export function renderChartImage(option: ExportableOption, width: number, height: number): string {
  const host = document.createElement('div');
  host.style.cssText = `position:fixed;left:-100000px;top:0;width:${width}px;height:${height}px;`;
  document.body.appendChild(host);
  const chart = echarts.init(host, null, { renderer: 'canvas', width, height, devicePixelRatio: 2 });
  try {
    chart.setOption(option, { notMerge: true });
    return chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
  } finally {
    echarts.dispose(chart);
    host.remove();
  }
}
