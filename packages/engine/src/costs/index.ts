export * from './types';
export { apportionCents, roundCents } from './money';
export * from './currency';
export * from './levels';
export * from './visit-costs';
export * from './occurrences';
export { siteActivationDays, siteFeeCounts, type SiteFeeCounts } from './site-fees';
export { monthGrid, type MonthGrid } from './month-grid';
export {
  forecastGroup,
  groupFlows,
  type CostCells,
  type CostForecastInput,
  type ForecastGroupInput,
} from './forecast-groups';
export * from './forecast-tables';
export * from './strategy-rows';
export * from './band-curves';
export * from './replication-band';
export * from './cost-band-totals';
export * from './ip-supply';
export { roundKits } from './ip-supply-plan';
