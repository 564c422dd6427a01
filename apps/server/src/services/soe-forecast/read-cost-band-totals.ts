import { costBandTotals } from '@predict/engine';
import { fromCents } from '@predict/shared';
import type { Db } from '../../db/client';
import { perDb } from '../../caching/per-db';
import { PromiseLru } from '../../caching/promise-lru';
import { bandInput, loadBasis, withRates } from './read-soe-forecast';

/** P10 / P50 / P90 of a total cost, in the SOE's currency. */
export interface CostBandFigures {
  p10: number;
  p50: number;
  p90: number;
}

export interface CostBandTotalsAnswer {
  /** The replications the bands are taken over (0: the run has no Monte Carlo, the bands are the plan line). */
  replications: number;
  total: CostBandFigures;
  groups: (CostBandFigures & { siteGroupId: number; siteGroupName: string })[];
}

const answers = perDb<Db, PromiseLru<CostBandTotalsAnswer>>(() => new PromiseLru(16));

const figures = (b: { p10: number; p50: number; p90: number }): CostBandFigures => ({
  p10: fromCents(b.p10),
  p50: fromCents(b.p50),
  p90: fromCents(b.p90),
});

/**
 * The band of an SOE's total cost and of each site group's (engine costBandTotals) over the replications the cost
 * chart costs (the run's first 200, each on its own enrollment; docs/soe-forecast.md section 5), computed once per
 * (SOE version, run). The first call after a new run re-runs those replications, as the chart's does (they are
 * then kept with the plan line). 404 / 409 as the other forecast calls, 409 naming a level without a rate.
 */
export async function readCostBandTotals(db: Db, soeId: number): Promise<CostBandTotalsAnswer> {
  const { key, basis, line } = await loadBasis(db, soeId);
  return answers(db).get(key, async () => {
    const { input, paths } = bandInput(basis, line);
    const bands = withRates(() => costBandTotals(input, paths));
    return {
      replications: paths.enrolled.length,
      total: figures(bands.total),
      groups: bands.groups.map((g) => ({
        siteGroupId: g.siteGroupId,
        siteGroupName: g.siteGroupName,
        ...figures(g),
      })),
    };
  });
}
