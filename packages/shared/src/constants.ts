/** Product-wide constants from spec/1 section 9 and spec/3 section 9. */
export const PRODUCT_NAME = 'Predict';

export const OPPORTUNITY_STAGES = [
  'Closed Won',
  'Closed Cancelled',
  'Written Confirmation of Award',
  'Proposal Sent',
  'Rebid Sent',
  'Closed Not Bidding',
  'On Hold by Client',
  'RFP In House',
  'RFI Sent',
  'WCA Rebid Sent',
  'Closed Lost',
  'RFI Requested',
  'Rebid In House',
  'WCA Cancelled',
  'Verbal Award',
  'WCA Rebid in House',
  'Verbal Award Rebid Sent',
  'Drafting Proposal',
  'Developing Project Scope',
] as const;
export type OpportunityStage = (typeof OPPORTUNITY_STAGES)[number];
/** The stage a new plan carries before one is assigned. */
export const UNASSIGNED_STAGE = '(unassigned)';

export const PAGE_SIZES = [5, 10, 25] as const;
export const STUDY_LIST_DEFAULT_PAGE_SIZE = 10;
export const STUDY_PAGE_DEFAULT_PAGE_SIZE = 5;

export const SNACKBAR_AUTO_HIDE_MS = 10_000;
export const STUDY_SEARCH_DEBOUNCE_MS = 1_000;
export const FILTER_DEBOUNCE_MS = 500;
export const LANDING_SEARCH_DEBOUNCE_MS = 300;
export const COPY_TO_PROJECT_DEBOUNCE_MS = 300;
export const AUTOCOMPLETE_LIMIT = 5;
export const SIMULATION_POLL_MS = 15_000;

export const PLAN_NAME_MAX = 50;
export const PLAN_DESCRIPTION_MAX = 2000;

/** Group names of spec/3 section 6; the server lets deployments replace them. */
export const DEFAULT_READ_ONLY_GROUPS = [
  'app_PremierPredict_ReadOnly',
  'app_PremierPredictDev_ReadOnly',
  'app_PremierPredictLocalDev_ReadOnly',
] as const;
export const DEFAULT_ADMIN_GROUPS = ['app_PremierPredict_AdminUser'] as const;

export interface QuickLink {
  linkLabel: string;
  linkUrl: string;
}

/** The landing panel's five links, used until the server provides its own. */
export const DEFAULT_QUICK_LINKS: readonly QuickLink[] = [
  {
    linkLabel: 'Investigator Grant Forecasting',
    linkUrl: 'https://intranet.example.com/investigator-grants',
  },
  { linkLabel: 'Project Health Dashboard', linkUrl: 'https://intranet.example.com/project-health' },
  { linkLabel: 'Risk-Based Monitoring', linkUrl: 'https://intranet.example.com/risk-based-monitoring' },
  { linkLabel: 'SOE Extract Utility', linkUrl: 'https://intranet.example.com/soe-extract' },
  { linkLabel: 'Help / More Information', linkUrl: 'https://intranet.example.com/predict-help' },
];

/** Header the web app sends on every write; cookie-authenticated writes without it are refused (CSRF). */
export const CSRF_HEADER = 'x-predict-csrf';
