import { Component } from 'react';
import { vi } from 'vitest';
import type { ChartOption } from '../utils/option-types';

/** The last option each chart was given, by its title (the options are what the unit tests check). */
export const renderedOptions = new Map<string, ChartOption>();

export const titleOf = (option: ChartOption) => {
  const title = Array.isArray(option.title) ? option.title[0] : option.title;
  return String((title as { text?: string } | undefined)?.text ?? '');
};

/**
 * Stands in for echarts-for-react's core component in jsdom (no canvas): records the option, renders a marker
 * and exposes an instance whose getDataURL answers a PNG data URL named after the chart, and whose getOption and
 * size are what the export reads (1200 x 440 px).
 */
export default class FakeECharts extends Component<{ option: ChartOption }> {
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
