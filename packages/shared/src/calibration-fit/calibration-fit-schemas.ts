import { z } from 'zod';
import { IdParam } from '../schemas/common';

/**
 * Fitted uncertainty (issue 24 part 3): the organisation's calibration versions, fitted to its completed studies
 * (the engine's fitPortfolio), their cross-validated coverage, and the fit job's progress. One schema for the server
 * (its answers) and the web panel (which checks what it reads).
 */

export const CALIBRATION_FITS_PATH = '/ctpo/admin/calibration/fits';
export const CALIBRATION_FIT_PATH = '/ctpo/admin/calibration/fits/{id}';
export const CALIBRATION_VERSIONS_PATH = '/ctpo/admin/calibration/versions';
export const CALIBRATION_APPROVE_PATH = '/ctpo/admin/calibration/versions/{n}/approve';
export const calibrationFitUrl = (id: number) => CALIBRATION_FIT_PATH.replace('{id}', String(id));
export const calibrationApproveUrl = (n: number) => CALIBRATION_APPROVE_PATH.replace('{n}', String(n));

/**
 * The uncertainty settings the portfolio fit estimates (the engine's RATE_PARAMETERS and the start-up CV): a run
 * of an unpinned plan takes these from the approved version; the plan's other settings stay its own.
 */
export const CALIBRATED_SETTING_KEYS = [
  'studyRateCv',
  'countryRateCv',
  'siteRateCv',
  'startupCv',
  'siteInactivationPerYear',
  'siteDecayPerYear',
] as const;
export type CalibratedSettingKey = (typeof CALIBRATED_SETTING_KEYS)[number];
export const CALIBRATED_SETTING_LABELS: Record<CalibratedSettingKey, string> = {
  studyRateCv: 'Study rate CV',
  countryRateCv: 'Country rate CV',
  siteRateCv: 'Site rate CV',
  startupCv: 'Start-up CV',
  siteInactivationPerYear: 'Site inactivation (per site-year)',
  siteDecayPerYear: 'Site decay (per year)',
};

const shape = <T extends z.ZodType>(value: T) =>
  Object.fromEntries(CALIBRATED_SETTING_KEYS.map((k) => [k, value])) as Record<CalibratedSettingKey, T>;

/**
 * One fitted setting: `value` is what runs use, `se` the approximate standard error of the estimate (null where the
 * fit could not compute it), `estimate` the maximum-likelihood estimate where the value is its predictive widening
 * sqrt(estimate^2 + se^2) (the rate CVs; absent on versions fitted before it, whose value is the estimate).
 */
export const FittedSetting = z.object({
  value: z.number(),
  se: z.number().nullable(),
  estimate: z.number().optional(),
});
export const CalibrationFittedSettings = z
  .object(shape(FittedSetting))
  .meta({ id: 'CalibrationFittedSettings' });
export type CalibrationFittedSettings = z.infer<typeof CalibrationFittedSettings>;
/** Plain values of the calibrated settings. */
export const CalibrationSettingValues = z.object(shape(z.number())).meta({ id: 'CalibrationSettingValues' });
export type CalibrationSettingValues = z.infer<typeof CalibrationSettingValues>;

/** A share k / n with its 90% Wilson interval; share null when n = 0 (the interval is then [0, 1]). */
export const CalibrationFitShare = z.object({
  count: z.number().int(),
  n: z.number().int(),
  share: z.number().nullable(),
  lo: z.number(),
  hi: z.number(),
});
export type CalibrationFitShare = z.infer<typeof CalibrationFitShare>;

/** How one set of settings did on the later studies of every fold: LPI inside P10-P90 (80%) and below P50 (50%). */
export const CalibrationSettingsCoverage = z.object({
  n: z.number().int(),
  coverage: CalibrationFitShare,
  belowMedian: CalibrationFitShare,
});
export type CalibrationSettingsCoverage = z.infer<typeof CalibrationSettingsCoverage>;

/**
 * Time-ordered cross-validation: per fold a cut date (a quantile of the actual LPI dates), the studies fitted on
 * (finished before it) and the later ones scored with that fold's fit (each study once, by the last fold before
 * it); the current settings (the approved version's, else the engine defaults) scored on the same studies.
 */
export const CalibrationCrossValidation = z
  .object({
    folds: z.array(
      z.object({
        cutMillis: z.number(),
        fittedStudies: z.number().int(),
        scoredStudies: z.number().int(),
      }),
    ),
    replications: z.number().int(),
    seed: z.number().int(),
    /** The approved version the current settings came from; null: the engine defaults. */
    currentVersion: z.number().int().nullable(),
    currentSettings: CalibrationSettingValues,
    current: CalibrationSettingsCoverage,
    fitted: CalibrationSettingsCoverage,
    /** Seconds the fit and the cross-validation took in the worker. */
    seconds: z.number(),
  })
  .meta({ id: 'CalibrationCrossValidation' });
export type CalibrationCrossValidation = z.infer<typeof CalibrationCrossValidation>;

export const CALIBRATION_VERSION_STATUSES = ['fitted', 'approved', 'superseded'] as const;
export const CalibrationVersion = z
  .object({
    version: z.number().int(),
    status: z.enum(CALIBRATION_VERSION_STATUSES),
    settings: CalibrationFittedSettings,
    studyIds: z.array(z.number().int()),
    figures: CalibrationCrossValidation,
    createdBy: z.string(),
    createdAt: z.string(),
    approvedBy: z.string().nullable(),
    approvedAt: z.string().nullable(),
  })
  .meta({ id: 'CalibrationVersion' });
export type CalibrationVersion = z.infer<typeof CalibrationVersion>;

/** GET /ctpo/admin/calibration/versions: newest first, with the approved one and the engine defaults. */
export const CalibrationVersionList = z
  .object({
    versions: z.array(CalibrationVersion),
    approvedVersion: z.number().int().nullable(),
    defaults: CalibrationSettingValues,
  })
  .meta({ id: 'CalibrationVersionList' });
export type CalibrationVersionList = z.infer<typeof CalibrationVersionList>;

export const CALIBRATION_FIT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type CalibrationFitStatusName = (typeof CALIBRATION_FIT_STATUSES)[number];
/** A fit job: its status, progress (0-1 with the step's label) and, when done, the version it made. */
export const CalibrationFitStatus = z
  .object({
    fitId: z.number().int(),
    status: z.enum(CALIBRATION_FIT_STATUSES),
    progress: z.number(),
    step: z.string(),
    /** Why it failed; null otherwise. */
    message: z.string().nullable(),
    studies: z.number().int(),
    requestedBy: z.string(),
    requestedAt: z.string(),
    finishedAt: z.string().nullable(),
    version: CalibrationVersion.nullable(),
  })
  .meta({ id: 'CalibrationFitStatus' });
export type CalibrationFitStatus = z.infer<typeof CalibrationFitStatus>;

export const CalibrationFitParams = z.object({ id: IdParam });
export const CalibrationVersionParams = z.object({ n: IdParam });
