export { StudySoeTable, SOE_PAGE_SIZE_KEY } from './components/study-soe-table';
export { studySoesQueryOptions, useStudySoes } from './api/soe';
