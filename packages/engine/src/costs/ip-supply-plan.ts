import { quantileRank } from '../forecast/summarize';
import type { IpSupplyCountry, IpSupplyMonth } from './ip-supply';

/** P10 / P50 / P90 of a kit count over the replications (p10 <= p50 <= p90). */
export interface KitQuantiles {
  p10: number;
  p50: number;
  p90: number;
}

/**
 * Per target (each country, then all countries) and day k of 2M days (the M month ends, then the M month ends +
 * the lead time), the replications' cumulative kits.
 */
export type SupplyColumns = Float64Array[][];

/** One target's quantiles by month (unrounded kits). */
interface TargetQuantiles {
  cumulative: Float64Array[];
  dispensed: Float64Array[];
  plan: Float64Array;
  required: Float64Array;
  meanKits: number;
  /** The last month in which any replication (or the plan line) dispenses a kit; -1 when none does. */
  lastRise: number;
}

/** Kits to 2 decimals, rounded once per displayed figure (monotone: the quantiles' order holds). */
export const roundKits = (kits: number): number => Math.round(kits * 100) / 100;

/** Whole kits covering an expected count (floating-point residue such as 10.000000001 is not a kit). */
const wholeKits = (kits: number) => Math.max(0, Math.ceil(kits - 1e-9));

const sorted = (a: Float64Array) => a.slice().sort();

/**
 * The quantiles of each target: per month the P10 / P50 / P90 of the replications' cumulative kits and of the
 * month's kits, and the confidence quantile of the cumulative kits at the month's end + the lead time (ranks of
 * quantileRank, as the run's own bands). Without replications each is the plan line.
 */
export function supplyQuantiles(
  columns: SupplyColumns,
  plan: Float64Array[],
  M: number,
  confidence: number,
): TargetQuantiles[] {
  return columns.map((byDay, c): TargetQuantiles => {
    const n = byDay[0]?.length ?? 0;
    const ranks = [10, 50, 90].map((p) => quantileRank(p, n) - 1);
    const conf = quantileRank(confidence * 100, n) - 1;
    const line = plan[c]!;
    const of = (values: Float64Array, fallback: number) =>
      n === 0 ? Float64Array.of(fallback, fallback, fallback) : Float64Array.from(ranks, (k) => values[k]!);
    const cumulative: Float64Array[] = [];
    const dispensed: Float64Array[] = [];
    const required = new Float64Array(M);
    let lastRise = -1;
    for (let m = 0; m < M; m++) {
      const before = m > 0 ? line[m - 1]! : 0;
      const eps = 1e-9 * Math.max(1, line[M - 1]!);
      if (line[m]! - before > eps) lastRise = m;
      const cum = sorted(byDay[m]!);
      cumulative.push(of(cum, line[m]!));
      const diff = sorted(Float64Array.from(byDay[m]!, (x, r) => x - (m > 0 ? byDay[m - 1]![r]! : 0)));
      dispensed.push(of(diff, line[m]! - before));
      if (n > 0 && diff[n - 1]! > eps) lastRise = Math.max(lastRise, m);
      required[m] = n === 0 ? line[M + m]! : sorted(byDay[M + m]!)[conf]!;
    }
    const totals = byDay[M - 1];
    const meanKits = n === 0 || !totals ? (line[M - 1] ?? 0) : totals.reduce((s, x) => s + x, 0) / n;
    return { cumulative, dispensed, plan: line, required, meanKits, lastRise };
  });
}

const kitQuantiles = (q: Float64Array): KitQuantiles => ({
  p10: roundKits(q[0]!),
  p50: roundKits(q[1]!),
  p90: roundKits(q[2]!),
});

