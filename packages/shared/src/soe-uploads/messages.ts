/**
 * Upload and sheet texts of spec/2 sections 5 and 8 (ePrice, country costs, site contract), word for word. The
 * site-fee warnings are only paraphrased by the spec: ours, each ending as it says with SITE_COSTS_NOT_IMPORTED.
 * Those marked "ours" fill gaps the spec leaves.
 */
export const EPRICE_SHEET = 'Per Procedure';
export const SITE_FEES_SHEET = 'Invoiceables and Site Fees';

/** Row labels of the 'Per Procedure' sheet, searched in its first four columns. */
export const EPRICE_LABELS = {
  visitName: 'Predict Visit Name',
  visitCost: 'Total Cost Per Visit',
  currency: 'Currency',
  /** A visit-name column with this name (the sheet's total) is ignored. */
  total: 'Total',
} as const;

/** Labels of the 'Invoiceables and Site Fees' sheet. */
export const SITE_FEE_LABELS = {
  siteCosts: 'Site Costs',
  totalAmount: 'Total Amount Per Site Cost',
  frequency: 'Forecasted Frequency',
} as const;

export const SITE_COSTS_NOT_IMPORTED = 'Site costs have not been imported.';

export const EPRICE_MESSAGES = {
  // Upload (spec/2 section 8).
  uploaded: 'Uploaded successfully',
  uploadFailed: 'Failed to upload',
  statusFailed: 'Upload failed. Please try again.',
  statusSucceeded: 'Upload completed successfully!',
  /** Another upload of the SOE is queued or running (ours). */
  inProgress: 'An ePrice upload of this SOE is already in progress.',
  costDetected:
    'Cost data has been detected on this SOE. As a result, uploading of a new SOE to replace the data is being prevented. If adjustments are needed to the SOE either create a new SOE or make the edits directly to the SOE in the Visit, Assessment and SOE Mapping tables.',
  // 'Per Procedure' sheet.
  missingSheet: "Could not find 'Per Procedure' sheet in the workbook",
  missingVisitNameRow: "The 'Predict Visit Name' row or row label is missing from the 'Per Procedure' sheet.",
  missingVisitCostRow:
    "The 'Total Cost Per Visit' row or row label is missing from the 'Per Procedure' sheet.",
  countMismatch:
    "The number of visit names doesn't match the number of visit costs in the 'Per Procedure' sheet.",
  unknownCurrency: 'The currency selected in the upload file is not a valid currency in Predict.',
  visitNamesMismatch:
    "The visit names entered in the 'Predict Visit Names' row don't match with the expected visit names in Predict on the 'Per Procedure' sheet. Costs will not be uploaded.",
  /** The site costs the ePrice adds as assessments would take the SOE past its row limit (ours). */
  tooManyAssessments: (added: number, total: number, max: number) =>
    `With the ePrice's ${added.toLocaleString('en-US')} new site costs the SOE would have ${total.toLocaleString('en-US')} assessments; an SOE can have at most ${max.toLocaleString('en-US')}.`,
  noAssessments:
    "No valid assessment codes were found in Column A of the 'Per Procedure' sheet. Assessment Costs will not be uploaded.",
  // 'Invoiceables and Site Fees' sheet (warnings).
  missingSiteFeesSheet:
    "The 'Invoiceables and Site Fees' sheet was not found. Site costs have not been imported.",
  missingSiteFeeRows: `The 'Site Costs' or 'Total Amount Per Site Cost' row or row label is missing from the 'Invoiceables and Site Fees' sheet. ${SITE_COSTS_NOT_IMPORTED}`, // ours (paraphrased by the spec)
  missingSiteFeeColumns: `The 'Site Costs' or 'Forecasted Frequency' columns are missing from the 'Invoiceables and Site Fees' sheet. ${SITE_COSTS_NOT_IMPORTED}`, // ours (paraphrased by the spec)
  noSiteFeeTotal: `No Total Amount was calculated on the 'Invoiceables and Site Fees' sheet. ${SITE_COSTS_NOT_IMPORTED}`, // ours (paraphrased by the spec)
  noValidSiteCosts: `No valid Site Costs were found in Column A of the 'Invoiceables and Site Fees' sheet. ${SITE_COSTS_NOT_IMPORTED}`, // ours (paraphrased by the spec)
} as const;

