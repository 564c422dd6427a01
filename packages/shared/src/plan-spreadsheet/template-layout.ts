import { SEASONAL_MONTH_NAMES } from '../site-group/seasonal-month-names';
import { ACTIVATION_PROFILE_MAX_ROWS, COUNTRY_START_UP_SIZES, SITE_ID_SIZES } from '../plan/constants';
import { OVERRIDABLE_COUNTRY_MILESTONES } from '../plan-countries/country-milestones';
import { step1Field, STEP1_TARGETS, type Step1FieldKey, type Step1TargetKey } from '../plan/step1-fields';

/**
 * The plan spreadsheet (spec/1 sections 2, 5 and 9; issue 6 item 5): the template the web app ships as a static
 * asset, fills on EXPORT PLAN and the server reads back on UPLOAD PLAN. Both sides and the generator script use
 * this one description of where everything is, so a value exported lands in the cell the upload reads.
 */
export const PLAN_SHEETS = {
  readme: 'README',
  overall: 'Overall Parameters',
  countries: 'Countries',
} as const;

/** Where the web app serves the template (apps/web/public/templates). */
export const PLAN_TEMPLATE_PATH = '/templates/study-plan-template.xlsx';
/** spec/1 section 9: up to 30 country rows in the plan spreadsheet. */
export const MAX_COUNTRY_ROWS = 30;
/** spec/1 section 9: the spacing of activation cards whose days are missing. */
export const FALLBACK_CARD_SPACING_DAYS = 30;
export const YES = 'Yes';
export const NO = 'No';

export type CellKind = 'text' | 'integer' | 'decimal' | 'date' | 'yesNo' | 'choice';

/** One row of the Overall Parameters sheet: label in A, value in B, notes in C. */
export interface OverallField {
  key: OverallKey;
  label: string;
  kind: CellKind;
  choices?: readonly string[];
  /** False: shown for reference, not written on upload (the target plan keeps its own). */
  applied: boolean;
  note: string;
}

export const OVERALL_KEYS = [
  'projectId',
  'studyName',
  'studyPlanName',
  'studyPlanTypeDetail',
  'studyPlanDescr',
  'croProjectStartDateMillis',
  'finalProtocolStartDateMillis',
  'sitesToActivate',
  'subjectsToScreen',
  'enrollmentRate',
  'overallEnrollmentDuration',
  'screeningPeriodDuration',
  'treatmentDuration',
  'followUpDuration',
  'screenFailRate',
  'dropOutRate',
  'patientsEnrolled',
  'patientsCompletingTreatment',
  'patientsCompletingFollowUp',
  'pauseEnrollmentAfterPatient',
  'pauseEnrollmentDays',
] as const;
export type OverallKey = (typeof OVERALL_KEYS)[number];

const f = (key: OverallKey, label: string, kind: CellKind, note: string, applied = true): OverallField => ({
  key,
  label,
  kind,
  applied,
  note,
});

/** A step-1 field's row: label and kind from the step-1 field list (the durations show their unit). */
const step1 = (key: Step1FieldKey, note: string, options: { label?: string; applied?: boolean } = {}) => {
  const field = step1Field(key);
  const label = field.unit === 'days' ? `${field.label} (days)` : field.label;
  return f(key, options.label ?? label, field.kind, note, options.applied);
};
/** A step-1 target's row (a whole number: a parameter's or milestone's lower bound). */
const target = (key: Step1TargetKey, note: string) =>
  f(key, STEP1_TARGETS.find((t) => t.key === key)!.label, 'integer', note);

export const OVERALL_FIELDS: readonly OverallField[] = [
  f('projectId', 'Project ID', 'text', 'For reference; not read on upload.', false),
  f('studyName', 'Study Name', 'text', 'For reference; not read on upload.', false),
  step1('studyPlanName', 'For reference; the plan you upload into keeps its name.', {
    label: 'Plan Name',
    applied: false,
  }),
  f(
    'studyPlanTypeDetail',
    'Plan Type',
    'text',
    'Rates, Duration, Cohort (D), ... Has to be the type of the plan you upload into.',
  ),
  step1('studyPlanDescr', 'Required, at most 2000 characters.'),
  step1('croProjectStartDateMillis', 'A date (DD-Mon-YYYY or an Excel date).'),
  step1('finalProtocolStartDateMillis', 'A date.'),
  target('sitesToActivate', 'Whole number >= 1.'),
  target('subjectsToScreen', 'Whole number >= 1.'),
  step1('enrollmentRate', 'Rates plans: 0 to 100.'),
  step1('overallEnrollmentDuration', 'Duration plans: months, >= 1.'),
  step1('screeningPeriodDuration', 'Whole number >= 0.'),
  step1('treatmentDuration', 'Whole number >= 1.'),
  step1('followUpDuration', 'Optional, whole number >= 0.'),
  step1('screenFailRate', '0 to 0.99; leave empty when Patients Enrolled is given.'),
  step1('dropOutRate', '0 to 0.99; leave empty when Completing Treatment is given.'),
  target('patientsEnrolled', 'Instead of the screen fail rate.'),
  target('patientsCompletingTreatment', 'Instead of the drop-out rate.'),
  target('patientsCompletingFollowUp', 'Optional.'),
  step1('pauseEnrollmentAfterPatient', '1 to 9999, with the next.'),
  step1('pauseEnrollmentDays', '1 to 9999, with the previous.'),
];

