import { checkNumber, validateActivationProfile, validateSeasonalVariations } from '@predict/engine';
import { COHORT_TYPE_SEQUENTIAL } from '../plan/constants';
import { DECIMAL_MESSAGE, INTEGER_MESSAGE, REQUIRED_MESSAGE } from '../plan/messages';
import type { StudyPlan } from '../plan/plan-schemas';
import type { EnrollmentPlanStep2Body } from './step2-schemas';
import { validateCountryInputs } from './validate-country-inputs';
import { validateCountryMilestones, type ChainDates } from './validate-country-milestones';

/** Ours: a row naming a site group that is not in the plan, or one sent twice in a table. */
export const COUNTRY_NOT_IN_PLAN_MESSAGE = 'This country is not in the plan.';
export const COUNTRY_SENT_TWICE_MESSAGE = 'This country is sent twice.';
export const PLAN_TYPE_MISMATCH_MESSAGE = 'Has to be the type of the plan.';

export interface Step2Error {
  /** Path in the step 2 body, e.g. 'countryInputs.0.NUM_SITES_ACTIVATED.lowerBound'. */
  path: string;
  message: string;
}

type Step2Tables = Pick<
  EnrollmentPlanStep2Body,
  'countryInputs' | 'milestones' | 'activationProfiles' | 'enrollmentSeasonalVariations' | 'siteFatigue'
> & { studyPlanType?: 1 | 2 };

type PlanShape = Pick<StudyPlan, 'studyPlanType' | 'cohortType' | 'countries'>;

/** Site fatigue (spec/1 section 9): days a whole number >= 0, rate 0 to 1, both or neither. */
export function validateSiteFatigue(days: number | null, rate: number | null): Record<string, string> {
  const errors: Record<string, string> = {};
  const d = checkNumber(days, { integer: true, min: 0 }).message;
  const r = checkNumber(rate, { integer: false, min: 0, max: 1 }).message;
  if (d) errors.eventualSiteEnrollmentDays = d;
  if (r) errors.eventualSiteEnrollmentRate = r;
  if (days === null && rate !== null) errors.eventualSiteEnrollmentDays ??= REQUIRED_MESSAGE;
  if (rate === null && days !== null) errors.eventualSiteEnrollmentRate ??= REQUIRED_MESSAGE;
  return errors;
}

/**
 * Every rule of a step 2 Save Draft (spec/1 section 5): country inputs, date milestones (against the computed
 * `chainDates` of each site group, by studyPlanSiteGroupId), activation profiles (checked when the country's
 * override is on; otherwise the server writes the default), seasonal variations and site fatigue, plus that each
 * row names a site group of the plan once per table. Pure: the web form and the server run the same function.
 */
