import { z } from 'zod';
import { int4, safeText } from '../schemas/safe-input';
import { PLAN_UPLOAD_MAX_BYTES } from '../plan-spreadsheet/parsed-plan-schema';
import { SOE_LIMITS } from '../soe/constants';
import { SOE_MESSAGES } from '../soe/messages';
import { roundedDecimalIn } from '../soe/numbers';
import { CurrencyCodeInput } from '../soe/soe-schemas';
import { EPRICE_UPLOAD_TYPES } from './messages';

/**
 * Requests and answers of the SOE upload calls (spec/2 section 7): POST /ctpo/files (ePrice, a queued job),
 * SOEUploadCountry, SOEUploadSite, the country default costs (GET defaultcost, POST AssessmentDefaultCost) and the
 * admins' load of that reference data. The browser reads country-cost and site-contract workbooks itself and posts
 * the rows; the server validates them again with these schemas and its own checks against the SOE. Errors of a
 * row come back as a 400 whose fields name it ('body.3.assessmentName'), like a schema error.
 */

const soeId = int4();
// Rounded to cents, then range-checked, as the editor's costs.
const cost = roundedDecimalIn(0, SOE_LIMITS.costMax, 2, SOE_MESSAGES.cost);
const name = (max: number) =>
  safeText({ error: SOE_MESSAGES.required })
    .trim()
    .min(1, { error: SOE_MESSAGES.required })
    .max(max, { error: `Has to be at most ${max} characters.` });

/** An uploaded ePrice file may be as large as a plan spreadsheet (5 MB); base64 adds a third. */
export const EPRICE_MAX_BYTES = PLAN_UPLOAD_MAX_BYTES;
export const EPRICE_UPLOAD_BODY_LIMIT = Math.ceil((EPRICE_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * Page numbers (the spec's pdf fields): comma-separated integers or empty (spec/2 section 5). The upload dialog
 * checks its field with this same schema.
 */
export const PAGE_NUMBERS_MESSAGE = 'Page numbers for upload must be comma-separated integers or empty.';
export const EpricePageNumbers = z
  .string()
  .max(500, { error: 'Has to be at most 500 characters.' })
  .regex(/^\s*(\d{1,5}\s*(,\s*\d{1,5}\s*)*)?$/, { error: PAGE_NUMBERS_MESSAGE });

/** What FileAttrs holds (as a JSON string): the SOE, its study, the target and the optional pdf page numbers. */
export const EpriceFileAttrs = z.object({
  scheduleOfEventsId: soeId,
  studyId: soeId,
  uploadType: z.enum(EPRICE_UPLOAD_TYPES, { error: 'Has to be BudgetVue, Predict or BudgetVue_Predict.' }),
  pdfPageNumbers: EpricePageNumbers.nullish(),
});
export type EpriceFileAttrs = z.infer<typeof EpriceFileAttrs>;

export const FILE_ATTRS_MESSAGE =
  'FileAttrs has to be a JSON object with scheduleOfEventsId, studyId and uploadType.';

/** FileAttrs as the client writes it. */
export const epriceFileAttrs = (attrs: z.input<typeof EpriceFileAttrs>) => JSON.stringify(attrs);

/** POST /ctpo/files: the ePrice workbook, base64 in JSON (like the plan upload; no multipart). */
export const EpriceFileBody = z
  .object({
    FileType: safeText().max(100).nullish(),
    FileId: z.union([safeText().max(100), int4()]).nullish(),
    FileName: safeText().min(1).max(255),
    encodedData: z.string().min(1).max(EPRICE_UPLOAD_BODY_LIMIT),
    FileAttrs: z
      .string()
      .max(2000)
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: FILE_ATTRS_MESSAGE });
          return z.NEVER;
        }
      })
      .pipe(EpriceFileAttrs),
    Description: safeText().max(2000).nullish(),
    InsertedBy: safeText().max(200).nullish(),
  })
  .meta({ id: 'EpriceFileBody' });
export type EpriceFileBody = z.infer<typeof EpriceFileBody>;
export type EpriceFileInput = z.input<typeof EpriceFileBody>;

/** The upload was accepted and queued: message 'Uploaded successfully', the SOE's uploadStatus now. */
export const EpriceFileAnswer = z
  .object({ message: z.string(), scheduleOfEventsId: z.number().int(), uploadStatus: z.string() })
  .meta({ id: 'EpriceFileAnswer' });
export type EpriceFileAnswer = z.infer<typeof EpriceFileAnswer>;

/** POST /ctpo/study/{studyId}/SOEUploadCountry: one row per (country, assessment). */
export const SoeUploadCountryRow = z.object({
  scheduleOfEventsId: soeId,
  /** The sheet's name: a country (site group) name of the SOE or its ISO3 code ('USA' covers both US groups). */
  countryName: name(100),
  assessmentName: name(SOE_LIMITS.assessmentNameMax),
  assessmentCost: cost,
  /** The cell the row came from ('Germany!H5'), echoed in messages; optional. */
  cell: safeText().max(140).nullish(),
});
export type SoeUploadCountryRow = z.infer<typeof SoeUploadCountryRow>;
export const SOE_UPLOAD_MAX_ROWS = 50_000;
export const SoeUploadCountryBody = z
  .array(SoeUploadCountryRow)
  .min(1, { error: 'No valid data found in any sheet' })
  .max(SOE_UPLOAD_MAX_ROWS)
  .meta({ id: 'SoeUploadCountryBody' });
