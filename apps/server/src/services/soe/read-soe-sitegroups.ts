import { COUNTRY_LEVEL_SITE_ID, STUDY_LEVEL_SITE_GROUP_ID, type SoeSiteGroupEntry } from '@predict/shared';
import type { Db } from '../../db/client';
import { listLevelSettings, listSoeSites } from '../../repositories/soe-extras-repository';
import { listPlanCountries, listSiteGroupsByIds } from '../../repositories/soe-plan-repository';
import { requireLiveSoe } from './read-soe-editor';

/** 'Central' / 'Local' from a US-style site group name ('USA - Central'), else null. */
export const centralLocalOf = (siteGroupName: string) =>
  (/ - (Central|Local)$/.exec(siteGroupName)?.[1] as 'Central' | 'Local' | undefined) ?? null;

/** The tab label: ISO3, with ' - C' / ' - L' for Central / Local groups. */
export const tabLabelOf = (iso3: string, siteGroupName: string) => {
  const cl = centralLocalOf(siteGroupName);
  return cl ? `${iso3} - ${cl[0]}` : iso3;
};

/** The Study entry: site group 0, the SOE's own currency at rate 1. */
function studyEntry(soeId: number, currency: string): SoeSiteGroupEntry {
  return {
    scheduleOfEventsId: soeId,
    siteGroupId: STUDY_LEVEL_SITE_GROUP_ID,
    siteId: COUNTRY_LEVEL_SITE_ID,
    siteGroupName: 'Study',
    countryCodeISO3: '',
    countryName: '',
    centralLocal: null,
    tabLabel: 'Study',
    siteNumber: null,
    dropDownListLabel: null,
    currency,
    exchangeRate: 1,
    effectiveCurrency: currency,
    effectiveExchangeRate: 1,
    siteContractEffectiveDate: null,
  };
}

/**
 * GET /ctpo/soe/{id}/sitegroups: the Study entry (site group 0, the SOE currency), the linked plan's countries
 * (site 1) and the selectable sites, each with its own currency / rate (null = inherited) and the effective ones:
 * a level without its own currency uses the level above's (design/soe-costing.md section 2).
 */
export async function readSoeSiteGroups(db: Db, soeId: number): Promise<SoeSiteGroupEntry[]> {
  const { soe } = await requireLiveSoe(db, soeId);
  const settings = new Map(
    (await listLevelSettings(db, soeId)).map((s) => [`${s.siteGroupId}/${s.siteId}`, s]),
  );
  const planGroups = soe.studyPlanId === null ? [] : await listPlanCountries(db, soe.studyPlanId);
  const sites = await listSoeSites(db, soeId);
  const known = new Set(planGroups.map((g) => g.siteGroupId));
  const extraGroups = await listSiteGroupsByIds(db, [
    ...new Set(sites.map((s) => s.siteGroupId).filter((id) => !known.has(id))),
  ]);
  const groups = new Map([...planGroups, ...extraGroups].map((g) => [g.siteGroupId, g]));

  const rateOf = (currency: string, rate: number | null) => (currency === soe.currency ? 1 : rate);
  const study = studyEntry(soeId, soe.currency);
  const countryCurrency = new Map<number, { currency: string; rate: number | null }>();
  const countries = planGroups.map((g): SoeSiteGroupEntry => {
    const own = settings.get(`${g.siteGroupId}/${COUNTRY_LEVEL_SITE_ID}`);
    const currency = own?.currency ?? soe.currency;
    const rate = own?.currency ? rateOf(own.currency, own.exchangeRate) : 1;
    countryCurrency.set(g.siteGroupId, { currency, rate });
    return {
      scheduleOfEventsId: soeId,
      siteGroupId: g.siteGroupId,
      siteId: COUNTRY_LEVEL_SITE_ID,
      siteGroupName: g.siteGroupName,
      countryCodeISO3: g.countryCodeIso3,
      countryName: g.countryName,
      centralLocal: centralLocalOf(g.siteGroupName),
      tabLabel: tabLabelOf(g.countryCodeIso3, g.siteGroupName),
      siteNumber: null,
      dropDownListLabel: null,
      currency: own?.currency ?? null,
      exchangeRate: own?.exchangeRate ?? null,
      effectiveCurrency: currency,
      effectiveExchangeRate: rate,
      siteContractEffectiveDate: own?.siteContractEffectiveDate ?? null,
    };
  });
  const siteEntries = sites.flatMap((s): SoeSiteGroupEntry[] => {
    const g = groups.get(s.siteGroupId);
    if (!g) return [];
    const own = settings.get(`${s.siteGroupId}/${s.siteId}`);
    const above = countryCurrency.get(s.siteGroupId) ?? { currency: soe.currency, rate: 1 };
    return [
      {
        scheduleOfEventsId: soeId,
        siteGroupId: s.siteGroupId,
        siteId: s.siteId,
        siteGroupName: g.siteGroupName,
        countryCodeISO3: g.countryCodeIso3,
        countryName: g.countryName,
        centralLocal: centralLocalOf(g.siteGroupName),
        tabLabel: tabLabelOf(g.countryCodeIso3, g.siteGroupName),
        siteNumber: s.siteNumber,
        dropDownListLabel: s.piName ? `${s.siteNumber} - ${s.piName}` : s.siteNumber,
        currency: own?.currency ?? null,
        exchangeRate: own?.exchangeRate ?? null,
        effectiveCurrency: own?.currency ?? above.currency,
        effectiveExchangeRate: own?.currency ? rateOf(own.currency, own.exchangeRate) : above.rate,
        siteContractEffectiveDate: own?.siteContractEffectiveDate ?? null,
      },
    ];
  });
  return [study, ...countries, ...siteEntries];
}