/** One country's months in the window [first, last] and its totals (kits rounded once, stock and shipments whole). */
function countryEntry(
  t: TargetQuantiles,
  plan: { required: Float64Array; stock: Float64Array; ship: Float64Array },
  labels: readonly string[],
  [first, last]: [number, number],
  meta: Pick<IpSupplyCountry, 'countryIso3' | 'name' | 'sites'>,
): IpSupplyCountry {
  const M = labels.length;
  const months: IpSupplyMonth[] = [];
  let supplied = 0;
  for (let m = 0; m < M; m++) {
    supplied += plan.stock[m]! + plan.ship[m]!;
    if (first < 0 || m < first || m > last) continue;
    months.push({
      monthYear: labels[m]!,
      dispensed: kitQuantiles(t.dispensed[m]!),
      cumulative: kitQuantiles(t.cumulative[m]!),
      plan: roundKits(t.plan[m]!),
      required: roundKits(plan.required[m]!),
      initialStock: plan.stock[m]!,
      shipment: plan.ship[m]!,
      supplied,
    });
  }
  // The most kits held beyond the P50 demand at a month's end: what the confidence and lead time cost in stock.
  const peakSafetyStock = roundKits(Math.max(0, ...months.map((m) => m.supplied - m.cumulative.p50)));
  const initialStock = plan.stock.reduce((s, x) => s + x, 0);
  const shipped = plan.ship.reduce((s, x) => s + x, 0);
  return {
    ...meta,
    months,
    totals: {
      planKits: roundKits(t.plan[M - 1] ?? 0),
      kits: M > 0 ? kitQuantiles(t.cumulative[M - 1]!) : { p10: 0, p50: 0, p90: 0 },
      meanKits: roundKits(t.meanKits),
      initialStock,
      shipped,
      overage: roundKits(shipped + initialStock - t.meanKits),
      peakSafetyStock,
    },
  };
}

/**
 * The shipment plan of each country: whole kits shipped per month so that the initial stock plus the kits shipped
 * to the month's end cover the confidence quantile of its cumulative kits at the month's end + the lead time
 * (shipped as late as that allows). The all-countries entry comes first: its kit quantiles are the study total's,
 * its requirement, stock and shipments the countries' summed (each country is supplied on its own). Months run from the first
 * with stock, a shipment or a kit to the last in which any replication dispenses (or stock arrives).
 */
export function shipmentPlan(
  labels: readonly string[],
  countries: readonly { iso3: string; name: string; sites: number; perMonth: Float64Array }[],
  q: readonly TargetQuantiles[],
): IpSupplyCountry[] {
  const M = labels.length;
  const C = countries.length;
  const stock = countries.map((c) => Float64Array.from(c.perMonth, (x) => Math.round(x)));
  const ship = countries.map((_, c) => {
    const out = new Float64Array(M);
    let stocked = 0;
    let shipped = 0;
    for (let m = 0; m < M; m++) {
      stocked += stock[c]![m]!;
      const cover = Math.max(shipped, wholeKits(q[c]!.required[m]!) - stocked);
      out[m] = cover - shipped;
      shipped = cover;
    }
    return out;
  });
  const sum = (rows: Float64Array[]) =>
    Float64Array.from({ length: M }, (_, m) => rows.reduce((s, r) => s + r[m]!, 0));
  stock.push(sum(stock));
  ship.push(sum(ship));
  // Each country is covered on its own: what all countries need is the sum of theirs (a quantile of the study
  // total would not be what the plan ships).
  const required = q.map((t) => t.required);
  required[C] = sum(required.slice(0, C));
  let first = -1;
  let last = q[C]!.lastRise;
  for (let m = 0; m < M; m++) {
    const any = stock[C]![m]! > 0 || ship[C]![m]! > 0 || q[C]!.cumulative[m]![2]! > 0 || q[C]!.plan[m]! > 0;
    if (any && first < 0) first = m;
    if (stock[C]![m]! > 0 || ship[C]![m]! > 0) last = Math.max(last, m);
  }
  const sites = countries.reduce((s, c) => s + c.sites, 0);
  const entry = (c: number, iso3: string | null, name: string, sites: number): IpSupplyCountry =>
    countryEntry(q[c]!, { required: required[c]!, stock: stock[c]!, ship: ship[c]! }, labels, [first, last], {
      countryIso3: iso3,
      name,
      sites,
    });
  return [
    entry(C, null, 'All countries', sites),
    ...countries.map((c, i) => entry(i, c.iso3, c.name, c.sites)),
  ];
}
