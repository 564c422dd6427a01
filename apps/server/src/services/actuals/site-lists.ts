import { siteNumberPiOf, type CentralLocal, type SiteRow } from '@predict/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../http-errors';
import {
  findBaselinePlanRun,
  findLatestCtmsExtract,
  listCtmsSites,
  listPlanSiteGroupIds,
} from '../../repositories/ctms-extracts-repository';
import { findStudy } from '../../repositories/studies-repository';

type ExtractSite = Awaited<ReturnType<typeof listCtmsSites>>[number];

/**
 * The two site lists of the View Site List dialog (design/actuals.md section 3) from the latest extract: included =
 * sites activated by the as-of date in the Baseline Plan's site groups (Closed ones too: the client shows them on
 * the CLOSED SITES tab); not included = every other site (not activated yet, or in a site group the plan does not
 * have; without a Baseline Plan, every site). Empty lists without an extract.
 */
export async function readSiteLists(
  db: Db,
  studyId: number,
): Promise<{ included: SiteRow[]; notIncluded: SiteRow[] }> {
  const study = await findStudy(db, studyId);
  if (!study) throw notFound('Study');
  const extract = await findLatestCtmsExtract(db, studyId);
  if (!extract) return { included: [], notIncluded: [] };
  const [sites, baseline] = await Promise.all([
    listCtmsSites(db, extract.extractId),
    findBaselinePlanRun(db, studyId),
  ]);
  const planGroups = new Set(baseline ? await listPlanSiteGroupIds(db, baseline.studyPlanId) : []);
  const asOfDate = extract.asOf.toISOString().slice(0, 10);
  const isIncluded = (s: ExtractSite) =>
    s.siteActivatedDate !== null && s.siteActivatedDate <= asOfDate && planGroups.has(s.siteGroupId);
  const present = (s: ExtractSite): SiteRow => ({
    projectId: study.projectId,
    siteNumber: s.siteNumber,
    piName: s.piName,
    siteNumberPi: siteNumberPiOf(s.siteNumber, s.piName),
    country: s.countryName,
    countryIso3: s.countryIso3,
    centralLocal: (s.centralLocal as CentralLocal | null) ?? null,
    siteGroupName: s.siteGroupName,
    siteSelectedDate: s.siteSelectedDate,
    siteActivatedDate: s.siteActivatedDate,
    siteActivationForecastDate: s.siteActivatedDate === null ? s.siteActivationForecastDate : null,
    siteStatus: s.siteStatus,
  });
  return {
    included: sites.filter(isIncluded).map(present),
    notIncluded: sites.filter((s) => !isIncluded(s)).map(present),
  };
}
