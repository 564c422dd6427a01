import { z } from 'zod';
import { CalendarDay } from '../schemas/common';
import { safeText } from '../schemas/safe-input';
import { PLAN_UPLOAD_BODY_LIMIT } from '../plan-spreadsheet/parsed-plan-schema';
import {
  CENTRAL_LOCAL_VALUES,
  CTMS_EXTRACT_SOURCES,
  CTMS_MAX_SITE_MONTHS,
  CTMS_MAX_SITES,
  CTMS_TEXT_MAX,
} from './constants';
import { CTMS_MESSAGES as M } from './messages';

const text = () => safeText({ error: M.required }).trim().max(CTMS_TEXT_MAX, { error: M.text });
const optionalText = () =>
  text()
    .nullish()
    .transform((v) => (v === '' || v == null ? null : v));
const day = () => CalendarDay.nullish().transform((v) => v ?? null);
/** A monthly count: a whole number of 0 or more (issue 14: negative or non-integer counts are refused). */
const count = () =>
  z
    .number({ error: M.integerCount })
    .int({ error: M.integerCount })
    .min(0, { error: M.nonNegativeCount })
    .max(1_000_000, { error: 'Has to be at most 1000000.' });
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** One CTMS site (design/actuals.md section 1). Dates are YYYY-MM-DD; the site group is derived on the server. */
export const CtmsSite = z
  .object({
    siteNumber: text().min(1, { error: M.required }),
    piName: optionalText(),
    /** ISO 3166 alpha-3 country code; it has to be one of GET /ctpo/countries. */
    countryIso3: z
      .string({ error: M.unknownCountry })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: M.unknownCountry }),
    /** Needed only where the country has Central and Local site groups (the USA). */
    centralLocal: z
      .enum(CENTRAL_LOCAL_VALUES, { error: 'Has to be Central or Local.' })
      .nullish()
      .transform((v) => v ?? null),
    siteSelectedDate: day(),
    siteActivatedDate: day(),
    siteActivationForecastDate: day(),
    siteStatus: safeText({ error: M.status })
      .trim()
      .min(1, { error: M.required })
      .max(40, { error: M.status }),
    contractStatus: optionalText(),
    currency: z
      .string({ error: M.currency })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: M.currency })
      .nullish()
      .or(z.literal(''))
      .transform((v) => (v ? v : null)),
  })
  .meta({ id: 'CtmsSite' });
export type CtmsSite = z.output<typeof CtmsSite>;
export type CtmsSiteInput = z.input<typeof CtmsSite>;

/** One site x calendar month of counts (patients in that month). */
export const CtmsSiteMonth = z
  .object({
    siteNumber: text().min(1, { error: M.required }),
    /** Calendar month as YYYY-MM. */
    month: z.string({ error: M.monthFormat }).regex(MONTH, { error: M.monthFormat }),
    screened: count(),
    enrolled: count(),
    completedTreatment: count(),
    droppedOut: count(),
    completedFollowUp: count(),
  })
  .meta({ id: 'CtmsSiteMonth' });
export type CtmsSiteMonth = z.output<typeof CtmsSiteMonth>;
export type CtmsSiteMonthInput = z.input<typeof CtmsSiteMonth>;

/**
 * Body of POST /ctpo/study/{studyId}/CtmsExtract (and the content of the xlsx upload): the whole extract, which
 * replaces the study's current one (the previous version is kept). asOf is when the CTMS data was taken (ISO 8601
 * with offset; defaults to the time of loading). The cross-row rules (known countries, activated not before
 * selected, months inside the study, unique site numbers and site months) are checked by the server, which answers
 * 400 with every error as { path, message } and writes nothing.
 */
export const CtmsExtractBody = z
  .object({
    asOf: z.iso.datetime({ offset: true, error: 'Has to be a date-time in ISO 8601 format.' }).optional(),
    sites: z.array(CtmsSite).max(CTMS_MAX_SITES, { error: M.tooManySites }),
    siteMonths: z.array(CtmsSiteMonth).max(CTMS_MAX_SITE_MONTHS, { error: M.tooManySiteMonths }),
  })
  .meta({ id: 'CtmsExtractBody' });
export type CtmsExtractBody = z.output<typeof CtmsExtractBody>;
export type CtmsExtractBodyInput = z.input<typeof CtmsExtractBody>;

/** A stored extract as the routes describe it (answer of the POST and upload, and part of the actuals answer). */
export const CtmsExtractSummary = z
  .object({
    extractId: z.number().int(),
    studyId: z.number().int(),
    /** 1 for the study's first extract, +1 for each later one. */
    version: z.number().int(),
    /** When the CTMS data was taken (ISO 8601, UTC): the actuals' as-of timestamp. */
    asOf: z.string(),
    loadedBy: z.string(),
    /** When it was loaded (ISO 8601, UTC). */
    loadedAt: z.string(),
    source: z.enum(CTMS_EXTRACT_SOURCES),
    siteCount: z.number().int(),
    siteMonthCount: z.number().int(),
  })
  .meta({ id: 'CtmsExtractSummary' });
export type CtmsExtractSummary = z.infer<typeof CtmsExtractSummary>;

/**
 * Body of POST /ctpo/study/{studyId}/CtmsExtract/upload: the filled template (.xlsx, base64, at most 5 MB, the
 * same limits as the plan upload) and optionally the as-of time (defaults to the time of loading).
 */
export const CtmsExtractUploadBody = z
  .object({
    fileName: safeText().min(1).max(255),
    fileBase64: z.string().min(1).max(PLAN_UPLOAD_BODY_LIMIT),
    asOf: z.iso.datetime({ offset: true, error: 'Has to be a date-time in ISO 8601 format.' }).optional(),
  })
  .meta({ id: 'CtmsExtractUploadBody' });
export type CtmsExtractUploadBody = z.infer<typeof CtmsExtractUploadBody>;