export type SoeUploadCountryBody = z.infer<typeof SoeUploadCountryBody>;

/** POST /ctpo/study/{studyId}/SOEUploadSite: one site's contract (spec/2 section 3). */
export const SoeUploadSiteBody = z
  .object({
    studyId: int4().optional(),
    scheduleOfEventsId: soeId,
    siteNumber: name(50),
    siteId: int4(),
    assessments: z
      .array(
        z.object({
          assessmentName: name(SOE_LIMITS.assessmentNameMax),
          assessmentCost: cost,
          currency: CurrencyCodeInput.nullable(),
        }),
      )
      .max(5000),
    visits: z
      .array(
        z.object({
          visitName: name(SOE_LIMITS.visitNameMax),
          visitCost: cost,
          currency: CurrencyCodeInput.nullable(),
        }),
      )
      .max(5000),
  })
  .meta({ id: 'SoeUploadSiteBody' });
export type SoeUploadSiteBody = z.infer<typeof SoeUploadSiteBody>;

/** Answer of SOEUploadCountry, SOEUploadSite and AssessmentDefaultCost: the spec's success text, rows written. */
export const SoeUploadAnswer = z
  .object({ message: z.string(), rows: z.number().int() })
  .meta({ id: 'SoeUploadAnswer' });
export type SoeUploadAnswer = z.infer<typeof SoeUploadAnswer>;

/** GET /ctpo/soe/{id}/defaultcost/sitegroup/{sg}: one row per SOE assessment with reference data there. */
export const CountryDefaultCostRow = z
  .object({
    assessmentId: z.number().int(),
    assessmentTypeDetail: z.string(),
    assessmentName: z.string(),
    assessmentCostMAX: z.number(),
    assessmentCostMIN: z.number(),
    assessmentCostAVG: z.number(),
    countOfDataPoints: z.number().int(),
  })
  .meta({ id: 'CountryDefaultCostRow' });
export type CountryDefaultCostRow = z.infer<typeof CountryDefaultCostRow>;
export const CountryDefaultCostAnswer = z
  .array(CountryDefaultCostRow)
  .meta({ id: 'CountryDefaultCostAnswer' });
export type CountryDefaultCostAnswer = z.infer<typeof CountryDefaultCostAnswer>;

export const ASSESSMENT_DEFAULT_COST_TYPES = ['Max', 'Min', 'Avg'] as const;
export type AssessmentDefaultCostType = (typeof ASSESSMENT_DEFAULT_COST_TYPES)[number];

/** POST /ctpo/study/{studyId}/AssessmentDefaultCost: the chosen figure becomes the country's assessment costs. */
export const AssessmentDefaultCostBody = z
  .object({
    studyId: int4().optional(),
    scheduleOfEventsId: soeId,
    siteGroupId: int4(),
    assessmentDefaultCostType: z.enum(ASSESSMENT_DEFAULT_COST_TYPES, { error: 'Has to be Max, Min or Avg.' }),
  })
  .meta({ id: 'AssessmentDefaultCostBody' });
export type AssessmentDefaultCostBody = z.infer<typeof AssessmentDefaultCostBody>;

/** One reference figure: an assessment name's cost in one country (ISO3), min / avg / max of count data points. */
export const CountryDefaultCostInput = z
  .object({
    countryCodeISO3: z.string().regex(/^[A-Z]{3}$/, { error: 'Has to be a 3-letter country code.' }),
    assessmentName: name(SOE_LIMITS.assessmentNameMax),
    /** The currency of the three figures (USD when omitted). */
    currency: CurrencyCodeInput.default('USD'),
    assessmentCostMIN: cost,
    assessmentCostAVG: cost,
    assessmentCostMAX: cost,
    countOfDataPoints: int4(),
  })
  .refine((r) => r.assessmentCostMIN <= r.assessmentCostAVG && r.assessmentCostAVG <= r.assessmentCostMAX, {
    error: 'Has to satisfy min <= avg <= max.',
    path: ['assessmentCostAVG'],
  });
export type CountryDefaultCostInput = z.infer<typeof CountryDefaultCostInput>;

/** PUT /ctpo/admin/reference-data/country-default-costs: replaces the whole reference table. */
export const CountryDefaultCostsBody = z
  .object({ rows: z.array(CountryDefaultCostInput).max(SOE_UPLOAD_MAX_ROWS) })
  .meta({ id: 'CountryDefaultCostsBody' });
export type CountryDefaultCostsBody = z.infer<typeof CountryDefaultCostsBody>;
