export { SimulationCharts, type SimulationChartsProps } from './simulation-charts-lazy';
