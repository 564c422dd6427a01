import { BarChart, CustomChart, LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { dispose, getInstanceByDom, init, use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the Charts tab draws is registered, so the bundle carries no other chart types (the option types in
// utils/option-types.ts list the same set). Canvas, because the export reads PNGs with getDataURL. `use` is
// renamed because the hooks lint rule takes it for React's use().
register([
  BarChart,
  LineChart,
  CustomChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

/** The three calls echarts-for-react makes; passing them rather than the echarts/core namespace keeps the rest out. */
export const echarts = { init, getInstanceByDom, dispose };
