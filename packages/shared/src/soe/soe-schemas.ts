import { z } from 'zod';
import { CalendarDay } from '../schemas/common';
import { int4, safeText } from '../schemas/safe-input';
import {
  ADDL_TIME_ON_SITE_PCT_OPTIONS,
  CDA_REVIEW_PCT_OPTIONS,
  DEFAULT_VISIT_INTERVAL_TYPE,
  EST_ACTIVATED_NON_ENROLLING_SITES_PCT_OPTIONS,
  REPORTING_FREQUENCY_OPTIONS,
  REQ_ADMIN_IMV_OPTIONS,
  SOE_INTERVAL_TYPES,
  SOE_LIMITS,
  SOE_STATUSES,
  STUDY_REPORTING_HOURS_OPTIONS,
  SUBJECT_REPORTING_HOURS_OPTIONS,
} from './constants';
import { isKnownCurrency } from './currencies';
import { SOE_MESSAGES as M } from './messages';
import { decimalIn } from './numbers';

const int = z.number().int();

/**
 * A row of the study's Schedules of Events table (GET /ctpo/soe/study/{studyId}), named with the SOE entity's fields
 * (spec/2 section 3) and the study plan reference (studyPlanId, studyPlanName) of the linked plan.
 */
export const SoeListRow = z
  .object({
    scheduleOfEventsId: int,
    studyId: int,
    scheduleOfEventsName: z.string(),
    scheduleOfEventsDescr: z.string(),
    scheduleOfEventsStatus: z.enum(SOE_STATUSES),
    /** The version a save must name (409 when another save came first). */
    version: int,
    /** The linked enrollment plan; both null when none is linked or it was deleted. */
    studyPlanId: int.nullable(),
    studyPlanName: z.string().nullable(),
    insertBy: z.string(),
    /** When the SOE was created, as an ISO 8601 timestamp (UTC). */
    insertDate: z.string(),
    updateBy: z.string(),
    /** When the SOE last changed, as an ISO 8601 timestamp (UTC). */
    updateDate: z.string(),
  })
  .meta({ id: 'SoeListRow' });
export type SoeListRow = z.infer<typeof SoeListRow>;

const numberOption = <T extends readonly number[]>(options: T) =>
  z
    .number({ error: M.option })
    .refine((n) => options.includes(n), { error: M.option })
    .nullable();
const textOption = <T extends readonly [string, ...string[]]>(options: T) =>
  z.enum(options, { error: M.option }).nullable();

/** A currency code of the list: letters only, 3, upper case (the form upper-cases before sending). */
export const CurrencyCodeInput = z
  .string({ error: M.currencyCode })
  .regex(/^[A-Z]{3}$/, { error: M.currencyCode, abort: true })
  .refine(isKnownCurrency, { error: M.currencyCode });

const soeName = safeText({ error: M.required })
  .max(SOE_LIMITS.nameMax, { error: M.nameTooLong, abort: true })
  .refine((s) => s.trim().length > 0, { error: M.nameBlank });
const soeDescr = safeText({ error: M.required })
  .max(SOE_LIMITS.descriptionMax, { error: M.descriptionTooLong, abort: true })
  .refine((s) => s.trim().length > 0, { error: M.descriptionBlank });

/**
 * The SOE form (spec/2 section 5: create and edit). Field names are spec/2 section 3's. Protocol version and date
 * are required unless their 'Not Available' switch is on (then they are cleared). Name uniqueness within the study
 * is checked by the server (it needs the other SOEs) with M.nameUnique.
 */
