import type { SoeCostInput, SoeLevelValues } from '@predict/engine';
import { COUNTRY_LEVEL_SITE_ID } from '@predict/shared';
import type { Db } from '../../db/client';
import { listLevelSettings, listSoeSites } from '../../repositories/soe-extras-repository';
import {
  listAllAssessmentLevels,
  listAllVisitLevels,
  listMappingCells,
} from '../../repositories/soe-forecast-repository';
import type { SoeRow } from '../../repositories/soe-repository';
import { listSoeAssessments, listSoeVisits } from '../../repositories/soe-rows-repository';
import { tabLabelOf } from '../soe/read-soe-sitegroups';

/** An SOE's cost inputs for the engine, and its sites' numbers (for the Detail rows of contracted sites). */
export interface SoeCostBasis {
  input: SoeCostInput;
  siteNumbers: Map<string, string>;
  settings: { cdaReviewPctTime: number | null; addlTimeOnSitePct: number | null };
}

export const siteKey = (siteGroupId: number, siteId: number) => `${siteGroupId}/${siteId}`;

/**
 * The SOE's study level (visits, assessments, grid) and its levels for the given countries: a country entry (site 1)
 * for each, with its own values, currency and rate; a site entry for each site with contract values of its own
 * (a visit or assessment value at the site), so only contracted sites get their own Detail rows.
 */
export async function loadSoeCostBasis(
  db: Db,
  soe: SoeRow,
  countries: { siteGroupId: number; siteGroupName: string; countryIso3: string }[],
): Promise<SoeCostBasis> {
  return soeCostBasis(soe, await loadSoeCostRows(db, soe.soeId), countries);
}

/** The SOE's rows the cost functions read (one version of the SOE: the forecast and strategy calls share them). */
export async function loadSoeCostRows(db: Db, soeId: number) {
  const [visits, assessments, mapping, visitLevels, assessmentLevels, settings, sites] = await Promise.all([
    listSoeVisits(db, soeId),
    listSoeAssessments(db, soeId),
    listMappingCells(db, soeId),
    listAllVisitLevels(db, soeId),
    listAllAssessmentLevels(db, soeId),
    listLevelSettings(db, soeId),
    listSoeSites(db, soeId),
  ]);
  return { visits, assessments, mapping, visitLevels, assessmentLevels, settings, sites };
}

export type SoeCostRows = Awaited<ReturnType<typeof loadSoeCostRows>>;

/** loadSoeCostBasis on rows already read. */
export function soeCostBasis(
  soe: SoeRow,
  rows: SoeCostRows,
  countries: { siteGroupId: number; siteGroupName: string; countryIso3: string }[],
): SoeCostBasis {
  const { visits, assessments, mapping, sites } = rows;
  const siteNumbers = new Map(sites.map((s) => [siteKey(s.siteGroupId, s.siteId), s.siteNumber]));
  const levels = levelValues(rows, countries, siteNumbers);
  return {
    input: {
      currency: soe.currency,
      intervalType: soe.visitIntervalType,
      visits: visits.map((v) => ({
        visitId: v.visitId,
        visitName: v.visitName,
        category: v.visitCategory,
        studyDay: v.visitStudyDay,
        overheadPct: v.visitOverheadPct,
        visitCostCents: v.visitCostCents,
        miEstSDRSDV: v.miEstSdrSdv,
        miSampleVisit: v.miSampleVisit,
        dmUniqueCRFs: v.dmUniqueCrfs,
        dmNonUniqueCRFs: v.dmNonUniqueCrfs,
        dmIntegratedEpro: v.dmIntegratedEpro,
        dmPaperEpro: v.dmPaperEpro,
        dmCentralLab: v.dmCentralLab,
        dmLocalLab: v.dmLocalLab,
      })),
      assessments: assessments.map((a) => ({
        assessmentId: a.assessmentId,
        name: a.assessmentName,
        type: a.assessmentType,
        costCents: a.assessmentCostCents,
        overhead: a.overhead === 1,
        exclude: a.exclude === 1,
        ipAdministered: a.ipAdministered === 1,
      })),
      mapping,
      levels: [...levels.values()],
    },
    siteNumbers,
    settings: { cdaReviewPctTime: soe.cdaReviewPctTime, addlTimeOnSitePct: soe.addlTimeOnSitePct },
  };
}

/**
 * The cost levels by site key: every country of the plan, then each site with own values; each with its visit and
 * assessment amounts and own currency (rows of groups outside the plan are left out).
 */
function levelValues(
  rows: SoeCostRows,
  countries: Parameters<typeof soeCostBasis>[2],
  siteNumbers: Map<string, string>,
): Map<string, SoeLevelValues> {
  const { visitLevels, assessmentLevels, settings } = rows;
  const levels = new Map<string, SoeLevelValues>();
  const labels = new Map(countries.map((c) => [c.siteGroupId, tabLabelOf(c.countryIso3, c.siteGroupName)]));
  const entry = (siteGroupId: number, siteId: number) => {
    const key = siteKey(siteGroupId, siteId);
    let e = levels.get(key);
    if (!e) {
      const label =
        siteId === COUNTRY_LEVEL_SITE_ID
          ? labels.get(siteGroupId)!
          : `Site ${siteNumbers.get(key) ?? siteId} (${labels.get(siteGroupId)})`;
      e = { siteGroupId, siteId, label, currency: null, exchangeRate: null, visits: [], assessments: [] };
      levels.set(key, e);
    }
    return e;
  };
  for (const c of countries) entry(c.siteGroupId, COUNTRY_LEVEL_SITE_ID);
  for (const l of visitLevels) {
    if (!labels.has(l.siteGroupId)) continue;
    entry(l.siteGroupId, l.siteId).visits.push({
      visitId: l.visitId,
      overheadPct: l.visitOverheadPct,
      visitCostCents: l.visitCostCents,
      visitCostTotalCents: l.visitCostTotalCents,
    });
  }
  for (const l of assessmentLevels) {
    if (!labels.has(l.siteGroupId)) continue;
    entry(l.siteGroupId, l.siteId).assessments.push({
      assessmentId: l.assessmentId,
      costCents: l.assessmentCostCents,
    });
  }
  for (const s of settings) {
    const e = levels.get(siteKey(s.siteGroupId, s.siteId));
    if (!e) continue;
    e.currency = s.currency;
    e.exchangeRate = s.exchangeRate;
  }
  return levels;
}
