import {
  GRID_TYPES,
  INTERVAL_TYPES,
  isGridType,
  SITE_FEE_TYPES,
  VISIT_PHASES,
  type IntervalType,
  type SiteFeeType,
  type VisitPhase,
} from '@predict/engine';

/** Statuses of a Schedule of Events (spec/2 section 4); new SOEs start as Draft. */
export const SOE_STATUSES = ['Draft', 'Final'] as const;
export type SoeStatus = (typeof SOE_STATUSES)[number];

export const NEW_SOE_STATUS: SoeStatus = 'Draft';

/** Interval types (spec/2 section 9), the engine's list; the visit interval type defaults to Day. */
export const SOE_INTERVAL_TYPES = INTERVAL_TYPES;
export type SoeIntervalType = IntervalType;
export const DEFAULT_VISIT_INTERVAL_TYPE: SoeIntervalType = 'Day';

/** CDA review percent time: 0 % to 100 % in steps of 10. */
export const CDA_REVIEW_PCT_OPTIONS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;
export const ADDL_TIME_ON_SITE_PCT_OPTIONS = [5, 10, 15] as const;
export const EST_ACTIVATED_NON_ENROLLING_SITES_PCT_OPTIONS = [5, 10, 15, 20] as const;
export const REQ_ADMIN_IMV_OPTIONS = [
  'Semi Annually (q6 months post Site Activation)',
  'Annually (q12 months post Site Activation)',
] as const;
export const REPORTING_FREQUENCY_OPTIONS = [
  'Monthly',
  'q 6 Weeks',
  'q 2 Months',
  'Quarterly',
  'q 4 Months',
  'q 6 Months',
  'q 9 Months',
  'Annual',
] as const;
export const SUBJECT_REPORTING_HOURS_OPTIONS = [1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 8] as const;
export const STUDY_REPORTING_HOURS_OPTIONS = [7.5, 15, 20, 25, 30, 40, 45] as const;

/** Visit phases, the visit's category (spec/2 section 3), the engine's list; Unscheduled visits have no study day. */
export const VISIT_CATEGORIES = VISIT_PHASES;
export type VisitCategory = VisitPhase;
export const UNSCHEDULED_VISIT_CATEGORY: VisitCategory = 'Unscheduled';

export const VISIT_VARIANCE_TYPES = ['none', '+', '-', '+/-'] as const;
export type VisitVarianceType = (typeof VISIT_VARIANCE_TYPES)[number];

/** The field-type switch's comment variants (spec/2 sections 2 and 3): code and label. */
export const SOE_COMMENT_TYPES = [
  { code: 'VISIT', label: 'Visit' },
  { code: 'COST', label: 'Cost' },
  { code: 'MEDICAL', label: 'Clinical Strategy' },
  { code: 'DATA_MANAGEMENT', label: 'Data Management' },
] as const;
export type SoeCommentType = (typeof SOE_COMMENT_TYPES)[number]['code'];

/** Assessment types in the grid, the engine's list. */
export const GRID_ASSESSMENT_TYPES = GRID_TYPES;
/** The fee group of each site-fee type (spec/2 section 5). */
const FEE_GROUPS: Readonly<Record<SiteFeeType, string>> = {
  '1x at Activation': 'Study Start-Up',
  '1x at Close': 'Study Close-Out',
  'Recurring Monthly': 'Monthly Recurring',
  'Recurring Quarterly': 'Quarterly Recurring',
  'Recurring Yearly': 'Yearly Recurring',
  Adhoc: 'Ad Hoc',
};
/** Site-cost assessment types (site fees, not in the grid, the engine's list) and the fee group each belongs to. */
export const SITE_COST_ASSESSMENT_TYPES = SITE_FEE_TYPES.map((type) => ({
  type,
  feeGroup: FEE_GROUPS[type],
}));
export type AssessmentType = (typeof GRID_ASSESSMENT_TYPES)[number] | SiteFeeType;
export const ASSESSMENT_TYPES: readonly [AssessmentType, ...AssessmentType[]] = [
  ...GRID_ASSESSMENT_TYPES,
  ...SITE_FEE_TYPES,
];

/** True for an assessment type that appears in the visit x assessment grid (the engine's rule). */
export const isGridAssessmentType = isGridType;

/** Limits of spec/2 section 9. */
export const SOE_LIMITS = {
  nameMax: 50,
  descriptionMax: 2000,
  protocolVersionMax: 25,
  assessorNameMax: 100,
  visitNameMax: 50,
  assessmentNameMax: 100,
  commentsMax: 250,
  riskSpecificsMax: 500,
  samplingNotesMax: 500,
  multiplierMax: 100,
  studyDayMax: 9999,
  visitVarianceMax: 9999,
  overheadPctMax: 100,
  /** Costs: up to 8 integer digits and 2 decimals. */
  costMax: 99_999_999.99,
  /** SDR/SDV and CRF counts: up to 6 integer digits and 2 decimals. */
  crfMax: 999_999.99,
  adhocReviewMax: 999.99,
  exchangeRateDecimals: 4,
  exchangeRateMax: 1_000_000,
  riskScoreMax: 3,
  /** Visits shown per batch in the editor. */
  visitBatch: 50,
  /** Sampling note edits are written back after this debounce. */
  debounceMs: 500,
  /** ePrice upload status poll. */
  uploadPollMs: 10_000,
} as const;

/** Initial Risk Score colours (spec/2 section 4): above 26 red, above 18 up to 26 yellow, else green. */
export const RISK_SCORE_THRESHOLDS = { yellowAbove: 18, redAbove: 26 } as const;
export type RiskColour = 'green' | 'yellow' | 'red';
/** The Initial Risk Score's colour for a total. */
export const riskScoreColour = (total: number): RiskColour =>
  total > RISK_SCORE_THRESHOLDS.redAbove
    ? 'red'
    : total > RISK_SCORE_THRESHOLDS.yellowAbove
      ? 'yellow'
      : 'green';

/** Site 1 is the country-level entry of a site group; site group 0 is the study level. */
export const COUNTRY_LEVEL_SITE_ID = 1;
export const STUDY_LEVEL_SITE_GROUP_ID = 0;

/** Currency of new SOEs. */
export const DEFAULT_SOE_CURRENCY = 'USD';

/** CRO business functions of the editor's Business Function select on site-level tabs (ours; the spec names none). */
export const SOE_BUSINESS_FUNCTIONS = [
  'Clinical Operations',
  'Site Contracts & Budgets',
  'Clinical Data Management',
  'Biostatistics',
  'Medical Writing',
  'Pharmacovigilance',
  'Regulatory Affairs',
  'Project Management',
] as const;
export type SoeBusinessFunction = (typeof SOE_BUSINESS_FUNCTIONS)[number];
