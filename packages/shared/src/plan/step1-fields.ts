import type { StudyMilestoneName, StudyParameterName } from './constants';

/** How a step-1 value is typed: free text, a calendar day (millis at noon UTC), a whole number or a decimal. */
export type Step1FieldKind = 'text' | 'date' | 'integer' | 'decimal';

export interface Step1Field {
  /** The name in the step-1 body, in GET /ctpo/plan and in the form. */
  key: string;
  /** The label the form shows (spec/1 section 2, Step 1). */
  label: string;
  kind: Step1FieldKind;
  /** The unit the form shows beside the value. */
  unit?: string;
  /** The study_plan column it is stored in (the drizzle key): dates drop the Millis suffix. */
  column: string;
}

/**
 * The plan's step-1 scalar fields, in form order. The presenter, the step-1 save, the simulation input, the plan
 * spreadsheet and the web form all take the list from here, so a field added to step 1 is added once.
 */
export const STEP1_FIELDS = [
  { key: 'studyPlanName', label: 'Study Plan Name', kind: 'text', column: 'studyPlanName' },
  { key: 'studyPlanDescr', label: 'Description', kind: 'text', column: 'studyPlanDescr' },
  {
    key: 'croProjectStartDateMillis',
    label: 'CRO Project Start Date',
    kind: 'date',
    column: 'croProjectStartDate',
  },
  {
    key: 'finalProtocolStartDateMillis',
    label: 'Final Protocol Start Date',
    kind: 'date',
    column: 'finalProtocolStartDate',
  },
  {
    key: 'enrollmentRate',
    label: 'Enrollment Rate',
    kind: 'decimal',
    unit: 'patients/site/month',
    column: 'enrollmentRate',
  },
  {
    key: 'overallEnrollmentDuration',
    label: 'Overall Enrollment Duration',
    kind: 'integer',
    unit: 'months',
    column: 'overallEnrollmentDuration',
  },
  {
    key: 'screeningPeriodDuration',
    label: 'Screening Duration',
    kind: 'integer',
    unit: 'days',
    column: 'screeningPeriodDuration',
  },
  {
    key: 'treatmentDuration',
    label: 'Treatment Duration',
    kind: 'integer',
    unit: 'days',
    column: 'treatmentDuration',
  },
  {
    key: 'followUpDuration',
    label: 'Follow-up Duration',
    kind: 'integer',
    unit: 'days',
    column: 'followUpDuration',
  },
  { key: 'screenFailRate', label: 'Screen Fail Rate', kind: 'decimal', column: 'screenFailRate' },
  { key: 'dropOutRate', label: 'Drop-out Rate', kind: 'decimal', column: 'dropOutRate' },
  {
    key: 'pauseEnrollmentAfterPatient',
    label: 'Pause Enrollment After Patient #',
    kind: 'integer',
    column: 'pauseEnrollmentAfterPatient',
  },
  {
    key: 'pauseEnrollmentDays',
    label: 'Resume Screening After (days)',
    kind: 'integer',
    column: 'pauseEnrollmentDays',
  },
] as const satisfies readonly Step1Field[];

type Fields = (typeof STEP1_FIELDS)[number];
export type Step1FieldKey = Fields['key'];
type KeyOfKind<K extends Step1FieldKind> = Extract<Fields, { kind: K }>['key'];
export type Step1TextKey = KeyOfKind<'text'>;
export type Step1DateKey = KeyOfKind<'date'>;
export type Step1NumberKey = KeyOfKind<'integer' | 'decimal'>;

const keysOf = <K extends Step1FieldKey>(kinds: readonly Step1FieldKind[]) =>
  STEP1_FIELDS.filter((f) => (kinds as readonly string[]).includes(f.kind)).map((f) => f.key as K);

export const STEP1_FIELD_KEYS: readonly Step1FieldKey[] = STEP1_FIELDS.map((f) => f.key);
export const STEP1_TEXT_KEYS: readonly Step1TextKey[] = keysOf<Step1TextKey>(['text']);
export const STEP1_DATE_KEYS: readonly Step1DateKey[] = keysOf<Step1DateKey>(['date']);
/** The numeric fields, which the form holds as typed text. */
export const STEP1_NUMBER_KEYS: readonly Step1NumberKey[] = keysOf<Step1NumberKey>(['integer', 'decimal']);

/** The field of a key. */
export const step1Field = (key: Step1FieldKey): Step1Field => STEP1_FIELDS.find((f) => f.key === key)!;

/**
 * The step-1 targets stored as the lower bound of a study parameter or milestone (spec/1 section 3), in form order,
 * with their key in the plan spreadsheet and their form path.
 */
export const STEP1_TARGETS = [
  {
    key: 'sitesToActivate',
    label: 'Sites to Activate',
    list: 'parameters',
    name: 'SITES_TO_ACTIVATE',
  },
  {
    key: 'subjectsToScreen',
    label: 'Subjects to Screen',
    list: 'parameters',
    name: 'SUBJECTS_TO_SCREEN',
  },
  {
    key: 'patientsEnrolled',
    label: 'Patients Enrolled',
    list: 'milestones',
    name: 'NUM_SUBJECTS_ENROLLED',
  },
  {
    key: 'patientsCompletingTreatment',
    label: 'Patients Completing Treatment',
    list: 'milestones',
    name: 'NUM_SUBJECTS_TREATED',
  },
  {
    key: 'patientsCompletingFollowUp',
    label: 'Patients Completing Follow-up',
    list: 'milestones',
    name: 'NUM_SUBJECTS_COMPLETED',
  },
] as const satisfies readonly {
  key: string;
  label: string;
  list: 'parameters' | 'milestones';
  name: StudyParameterName | StudyMilestoneName;
}[];

type Targets = (typeof STEP1_TARGETS)[number];
export type Step1TargetKey = Targets['key'];
/** The form path of each target's lower bound, e.g. parameters.SITES_TO_ACTIVATE.lowerBound. */
export type Step1TargetPaths = { [T in Targets as T['key']]: `${T['list']}.${T['name']}.lowerBound` };
