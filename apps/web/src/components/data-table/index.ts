export {
  DataTable,
  type DataTableLoad,
  type DataTableMessages,
  type DataTableProps,
  type OwnerFilters,
  type ServerSideState,
} from './data-table';
export {
  isActiveFilter,
  type ColumnFilterSpec,
  type DateRangeValue,
  type NumberRangeValue,
  type SelectOption,
} from './column-filters';
export { useRememberedPageSize } from './use-remembered-page-size';
export { stickySx } from './sticky';
