import { z } from 'zod';
import { DESCRIPTION_TOO_LONG_MESSAGE, NAME_TOO_LONG_MESSAGE, NAME_UNIQUE_MESSAGE } from '../plan/messages';
import { INPUT_LIMITS, REMODEL_MAX_RATE_PER_MONTH } from '@predict/engine';
import { boundedNumber, dateMillis, safeText } from '../schemas/safe-input';

/**
 * Remodel form (spec/3 sections 2, 3, 5 and 7; design/actuals.md section 4). Field names are the spec's
 * "Remodel form values" and "Remodel siteGroups entry"; rates are patients/site/month, patient rates fractions 0-1.
 */

export const REMODEL_PLAN_TYPES = [1, 2] as const; // 1 Enrollment Rates, 2 Overall Enrollment Duration
export const REMODEL_RATE_SELECTIONS = [1, 2, 3] as const; // 1 planned, 2 actual, 3 other
export const REMODEL_DURATION_SELECTIONS = [1, 2] as const; // 1 planned, 2 other
export const REMODEL_SITES_SELECTIONS = [1, 2, 3, 4] as const; // 1 planned, 2 actual/projected, 3 other, 4 remove
export const REMODEL_NAME_MAX = 50;
export const REMODEL_DESCRIPTION_MAX = 2000;

/** spec/3 section 5 messages ('Required' and the unique name word for word; the rest ours). */
export const REMODEL_MESSAGES = {
  required: 'Required',
  nameUnique: NAME_UNIQUE_MESSAGE,
  nameTooLong: NAME_TOO_LONG_MESSAGE,
  descriptionTooLong: DESCRIPTION_TOO_LONG_MESSAGE,
  wholeNumber: 'Only whole non-negative numbers are allowed.',
  rate: 'Only digits and one dot, at most 2 decimals.',
  /** An 'other' rate of 0 would enroll nobody: the engine refuses it, so the form does first. */
  rateNotPositive: 'The rate must be greater than 0.',
  rateTooHigh: `The rate must be at most ${REMODEL_MAX_RATE_PER_MONTH} patients/site/month.`,
  lpiNotAfterAsOf: "The last patient enrolled date must be after the actuals' as-of date.",
  plannedLpiPassed:
    "The planned last patient enrolled date is not after the actuals' as-of date: choose another date.",
  patientsTooMany: `At most ${INPUT_LIMITS.patients.toLocaleString('en-US')} patients.`,
  sitesTooMany: `At most ${INPUT_LIMITS.sitesPerGroup.toLocaleString('en-US')} sites.`,
  date: 'Has to be a date (epoch milliseconds).',
  removeNotAllowed: 'A country with actual or closed sites cannot be removed.',
  unknownSiteGroup: 'Not a site group of the Baseline Plan.',
  submitted: 'Remodel submitted successfully.',
  submitError: 'Remodel submission error.',
} as const;

/** A planned / actual / impact triple (impact = actual - planned; null when either side is unknown). */
export const RemodelTriple = z.object({
  planned: z.number().nullable(),
  actual: z.number().nullable(),
  impact: z.number().nullable(),
});
export type RemodelTriple = z.infer<typeof RemodelTriple>;

/** One site group (country) of the GET answer. */
export const RemodelSiteGroupValues = z.object({
  siteGroupName: z.string(),
  enrollmentRatePlanned: z.number().nullable(),
  enrollmentRateActual: z.number().nullable(),
  sitesPlanned: z.number().int(),
  /** Activated sites in the extract that are not Closed (actual/projected). */
  sitesActual: z.number().int(),
  sitesActualClosed: z.number().int(),
  /** Remove is disabled when the group has actual or closed sites (spec/3 section 4). */
  canRemove: z.boolean(),
});
export type RemodelSiteGroupValues = z.infer<typeof RemodelSiteGroupValues>;

/** GET /ctpo/remodel/study/{studyId}: the form's planned, actual and impact values. */
export const RemodelFormData = z.object({
  studyId: z.number().int(),
  baselineStudyPlanId: z.number().int(),
  baselineStudyPlanName: z.string(),
  /** The extract's as-of date (YYYY-MM-DD): the remodel's D. */
  asOfDate: z.string(),
  enrollmentRatePlanned: z.number().nullable(),
  enrollmentRateActual: z.number().nullable(),
  lastPatientEnrolledDateMillisPlanned: z.number().nullable(),
  screenPatientsPlanned: z.number().int(),
  enrollPatientsPlanned: z.number().int(),
  completePatientsPlanned: z.number().int(),
  /** Patients so far (extract totals), shown beside the planned figures. */
  screenPatientsActual: z.number().int(),
  enrollPatientsActual: z.number().int(),
  completePatientsActual: z.number().int(),
  enrollPatientsRate: RemodelTriple,
  completePatientsRate: RemodelTriple,
  screenFailRate: RemodelTriple,
  dropOutRate: RemodelTriple,
  siteGroups: z.array(RemodelSiteGroupValues),
});
export type RemodelFormData = z.infer<typeof RemodelFormData>;

