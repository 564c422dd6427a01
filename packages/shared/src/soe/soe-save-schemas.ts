import { z } from 'zod';
import { CalendarDay } from '../schemas/common';
import { int4, safeText } from '../schemas/safe-input';
import {
  ASSESSMENT_TYPES,
  SOE_INTERVAL_TYPES,
  SOE_LIMITS,
  VISIT_CATEGORIES,
  VISIT_VARIANCE_TYPES,
} from './constants';
import { SOE_MESSAGES as M } from './messages';
import { decimalIn, multiplierOf, roundedDecimalIn, wholeIn } from './numbers';
import { CurrencyCodeInput } from './soe-schemas';
import { soeRowIssues } from './soe-row-rules';

/**
 * The editor's Save (POST /ctpo/soe/{id}/save): every change log of the editor in one call, applied in one
 * transaction in spec/2 section 4's order (currency, contract dates, visits, assessments, level costs, mapping, risk,
 * sampling notes) against `version`; a stale version is a 409 and nothing is written.
 *
 * Rows are named by keys: a visit's `visitKey` is unique in the body (new rows use a temporary key, existing rows
 * usually their id as a decimal string). References (`visitKey` / `assessmentKey` in level values and mapping) name a
 * row of this body's list, or, when the list is not sent, the decimal id of an existing row.
 */

const key = safeText({ error: M.required }).min(1, { error: M.required }).max(40);
const comments = safeText().max(SOE_LIMITS.commentsMax, { error: M.commentsTooLong }).nullable();
// Amounts, percentages and CRF figures are rounded to 2 decimals, then range-checked (spec/2 section 5). A cost
// beyond 8 digits has the cost message, never the "required" one: the amount is there, it is too large.
const cost = () => roundedDecimalIn(0, SOE_LIMITS.costMax, 2, M.cost);
const crf = roundedDecimalIn(0, SOE_LIMITS.crfMax, 2, M.crf).nullable();
const flag = z.union([z.literal(0), z.literal(1)]);
const pct = roundedDecimalIn(0, SOE_LIMITS.overheadPctMax, 2, M.overheadPct);

/**
 * A ticked cell's multiplier: a number or the grid's text, read by multiplierOf (text that is not a number is 0,
 * spec/2 section 5), rounded to 2 decimals, then 0 to 100. null on a ticked cell is the default 1.
 */
const multiplier = z
  .union(
    [z.number({ error: M.multiplier }), safeText({ error: M.multiplier }).max(20, { error: M.multiplier })],
    {
      error: M.multiplier,
    },
  )
  .transform(multiplierOf)
  .pipe(
    z
      .number()
      .min(0, { error: M.multiplier, abort: true })
      .max(SOE_LIMITS.multiplierMax, { error: M.multiplier, abort: true }),
  );

/** A visit row as the editor sends it (the full ordered list; the position is the sort order). */
export const SoeVisitInput = z.object({
  scheduleOfEventsVisitId: int4().nullable(),
  visitKey: key,
  visitName: safeText({ error: M.visitNameRequired }).max(SOE_LIMITS.visitNameMax, {
    error: M.visitNameTooLong,
  }),
  visitCategory: z.enum(VISIT_CATEGORIES, { error: M.visitCategoryRequired }).nullable(),
  visitStudyDay: wholeIn(0, SOE_LIMITS.studyDayMax, M.studyDay).nullable(),
  visitVarianceType: z.enum(VISIT_VARIANCE_TYPES, { error: M.option }),
  visitVariance: wholeIn(0, SOE_LIMITS.visitVarianceMax, M.visitVariance).nullable(),
  visitIntervalType: z.enum(SOE_INTERVAL_TYPES, { error: M.option }),
  visitOverheadPct: pct.nullable(),
  visitCost: cost().nullable(),
  commentsVisit: comments,
  commentsCost: comments,
  commentsClinicalStrategy: comments,
  commentsDataManagement: comments,
  miEstSDRSDV: crf,
  miSampleVisit: flag,
  miSuggestedOnSiteSDRSDV: crf,
  miSuggestedCDAReview: crf,
  miEstCDAReportFrequency: crf,
  dmUniqueCRFs: crf,
  dmNonUniqueCRFs: crf,
  dmIntegratedEpro: crf,
  dmPaperEpro: crf,
  dmCentralLab: crf,
  dmLocalLab: crf,
});
export type SoeVisitInput = z.infer<typeof SoeVisitInput>;

/** An assessment row as the editor sends it (the full ordered list). */
export const SoeAssessmentInput = z.object({
  scheduleOfEventsAssessmentId: int4().nullable(),
  assessmentKey: key,
  assessmentType: z.enum(ASSESSMENT_TYPES, { error: M.assessmentTypeRequired }).nullable(),
  assessmentName: safeText({ error: M.assessmentNameRequired }).max(SOE_LIMITS.assessmentNameMax, {
    error: M.assessmentNameTooLong,
  }),
  /** Empty or a name of the assessment-name list (checked by the server against the list). */
  assessmentNameMapping: safeText().max(SOE_LIMITS.assessmentNameMax).nullable(),
  assessmentCost: cost().nullable(),
  overhead: flag,
  exclude: flag,
  ipAdministered: flag,
  commentsAssessment: comments,
  commentsCost: comments,
  commentsClinicalStrategy: comments,
  commentsDataManagement: comments,
});
export type SoeAssessmentInput = z.infer<typeof SoeAssessmentInput>;

