import type { EChartsOption } from 'echarts';
import { Component } from 'react';
import { vi } from 'vitest';

/**
 * The last option each chart was given, by its title (jsdom has no canvas, so the options are what the tests
 * check). Each test file imports its own module instance, so the map holds that file's charts only.
 */
export const renderedOptions = new Map<string, EChartsOption>();

/** The chart's title text: the first title's, '' without one. */
export const titleOf = (option: EChartsOption) => {
  const title = Array.isArray(option.title) ? option.title[0] : option.title;
  return String((title as { text?: string } | undefined)?.text ?? '');
};

/**
 * Stands in for echarts-for-react's core component in jsdom (`vi.mock('echarts-for-react/esm/core', () =>
 * import('@/test/fake-echarts'))`): records the option, renders a marker and exposes an instance whose getDataURL
 * answers a PNG data URL named after the chart, and whose getOption and size are what an export reads
 * (1200 x 440 px).
 */
export default class FakeECharts extends Component<{ option: EChartsOption }> {
  instance = {
    getDataURL: vi.fn(() => `data:image/png;base64,${btoa(titleOf(this.props.option))}`),
    getOption: () => this.props.option,
    getWidth: () => 1200,
    getHeight: () => 440,
  };

  getEchartsInstance() {
    return this.instance;
  }

  override render() {
    renderedOptions.set(titleOf(this.props.option), this.props.option);
    return <div data-testid="echart" data-title={titleOf(this.props.option)} />;
  }
}
