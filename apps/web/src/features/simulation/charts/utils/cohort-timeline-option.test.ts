import { describe, expect, it, vi } from 'vitest';
import { cohortSets } from '../test/chart-fixtures';
import {
  buildCohortTimelineOption,
  END_BAND_NAME,
  endBandTooltip,
  rangeTooltip,
  renderEndBand,
  renderRange,
  timelineHeight,
  type RangeValue,
} from './cohort-timeline-option';

const rows = cohortSets.cohortTimelineChart ?? [];

describe('buildCohortTimelineOption', () => {
  const option = buildCohortTimelineOption(rows, 'Cohorts Timeline');
  const series = option.series as { name: string; type: string; data: RangeValue[] }[];

  it('has one row per cohort and one range series per phase, named by the rows', () => {
    expect(option.title).toMatchObject({ text: 'Cohorts Timeline' });
    expect(option.yAxis).toMatchObject({ type: 'category', data: ['Cohort 1', 'Cohort 2', 'Expansion'] });
    expect(series.map((s) => [s.name, s.type])).toEqual([
      ['Screening', 'custom'],
      ['Enrolling', 'custom'],
      ['DTL', 'custom'],
      ['SRC', 'custom'],
    ]);
  });

  it('starts each range at studyDayStart and ends it studyDayDuration days later', () => {
    // Cohort 1 screens from day 195 for 28 days, enrolls from 223 for 94 (engine README, examples/cohort.json).
    expect(series[0]?.data[0]).toEqual([0, 195, 223, 28]);
    expect(series[1]?.data[0]).toEqual([0, 223, 317, 94]);
    // Cohort 2 starts on day 366 (Cohort 1's SRC end 359 + 7).
    expect(series[0]?.data[1]).toEqual([1, 366, 394, 28]);
  });

  it("counts days since the 'Project Start Date'", () => {
    expect(option.xAxis).toMatchObject({
      type: 'value',
      min: 0,
      name: 'Days since project start (05/Jan/2026)',
    });
  });

  it('grows with the cohorts', () => {
    expect(timelineHeight(rows)).toBe(Math.max(260, 140 + 3 * 48));
  });
});

describe('renderRange', () => {
  it('draws a rectangle from the start to the end day, half a row high', () => {
    const values = [2, 10, 40, 30];
    const api = {
      value: (dim: number) => values[dim],
      coord: ([x, y]: [number, number]) => [x * 10, y * 100 + 50],
      size: () => [0, 100],
      visual: vi.fn(() => '#abc'),
    };
    const shape = renderRange({} as never, api as never);
    expect(shape).toEqual({
      type: 'rect',
      shape: { x: 100, y: 250 - 25, width: 300, height: 50 },
      style: { fill: '#abc' },
    });
  });

  it('keeps zero-length phases visible', () => {
    const api = {
      value: (dim: number) => [0, 5, 5, 0][dim],
      coord: ([x]: [number]) => [x, 0],
      size: () => [0, 20],
      visual: () => '#abc',
    };
    expect(renderRange({} as never, api as never)).toMatchObject({ shape: { width: 2 } });
  });
});

describe('rangeTooltip', () => {
  it('gives the phase dates (DD/MMM/YYYY) and its days', () => {
    // Day 223 is FPI, 16/Aug/2026 (engine README).
    expect(rangeTooltip('Cohort 1', 'Screening', [0, 195, 223, 28], '05/Jan/2026')).toBe(
      '<strong>Cohort 1</strong><br/>Screening: 19/Jul/2026 - 16/Aug/2026<br/>Day 195 to 223 (28 days)',
    );
  });
});

describe('the Monte Carlo band of each phase end', () => {
  const withBand = rows.map((r, i) =>
    i === 1
      ? { ...r, endP10: 300, endP50: 317, endP90: 345 }
      : { ...r, endP10: null, endP50: null, endP90: null },
  );

  it('adds one whisker series with P10, P90 and P50 of each phase end that has them, and its legend entry', () => {
    const option = buildCohortTimelineOption(withBand, 'Cohorts Timeline');
    const series = option.series as { name: string; data: unknown[] }[];
    const band = series.find((s) => s.name === END_BAND_NAME)!;
    // Enrolling is the second of four phases: its line sits 0.5 spacing above the row's middle.
    expect(band.data).toEqual([[0, 300, 345, 317, withBand[1]!.milestoneName, -0.5 * 0.11]]);
    expect((option.legend as { data: string[] }).data).toContain(END_BAND_NAME);
    expect(endBandTooltip('Cohort 1', [0, 300, 345, 317, 'Enrolling', 0], '05/Jan/2026')).toContain(
      'P10 01/Nov/2026, P50 18/Nov/2026, P90 16/Dec/2026',
    );
  });

  it('has no band (and no legend entry) without quantiles', () => {
    const option = buildCohortTimelineOption(rows, 'Cohorts Timeline');
    expect((option.series as { name: string }[]).map((s) => s.name)).not.toContain(END_BAND_NAME);
    expect((option.legend as { data: string[] }).data).not.toContain(END_BAND_NAME);
  });

  it("draws the whisker from P10 to P90 with a P50 tick, on the phase's own line", () => {
    const values = [1, 10, 40, 25, 'Enrolling', 0];
    const api = {
      value: (dim: number) => values[dim],
      coord: ([x, y]: [number, number]) => [x * 10, y * 100 + 50],
      size: () => [0, 100],
      visual: () => '#333',
    };
    const drawn = renderEndBand({} as never, api as never) as { children: { shape: object }[] };
    expect(drawn.children.map((c) => c.shape)).toEqual([
      { x1: 100, y1: 150, x2: 400, y2: 150 },
      { x1: 100, y1: 147, x2: 100, y2: 153 },
      { x1: 400, y1: 147, x2: 400, y2: 153 },
      { x1: 250, y1: 145, x2: 250, y2: 155 },
    ]);
    values[5] = 0.11;
    const shifted = renderEndBand({} as never, api as never) as { children: { shape: { y1: number } }[] };
    expect(shifted.children[0]!.shape.y1).toBe(161);
  });
});