export function validateStep2(
  body: Step2Tables,
  plan: PlanShape,
  chainDates: ReadonlyMap<number, ChainDates> = new Map(),
): Step2Error[] {
  const errors: Step2Error[] = [];
  const add = (path: string, message: string) => errors.push({ path, message });
  const inPlan = new Set(plan.countries.flatMap((c) => c.siteGroups.map((g) => g.studyPlanSiteGroupId)));
  const planType = plan.studyPlanType;
  if (body.studyPlanType !== undefined && body.studyPlanType !== planType)
    add('studyPlanType', PLAN_TYPE_MISMATCH_MESSAGE);

  /** Checks a table row's site group; false when the row's other fields should not be checked. */
  const known = (table: string, rows: readonly { studyPlanSiteGroupId: number }[]) => {
    const seen = new Set<number>();
    return rows.map((row, i) => {
      const id = row.studyPlanSiteGroupId;
      if (!inPlan.has(id)) add(`${table}.${i}.studyPlanSiteGroupId`, COUNTRY_NOT_IN_PLAN_MESSAGE);
      else if (seen.has(id) && table !== 'milestones')
        add(`${table}.${i}.studyPlanSiteGroupId`, COUNTRY_SENT_TWICE_MESSAGE);
      const ok = inPlan.has(id) && (table === 'milestones' || !seen.has(id));
      seen.add(id);
      return ok;
    });
  };

  const sequential = plan.cohortType === COHORT_TYPE_SEQUENTIAL;
  const inputsOk = known('countryInputs', body.countryInputs);
  body.countryInputs.forEach((row, i) => {
    if (!inputsOk[i]) return;
    for (const [field, message] of Object.entries(validateCountryInputs(planType, row, { sequential })))
      add(`countryInputs.${i}.${field}`, message);
  });

  const milestonesOk = known('milestones', body.milestones);
  addMilestoneErrors(body.milestones, milestonesOk, chainDates, add);

  const profilesOk = known('activationProfiles', body.activationProfiles);
  addProfileErrors(body.activationProfiles, profilesOk, add);

  const seasonalOk = known('enrollmentSeasonalVariations', body.enrollmentSeasonalVariations);
  body.enrollmentSeasonalVariations.forEach((row, i) => {
    if (!seasonalOk[i]) return;
    const at = `enrollmentSeasonalVariations.${i}.values`;
    const result = validateSeasonalVariations(row.values);
    result.months.forEach((message, m) => message && add(`${at}.${m}`, message));
    if (result.form) add(at, result.form);
  });

  const fatigueOk = known('siteFatigue', body.siteFatigue);
  body.siteFatigue.forEach((row, i) => {
    if (!fatigueOk[i]) return;
    const result = validateSiteFatigue(row.eventualSiteEnrollmentDays, row.eventualSiteEnrollmentRate);
    for (const [field, message] of Object.entries(result)) add(`siteFatigue.${i}.${field}`, message);
  });
  return errors;
}

type AddError = (path: string, message: string) => void;

/** The date milestones' rules, per site group against its computed chain dates; a milestone sent twice. */
function addMilestoneErrors(
  milestones: Step2Tables['milestones'],
  ok: boolean[],
  chainDates: ReadonlyMap<number, ChainDates>,
  add: AddError,
): void {
  const byGroup = new Map<number, number[]>();
  milestones.forEach((row, i) => {
    if (!ok[i]) return;
    byGroup.set(row.studyPlanSiteGroupId, [...(byGroup.get(row.studyPlanSiteGroupId) ?? []), i]);
  });
  for (const [groupId, indexes] of byGroup) {
    const seenIds = new Set<number>();
    const rows = indexes.map((i) => milestones[i]!);
    const results = validateCountryMilestones(rows, chainDates.get(groupId));
    results.forEach((result, k) => {
      const i = indexes[k]!;
      const row = rows[k]!;
      if (seenIds.has(row.milestoneId)) add(`milestones.${i}.milestoneId`, COUNTRY_SENT_TWICE_MESSAGE);
      seenIds.add(row.milestoneId);
      for (const [field, message] of Object.entries(result)) add(`milestones.${i}.${field}`, message);
    });
  }
}

/** The activation profiles' rules, for the rows whose override is on (else the server writes the default). */
function addProfileErrors(profiles: Step2Tables['activationProfiles'], ok: boolean[], add: AddError): void {
  profiles.forEach((row, i) => {
    if (!ok[i] || !row.overrideFl) return;
    const at = `activationProfiles.${i}.points`;
    const result = validateActivationProfile(
      row.points.map((p) => ({ sites: p.siteActivationProfilePct, days: p.siteActivationProfileDays })),
    );
    row.points.forEach((p, k) => {
      const days = p.siteActivationProfileDays;
      const sites = p.siteActivationProfilePct;
      const cell = result.points[k] ?? {};
      const daysMessage = days !== null && !Number.isInteger(days) ? INTEGER_MESSAGE : cell.days;
      const sitesMessage = sites !== null && !Number.isFinite(sites) ? DECIMAL_MESSAGE : cell.sites;
      if (sitesMessage) add(`${at}.${k}.siteActivationProfilePct`, sitesMessage);
      if (daysMessage) add(`${at}.${k}.siteActivationProfileDays`, daysMessage);
    });
    if (result.form) add(at, result.form);
  });
}
