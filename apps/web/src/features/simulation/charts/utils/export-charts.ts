import { downloadDataUrl } from '@/lib/download-file';
import type { ChartId } from './chart-ids';
import { exportChartOption, type ExportableOption } from './export-chart-option';

/** spec/1 section 9: the pause between two image downloads, so browsers do not drop any. */
export const IMAGE_DOWNLOAD_PAUSE_MS = 50;

/** The part of an ECharts instance the export needs: what it shows (legend choices included) and its size. */
export interface ImageSource {
  getOption(): unknown;
  getWidth(): number;
  getHeight(): number;
}

export interface ExportChartsDeps {
  /** The instance of a chart on screen, undefined when it is not shown (no data). */
  getChart: (id: ChartId) => ImageSource | undefined;
  /** Draws an option off screen at a size (px) and answers its PNG data URL. */
  render: (option: ExportableOption, width: number, height: number) => string;
  /** Measures legend text (px) for the wrapped legend; a per-character estimate without it. */
  measure?: (text: string) => number;
  download?: (dataUrl: string, fileName: string) => void;
  pauseMs?: number;
  logError?: (message: string, error: unknown) => void;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Downloads each chart as '<chart id>.png' in the order given, 50 ms apart, drawn with its export option (the
 * whole legend, no zoom slider: export-chart-option.ts). A chart that fails is logged and skipped (spec/1: errors
 * are only logged per chart), so the others still download.
 */
export async function exportCharts(ids: readonly ChartId[], deps: ExportChartsDeps): Promise<void> {
  const {
    getChart,
    render,
    measure,
    download = downloadDataUrl,
    pauseMs = IMAGE_DOWNLOAD_PAUSE_MS,
    logError = (message, error) => console.error(message, error),
  } = deps;
  for (const [index, id] of ids.entries()) {
    if (index > 0) await pause(pauseMs);
    try {
      const chart = getChart(id);
      if (!chart) throw new Error('The chart is not shown.');
      const width = chart.getWidth();
      const image = exportChartOption(
        chart.getOption() as ExportableOption,
        { width, height: chart.getHeight() },
        measure,
      );
      download(render(image.option, width, image.height), `${id}.png`);
    } catch (error) {
      logError(`Export of chart ${id} failed.`, error);
    }
  }
}