export const OVERALL_HEADER_ROW = 1;
export const OVERALL_LABEL_COLUMN = 'A';
export const OVERALL_VALUE_COLUMN = 'B';
export const OVERALL_NOTE_COLUMN = 'C';
/** The sheet row of an overall field (header in row 1). */
export const overallRow = (key: OverallKey) => OVERALL_FIELDS.findIndex((x) => x.key === key) + 2;

/** One column of the Countries sheet (one row per site group). */
export interface CountryColumn {
  key: string;
  header: string;
  kind: CellKind;
  choices?: readonly string[];
  width: number;
}

export const MONTH_NAMES = SEASONAL_MONTH_NAMES;

/** The patient tiers of the country inputs: key prefix, goal name and header. */
export const COUNTRY_TIERS = [
  { key: 'screened', goal: 'NUM_SUBJECTS_SCREENED', header: 'Patients Screened' },
  { key: 'enrolled', goal: 'NUM_SUBJECTS_ENROLLED', header: 'Patients Enrolled' },
  { key: 'treated', goal: 'NUM_SUBJECTS_TREATED', header: 'Patients Completing Treatment' },
  { key: 'completed', goal: 'NUM_SUBJECTS_COMPLETED', header: 'Patients Completing Follow-up' },
] as const;

const col = (key: string, header: string, kind: CellKind, width = 12, choices?: readonly string[]) => ({
  key,
  header,
  kind,
  width,
  ...(choices ? { choices } : {}),
});

export const cardKey = (index: number, part: 'sites' | 'days') => `card.${index}.${part}`;
export const seasonKey = (month: number) => `season.${month}`;
export const milestoneKey = (milestoneId: number, part: 'override' | 'date' | 'comment') =>
  `milestone.${milestoneId}.${part}`;

export const COUNTRY_COLUMNS: readonly CountryColumn[] = [
  col('siteGroupId', 'Site Group ID', 'integer', 12),
  col('siteGroupName', 'Site Group Name', 'text', 22),
  col('iso3', 'Country ISO3', 'text', 10),
  col('sitesLower', 'Activated Sites Lower', 'integer'),
  col('sitesUpper', 'Activated Sites Upper', 'integer'),
  col('siteIdEffort', 'Site ID Effort', 'choice', 12, SITE_ID_SIZES),
  col('startUpTimeFrame', 'Start-Up Time Frame', 'choice', 14, COUNTRY_START_UP_SIZES),
  col('rate', 'Enrollment Rate (patients/site/month)', 'decimal', 16),
  col('screenFail', 'Screen Fail Rate', 'decimal'),
  col('dropOut', 'Drop-out Rate', 'decimal'),
  ...COUNTRY_TIERS.flatMap((t) => [
    col(`${t.key}Lower`, `${t.header} Lower`, 'integer', 14),
    col(`${t.key}Upper`, `${t.header} Upper`, 'integer', 14),
  ]),
  col('pauseAfter', 'Pause Enrollment After Patient #', 'integer', 14),
  col('pauseDays', 'Resume Screening After (days)', 'integer', 14),
  col('fatigueDays', 'Site Fatigue Days', 'integer'),
  col('fatigueRate', 'Site Fatigue Rate', 'decimal'),
  ...MONTH_NAMES.map((m, i) => col(seasonKey(i), `Seasonal ${m}`, 'decimal', 9)),
  col('activationOverride', 'Override Activation Profile', 'yesNo', 12, [YES, NO]),
  ...Array.from({ length: ACTIVATION_PROFILE_MAX_ROWS }, (_, i) => [
    col(cardKey(i, 'sites'), `Card ${i + 1} # of Sites`, 'integer', 10),
    col(cardKey(i, 'days'), `Card ${i + 1} Days`, 'integer', 10),
  ]).flat(),
  ...OVERRIDABLE_COUNTRY_MILESTONES.flatMap((m) => [
    col(milestoneKey(m.milestoneId, 'override'), `${m.label} Override`, 'yesNo', 12, [YES, NO]),
    col(milestoneKey(m.milestoneId, 'date'), `${m.label} Date`, 'date', 14),
    col(milestoneKey(m.milestoneId, 'comment'), `${m.label} Comment`, 'text', 24),
  ]),
];

export const COUNTRY_HEADER_ROW = 1;
export const COUNTRY_FIRST_ROW = 2;
export const COUNTRY_LAST_ROW = COUNTRY_FIRST_ROW + MAX_COUNTRY_ROWS - 1;

/** Excel column letters of a 1-based column number (1 -> A, 27 -> AA). */
export function columnLetter(column: number): string {
  let n = column;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** The 1-based column number of a Countries column key. */
export function countryColumnNumber(key: string): number {
  const index = COUNTRY_COLUMNS.findIndex((c) => c.key === key);
  if (index < 0) throw new Error(`Unknown countries column ${key}`);
  return index + 1;
}

export const countryColumnLetter = (key: string) => columnLetter(countryColumnNumber(key));
