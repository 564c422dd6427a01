export { StudyPlansTable, PLANS_PAGE_SIZE_KEY } from './components/study-plans-table';
export { studyPlansQueryOptions, useStudyPlans } from './api/plans';
export { useRememberedPageSize } from './hooks/use-remembered-page-size';
