import type { ComparedCost } from '@predict/shared';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-errors';
import { listLiveSoes, type SoeListRecord } from '../../repositories/soe-repository';
import { readCostBandTotals } from '../soe-forecast/read-cost-band-totals';
import { readForecastTables } from '../soe-forecast/read-soe-forecast';

/** Per plan, the study's most recently changed live SOE linked to it (listLiveSoes answers newest first). */
export async function linkedSoes(db: Db, studyId: number): Promise<Map<number, SoeListRecord['soe']>> {
  const linked = new Map<number, SoeListRecord['soe']>();
  for (const { soe, linkedStudyPlanName } of await listLiveSoes(db, studyId)) {
    if (soe.studyPlanId !== null && linkedStudyPlanName !== null && !linked.has(soe.studyPlanId))
      linked.set(soe.studyPlanId, soe);
  }
  return linked;
}

/**
 * The plan's cost: the Cost Summary of its linked SOE (its Total row and each site group's SubTotal), costed on the
 * linked plan's latest finished run, with the band of each total over the replications the SOE forecast's chart
 * costs (readCostBandTotals; both kept per SOE version and run). A forecast the SOE refuses (409: a combination, a
 * missing exchange rate) is shown as its message.
 */
export async function comparedCost(db: Db, soe: SoeListRecord['soe']): Promise<ComparedCost> {
  const base = { scheduleOfEventsId: soe.soeId, scheduleOfEventsName: soe.soeName, currency: soe.currency };
  try {
    const [{ summary }, bands] = await Promise.all([
      readForecastTables(db, soe.soeId),
      readCostBandTotals(db, soe.soeId),
    ]);
    const bandOf = (siteGroupId: number | null) =>
      bands.groups.find((g) => g.siteGroupId === siteGroupId) ?? null;
    const band = ({ p10, p50, p90 }: { p10: number; p50: number; p90: number }) => ({ p10, p50, p90 });
    return {
      ...base,
      total: summary.find((r) => r.dataSet === 'Total')?.totalCost ?? null,
      band: band(bands.total),
      byCountry: summary
        .filter((r) => r.dataSet === 'SubTotal')
        .map((r) => {
          const g = bandOf(r.siteGroupId);
          return { siteGroupName: r.siteGroupName, total: r.totalCost, band: g ? band(g) : null };
        }),
      bandReplications: bands.replications,
      unavailableMessage: null,
    };
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
    return {
      ...base,
      total: null,
      band: null,
      byCountry: [],
      bandReplications: 0,
      unavailableMessage: error.message,
    };
  }
}
