export { StudyPlansTable, PLANS_PAGE_SIZE_KEY } from './components/study-plans-table';
export { studyPlansQueryOptions, useStudyPlans } from './api/plans';
export { statusLabel, isDraftStatus } from './utils/plan-rows';
export { SAVE_AS_DRAFT_TITLE, saveAsDraftText } from './components/plan-row-actions-cell';
export { useSaveAsPlan } from './hooks/use-plan-mutations';