export const SoeFormBody = z
  .object({
    scheduleOfEventsName: soeName,
    scheduleOfEventsDescr: soeDescr,
    scheduleOfEventsStatus: z.enum(SOE_STATUSES, { error: M.option }),
    studyPlanId: int4().nullable(),
    visitIntervalType: z.enum(SOE_INTERVAL_TYPES, { error: M.required }),
    visitWindowIntervalType: z.enum(SOE_INTERVAL_TYPES, { error: M.required }),
    CDAReviewPctTime: z
      .number({ error: M.required })
      .refine((n) => (CDA_REVIEW_PCT_OPTIONS as readonly number[]).includes(n), { error: M.option }),
    assessorName: safeText().max(SOE_LIMITS.assessorNameMax, { error: M.assessorNameTooLong }).nullable(),
    AddlTimeOnSitePct: numberOption(ADDL_TIME_ON_SITE_PCT_OPTIONS),
    EstActivatedNonEnrollingSitesPct: numberOption(EST_ACTIVATED_NON_ENROLLING_SITES_PCT_OPTIONS),
    ReqAdminIMVNonEnrollingSites: textOption(REQ_ADMIN_IMV_OPTIONS),
    SubjectReportingAvgFrequency: textOption(REPORTING_FREQUENCY_OPTIONS),
    SubjectReportingHoursToGenerate: numberOption(SUBJECT_REPORTING_HOURS_OPTIONS),
    StudyReportingAvgFrequency: textOption(REPORTING_FREQUENCY_OPTIONS),
    StudyReportingHoursToGenerate: numberOption(STUDY_REPORTING_HOURS_OPTIONS),
    StudyAdhocReview: decimalIn(0, SOE_LIMITS.adhocReviewMax, 2, M.adhocReview).nullable(),
    protocolVersionNotAvailable: z.boolean(),
    protocolVersion: safeText()
      .max(SOE_LIMITS.protocolVersionMax, { error: M.protocolVersionTooLong })
      .nullable(),
    protocolDateNotAvailable: z.boolean(),
    /** YYYY-MM-DD; shown DD/MMM/YYYY. */
    protocolDate: CalendarDay.nullable(),
    /** The SOE currency; optional in the form, USD when left empty on create. */
    currency: CurrencyCodeInput.nullable(),
  })
  .superRefine((v, ctx) => {
    if (!v.protocolVersionNotAvailable && !v.protocolVersion?.trim())
      ctx.addIssue({ code: 'custom', path: ['protocolVersion'], message: M.required });
    if (!v.protocolDateNotAvailable && !v.protocolDate)
      ctx.addIssue({ code: 'custom', path: ['protocolDate'], message: M.required });
  })
  .meta({ id: 'SoeFormBody' });
export type SoeFormBody = z.infer<typeof SoeFormBody>;

/** Defaults of a new SOE form (Draft, Day, USD). */
export const NEW_SOE_FORM: SoeFormBody = {
  scheduleOfEventsName: '',
  scheduleOfEventsDescr: '',
  scheduleOfEventsStatus: 'Draft',
  studyPlanId: null,
  visitIntervalType: DEFAULT_VISIT_INTERVAL_TYPE,
  visitWindowIntervalType: DEFAULT_VISIT_INTERVAL_TYPE,
  CDAReviewPctTime: 0,
  assessorName: null,
  AddlTimeOnSitePct: null,
  EstActivatedNonEnrollingSitesPct: null,
  ReqAdminIMVNonEnrollingSites: null,
  SubjectReportingAvgFrequency: null,
  SubjectReportingHoursToGenerate: null,
  StudyReportingAvgFrequency: null,
  StudyReportingHoursToGenerate: null,
  StudyAdhocReview: null,
  protocolVersionNotAvailable: false,
  protocolVersion: null,
  protocolDateNotAvailable: false,
  protocolDate: null,
  currency: 'USD',
};

/** POST /ctpo/study/{studyId}/SOEEdit: the form plus the SOE and the version it was read at (409 if stale). */
export const SoeEditBody = SoeFormBody.and(z.object({ scheduleOfEventsId: int4(), version: int4() })).meta({
  id: 'SoeEditBody',
});
export type SoeEditBody = z.infer<typeof SoeEditBody>;

/** POST /ctpo/study/{studyId}/SOEClone (spec/2 section 7). */
export const SoeCloneBody = z
  .object({
    scheduleOfEventsId: int4(),
    studyId: int4(),
    name: soeName,
    description: soeDescr,
  })
  .meta({ id: 'SoeCloneBody' });
export type SoeCloneBody = z.infer<typeof SoeCloneBody>;

/** POST /ctpo/study/{studyId}/SOEDelete. */
export const SoeDeleteBody = z
  .object({ scheduleOfEventsId: int4(), studyId: int4() })
  .meta({ id: 'SoeDeleteBody' });
export type SoeDeleteBody = z.infer<typeof SoeDeleteBody>;

