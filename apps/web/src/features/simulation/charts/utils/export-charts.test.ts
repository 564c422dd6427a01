import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartId } from './chart-ids';
import { exportCharts, IMAGE_DOWNLOAD_PAUSE_MS, type ImageSource } from './export-charts';

/** A chart whose option carries its id as the title; the stand-in renderer answers that id as the image. */
const chart = (id: string): ImageSource => ({
  getOption: () => ({ title: [{ text: id }], legend: [{ type: 'scroll', data: ['A'] }], grid: [{}] }),
  getWidth: () => 1000,
  getHeight: () => 400,
});
const render = vi.fn(
  (option: Record<string, unknown>) =>
    `data:image/png;base64,${(option.title as { text: string }[])[0]!.text}`,
);

describe('exportCharts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('downloads each chart as <id>.png, 50 ms apart', async () => {
    const charts = new Map<ChartId, ImageSource>([
      ['MonthlyEnrollment', chart('m')],
      ['WeeklyEnrollment', chart('w')],
      ['PatientsByGroup', chart('p')],
    ]);
    const download = vi.fn();
    render.mockClear();
    const done = exportCharts(['MonthlyEnrollment', 'WeeklyEnrollment', 'PatientsByGroup'], {
      getChart: (id) => charts.get(id),
      render,
      download,
    });

    await vi.advanceTimersByTimeAsync(0);
    expect(download.mock.calls).toEqual([['data:image/png;base64,m', 'MonthlyEnrollment.png']]);
    await vi.advanceTimersByTimeAsync(IMAGE_DOWNLOAD_PAUSE_MS - 1);
    expect(download).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(download).toHaveBeenLastCalledWith('data:image/png;base64,w', 'WeeklyEnrollment.png');
    await vi.advanceTimersByTimeAsync(IMAGE_DOWNLOAD_PAUSE_MS);
    expect(download).toHaveBeenLastCalledWith('data:image/png;base64,p', 'PatientsByGroup.png');
    await done;
    expect(download).toHaveBeenCalledTimes(3);
    expect(IMAGE_DOWNLOAD_PAUSE_MS).toBe(50);
    // Each image is drawn with the export option at the chart's size.
    expect(render).toHaveBeenCalledWith(
      expect.objectContaining({ legend: [expect.objectContaining({ type: 'plain' })], dataZoom: [] }),
      1000,
      400,
    );
  });

  it('logs a chart that fails or is not shown and goes on with the others', async () => {
    const broken: ImageSource = {
      ...chart('m'),
      getOption: () => {
        throw new Error('chart disposed');
      },
    };
    const charts = new Map<ChartId, ImageSource>([
      ['MonthlyEnrollment', broken],
      ['PatientsByGroup', chart('p')],
    ]);
    const download = vi.fn();
    const logError = vi.fn();
    const done = exportCharts(['MonthlyEnrollment', 'CohortsTimeline', 'PatientsByGroup'], {
      getChart: (id) => charts.get(id),
      render,
      download,
      logError,
    });
    await vi.runAllTimersAsync();
    await done;

    expect(download.mock.calls).toEqual([['data:image/png;base64,p', 'PatientsByGroup.png']]);
    expect(logError).toHaveBeenCalledTimes(2);
    expect(logError).toHaveBeenCalledWith('Export of chart MonthlyEnrollment failed.', expect.any(Error));
    expect(logError).toHaveBeenCalledWith('Export of chart CohortsTimeline failed.', expect.any(Error));
  });

  it('logs with console.error by default', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const done = exportCharts(['WeeklyEnrollment'], {
      getChart: () => undefined,
      render,
      download: vi.fn(),
    });
    await vi.runAllTimersAsync();
    await done;
    expect(consoleError).toHaveBeenCalledWith('Export of chart WeeklyEnrollment failed.', expect.any(Error));
  });
});
