/** Actuals messages: spec/3 word for word where it has them, ours (marked) where it does not. */

/** spec/3 section 2: no Baseline Plan. */
export const NO_BASELINE_PLAN_MESSAGE =
  "A Study Plan with a status of 'Baseline Plan' is not available. Please create a Study Plan with a status of 'Baseline Plan' before trying to view the Study Actual data.";
/** Ours: a Baseline Plan exists but no CTMS extract was loaded (design/actuals.md section 2: say how to load one). */
export const NO_EXTRACT_MESSAGE =
  'No CTMS extract has been loaded for this study yet. Use IMPORT ACTUALS to upload the CTMS extract (xlsx template: Sites and Site Months sheets), or have your CTMS push it to POST /ctpo/study/{studyId}/CtmsExtract.';
/** Ours: the Baseline Plan has no finished run, so its plan line is unknown. */
export const NO_BASELINE_RUN_MESSAGE =
  'The Baseline Plan has no finished simulation run. Run the Baseline Plan before viewing the Study Actual data.';
/** spec/3 section 2: the CLOSED SITES tab's note. */
export const CLOSED_SITES_NOTE =
  'These sites will appear in the Outputs for past months but will not be factored into projecting patients for future months.';

/** Ours: the extract's bad-input messages (issue 14, Bad input). */
export const CTMS_MESSAGES = {
  unknownCountry: 'Not a known country (ISO 3166 alpha-3 code).',
  centralLocalRequired: 'Has to be Central or Local for this country.',
  noSiteGroup: 'This country has no site group.',
  activatedBeforeSelected: 'The site cannot be activated before it was selected.',
  nonNegativeCount: 'Has to be a whole number of 0 or more.',
  integerCount: 'Has to be an integer.',
  monthFormat: 'Has to be a month as YYYY-MM.',
  monthAfterAsOf: "The month is after the extract's as-of date.",
  monthBeforeStudy: 'The month is before the study started (the earliest site selection).',
  duplicateSite: 'Duplicate site number.',
  duplicateSiteMonth: 'Duplicate month for this site.',
  unknownSite: "No site with this number among the extract's sites (the Sites sheet).",
  asOfInFuture: 'The as-of time cannot be in the future.',
  tooManySites: 'At most 5000 sites.',
  tooManySiteMonths: 'At most 200000 site months.',
  required: "Can't be empty.",
  text: 'At most 200 characters.',
  currency: 'Has to be a 3-letter currency code.',
  status: 'Has to be a site status of at most 40 characters.',
  missingSheet: 'The workbook has no sheet with this name.',
  missingHeader: 'Expected this column header.',
  date: 'Has to be a date.',
} as const;

/** Ours: answers of the extract routes. */
export const CTMS_EXTRACT_LOADED_MESSAGE = 'CTMS extract loaded.';
export const CTMS_EXTRACT_REFUSED_MESSAGE = 'The CTMS extract was refused; nothing was loaded.';
