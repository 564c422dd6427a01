import { z } from 'zod';
import { COUNTRY_START_UP_SIZES, SITE_ID_SIZES } from '../plan/constants';
import { CountryBounds } from '../plan-countries/step2-schemas';
import { RowVersion } from '../plan/row-version-schema';
import { ID_MAX, int4, safeText } from '../schemas/safe-input';
import { STEP1_FIELDS, STEP1_TARGETS, type Step1FieldKey, type Step1TargetKey } from '../plan/step1-fields';

const num = z.number().nullable();
const millis = z.number().int().nullable();

/** The step-1 fields an upload reads (the plan keeps its own name), by kind, and the step-1 targets. */
type ReadStep1Key = Exclude<Step1FieldKey, 'studyPlanName'>;
const step1Cells = Object.fromEntries(
  STEP1_FIELDS.filter((f) => f.key !== 'studyPlanName').map((f) => [
    f.key,
    f.kind === 'text' ? safeText().nullable() : f.kind === 'date' ? millis : num,
  ]),
) as { studyPlanDescr: z.ZodNullable<z.ZodString> } & Record<
  Exclude<ReadStep1Key, 'studyPlanDescr'>,
  typeof num
>;
const targetCells = Object.fromEntries(STEP1_TARGETS.map((t) => [t.key, num])) as Record<
  Step1TargetKey,
  typeof num
>;

/** The Overall Parameters sheet as read (null = empty cell). */
export const ParsedOverall = z.object({
  studyPlanTypeDetail: safeText().nullable(),
  ...step1Cells,
  ...targetCells,
});
export type ParsedOverall = z.infer<typeof ParsedOverall>;

/** One row of the Countries sheet as read; `row` is its sheet row, for the error list. */
export const ParsedCountry = z.object({
  row: z.number().int(),
  siteGroupId: z.number().int().nullable(),
  siteGroupName: safeText().nullable(),
  iso3: safeText().nullable(),
  siteIdEffort: z.enum(SITE_ID_SIZES).nullable(),
  startUpTimeFrame: z.enum(COUNTRY_START_UP_SIZES).nullable(),
  siteEnrollmentRateAtSIV: num,
  expectedScreenFailureRate: num,
  expectedTreatmentDropoutRate: num,
  pauseEnrollmentAfterPatient: num,
  pauseEnrollmentDays: num,
  NUM_SITES_ACTIVATED: CountryBounds,
  NUM_SUBJECTS_SCREENED: CountryBounds,
  NUM_SUBJECTS_ENROLLED: CountryBounds,
  NUM_SUBJECTS_TREATED: CountryBounds,
  NUM_SUBJECTS_COMPLETED: CountryBounds,
  eventualSiteEnrollmentDays: num,
  eventualSiteEnrollmentRate: num,
  /** 12 factors, January first; all null = the row leaves them empty (no variation). */
  seasonal: z.array(num).length(12),
  activationOverride: z.boolean(),
  /** Filled cards in order: cumulative # of sites at days since the first activation. */
  cards: z.array(z.object({ sites: z.number(), days: z.number() })).max(11),
  milestones: z.array(
    z.object({
      milestoneId: z.number().int(),
      isUserOverride: z.union([z.literal(0), z.literal(1)]),
      milestoneDateMillis: millis,
      comments: safeText().nullable(),
    }),
  ),
});
export type ParsedCountry = z.infer<typeof ParsedCountry>;

export const ParsedPlan = z.object({ overall: ParsedOverall, countries: z.array(ParsedCountry).max(30) });
export type ParsedPlan = z.infer<typeof ParsedPlan>;

/** One problem of an uploaded file, at its cell (row and column letter) of a sheet. */
export interface SheetError {
  sheet: string;
  row: number | null;
  column: string | null;
  header: string | null;
  message: string;
}

/** 'Countries!F3' (or the sheet alone): the path of a SheetError in a 400 answer's fields. */
export const sheetErrorPath = (e: Pick<SheetError, 'sheet' | 'row' | 'column'>) =>
  e.row !== null && e.column !== null ? `${e.sheet}!${e.column}${e.row}` : e.sheet;

/** 'Row 3, column F (Activated Sites Lower): ...' - how the Errors Found list reads. */
export function sheetErrorText(e: SheetError): string {
  const where = [
    e.row !== null ? `Row ${e.row}` : null,
    e.column !== null ? `column ${e.column}${e.header ? ` (${e.header})` : ''}` : null,
  ].filter(Boolean);
  return where.length > 0 ? `${where.join(', ')}: ${e.message}` : e.message;
}

/** The largest file the upload takes, before and after base64 (spec: refused before parsing). */
export const PLAN_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** The JSON body limit of the upload route: the base64 of 5 MB (4/3) plus room for the other fields. */
export const PLAN_UPLOAD_BODY_LIMIT = Math.ceil((PLAN_UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * POST /ctpo/study/{studyId}/EnrollmentPlanUpload: the .xlsx as base64 in a JSON body (not multipart, so the route
 * keeps the app's zod validation, CSRF header and body limit like every other write). overrideOffRows: the
 * Countries rows (sheet row numbers) whose activation-profile override the user agreed to turn off because their
 * last card differs from their activated sites (spec/1 section 5 "Plan upload").
 */
export const EnrollmentPlanUploadBody = z.object({
  studyPlanId: z.number().int().min(1).max(ID_MAX),
  rowVersion: RowVersion,
  fileName: safeText().min(1).max(255),
  fileBase64: z.string().min(1).max(PLAN_UPLOAD_BODY_LIMIT),
  overrideOffRows: z.array(int4()).max(30).default([]),
});
export type EnrollmentPlanUploadBody = z.infer<typeof EnrollmentPlanUploadBody>;
export type EnrollmentPlanUploadInput = z.input<typeof EnrollmentPlanUploadBody>;

export const EnrollmentPlanUploadResponse = z.array(
  z.object({ returnCode: z.string(), returnDesc: z.string(), rowVersion: z.number().int() }),
);
export type EnrollmentPlanUploadResponse = z.infer<typeof EnrollmentPlanUploadResponse>;

/** The messages of spec/1 section 8 "plan upload" and "plan export". */
export const PLAN_UPLOAD_MESSAGES = {
  success: 'Plan uploaded and updated successfully',
  failed: 'Plan upload failed',
  updateFailed: 'Failed to update plan',
  readFailed: 'Failed to read file',
  genericFailed: 'Update failed.',
} as const;
export const PLAN_EXPORT_MESSAGES = {
  loading: 'Loading data...',
  done: 'Data has been loaded and saved into the excel template.',
  failed: (error: string) => `Error fetching study plan: ${error}`,
} as const;