// Hostile input is refused here (NUL, lone surrogates, numbers beyond any plan, dates no column holds); the
// form's own rules (validateRemodelForm) give the spec's messages inside these bounds.
const num = boundedNumber().nullable().optional();
const wholeText = z.union([safeText(), boundedNumber()]);
const day = dateMillis().nullable().optional();

/** One site group entry of the PATCH body (groups with sitesSelection 4 are dropped by the form). */
export const RemodelSiteGroupInput = z.object({
  siteGroupName: safeText(),
  enrollmentRateSelection: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  enrollmentRatePlanned: num,
  enrollmentRateActual: num,
  enrollmentRateOther: wholeText.nullable().optional(),
  sitesSelection: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  sitesPlanned: num,
  sitesActual: num,
  sitesActualClosed: num,
  sitesOther: wholeText.nullable().optional(),
});
export type RemodelSiteGroupInput = z.infer<typeof RemodelSiteGroupInput>;

/** PATCH /ctpo/remodel/study/{studyId} body: the structural shape; rules are in validateRemodelForm. */
export const RemodelFormBody = z.object({
  studyPlanName: safeText(),
  studyPlanDescr: safeText(),
  studyPlanType: z.union([z.literal(1), z.literal(2)]),
  enrollmentRateSelection: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  enrollmentRatePlanned: num,
  enrollmentRateActual: num,
  enrollmentRateOther: wholeText.nullable().optional(),
  overallEnrollmentDurationSelection: z.union([z.literal(1), z.literal(2)]),
  lastPatientEnrolledDateMillisPlanned: day,
  lastPatientEnrolledDateMillisOther: day,
  screenPatientsPlanned: num,
  screenPatientsReModel: wholeText.nullable().optional(),
  enrollPatientsPlanned: num,
  enrollPatientsReModel: wholeText.nullable().optional(),
  completePatientsPlanned: num,
  completePatientsReModel: wholeText.nullable().optional(),
  siteGroups: z.array(RemodelSiteGroupInput),
});
export type RemodelFormBody = z.infer<typeof RemodelFormBody>;

/** PATCH answer: a list whose first item has studyId and studyPlanId (spec/3 section 3). */
export const RemodelResponse = z.array(
  z.object({ studyId: z.number().int(), studyPlanId: z.number().int() }),
);
export type RemodelResponse = z.infer<typeof RemodelResponse>;

/** Field path (e.g. 'studyPlanName', 'siteGroups.2.sitesOther') -> message. */
export type RemodelErrors = Record<string, string>;

export interface RemodelRuleContext {
  /** Names of the study's existing plans (for the unique-name rule). */
  existingPlanNames?: readonly string[];
  /** Site groups that may not be removed (have actual or closed sites). */
  unremovableGroups?: readonly string[];
  /** The extract's as-of day (YYYY-MM-DD): a type 2 LPI date (other, or planned) has to be a later day. */
  asOfDate?: string;
  /** The Baseline Plan's planned LPI (epoch ms) as the server knows it; else the body's. */
  lastPatientEnrolledDateMillisPlanned?: number | null;
}

const WHOLE = /^\d+$/;
const RATE = /^\d+(\.\d{1,2})?$|^\.\d{1,2}$/;
const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** A whole number up to the engine's limit for it (a plan the engine would refuse is refused here, with a word). */
function checkWhole(errors: RemodelErrors, key: string, v: unknown, max: number, tooMany: string) {
  if (blank(v)) errors[key] = REMODEL_MESSAGES.required;
  else if (!WHOLE.test(String(v).trim())) errors[key] = REMODEL_MESSAGES.wholeNumber;
  else if (Number(String(v).trim()) > max) errors[key] = tooMany;
}
const checkPatients = (errors: RemodelErrors, key: string, v: unknown) =>
  checkWhole(errors, key, v, INPUT_LIMITS.patients, REMODEL_MESSAGES.patientsTooMany);

