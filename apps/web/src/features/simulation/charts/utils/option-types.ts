import type { BarSeriesOption, CustomSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/** The option type of the charts: only the series and components registered in echarts-setup.ts. */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | CustomSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TitleComponentOption
  | TooltipComponentOption
  | DataZoomComponentOption
>;

/** What ECharts passes to an axis tooltip formatter for each series at the hovered index. */
export interface AxisTooltipParam {
  dataIndex: number;
  seriesName?: string;
  marker?: unknown;
  value?: unknown;
}
