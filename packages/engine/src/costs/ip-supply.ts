import type { ReplicationPaths } from './replication-band';
import { groupFlows, type CostForecastInput, type ForecastGroupInput } from './forecast-groups';
import { shipmentPlan, supplyQuantiles, type KitQuantiles, type SupplyColumns } from './ip-supply-plan';
import { monthEndDays, monthGrid, monthOfDay, type MonthGrid } from './month-grid';
import {
  addFlowTerms,
  flowTerms,
  mapDays,
  readTerms,
  type FlowTerms,
  type TermReading,
} from './replication-terms';
import { siteActivationDays } from './site-fees';
import { isGridType, type SoeCostInput } from './types';

export type { KitQuantiles } from './ip-supply-plan';

/** A site group of the plan line with its country (the supply is planned per country). */
export interface IpSupplyGroup extends ForecastGroupInput {
  countryIso3: string;
}

/** The plan line and patient flow the replications are mapped onto (as for costBandByMonth), with countries. */
export interface IpSupplyInput extends Omit<CostForecastInput, 'groups'> {
  groups: IpSupplyGroup[];
  /** The plan line's study-level cumulative enrolled (the sum of the groups' enrolled curves). */
  totalEnrolled: Float64Array;
  screeningDays: number;
}

/** The supply settings: confidence in (0, 1), lead time in weeks (>= 0), kits per site at activation (>= 0). */
export interface IpSupplySettings {
  confidence: number;
  leadWeeks: number;
  siteStockKits: number;
}

/** One calendar month of a country's supply; kits are expected kits (2 decimals) unless said whole. */
export interface IpSupplyMonth {
  monthYear: string;
  /** Kits dispensed in the month: quantiles over the replications of the month's kits. */
  dispensed: KitQuantiles;
  /** Kits dispensed to the month's end: quantiles of the replications' cumulative kits (ordered, non-decreasing). */
  cumulative: KitQuantiles;
  /** The plan line's cumulative kits. */
  plan: number;
  /** The confidence quantile of cumulative kits at the month's end plus the lead time: what must be supplied. */
  required: number;
  /** Whole kits sent as initial stock to the sites activating in the month. */
  initialStock: number;
  /** Whole kits shipped in the month. */
  shipment: number;
  /** Whole kits supplied to the month's end: initial stock plus shipments. */
  supplied: number;
}

/** A country's supply (countryIso3 null: all countries, whose shipments are the countries' summed). */
export interface IpSupplyCountry {
  countryIso3: string | null;
  name: string;
  sites: number;
  months: IpSupplyMonth[];
  totals: {
    /** The plan line's kits (the dispensations of the plan-line visit occurrences). */
    planKits: number;
    /** Quantiles and mean over the replications of the total kits dispensed. */
    kits: KitQuantiles;
    meanKits: number;
    initialStock: number;
    shipped: number;
    /** Shipped + initial stock - the mean total kits dispensed. */
    overage: number;
    /** The most kits supplied beyond the P50 cumulative kits at any month's end. */
    peakSafetyStock: number;
  };
}

/** The IP supply forecast: kits per dispensation of each IP visit, and the all-countries total then each country. */
export interface IpSupplyForecast {
  kitsPerVisit: { visitId: number; visitName: string; kits: number }[];
  replications: number;
  countries: IpSupplyCountry[];
}

/** Kits per dispensation of each visit: the sum of the multipliers (2 decimals, none = 1) of its ticked IP cells. */
export function ipKitsPerVisit(soe: SoeCostInput): number[] {
  const ip = new Set(
    soe.assessments.filter((a) => a.ipAdministered && isGridType(a.type)).map((a) => a.assessmentId),
  );
  const per100 = new Map<number, number>();
  for (const c of soe.mapping) {
    if (!ip.has(c.assessmentId)) continue;
    const m = c.multiplier === null ? 1 : Number.isFinite(c.multiplier) ? c.multiplier : 0;
    // Hundredths of a kit are integers: the sum is exact.
    per100.set(c.visitId, (per100.get(c.visitId) ?? 0) + Math.round(m * 100));
  }
  return soe.visits.map((v) => (per100.get(v.visitId) ?? 0) / 100);
}

/** Countries in plan order with their groups' indexes. */
function countriesOf(groups: readonly IpSupplyGroup[]) {
  const byIso = new Map<string, { iso3: string; names: string[]; groups: number[] }>();
  groups.forEach((g, i) => {
    let c = byIso.get(g.countryIso3);
    if (!c) byIso.set(g.countryIso3, (c = { iso3: g.countryIso3, names: [], groups: [] }));
    c.names.push(g.siteGroupName);
    c.groups.push(i);
  });
  return [...byIso.values()];
}

/** What the replications share: the kits per visit, the countries, the kit terms and the days they are read at. */
interface SupplyModel {
  kits: number[];
  /** Indexes of the visits that dispense. */
  ip: number[];
  countries: ReturnType<typeof countriesOf>;
  grid: MonthGrid;
  /** The M month ends, then the M month ends + the lead time (clamped to the flows' last day). */
  reading: TermReading;
  terms: FlowTerms;
  /** The plan line's cumulative kits per country, then all countries, at the reading's days. */
  plan: Float64Array[];
}