/** An 'other' rate (patients/site/month): the spec's digits-and-2-decimals rule, then what the engine runs. */
function checkRate(errors: RemodelErrors, key: string, v: unknown) {
  if (blank(v)) errors[key] = REMODEL_MESSAGES.required;
  else if (!RATE.test(String(v).trim())) errors[key] = REMODEL_MESSAGES.rate;
  else if (!(Number(String(v).trim()) > 0)) errors[key] = REMODEL_MESSAGES.rateNotPositive;
  else if (Number(String(v).trim()) > REMODEL_MAX_RATE_PER_MONTH) errors[key] = REMODEL_MESSAGES.rateTooHigh;
}

/** The rules of spec/3 section 5 (Remodel form) as field -> message; empty when the form is valid. */
export function validateRemodelForm(
  v: Partial<RemodelFormBody>,
  ctx: RemodelRuleContext = {},
): RemodelErrors {
  const errors: RemodelErrors = {};
  const name = (v.studyPlanName ?? '').trim();
  if (!name) errors.studyPlanName = REMODEL_MESSAGES.required;
  else if (name.length > REMODEL_NAME_MAX) errors.studyPlanName = REMODEL_MESSAGES.nameTooLong;
  else if ((ctx.existingPlanNames ?? []).some((n) => n.trim().toLowerCase() === name.toLowerCase()))
    errors.studyPlanName = REMODEL_MESSAGES.nameUnique;
  const descr = (v.studyPlanDescr ?? '').trim();
  if (!descr) errors.studyPlanDescr = REMODEL_MESSAGES.required;
  else if ((v.studyPlanDescr ?? '').length > REMODEL_DESCRIPTION_MAX)
    errors.studyPlanDescr = REMODEL_MESSAGES.descriptionTooLong;
  checkPatients(errors, 'screenPatientsReModel', v.screenPatientsReModel);
  checkPatients(errors, 'enrollPatientsReModel', v.enrollPatientsReModel);
  checkPatients(errors, 'completePatientsReModel', v.completePatientsReModel);
  if (v.studyPlanType === 1 && v.enrollmentRateSelection === 3)
    checkRate(errors, 'enrollmentRateOther', v.enrollmentRateOther);
  const plannedLpi = ctx.lastPatientEnrolledDateMillisPlanned ?? v.lastPatientEnrolledDateMillisPlanned;
  // Remodel (D) aims its go-forward rates at the planned LPI: a date already passed cannot be aimed at.
  if (
    v.studyPlanType === 2 &&
    v.overallEnrollmentDurationSelection === 1 &&
    ctx.asOfDate !== undefined &&
    plannedLpi != null &&
    Math.abs(plannedLpi) <= 8.64e15 &&
    new Date(plannedLpi).toISOString().slice(0, 10) <= ctx.asOfDate
  )
    errors.overallEnrollmentDurationSelection = REMODEL_MESSAGES.plannedLpiPassed;
  if (v.studyPlanType === 2 && v.overallEnrollmentDurationSelection === 2) {
    const d = v.lastPatientEnrolledDateMillisOther;
    if (blank(d)) errors.lastPatientEnrolledDateMillisOther = REMODEL_MESSAGES.required;
    // 8.64e15 ms is the last instant a JavaScript Date holds.
    else if (!(Math.abs(Number(d)) <= 8.64e15))
      errors.lastPatientEnrolledDateMillisOther = REMODEL_MESSAGES.date;
    else if (ctx.asOfDate !== undefined && new Date(Number(d)).toISOString().slice(0, 10) <= ctx.asOfDate)
      errors.lastPatientEnrolledDateMillisOther = REMODEL_MESSAGES.lpiNotAfterAsOf;
  }
  const unremovable = new Set(ctx.unremovableGroups ?? []);
  (v.siteGroups ?? []).forEach((g, i) => {
    if (g.enrollmentRateSelection === 3)
      checkRate(errors, `siteGroups.${i}.enrollmentRateOther`, g.enrollmentRateOther);
    if (g.sitesSelection === 3) {
      const key = `siteGroups.${i}.sitesOther`;
      checkWhole(errors, key, g.sitesOther, INPUT_LIMITS.sitesPerGroup, REMODEL_MESSAGES.sitesTooMany);
    }
    if (g.sitesSelection === 4 && unremovable.has(g.siteGroupName))
      errors[`siteGroups.${i}.sitesSelection`] = REMODEL_MESSAGES.removeNotAllowed;
  });
  return errors;
}

/** Rate recomputation (spec/3 section 4): (first - second) / first to 2 decimals, only when first >= second and first > 0. */
export function remodelRecomputedRate(first: number, second: number): number | null {
  if (!(first > 0) || first < second) return null;
  return Math.round(((first - second) / first) * 100) / 100;
}