/** Answer of create / clone / delete: `[{ Id }]` (spec/2 section 7: the first row's Id; -1 means failure). */
export const SoeIdAnswer = z.array(z.object({ Id: int })).meta({ id: 'SoeIdAnswer' });
export type SoeIdAnswer = z.infer<typeof SoeIdAnswer>;

/** One SOE (GET /ctpo/soe/{id} answers `{ data: [SoeDetail] }`). */
export const SoeDetail = z
  .object({
    scheduleOfEventsId: int,
    studyId: int,
    scheduleOfEventsName: z.string(),
    scheduleOfEventsDescr: z.string(),
    scheduleOfEventsStatus: z.enum(SOE_STATUSES),
    studyPlanId: int.nullable(),
    studyPlanName: z.string().nullable(),
    visitIntervalType: z.enum(SOE_INTERVAL_TYPES),
    visitWindowIntervalType: z.enum(SOE_INTERVAL_TYPES),
    CDAReviewPctTime: z.number(),
    assessorName: z.string().nullable(),
    AddlTimeOnSitePct: z.number().nullable(),
    EstActivatedNonEnrollingSitesPct: z.number().nullable(),
    ReqAdminIMVNonEnrollingSites: z.string().nullable(),
    SubjectReportingAvgFrequency: z.string().nullable(),
    SubjectReportingHoursToGenerate: z.number().nullable(),
    StudyReportingAvgFrequency: z.string().nullable(),
    StudyReportingHoursToGenerate: z.number().nullable(),
    StudyAdhocReview: z.number().nullable(),
    protocolVersion: z.string().nullable(),
    protocolDate: z.string().nullable(),
    currency: z.string(),
    /** Status text of the last ePrice upload (spec/2 section 4), null when none. */
    uploadStatus: z.string().nullable(),
    /** The version a save must name (409 when another save came first). */
    version: int,
    /** True when the signed-in user created the SOE (only the creator may delete). */
    isCreator: z.boolean(),
    insertBy: z.string(),
    insertDate: z.string(),
    updateBy: z.string(),
    updateDate: z.string(),
  })
  .meta({ id: 'SoeDetail' });
export type SoeDetail = z.infer<typeof SoeDetail>;

export const SoeDetailAnswer = z.object({ data: z.array(SoeDetail) }).meta({ id: 'SoeDetailAnswer' });
export type SoeDetailAnswer = z.infer<typeof SoeDetailAnswer>;

/** The form values of an existing SOE (edit / view dialog). */
export function soeFormValues(soe: SoeDetail): SoeFormBody {
  return {
    scheduleOfEventsName: soe.scheduleOfEventsName,
    scheduleOfEventsDescr: soe.scheduleOfEventsDescr,
    scheduleOfEventsStatus: soe.scheduleOfEventsStatus,
    studyPlanId: soe.studyPlanId,
    visitIntervalType: soe.visitIntervalType,
    visitWindowIntervalType: soe.visitWindowIntervalType,
    CDAReviewPctTime: soe.CDAReviewPctTime,
    assessorName: soe.assessorName,
    AddlTimeOnSitePct: soe.AddlTimeOnSitePct,
    EstActivatedNonEnrollingSitesPct: soe.EstActivatedNonEnrollingSitesPct,
    ReqAdminIMVNonEnrollingSites:
      soe.ReqAdminIMVNonEnrollingSites as SoeFormBody['ReqAdminIMVNonEnrollingSites'],
    SubjectReportingAvgFrequency:
      soe.SubjectReportingAvgFrequency as SoeFormBody['SubjectReportingAvgFrequency'],
    SubjectReportingHoursToGenerate: soe.SubjectReportingHoursToGenerate,
    StudyReportingAvgFrequency: soe.StudyReportingAvgFrequency as SoeFormBody['StudyReportingAvgFrequency'],
    StudyReportingHoursToGenerate: soe.StudyReportingHoursToGenerate,
    StudyAdhocReview: soe.StudyAdhocReview,
    protocolVersionNotAvailable: soe.protocolVersion === null,
    protocolVersion: soe.protocolVersion,
    protocolDateNotAvailable: soe.protocolDate === null,
    protocolDate: soe.protocolDate,
    currency: soe.currency,
  };
}
