import {
  activationMismatches,
  activationProfileError,
  cardKey,
  DUPLICATE_SITE_GROUP_MESSAGE,
  COUNTRY_COLUMNS,
  countryColumnLetter,
  parsedCountryInputs,
  PLAN_SHEETS,
  PROJECTED_LABEL,
  type EnrollmentPlanStep2Body,
  type ParsedCountry,
  type ParsedPlan,
  type PlanSiteGroup,
  type SheetError,
} from '@predict/shared';
import type { Db, Tx } from '../../db/client';
import { listSiteGroupsWithReference } from '../../repositories/site-groups-repository';

export const UNKNOWN_SITE_GROUP_MESSAGE = 'No site group with this ID or name in Admin Data.';
export const iso3Mismatch = (iso3: string, group: string) =>
  `Has to be ${iso3}, the country of site group ${group}.`;
export const lastCardMessage = (lastCard: number, sites: number) =>
  `The last card (${lastCard} sites) differs from the activated sites (${sites}); confirm turning its override off.`;

/** A Countries row with the admin site group it names. */
export interface ResolvedCountry {
  parsed: ParsedCountry;
  siteGroupId: number;
  countryId: number;
}

export const cellError = (row: number, key: string, message: string): SheetError => ({
  sheet: PLAN_SHEETS.countries,
  row,
  column: countryColumnLetter(key),
  header: COUNTRY_COLUMNS.find((c) => c.key === key)?.header ?? null,
  message,
});

/**
 * Finds each row's admin site group (by ID, else by name, case-insensitive), checks its ISO3 and that no group
 * comes twice, and that every activation mismatch was confirmed (overrideOffRows: the sheet rows whose override
 * the user agreed to turn off; those rows get override off here).
 */
export async function resolveCountries(
  db: Db | Tx,
  plan: ParsedPlan,
  options: { planType: 1 | 2; remodel: boolean; overrideOffRows: readonly number[] },
): Promise<{ countries: ResolvedCountry[]; errors: SheetError[] }> {
  const reference = await listSiteGroupsWithReference(db);
  const errors: SheetError[] = [];
  const countries: ResolvedCountry[] = [];
  const seen = new Set<number>();
  for (const parsed of plan.countries) {
    const hit =
      parsed.siteGroupId !== null
        ? reference.find((r) => r.group.siteGroupId === parsed.siteGroupId)
        : reference.find(
            (r) => r.group.siteGroupName.toLowerCase() === parsed.siteGroupName?.trim().toLowerCase(),
          );
    const idKey = parsed.siteGroupId !== null ? 'siteGroupId' : 'siteGroupName';
    if (!hit) {
      errors.push(cellError(parsed.row, idKey, UNKNOWN_SITE_GROUP_MESSAGE));
      continue;
    }
    if (parsed.iso3 && parsed.iso3 !== hit.country.countryCodeIso3)
      errors.push(
        cellError(parsed.row, 'iso3', iso3Mismatch(hit.country.countryCodeIso3, hit.group.siteGroupName)),
      );
    if (seen.has(hit.group.siteGroupId)) {
      errors.push(cellError(parsed.row, idKey, DUPLICATE_SITE_GROUP_MESSAGE));
      continue;
    }
    seen.add(hit.group.siteGroupId);
    countries.push({ parsed, siteGroupId: hit.group.siteGroupId, countryId: hit.group.countryId });
  }

  const resolvedPlan = { ...plan, countries: countries.map((c) => c.parsed) };
  for (const m of activationMismatches(resolvedPlan, options.planType, options.remodel)) {
    const c = countries.find((x) => x.parsed.row === m.row)!;
    if (options.overrideOffRows.includes(c.parsed.row)) {
      c.parsed = { ...c.parsed, activationOverride: false };
    } else {
      const last = cardKey(c.parsed.cards.length - 1, 'sites');
      errors.push(
        cellError(m.row, last, activationProfileError(m.country, lastCardMessage(m.lastCard, m.sites))),
      );
    }
  }
  return { countries, errors };
}

type Step2Tables = Omit<EnrollmentPlanStep2Body, 'studyId' | 'studyPlanId' | 'studyPlanType' | 'rowVersion'>;

/**
 * The five step-2 tables of the rows, in row order (so a save error at `countryInputs.3` is the fourth row), for
 * the plan's site groups after the adds. Labels of kept profile points stay as they were, so an unchanged file
 * changes nothing.
 */
export function step2Tables(
  countries: readonly ResolvedCountry[],
  groups: readonly PlanSiteGroup[],
): Step2Tables {
  const tables: Step2Tables = {
    countryInputs: [],
    milestones: [],
    activationProfiles: [],
    enrollmentSeasonalVariations: [],
    siteFatigue: [],
  };
  for (const { parsed, siteGroupId } of countries) {
    const group = groups.find((g) => g.siteGroupId === siteGroupId)!;
    const id = group.studyPlanSiteGroupId;
    tables.countryInputs.push(parsedCountryInputs(parsed, id));
    for (const m of parsed.milestones) tables.milestones.push({ studyPlanSiteGroupId: id, ...m });
    tables.activationProfiles.push({
      studyPlanSiteGroupId: id,
      overrideFl: parsed.activationOverride,
      points: parsed.cards.map((card, i) => ({
        siteActivationLabel: group.activationProfiles[i]?.siteActivationLabel ?? PROJECTED_LABEL,
        siteActivationProfilePct: card.sites,
        siteActivationProfileDays: card.days,
      })),
    });
    tables.enrollmentSeasonalVariations.push({
      studyPlanSiteGroupId: id,
      values: parsed.seasonal.every((v) => v === null) ? [] : parsed.seasonal,
    });
    tables.siteFatigue.push({
      studyPlanSiteGroupId: id,
      eventualSiteEnrollmentDays: parsed.eventualSiteEnrollmentDays,
      eventualSiteEnrollmentRate: parsed.eventualSiteEnrollmentRate,
    });
  }
  return tables;
}
