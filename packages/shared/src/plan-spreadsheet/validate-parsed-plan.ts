import { validateActivationProfile, validateSeasonalVariations } from '@predict/engine';
import { CLOSE_OUT_KEYS } from '../plan/close-out-fields';
import { REQUIRED_MESSAGE } from '../plan/messages';
import { PLAN_FORM_FIELDS, type PlanFormValues } from '../plan/plan-form-values';
import { STEP1_FIELDS, STEP1_TARGETS } from '../plan/step1-fields';
import { validatePlanForm } from '../plan/validate-plan-form';
import { activatedSiteCount } from '../plan-countries/activation-defaults';
import { COUNTRY_GOAL_NAMES } from '../plan-countries/country-milestones';
import type { CountryInputsRow } from '../plan-countries/step2-schemas';
import { validateCountryInputs } from '../plan-countries/validate-country-inputs';
import { validateSiteFatigue } from '../plan-countries/validate-step2';
import type { ParsedCountry, ParsedPlan, SheetError } from './parsed-plan-schema';
import {
  cardKey,
  COUNTRY_COLUMNS,
  COUNTRY_TIERS,
  countryColumnLetter,
  OVERALL_FIELDS,
  OVERALL_VALUE_COLUMN,
  overallRow,
  PLAN_SHEETS,
  seasonKey,
  type OverallKey,
} from './template-layout';

export interface ParsedPlanContext {
  planType: 1 | 2;
  /** The target plan's studyPlanTypeDetail (Rates, Duration, Cohort (D), ...). */
  typeDetail: string;
  sequential: boolean;
  /** The target plan keeps its name; the rules still need one. */
  planName: string;
}

export const PLAN_TYPE_DIFFERS_MESSAGE = (fileType: string, planType: string) =>
  `The file is a ${fileType} plan; this plan is ${planType}. Upload it into a plan of the same type.`;
export const DUPLICATE_SITE_GROUP_MESSAGE = 'This site group is on an earlier row too.';
export const SITE_GROUP_REQUIRED_MESSAGE = 'Give the Site Group ID or the Site Group Name.';
export const activationProfileError = (country: string, message: string) =>
  `Activation Profile Error: ${country}: ${message}`;

/** The Overall Parameters row of each step-1 target's form path. */
const FORM_FIELD_KEYS: Record<string, OverallKey> = Object.fromEntries(
  STEP1_TARGETS.map((t) => [PLAN_FORM_FIELDS[t.key], t.key]),
);

const INPUT_COLUMNS: Record<string, string> = {
  siteEnrollmentRateAtSIV: 'rate',
  expectedScreenFailureRate: 'screenFail',
  expectedTreatmentDropoutRate: 'dropOut',
  pauseEnrollmentAfterPatient: 'pauseAfter',
  pauseEnrollmentDays: 'pauseDays',
  'NUM_SITES_ACTIVATED.lowerBound': 'sitesLower',
  'NUM_SITES_ACTIVATED.upperBound': 'sitesUpper',
  ...Object.fromEntries(
    COUNTRY_TIERS.flatMap((t) => [
      [`${t.goal}.lowerBound`, `${t.key}Lower`],
      [`${t.goal}.upperBound`, `${t.key}Upper`],
    ]),
  ),
};

/** The Overall Parameters row of a step 1 field path (validatePlanForm's and the step 1 body's); null if none. */
export const overallKeyOfFormField = (field: string): OverallKey | null =>
  FORM_FIELD_KEYS[field] ?? (OVERALL_FIELDS.some((x) => x.key === field) ? (field as OverallKey) : null);

/** The Countries column of a country-inputs path (validateCountryInputs'); null if none. */
export const countryInputColumn = (path: string): string | null => INPUT_COLUMNS[path] ?? null;

/** The step 1 form values of the Overall Parameters sheet (with the target plan's name). */
export function overallFormValues(plan: ParsedPlan, planName: string): PlanFormValues {
  const o = plan.overall;
  const scalars = Object.fromEntries(
    STEP1_FIELDS.map((f) => [f.key, f.key === 'studyPlanName' ? planName : o[f.key]]),
  );
  const targets = { parameters: {}, milestones: {} } as Record<string, Record<string, unknown>>;
  for (const t of STEP1_TARGETS) targets[t.list]![t.name] = { lowerBound: o[t.key] };
  return {
    ...scalars,
    ...targets,
    countrySites: plan.countries.map((c) => c.NUM_SITES_ACTIVATED),
  } as PlanFormValues;
}

/** A parsed row's country inputs as the step 2 rules take them. */
export function parsedCountryInputs(c: ParsedCountry, studyPlanSiteGroupId: number): CountryInputsRow {
  const goals = Object.fromEntries(COUNTRY_GOAL_NAMES.map((g) => [g, c[g]]));
  return {
    studyPlanSiteGroupId,
    siteEnrollmentRateAtSIV: c.siteEnrollmentRateAtSIV,
    expectedScreenFailureRate: c.expectedScreenFailureRate,
    expectedTreatmentDropoutRate: c.expectedTreatmentDropoutRate,
    pauseEnrollmentAfterPatient: c.pauseEnrollmentAfterPatient,
    pauseEnrollmentDays: c.pauseEnrollmentDays,
    ...(goals as Pick<CountryInputsRow, (typeof COUNTRY_GOAL_NAMES)[number]>),
  };
}

