import { costBandByMonth, type CostBandInput, type ReplicationPaths } from './replication-band';

/** P10 / P50 / P90 of a total cost over the replications, and the plan line's, integer SOE cents. */
export interface CostTotalBand {
  p10: number;
  p50: number;
  p90: number;
  plan: number;
}

/** The band of the study total and of each site group's total (the Cost Summary's Total and SubTotal rows). */
export interface CostBandTotals {
  total: CostTotalBand;
  groups: (CostTotalBand & { siteGroupId: number; siteGroupName: string })[];
}

const ZERO: CostTotalBand = { p10: 0, p50: 0, p90: 0, plan: 0 };

/** The last cumulative point of a band: every replication's whole cost (nothing is spent after its last visit). */
function lastPoint(input: CostBandInput, paths: ReplicationPaths): CostTotalBand {
  const last = costBandByMonth(input, paths).at(-1);
  return last ? { p10: last.p10, p50: last.p50, p90: last.p90, plan: last.plan } : ZERO;
}

/**
 * The total cost's P10 / P50 / P90 over the replications, for the study and for each site group alone (integer SOE
 * cents). A group's band costs the same replications with only its own visits and fees: the study's enrolled path
 * still maps the time (as in costBandByMonth), so a group is early or late with the study in each replication.
 * Quantiles of parts do not add up: the groups' P50s need not sum to the study's.
 */
export function costBandTotals(input: CostBandInput, paths: ReplicationPaths): CostBandTotals {
  return {
    total: lastPoint(input, paths),
    groups: input.groups.map((g) => ({
      siteGroupId: g.siteGroupId,
      siteGroupName: g.siteGroupName,
      ...lastPoint({ ...input, groups: [g] }, paths),
    })),
  };
}
