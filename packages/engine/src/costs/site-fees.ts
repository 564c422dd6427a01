import { monthOfDay, type MonthGrid } from './month-grid';
import { SITE_FEE_TYPES, type SiteFeeType } from './types';

/** Expected number of charges of each site-fee type per month for one average site of a group. */
export type SiteFeeCounts = Record<SiteFeeType, Float64Array>;

/** Activation day of each site of a group: the first day the cumulative activated-sites curve reaches j. */
export function siteActivationDays(activeSites: Float64Array): number[] {
  const n = Math.round(activeSites[activeSites.length - 1] ?? 0);
  const out: number[] = [];
  let d = 0;
  for (let j = 1; j <= n; j++) {
    while (d < activeSites.length - 1 && activeSites[d]! < j - 1e-9) d++;
    out.push(d);
  }
  return out;
}

const EVERY: Partial<Record<SiteFeeType, number>> = {
  'Recurring Monthly': 1,
  'Recurring Quarterly': 3,
  'Recurring Yearly': 12,
};

/**
 * Site-fee charges per month of an average site of a group (design section 4): 1x at Activation in the activation
 * month; Recurring Monthly / Quarterly / Yearly in the activation month and every 1 / 3 / 12 months after while
 * the site is active (billed at the start of each period); 1x at Close in the month of `closeDay` (the group's
 * last patient last visit); Adhoc once, spread evenly over the site's active months. No sites, no charges.
 */
export function siteFeeCounts(
  grid: MonthGrid,
  activationDays: readonly number[],
  closeDay: number,
): SiteFeeCounts {
  const n = grid.startDays.length;
  const counts = Object.fromEntries(SITE_FEE_TYPES.map((t) => [t, new Float64Array(n)])) as SiteFeeCounts;
  const sites = activationDays.length;
  if (sites === 0) return counts;
  const share = 1 / sites;
  for (const a of activationDays) {
    const first = monthOfDay(grid, a);
    const last = Math.max(first, monthOfDay(grid, closeDay));
    counts['1x at Activation'][first]! += share;
    counts['1x at Close'][last]! += share;
    for (const [type, every] of Object.entries(EVERY) as [SiteFeeType, number][]) {
      for (let m = first; m <= last; m += every) counts[type][m]! += share;
    }
    const months = last - first + 1;
    for (let m = first; m <= last; m++) counts.Adhoc[m]! += share / months;
  }
  return counts;
}
