import { BarChart, LineChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { dispose, getInstanceByDom, init, use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the calibration charts draw (the option type in utils/calibration-chart-options.ts lists the same set);
// this chunk loads only with them. `use` is renamed because the hooks lint rule takes it for React's use().
register([
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** The three calls echarts-for-react makes. */
export const echarts = { init, getInstanceByDom, dispose };
