export { useCohortEditor, type CohortEditor, type CohortLoadState } from './hooks/use-cohort-editor';
export { SequentialCohortTable } from './components/sequential-cohort-table';
export { COHORT_CHAIN_DEBOUNCE_MS } from './hooks/use-cohort-chain';
export { isSequentialPlan } from './utils/cohort-form';