function supplyModel(input: IpSupplyInput, leadWeeks: number): SupplyModel {
  const kits = ipKitsPerVisit(input.soe);
  const countries = countriesOf(input.groups);
  const C = countries.length;
  const length = input.totalEnrolled.length;
  const flows = input.groups.map((g) => groupFlows(input, g));
  const flowLength = flows[0]?.[0]?.length ?? length;
  const ip = kits.flatMap((k, v) => (k > 0 ? [v] : []));
  const countryOf = new Int32Array(input.groups.length);
  countries.forEach((c, i) => c.groups.forEach((g) => (countryOf[g] = i)));
  const terms = flowTerms(length, C);
  input.groups.forEach((g, i) => {
    const f = flows[i]!;
    addFlowTerms(
      terms,
      ip.map((v) => f[v]!),
      ip.map((v) => kits[v]!),
      g.curves,
      countryOf[i],
    );
  });
  const grid = monthGrid(input.day0Ms, flowLength - 1);
  const M = grid.startDays.length;
  const ends = monthEndDays(grid, flowLength - 1);
  const leadDays = Math.round(leadWeeks * 7);
  const days = Int32Array.from({ length: 2 * M }, (_, k) =>
    k < M ? ends[k]! : Math.min(flowLength - 1, ends[k - M]! + leadDays),
  );
  // The plan line's kits at the same days, read from the flows themselves (not re-timed).
  const plan = Array.from({ length: C + 1 }, () => new Float64Array(2 * M));
  input.groups.forEach((_, i) => {
    for (const v of ip)
      for (let k = 0; k < 2 * M; k++) {
        const x = kits[v]! * flows[i]![v]!.at(days[k]!);
        plan[countryOf[i]!]![k]! += x;
        plan[C]![k]! += x;
      }
  });
  const reading: TermReading = {
    total: input.totalEnrolled,
    screeningDays: input.screeningDays,
    treatmentDays: input.treatmentDays,
    flowLength,
    spreadDays: Math.max(1, Math.round(input.treatmentDays)),
    days,
    prefix: new Float64Array(flowLength + 1),
  };
  return { kits, ip, countries, grid, reading, terms, plan };
}

/** Every replication's cumulative kits per country (then all countries) at the model's days (SupplyColumns). */
function replicationKits(model: SupplyModel, paths: ReplicationPaths): SupplyColumns {
  const C = model.countries.length;
  const K = model.reading.days.length;
  const M = K / 2;
  const n = paths.enrolled.length;
  const total = model.reading.total;
  const columns = Array.from({ length: C + 1 }, () => Array.from({ length: K }, () => new Float64Array(n)));
  const sE = new Float64Array(total.length);
  paths.enrolled.forEach((enrolled, r) => {
    const path = { gridDays: paths.gridDays, enrolled };
    const out = Array.from({ length: C }, () => new Float64Array(K));
    readTerms(model.terms, model.reading, path, mapDays(path, total, 0, sE), out);
    for (let k = 0; k < K; k++) {
      let sum = 0;
      for (let c = 0; c < C; c++) {
        // Each term only rises: this only removes floating-point residue (month ends, then the lead days).
        const v = k % M > 0 ? Math.max(out[c]![k]!, out[c]![k - 1]!) : out[c]![k]!;
        out[c]![k] = v;
        columns[c]![k]![r] = v;
        sum += v;
      }
      columns[C]![k]![r] = Math.max(sum, k % M > 0 ? columns[C]![k - 1]![r]! : 0);
    }
  });
  return columns;
}

/** Each country's sites and the kits of initial stock per month (siteStockKits per site in its activation month). */
function initialStock(model: SupplyModel, groups: readonly IpSupplyGroup[], siteStockKits: number) {
  return model.countries.map((c) => {
    const perMonth = new Float64Array(model.grid.startDays.length);
    let sites = 0;
    for (const g of c.groups)
      for (const d of siteActivationDays(groups[g]!.curves.activeSites)) {
        perMonth[monthOfDay(model.grid, d)]! += siteStockKits;
        sites++;
      }
    return { iso3: c.iso3, name: c.names.join(', '), perMonth, sites };
  });
}

/**
 * The IP supply forecast (docs/soe-forecast.md "IP supply"), kits per country and month: every assessment flagged
 * IP at a visit is a dispensation of (multiplier) kits. Each replication's enrolled path is mapped onto the plan
 * line as costBandByMonth maps it and its kits read per country at month ends and at month ends + the lead time;
 * quantiles are the order statistics of rank ceil(p n) (P10 / P50 / P90, and the confidence's for the shipments).
 * Without replications every quantile is the plan line.
 */
export function ipSupplyForecast(
  input: IpSupplyInput,
  paths: ReplicationPaths,
  settings: IpSupplySettings,
): IpSupplyForecast {
  const model = supplyModel(input, settings.leadWeeks);
  const M = model.grid.startDays.length;
  const q = supplyQuantiles(replicationKits(model, paths), model.plan, M, settings.confidence);
  return {
    kitsPerVisit: model.ip.map((v) => ({
      visitId: input.soe.visits[v]!.visitId,
      visitName: input.soe.visits[v]!.visitName,
      kits: model.kits[v]!,
    })),
    replications: paths.enrolled.length,
    countries: shipmentPlan(model.grid.labels, initialStock(model, input.groups, settings.siteStockKits), q),
  };
}
