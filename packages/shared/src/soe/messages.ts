/** Messages of spec/2 sections 5 and 8, word for word; the few marked "ours" fill gaps the spec leaves. */
export const SOE_MESSAGES = {
  required: 'This field is required',
  nameUnique: 'Schedule of Events name must be unique',
  nameBlank: 'SOE name must contain at least 1 character',
  nameTooLong: 'SOE name cannot exceed 50 characters',
  descriptionBlank: 'SOE description must contain at least 1 character',
  descriptionTooLong: 'SOE description cannot exceed 2000 characters',
  protocolVersionTooLong: 'Protocol version cannot exceed 25 characters', // ours
  assessorNameTooLong: 'Assessor name cannot exceed 100 characters', // ours
  adhocReview: 'Up to 3 digits and 2 decimals, below 1000.', // ours
  option: 'Choose a value from the list.', // ours
  deleteNotCreator: 'SOE cannot be deleted. Please contact the Creator of the SOE to delete.',
  deleteFailed: 'Failed to delete soe',
  deleted: 'Deleted successfully',
  saved: 'Saved successfully',
  saveFailed: 'Failed to save soe',
  /** A save based on an older version (ours; the editor offers Reload). */
  staleVersion:
    'This Schedule of Events was changed by someone else since you opened it. Reload to see their changes.',
  // Editor rows (spec/2 section 5, "Validation messages").
  visitCategoryRequired: 'Visit Category is required for each visit entry.',
  visitNameRequired: 'Visit Name is required and need to be unique for each visit entry.',
  /** 'Visit study {x} is required.' with the visit interval type, e.g. 'Visit study Day is required.' */
  visitStudyDayRequired: (intervalType: string) => `Visit study ${intervalType} is required.`,
  assessmentTypeRequired: 'Assessment Type is required for each assessment entry.',
  assessmentNameRequired: 'Assessment Name is required and need to be unique for each assessment entry.',
  assessmentCostRequired: 'Assessment cost is required for each assessment entry.',
  assessmentMappingInvalid: 'Assessment Name Mapping should be empty or be selected from the list.',
  selectAssessmentName: 'Select assessment name from the list.',
  applyToAllEmpty: 'Enter a Visit Overhead % on at least 1 visit.',
  // Field ranges (ours, the spec gives the ranges but no texts).
  visitNameTooLong: 'Visit name cannot exceed 50 characters',
  assessmentNameTooLong: 'Assessment name cannot exceed 100 characters',
  commentsTooLong: 'Comments cannot exceed 250 characters',
  studyDay: 'Whole number from 0 to 9999.',
  visitVariance: 'Whole number from 0 to 9999.',
  overheadPct: 'A percentage from 0 to 100.',
  cost: 'Up to 8 digits and 2 decimals, not negative.',
  crf: 'Up to 6 digits and 2 decimals, not negative.',
  multiplier: 'A number from 0 to 100, with up to 2 decimals.',
  uniqueNonUnique: 'U (unique), N (non-unique) or empty.',
  riskScore: 'A score from 0 to 3.0 in steps of 0.1.',
  riskSpecificsTooLong: 'Study specifics cannot exceed 500 characters',
  samplingNotesTooLong: 'Notes cannot exceed 500 characters',
  currencyCode: 'A currency code of 3 letters from the list.',
  exchangeRate: 'A rate above 0 with up to 4 decimals.',
  unknownVisit: 'Not a visit of this Schedule of Events.',
  unknownAssessment: 'Not an assessment of this Schedule of Events.',
  unknownSiteGroup: 'Not a country of this Schedule of Events.',
  unknownSite: 'Not a site of this Schedule of Events.',
  unknownRiskRow: 'Not a risk row of this Schedule of Events.',
  unknownSamplingRow: 'Not a row of the visit sampling strategy tables.',
  rowListedTwice: 'This row is listed twice.',
  visitCostTotalSiteOnly: 'A visit total is set at a site only.',
  studyCurrencyRequired: 'The SOE currency cannot be cleared.',
  notGridAssessment: 'Only Procedure and Non Procedure assessments are in the grid.',
  /** Overhead, Exclude or IP Administered ticked on a site-cost assessment (ours; the editor disables them). */
  siteCostFlags: 'Overhead, Exclude and IP Administered do not apply to site costs.',
  // Site list (spec/2 section 8).
  siteListRefreshed: 'Site list refreshed',
  siteListRefreshFailed: 'Failed to refresh site list',
} as const;
