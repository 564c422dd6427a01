import { Component } from 'react';
import type { CompareChartOption } from '../utils/compare-chart-options';

/** The last option each chart was given, by its title (what the tests check: jsdom has no canvas). */
export const renderedOptions = new Map<string, CompareChartOption>();

const titleOf = (option: CompareChartOption) => {
  const title = Array.isArray(option.title) ? option.title[0] : option.title;
  return String((title as { text?: string } | undefined)?.text ?? '');
};

/** Stands in for echarts-for-react's core component in jsdom: records the option and renders a marker. */
export default class FakeECharts extends Component<{ option: CompareChartOption }> {
  override render() {
    renderedOptions.set(titleOf(this.props.option), this.props.option);
    return <div data-testid="echart" data-title={titleOf(this.props.option)} />;
  }
}
