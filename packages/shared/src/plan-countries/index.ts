export * from './country-milestones';
export * from './step2-schemas';
export * from './cohort-ctis-schemas';
export * from './run-request-schemas';
export * from './run-statuses';
export * from './messages';
export * from './activation-defaults';
export * from './validate-country-inputs';
export * from './validate-country-milestones';
export * from './validate-step2';
// The sequential cohort rules live with the engine's input rules (it checks them again before simulating).
export {
  COHORT_FIELDS,
  COHORT_NUMBER_FIELDS,
  normalizeCohortRows,
  validateCohorts,
  type CohortField,
  type CohortRowValues,
  type CohortValidation,
  type CohortValidationOptions,
} from '@predict/engine';
export * from './cohort-predecessors';
export * from './validate-plan-for-run';
export * from './validate-plan-for-run-countries';
// The Site ID effort and start-up day lookups (spec/1 sections 5 and 9) are the engine's milestone chain's.
export { siteIdDaysFor, siteIdEffort, startUpDaysFor, type SiteGroupDays } from '@predict/engine';
export * from './run-refusal';
export * from './simulation-events';
