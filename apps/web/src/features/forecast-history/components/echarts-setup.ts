import { LineChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { dispose, getInstanceByDom, init, use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the LPI history chart draws (the option type in utils/lpi-history-option.ts lists the same set). The
// simulation charts keep their own registration inside their feature; this chunk loads only with this chart.
// `use` is renamed because the hooks lint rule takes it for React's use().
register([
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
