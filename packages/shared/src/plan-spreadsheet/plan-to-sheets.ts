import type { PlanSiteGroup } from '../plan/plan-children-schemas';
import type { StudyPlan } from '../plan/plan-schemas';
import { STEP1_FIELDS, STEP1_TARGETS, type Step1Field } from '../plan/step1-fields';
import { OVERRIDABLE_COUNTRY_MILESTONES } from '../plan-countries/country-milestones';
import { countryGoalBounds, seasonalValuesOf } from '../plan-countries/validate-plan-for-run-countries';
import type { CellValue } from './read-plan-sheets';
import { neutraliseText } from '../export/safe-cell';
import { dateCell } from './sheet-values';
import {
  cardKey,
  COUNTRY_FIRST_ROW,
  COUNTRY_TIERS,
  countryColumnNumber,
  OVERALL_KEYS,
  overallRow,
  PLAN_SHEETS,
  MAX_COUNTRY_ROWS,
  milestoneKey,
  NO,
  seasonKey,
  YES,
  type OverallKey,
} from './template-layout';
import { safeFileNamePart } from '../export/file-name';

export interface PlanSheetValues {
  overall: Record<OverallKey, CellValue>;
  /** One record per site group (Countries column key -> value), at most 30. */
  countries: Record<string, CellValue>[];
  /** Site groups left out because the sheet holds 30 rows. */
  omitted: number;
}

const text = (s: string | null | undefined) => (s === null || s === undefined ? null : neutraliseText(s));
const yesNo = (b: boolean) => (b ? YES : NO);

/** A step-1 target: the lower bound of the study-level parameter or milestone. */
function studyTarget(plan: StudyPlan, t: (typeof STEP1_TARGETS)[number]) {
  const item =
    t.list === 'parameters'
      ? plan.parameters.find((p) => p.parameterScope === 'study' && p.parameterName === t.name)
      : plan.milestones.find((m) => m.milestoneScope === 'study' && m.milestoneName === t.name);
  return item?.lowerBound ?? null;
}

/** A step-1 field's cell: text neutralised, dates as Dates at noon UTC, numbers as they are. */
function step1Cell(plan: StudyPlan, field: Step1Field): CellValue {
  const value = plan[field.key as keyof StudyPlan] as string | number | null;
  if (field.kind === 'text') return text(value as string | null);
  if (field.kind === 'date') return dateCell(value as number | null);
  return value;
}

function countryRow(iso3: string, group: PlanSiteGroup): Record<string, CellValue> {
  const row: Record<string, CellValue> = {
    siteGroupId: group.siteGroupId,
    siteGroupName: text(group.siteGroupName),
    iso3: text(iso3),
    siteIdEffort: group.timeSiteIdSize,
    startUpTimeFrame: group.timeCountryStartUpSize,
    rate: group.siteEnrollmentRateAtSIV,
    screenFail: group.expectedScreenFailureRate,
    dropOut: group.expectedTreatmentDropoutRate,
    pauseAfter: group.pauseEnrollmentAfterPatient,
    pauseDays: group.pauseEnrollmentDays,
    fatigueDays: group.eventualSiteEnrollmentDays,
    fatigueRate: group.eventualSiteEnrollmentRate,
    activationOverride: yesNo(group.activationProfileOverride),
  };
  const sites = countryGoalBounds(group, 'NUM_SITES_ACTIVATED');
  row.sitesLower = sites.lowerBound;
  row.sitesUpper = sites.upperBound;
  for (const tier of COUNTRY_TIERS) {
    const b = countryGoalBounds(group, tier.goal);
    row[`${tier.key}Lower`] = b.lowerBound;
    row[`${tier.key}Upper`] = b.upperBound;
  }
  seasonalValuesOf(group).values.forEach((value, month) => (row[seasonKey(month)] = value));
  group.activationProfiles.forEach((p, i) => {
    row[cardKey(i, 'sites')] = p.siteActivationProfilePct;
    row[cardKey(i, 'days')] = p.siteActivationProfileDays;
  });
  for (const m of OVERRIDABLE_COUNTRY_MILESTONES) {
    const saved = group.milestones.find((x) => x.milestoneId === m.milestoneId);
    row[milestoneKey(m.milestoneId, 'override')] = yesNo(saved?.isUserOverride === 1);
    row[milestoneKey(m.milestoneId, 'date')] = dateCell(saved?.milestoneDateMillis);
    row[milestoneKey(m.milestoneId, 'comment')] = text(saved?.comments);
  }
  return row;
}

/**
 * The values EXPORT PLAN writes into the template (spec/1 section 2): step 1 on Overall Parameters, one row per
 * site group on Countries (every site group of every country, plan order, at most 30). Text that would start a
 * formula is neutralised; dates are Dates at noon UTC.
 */
export function planToSheetValues(plan: StudyPlan): PlanSheetValues {
  const overall = {
    projectId: text(plan.projectId),
    studyName: text(plan.studyName),
    studyPlanTypeDetail: plan.studyPlanTypeDetail,
    ...Object.fromEntries(STEP1_FIELDS.map((f) => [f.key, step1Cell(plan, f)])),
    ...Object.fromEntries(STEP1_TARGETS.map((t) => [t.key, studyTarget(plan, t)])),
  } as Record<OverallKey, CellValue>;
  const rows = plan.countries.flatMap((c) => c.siteGroups.map((g) => countryRow(c.countryCodeISO3, g)));
  return {
    overall,
    countries: rows.slice(0, MAX_COUNTRY_ROWS),
    omitted: Math.max(0, rows.length - MAX_COUNTRY_ROWS),
  };
}

/** `<study>_study_plan.xlsx` (spec/1 section 9): the study name, else the project id, made safe for file names. */
export function planExportFileName(plan: Pick<StudyPlan, 'studyName' | 'projectId'>): string {
  const raw = plan.studyName.trim() || plan.projectId.trim() || 'study';
  return `${safeFileNamePart(raw) || 'study'}_study_plan.xlsx`;
}

/** The part of an exceljs Workbook the filler writes (structural: the shared package has no exceljs). */
export interface WritableWorkbookLike {
  getWorksheet(name: string): { getCell(row: number, column: number): { value: unknown } } | undefined;
}

/** Writes planToSheetValues into the template's Overall Parameters (column B) and Countries sheets. */
export function fillPlanWorkbook(workbook: WritableWorkbookLike, values: PlanSheetValues): void {
  const overall = workbook.getWorksheet(PLAN_SHEETS.overall);
  const countries = workbook.getWorksheet(PLAN_SHEETS.countries);
  if (!overall || !countries) throw new Error('The plan template lacks its sheets.');
  for (const key of OVERALL_KEYS) overall.getCell(overallRow(key), 2).value = values.overall[key];
  values.countries.forEach((row, i) => {
    for (const [key, value] of Object.entries(row))
      countries.getCell(COUNTRY_FIRST_ROW + i, countryColumnNumber(key)).value = value;
  });
}