/** How a row names its country in messages: ISO3, else the site group. */
export const rowCountryLabel = (c: ParsedCountry) => c.iso3 ?? c.siteGroupName ?? `row ${c.row}`;

export interface ActivationMismatch {
  row: number;
  siteGroupId: number | null;
  country: string;
  lastCard: number;
  sites: number;
}

/**
 * Countries whose activation-profile override is on and whose last card differs from their activated sites (spec/1
 * section 5 "Plan upload"; not for remodel plans, whose override is forced on): the user confirms turning their
 * override off before the upload goes on.
 */
export function activationMismatches(
  plan: ParsedPlan,
  planType: 1 | 2,
  remodel: boolean,
): ActivationMismatch[] {
  if (remodel) return [];
  return plan.countries.flatMap((c) => {
    const last = c.cards[c.cards.length - 1];
    const sites = activatedSiteCount(planType, c.NUM_SITES_ACTIVATED);
    if (!c.activationOverride || !last || sites === null || last.sites === sites) return [];
    return [
      { row: c.row, siteGroupId: c.siteGroupId, country: rowCountryLabel(c), lastCard: last.sites, sites },
    ];
  });
}

/**
 * The plan rules on a parsed file (spec/1 section 5): step 1 (validatePlanForm), each country's inputs
 * (validateCountryInputs), activation cards when overridden, seasonal factors, site fatigue, plus what an upload
 * adds (same plan type, each site group once, effort and time frame given). Each error at its sheet cell.
 */
export function validateParsedPlan(plan: ParsedPlan, context: ParsedPlanContext): SheetError[] {
  const errors: SheetError[] = [];
  const overallError = (key: OverallKey, message: string) =>
    errors.push({
      sheet: PLAN_SHEETS.overall,
      row: overallRow(key),
      column: OVERALL_VALUE_COLUMN,
      header: OVERALL_FIELDS.find((x) => x.key === key)?.label ?? null,
      message,
    });
  const fileType = plan.overall.studyPlanTypeDetail;
  if (fileType !== context.typeDetail)
    overallError(
      'studyPlanTypeDetail',
      PLAN_TYPE_DIFFERS_MESSAGE(fileType ?? '(no type)', context.typeDetail),
    );

  const scenario = context.planType === 1 ? 'scenario-a' : 'scenario-b';
  const form = validatePlanForm(overallFormValues(plan, context.planName), {
    scenario,
    sequential: context.sequential,
    existingNames: [],
  });
  // The sheet has no close-out durations: the target plan keeps its own, which its step-1 save judges.
  const closeOut = new Set<string>(CLOSE_OUT_KEYS);
  for (const e of form.errors.filter((x) => !closeOut.has(x.field))) {
    const key = overallKeyOfFormField(e.field);
    if (key) overallError(key, e.message);
    else
      errors.push({ sheet: PLAN_SHEETS.overall, row: null, column: null, header: null, message: e.message });
  }

  const seen = new Map<string, number>();
  for (const c of plan.countries) {
    const cell = (key: string, message: string) =>
      errors.push({
        sheet: PLAN_SHEETS.countries,
        row: c.row,
        column: countryColumnLetter(key),
        header: COUNTRY_COLUMNS.find((x) => x.key === key)?.header ?? null,
        message,
      });
    const identity = c.siteGroupId !== null ? `id:${c.siteGroupId}` : c.siteGroupName?.toLowerCase();
    if (!identity) cell('siteGroupId', SITE_GROUP_REQUIRED_MESSAGE);
    else if (seen.has(identity))
      cell(c.siteGroupId !== null ? 'siteGroupId' : 'siteGroupName', DUPLICATE_SITE_GROUP_MESSAGE);
    else seen.set(identity, c.row);
    if (c.siteIdEffort === null) cell('siteIdEffort', REQUIRED_MESSAGE);
    if (c.startUpTimeFrame === null) cell('startUpTimeFrame', REQUIRED_MESSAGE);

    const inputs = validateCountryInputs(context.planType, parsedCountryInputs(c, 1), {
      sequential: context.sequential,
    });
    for (const [path, message] of Object.entries(inputs)) cell(INPUT_COLUMNS[path] ?? 'siteGroupId', message);

    if (c.activationOverride) {
      const profile = validateActivationProfile(c.cards);
      profile.points.forEach((p, i) => {
        if (p.sites) cell(cardKey(i, 'sites'), activationProfileError(rowCountryLabel(c), p.sites));
        if (p.days) cell(cardKey(i, 'days'), activationProfileError(rowCountryLabel(c), p.days));
      });
      if (profile.form) cell(cardKey(0, 'sites'), activationProfileError(rowCountryLabel(c), profile.form));
      if (c.cards.length === 0)
        cell(cardKey(0, 'sites'), activationProfileError(rowCountryLabel(c), REQUIRED_MESSAGE));
    }
    if (c.seasonal.some((v) => v !== null)) {
      const seasonal = validateSeasonalVariations(c.seasonal);
      seasonal.months.forEach((m, i) => m && cell(seasonKey(i), m));
      if (seasonal.form) cell(seasonKey(0), seasonal.form);
    }
    const fatigue = validateSiteFatigue(c.eventualSiteEnrollmentDays, c.eventualSiteEnrollmentRate);
    if (fatigue.eventualSiteEnrollmentDays) cell('fatigueDays', fatigue.eventualSiteEnrollmentDays);
    if (fatigue.eventualSiteEnrollmentRate) cell('fatigueRate', fatigue.eventualSiteEnrollmentRate);
  }
  return errors;
}
