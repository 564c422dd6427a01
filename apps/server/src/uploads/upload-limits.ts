import { ZIP_LIMITS } from '@predict/shared';

/**
 * What one upload may cost the server (issue 12 item 4): at most 256 MB and 5 s, and no delay to other requests.
 * The zip is checked on the request's thread (cheap: nothing is inflated); every part is then inflated and the
 * workbook parsed in a worker thread of its own with these limits.
 */
export const UPLOAD_LIMITS = {
  /** Hard budget of inflated bytes per upload; no entry is inflated past its stated size either. */
  unpackedBytes: ZIP_LIMITS.maxUnpackedBytes,
  /**
   * The worker's V8 heap. Outside it: the rebuilt zip and exceljs' copy of a part (each within unpackedBytes), and
   * the thread's own start-up (about 25 MB): 128 + 16 + 2 x 32 + 25 stays under 256 MB.
   */
  maxOldGenerationSizeMb: 128,
  maxYoungGenerationSizeMb: 16,
  stackSizeMb: 4,
  /** From the thread having loaded its code to its answer; the thread is terminated after it. */
  timeoutMs: 5_000,
  /** Uploads parsed at once; with the others waiting, at most maxWaiting; beyond that 503. */
  concurrency: 2,
  maxWaiting: 4,
} as const;

export type UploadLimits = { -readonly [K in keyof typeof UPLOAD_LIMITS]: number };

/**
 * An ePrice job (issue 16: a 2 MB workbook in under 10 s): read from the XML parts (no exceljs model), so the heap
 * stays as it is; only the time is raised, the job having no request waiting on it.
 */
export const EPRICE_UPLOAD_LIMITS: UploadLimits = { ...UPLOAD_LIMITS, timeoutMs: 10_000 };
