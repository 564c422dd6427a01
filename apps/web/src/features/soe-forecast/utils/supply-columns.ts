import type { SoeSupplyCountry, SoeSupplyMonth } from '@predict/shared';
import type { ForecastColumn } from './forecast-columns';

/** The shipment plan per country (the tab's summary and the export's first sheet). */
export const shipmentPlanColumns: ForecastColumn<SoeSupplyCountry>[] = [
  { id: 'name', header: 'Country', value: (c) => c.name, kind: 'text' },
  { id: 'sites', header: 'Sites', value: (c) => c.sites, kind: 'integer' },
  { id: 'planKits', header: 'Plan Kits', value: (c) => c.totals.planKits, kind: 'kits' },
  { id: 'p50', header: 'Kits P50', value: (c) => c.totals.kits.p50, kind: 'kits' },
  { id: 'p90', header: 'Kits P90', value: (c) => c.totals.kits.p90, kind: 'kits' },
  { id: 'initialStock', header: 'Initial Stock', value: (c) => c.totals.initialStock, kind: 'integer' },
  { id: 'shipped', header: 'Kits Shipped', value: (c) => c.totals.shipped, kind: 'integer' },
  { id: 'overage', header: 'Expected Overage', value: (c) => c.totals.overage, kind: 'kits' },
  {
    id: 'peakSafetyStock',
    header: 'Peak Safety Stock',
    value: (c) => c.totals.peakSafetyStock,
    kind: 'kits',
  },
];

/** One country's months (the tab's table; the export adds the country). */
export const supplyMonthColumns: ForecastColumn<SoeSupplyMonth>[] = [
  { id: 'monthYear', header: 'Month', value: (m) => m.monthYear, kind: 'text' },
  { id: 'dispensedP10', header: 'Dispensed P10', value: (m) => m.dispensed.p10, kind: 'kits' },
  { id: 'dispensedP50', header: 'Dispensed P50', value: (m) => m.dispensed.p50, kind: 'kits' },
  { id: 'dispensedP90', header: 'Dispensed P90', value: (m) => m.dispensed.p90, kind: 'kits' },
  { id: 'cumulativeP50', header: 'Cumulative P50', value: (m) => m.cumulative.p50, kind: 'kits' },
  { id: 'required', header: 'Cover Needed', value: (m) => m.required, kind: 'kits' },
  { id: 'initialStock', header: 'Initial Stock', value: (m) => m.initialStock, kind: 'integer' },
  { id: 'shipment', header: 'Shipment', value: (m) => m.shipment, kind: 'integer' },
  { id: 'supplied', header: 'Supplied to Date', value: (m) => m.supplied, kind: 'integer' },
];
