import {
  SoeAssessment,
  SoeAssessmentLevel,
  SoeMappingEntry,
  SoeRiskAssessment,
  SoeSamplingRow,
  SoeSiteGroupEntry,
  SoeVisit,
  SoeVisitLevel,
  type SoeDetail,
} from '@predict/shared';
import { api } from '@/lib/api-client';
import type { SoeExportData } from '../export/soe-export-types';

/**
 * Reads what the SOE export writes, as saved (spec/2 section 7): the study-level tables, then each country's and
 * site's own values, in parallel.
 */
export async function fetchSoeExportData(soe: SoeDetail): Promise<SoeExportData> {
  const base = `/ctpo/soe/${soe.scheduleOfEventsId}`;
  const [visits, assessments, mapping, siteGroups, risks, sampling] = await Promise.all([
    api.get(`${base}/visits`, SoeVisit.array()),
    api.get(`${base}/assessments`, SoeAssessment.array()),
    api.get(`${base}/mapping`, SoeMappingEntry.array()),
    api.get(`${base}/sitegroups`, SoeSiteGroupEntry.array()),
    api.get(`${base}/riskassessments`, SoeRiskAssessment.array()),
    api.get(`${base}/visitsamplingstrategy`, SoeSamplingRow.array()),
  ]);
  const levels = await Promise.all(
    siteGroups
      .filter((e) => e.siteGroupId !== 0)
      .map(async (entry) => {
        const at = `sitegroup/${entry.siteGroupId}/site/${entry.siteId}`;
        const [levelVisits, levelAssessments] = await Promise.all([
          api.get(`${base}/visits/${at}`, SoeVisitLevel.array()),
          api.get(`${base}/assessments/${at}`, SoeAssessmentLevel.array()),
        ]);
        return { entry, visits: levelVisits, assessments: levelAssessments };
      }),
  );
  return { soe, visits, assessments, mapping, levels, risks, sampling };
}
