import { ipSupplyForecast } from '@predict/engine';
import type { SoeSupply, SoeSupplyQuery } from '@predict/shared';
import type { Db } from '../../db/client';
import { perDb } from '../../caching/per-db';
import { PromiseLru } from '../../caching/promise-lru';
import { bandInput, loadBasis } from './read-soe-forecast';

/** A few settings per (SOE version, run): the tab's user tries P50 / P80 / P90 and a lead time or two. */
const supplies = perDb<Db, PromiseLru<SoeSupply>>(() => new PromiseLru(32));

/**
 * GET /ctpo/soe/{id}/forecast/supply (docs/soe-forecast.md "IP supply"): the kits dispensed per country and month
 * from the replications the cost chart costs (the run's first 200, each on its own enrollment), the initial site
 * stock and the shipment plan at the chosen confidence and lead time. Kits need no exchange rate: a level without
 * one does not stop the supply. Computed once per (SOE version, run, settings).
 */
export async function readSoeSupply(db: Db, soeId: number, query: SoeSupplyQuery): Promise<SoeSupply> {
  const { key, basis, line } = await loadBasis(db, soeId);
  const { confidence, leadWeeks, siteStock } = query;
  return supplies(db).get(`${key}:${confidence}:${leadWeeks}:${siteStock}`, async () => {
    const { input, paths } = bandInput(basis, line);
    const f = ipSupplyForecast(input, paths, { confidence, leadWeeks, siteStockKits: siteStock });
    return { confidence, leadWeeks, siteStock, ...f };
  });
}
