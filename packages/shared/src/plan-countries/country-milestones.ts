/**
 * The date milestones of a country in a plan (spec/1 sections 2-4): the left-hand table (6 rows, overridable with
 * a comment) and the right-hand table (the 4 last-stage milestones, never overridden). Ids are the spec's country
 * milestone ids. `chain` names the engine's start-up chain step an override of the row replaces (FPI has none: an
 * FPI override moves FPS to FPI - screening period, see the server's milestone mapping).
 */
export const COUNTRY_MILESTONES = [
  {
    milestoneId: 158,
    milestoneName: 'SITE_ID_FINISH',
    label: 'Site ID Finish',
    overridable: true,
    chain: 'siteIdFinish',
  },
  {
    milestoneId: 135,
    milestoneName: 'REGULATORY_SUBMISSION',
    label: 'Regulatory Submission',
    overridable: true,
    chain: 'regulatorySubmission',
  },
  {
    milestoneId: 136,
    milestoneName: 'FIRST_REGULATORY_APPROVAL',
    label: 'First Regulatory Approval',
    overridable: true,
    chain: 'firstRegulatoryApproval',
  },
  {
    milestoneId: 139,
    milestoneName: 'FIRST_SITE_INITIATED',
    label: 'First Site Initiated (FSIV)',
    overridable: true,
    chain: 'firstSiteActivation',
  },
  {
    milestoneId: 142,
    milestoneName: 'FIRST_PATIENT_SCREENED',
    label: 'First Patient Screened (FPS)',
    overridable: true,
    chain: 'firstPatientScreened',
  },
  {
    milestoneId: 145,
    milestoneName: 'FIRST_PATIENT_ENROLLED',
    label: 'First Patient Enrolled (FPE)',
    overridable: true,
    chain: null,
  },
  {
    milestoneId: 146,
    milestoneName: 'FIRST_PATIENT_LAST_VISIT',
    label: 'First Patient Last Follow-Up Visit',
    overridable: false,
    chain: null,
  },
  {
    milestoneId: 148,
    milestoneName: 'LAST_PATIENT_ENROLLED',
    label: 'Last Patient Enrolled (LPE)',
    overridable: false,
    chain: null,
  },
  {
    milestoneId: 149,
    milestoneName: 'LAST_PATIENT_COMPLETES_TREATMENT',
    label: 'Last Patient Completes Treatment',
    overridable: false,
    chain: null,
  },
  {
    milestoneId: 152,
    milestoneName: 'LAST_PATIENT_LAST_VISIT',
    label: 'Last Patient Last Follow-Up Visit',
    overridable: false,
    chain: null,
  },
] as const;

export type CountryMilestone = (typeof COUNTRY_MILESTONES)[number];
export type CountryMilestoneName = CountryMilestone['milestoneName'];
export const COUNTRY_MILESTONE_IDS = COUNTRY_MILESTONES.map((m) => m.milestoneId);
/** The left-hand (overridable) and right-hand (computed only) tables, in display order. */
export const OVERRIDABLE_COUNTRY_MILESTONES = COUNTRY_MILESTONES.filter((m) => m.overridable);
export const LAST_STAGE_COUNTRY_MILESTONES = COUNTRY_MILESTONES.filter((m) => !m.overridable);

/**
 * Country-level count goals (milestone goals with bounds, no date), spec/1 section 3 and the Add Country call
 * (NUM_SITES_ACTIVATED_LOWER/UPPER). Ids follow the study-level goals.
 */
export const COUNTRY_GOALS = {
  NUM_SITES_ACTIVATED: 138,
  NUM_SUBJECTS_SCREENED: 141,
  NUM_SUBJECTS_ENROLLED: 144,
  NUM_SUBJECTS_TREATED: 147,
  NUM_SUBJECTS_COMPLETED: 150,
} as const;
export type CountryGoalName = keyof typeof COUNTRY_GOALS;
export const COUNTRY_GOAL_NAMES = Object.keys(COUNTRY_GOALS) as CountryGoalName[];

/** Ms per day for milestone offsets (spec/1 section 4), and months = days / 30.42 (section 9). */
export const MS_PER_DAY = 86_400_000;
export const DAYS_PER_MONTH_DISPLAY = 30.42;