export const COUNTRY_COST_MESSAGES = {
  // Country default cost import (Max / Min / Avg).
  imported: 'Uploaded successfully',
  importFailed: 'Failed to upload',
  noDefaultCosts: 'No Default Assessment Costs Available',
  // Upload Country Costs.
  uploaded: 'Country costs uploaded successfully',
  uploadFailed: 'Failed to upload country costs',
  processFailed: 'Failed to process file',
  noValidData: 'No valid data found in any sheet',
  noValidDataStatus: 'Upload failed - no valid data found.',
  unknownError: 'Unknown error occurred',
  errorsFound: 'Errors Found:',
  /** A sheet with data whose name is neither a country (site group) name nor an ISO3 code of the SOE (ours). */
  unknownCountry: 'The sheet name is not a country of this Schedule of Events (use its name or ISO3 code).',
  /** Default costs in a currency the country's costs cannot be converted from (ours). */
  defaultCostCurrency: (from: string, to: string) =>
    `The default costs are in ${from} and cannot be converted to the country's currency (${to}).`,
  /** Column G empty on a row with a cost in column H (ours). */
  nameRequired: 'An assessment name is required in column G.',
} as const;

export const SITE_CONTRACT_MESSAGES = {
  uploaded: 'Site contract uploaded successfully',
  uploadFailed: 'Failed to upload site contract',
  unknownError: 'Unknown error occurred',
  processFailed: 'Failed to process file',
  failedStatus: 'Upload failed.',
  completedStatus: 'Upload completed.',
  errorsFound: 'Errors Found:',
  // Template checks (ours; the spec shows no template).
  missingSheet: "The workbook has no 'Site Contract' sheet: use the site contract template.",
  header: (expected: string) => `Has to read '${expected}' (the site contract template's heading).`,
  siteNumberRequired: 'The site number is required in cell B1.',
  siteNumberMismatch: (expected: string) =>
    `The file is the contract of another site (expected ${expected}).`,
  type: "Has to be 'Visit' or 'Assessment'.",
  nameRequired: 'A name is required.',
  oneCurrency: 'All rows of a site contract have to be in one currency.',
  /** A contract row in another currency than the site's (ours: set the site's currency first). */
  siteCurrency: (siteCurrency: string) =>
    `Has to be the site's currency (${siteCurrency}); set the site's currency before uploading its contract.`,
  /** The siteId / siteNumber pair names no site of the SOE (ours). */
  unknownSite: 'The site is not a site of this Schedule of Events.',
  noRows: 'The site contract lists no visits or assessments.',
} as const;

/** Progress of the site-contract dialog (spec/2 section 4): idle, payload sent, done. */
export const SITE_CONTRACT_PROGRESS = { start: 0, sent: 50, done: 100 } as const;

/** Targets of the ePrice upload (spec/2 section 7, uploadType). */
export const EPRICE_UPLOAD_TYPES = ['BudgetVue', 'Predict', 'BudgetVue_Predict'] as const;
export type EpriceUploadType = (typeof EPRICE_UPLOAD_TYPES)[number];

/**
 * Where an ePrice upload stands from the SOE's uploadStatus text (spec/2 section 4): finished when the text is
 * longer than 40 characters, then failed if it contains 'failed' (any case), else succeeded.
 */
export function epriceUploadOutcome(status: string | null | undefined): 'pending' | 'failed' | 'succeeded' {
  if (!status || status.length <= 40) return 'pending';
  return status.toLowerCase().includes('failed') ? 'failed' : 'succeeded';
}

/**
 * The SOE's uploadStatus while and after an ePrice job runs (ours; the spec fixes only the 40-character rule of
 * epriceUploadOutcome): pending texts are short, final ones always longer than 40 characters.
 */
export const EPRICE_STATUS = {
  queued: 'Queued',
  processing: 'Processing',
  succeeded: (detail: string) => `Upload completed successfully. ${detail}`.padEnd(41, '.'),
  /** Contains 'failed' as the client looks for it, with the reason. */
  failed: (reason: string) => `Upload failed: ${reason}`.padEnd(41, '.'),
} as const;
