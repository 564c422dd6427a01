import { z } from 'zod';
import { CtmsExtractBody } from '../actuals/ctms-extract-schemas';
import { ParsedCountry, ParsedOverall } from '../plan-spreadsheet/parsed-plan-schema';
import { ZIP_LIMITS } from '../plan-spreadsheet/zip-inspection';
import { safeText } from '../schemas/safe-input';

/**
 * Bulk import of completed studies (issue 24 part 4): per study its identity, its baseline plan and its CTMS
 * extract, applied all or nothing per study. POST /ctpo/admin/completed-studies/import takes them as JSON;
 * POST /ctpo/admin/completed-studies/upload takes a zip of spreadsheets with a manifest (import-manifest.ts).
 */
export const COMPLETED_STUDIES_IMPORT_PATH = '/ctpo/admin/completed-studies/import';
export const COMPLETED_STUDIES_UPLOAD_PATH = '/ctpo/admin/completed-studies/upload';

/** Studies one request may carry. */
export const COMPLETED_IMPORT_MAX_STUDIES = 100;
/** Countries of one imported plan: the JSON may name more than the plan spreadsheet's 30 rows. */
export const COMPLETED_IMPORT_MAX_COUNTRIES = 60;
/** The zip: at most 20 MB (two spreadsheets of a few hundred kB per study), unpacking to at most 64 MB. */
export const COMPLETED_ZIP_LIMITS = {
  ...ZIP_LIMITS,
  maxBytes: 20 * 1024 * 1024,
  maxEntries: 2 * COMPLETED_IMPORT_MAX_STUDIES + 50,
  maxUnpackedBytes: 64 * 1024 * 1024,
} as const;
/** JSON bodies of both routes: the zip's base64 (4/3) with room to spare, or the studies as JSON. */
export const COMPLETED_IMPORT_BODY_LIMIT = Math.ceil((COMPLETED_ZIP_LIMITS.maxBytes * 4) / 3) + 64 * 1024;

/** The name the Baseline Plan gets when the import names none. */
export const IMPORTED_BASELINE_PLAN_NAME = 'Baseline Plan (imported)';

const text = (max: number) => safeText().trim().min(1).max(max);
const optionalText = (max: number) => safeText().trim().max(max).nullable().default(null);

/** What the studies table needs of a study (the rest of its CRM fields stay empty). */
export const ImportedStudyIdentity = z.object({
  projectId: text(40),
  studyName: text(200),
  sponsorName: text(200),
  indication: optionalText(500),
  therapeuticArea: optionalText(200),
  phase: optionalText(50),
  protocolId: optionalText(100),
});
export type ImportedStudyIdentity = z.infer<typeof ImportedStudyIdentity>;

/**
 * The baseline plan as the plan spreadsheet upload reads it (ParsedPlan: the Overall Parameters and Countries
 * sheets, null = empty cell), a Rates plan; `studyPlanName` defaults to IMPORTED_BASELINE_PLAN_NAME.
 */
export const ImportedPlan = z.object({
  studyPlanName: text(100).optional(),
  overall: ParsedOverall,
  countries: z.array(ParsedCountry).min(1).max(COMPLETED_IMPORT_MAX_COUNTRIES),
});
export type ImportedPlan = z.infer<typeof ImportedPlan>;

export const CompletedStudyImportItem = z.object({
  study: ImportedStudyIdentity,
  plan: ImportedPlan,
  extract: CtmsExtractBody,
});
export type CompletedStudyImportItem = z.infer<typeof CompletedStudyImportItem>;
export type CompletedStudyImportItemInput = z.input<typeof CompletedStudyImportItem>;

export const CompletedStudiesImportBody = z
  .object({ studies: z.array(CompletedStudyImportItem).min(1).max(COMPLETED_IMPORT_MAX_STUDIES) })
  .meta({ id: 'CompletedStudiesImportBody' });
export type CompletedStudiesImportBody = z.infer<typeof CompletedStudiesImportBody>;
export type CompletedStudiesImportInput = z.input<typeof CompletedStudiesImportBody>;

export const CompletedStudiesUploadBody = z
  .object({
    fileName: safeText().min(1).max(255),
    fileBase64: z.string().min(1).max(COMPLETED_IMPORT_BODY_LIMIT),
  })
  .meta({ id: 'CompletedStudiesUploadBody' });
export type CompletedStudiesUploadBody = z.infer<typeof CompletedStudiesUploadBody>;

/** One reason a study was refused: where (a JSON path, 'Sites!C4', 'plan.xlsx Countries!F3', ...) and why. */
export const CompletedStudyReason = z.object({ path: z.string().nullable(), message: z.string() });
export type CompletedStudyReason = z.infer<typeof CompletedStudyReason>;

export const CompletedStudyImportResult = z.object({
  projectId: z.string(),
  studyName: z.string().nullable(),
  status: z.enum(['loaded', 'refused']),
  studyId: z.number().int().nullable(),
  studyPlanId: z.number().int().nullable(),
  /** The baseline of record's forecast run. */
  simRunId: z.number().int().nullable(),
  extractId: z.number().int().nullable(),
  reasons: z.array(CompletedStudyReason),
});
export type CompletedStudyImportResult = z.infer<typeof CompletedStudyImportResult>;

export const CompletedStudiesImportResponse = z
  .object({
    message: z.string(),
    loaded: z.number().int(),
    refused: z.number().int(),
    results: z.array(CompletedStudyImportResult),
  })
  .meta({ id: 'CompletedStudiesImportResponse' });
export type CompletedStudiesImportResponse = z.infer<typeof CompletedStudiesImportResponse>;

/** The refusals' and the answer's texts. */
export const COMPLETED_IMPORT_MESSAGES = {
  tooLarge: `The file is larger than ${COMPLETED_ZIP_LIMITS.maxBytes / 1024 / 1024} MB.`,
  done: (loaded: number, refused: number) =>
    `${loaded} ${loaded === 1 ? 'study' : 'studies'} loaded, ${refused} refused.`,
  alreadyPresent: 'A study with this project code exists already; nothing was loaded for it.',
  twiceInFile: 'This project code appears more than once in the import; none of its entries was loaded.',
  countryNotInPlan: (site: string, iso3: string) =>
    `Site ${site} is in ${iso3}, a country the baseline plan does not have.`,
  activatedBeforeStart: (site: string, activated: string, start: string) =>
    `Site ${site} was activated on ${activated}, before the CRO project start (${start}).`,
  noActivation: 'The extract never started: no site was activated.',
  noPatient: 'The extract never started: no patient was enrolled.',
  planNotRunnable: 'The baseline plan cannot be run:',
  planRefused: 'The baseline plan was refused:',
  extractRefused: 'The CTMS extract was refused:',
  engineRefused: 'The engine refused the baseline plan:',
  // The zip.
  notZip: 'The file is not a zip archive (.zip).',
  extension: 'Only .zip files are accepted.',
  noManifest: 'The zip has no manifest.csv at its top level.',
  unexpectedEntry: (name: string) =>
    `The zip holds ${name}, which is neither the manifest nor a .xlsx spreadsheet.`,
  missingFile: (name: string) => `The manifest names ${name}, which the zip does not hold.`,
  manifestEmpty: 'The manifest lists no study.',
} as const;
