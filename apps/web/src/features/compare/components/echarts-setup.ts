import { BoxplotChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { dispose, getInstanceByDom, init, use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the comparison's two charts draw (utils/compare-chart-options.ts lists the same set); each feature
// registers its own, so this chunk loads with this page only. Canvas: the PNG buttons read getDataURL. `use` is
// renamed because the hooks lint rule takes it for React's use().
register([
  BoxplotChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** The three calls echarts-for-react makes. */
export const echarts = { init, getInstanceByDom, dispose };