const levelKey = { siteGroupId: int4(), siteId: int4() };

/** A visit's own values at a country (siteId 1) or site; null clears the value (inherit again). */
export const SoeVisitLevelInput = z.object({
  visitKey: key,
  ...levelKey,
  visitOverheadPct: pct.nullable(),
  visitCost: cost().nullable(),
  visitCostTotal: cost().nullable(),
});
export type SoeVisitLevelInput = z.infer<typeof SoeVisitLevelInput>;

export const SoeAssessmentLevelInput = z.object({
  assessmentKey: key,
  ...levelKey,
  assessmentCost: cost().nullable(),
});
export type SoeAssessmentLevelInput = z.infer<typeof SoeAssessmentLevelInput>;

/** A grid cell change: mappingAssessmentVisit 0 unticks (multiplier and U/N cleared). */
export const SoeMappingInput = z
  .object({
    visitKey: key,
    assessmentKey: key,
    mappingAssessmentVisit: flag,
    multiplier: multiplier.nullable(),
    uniqueNonUniqueForm: z.enum(['U', 'N'], { error: M.uniqueNonUnique }).nullable(),
  })
  .transform((m) =>
    m.mappingAssessmentVisit === 0
      ? { ...m, multiplier: null, uniqueNonUniqueForm: null }
      : { ...m, multiplier: m.multiplier ?? 1 },
  );
export type SoeMappingInput = z.infer<typeof SoeMappingInput>;

/** A level's currency (null clears: the level uses the currency of the level above). */
export const SoeCurrencyInput = z.object({
  ...levelKey,
  currency: CurrencyCodeInput.nullable(),
  exchangeRate: decimalIn(0, SOE_LIMITS.exchangeRateMax, SOE_LIMITS.exchangeRateDecimals, M.exchangeRate)
    .refine((n) => n > 0, { error: M.exchangeRate })
    .nullable(),
});
export type SoeCurrencyInput = z.infer<typeof SoeCurrencyInput>;

export const SoeContractDateInput = z.object({
  ...levelKey,
  siteContractEffectiveDate: CalendarDay.nullable(),
});
export type SoeContractDateInput = z.infer<typeof SoeContractDateInput>;

export const SoeRiskInput = z.object({
  scheduleOfEventsRiskAssessmentId: int4(),
  riskAssessmentStudySpecifics: safeText()
    .max(SOE_LIMITS.riskSpecificsMax, { error: M.riskSpecificsTooLong })
    .nullable(),
  riskAssessmentRiskScore: decimalIn(0, SOE_LIMITS.riskScoreMax, 1, M.riskScore).nullable(),
});
export type SoeRiskInput = z.infer<typeof SoeRiskInput>;

export const SoeSamplingNoteInput = z.object({
  tableSort: int4(),
  rowSort: int4(),
  notes: safeText().max(SOE_LIMITS.samplingNotesMax, { error: M.samplingNotesTooLong }).nullable(),
});
export type SoeSamplingNoteInput = z.infer<typeof SoeSamplingNoteInput>;

/** Rows of each list of a save (visits, assessments, ...): an SOE holds at most this many of each. */
export const SOE_MAX_ROWS = 1000;
const MAX_CELLS = 300_000;

export const SoeSaveBody = z
  .object({
    version: int4(),
    currencies: z.array(SoeCurrencyInput).max(SOE_MAX_ROWS).optional(),
    contractDates: z.array(SoeContractDateInput).max(SOE_MAX_ROWS).optional(),
    visits: z.array(SoeVisitInput).max(SOE_MAX_ROWS).optional(),
    assessments: z.array(SoeAssessmentInput).max(SOE_MAX_ROWS).optional(),
    visitLevelValues: z.array(SoeVisitLevelInput).max(MAX_CELLS).optional(),
    assessmentLevelValues: z.array(SoeAssessmentLevelInput).max(MAX_CELLS).optional(),
    mapping: z.array(SoeMappingInput).max(MAX_CELLS).optional(),
    risks: z.array(SoeRiskInput).max(SOE_MAX_ROWS).optional(),
    samplingNotes: z.array(SoeSamplingNoteInput).max(SOE_MAX_ROWS).optional(),
  })
  .superRefine((body, ctx) => {
    for (const issue of soeRowIssues(body.visits ?? [], body.assessments ?? []))
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  })
  .meta({ id: 'SoeSaveBody' });
export type SoeSaveBody = z.infer<typeof SoeSaveBody>;
export type SoeSaveInput = z.input<typeof SoeSaveBody>;

/** Answer of a save: the new version and the ids of the saved rows by key (new rows get real ids). */
export const SoeSaveResult = z
  .object({
    version: z.number().int(),
    visits: z.array(z.object({ visitKey: z.string(), scheduleOfEventsVisitId: z.number().int() })),
    assessments: z.array(
      z.object({ assessmentKey: z.string(), scheduleOfEventsAssessmentId: z.number().int() }),
    ),
  })
  .meta({ id: 'SoeSaveResult' });
export type SoeSaveResult = z.infer<typeof SoeSaveResult>;
