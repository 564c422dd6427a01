import type { StudyPlanListRow } from '@predict/shared';
import { createColumnHelper, type FilterFn } from '@tanstack/react-table';
import { formatDate } from '@/lib/format-date';
import { statusLabel } from '../utils/plan-rows';

export type PlanColumnFilter = 'text' | 'status' | 'none';

export interface PlanColumnInfo {
  id: string;
  header: string;
  filter: PlanColumnFilter;
}

/** The plan table's data columns, in order, with their header labels and filter kinds. */
export const PLAN_COLUMNS: readonly PlanColumnInfo[] = [
  { id: 'studyPlanName', header: 'Study Plan Name', filter: 'text' },
  { id: 'studyPlanDescr', header: 'Description', filter: 'text' },
  { id: 'status', header: 'Status', filter: 'status' },
  { id: 'studyPlanTypeDetail', header: 'Type', filter: 'text' },
  { id: 'studyPlanVersion', header: 'Version', filter: 'none' },
  { id: 'insertBy', header: 'Created By', filter: 'text' },
  { id: 'updateDate', header: 'Last Updated', filter: 'none' },
];
export const ACTIONS_COLUMN_ID = 'actions';

const helper = createColumnHelper<StudyPlanListRow>();

/** Case-insensitive "contains", ignoring surrounding blanks in the filter text. */
const containsText: FilterFn<StudyPlanListRow> = (row, columnId, value: string) =>
  String(row.getValue(columnId) ?? '')
    .toLowerCase()
    .includes(value.trim().toLowerCase());

const equalsText: FilterFn<StudyPlanListRow> = (row, columnId, value: string) =>
  row.getValue(columnId) === value;

export const planColumns = [
  helper.accessor('studyPlanName', { header: 'Study Plan Name', filterFn: containsText }),
  helper.accessor('studyPlanDescr', { header: 'Description', filterFn: containsText }),
  helper.accessor((row) => statusLabel(row), { id: 'status', header: 'Status', filterFn: equalsText }),
  helper.accessor('studyPlanTypeDetail', { header: 'Type', filterFn: containsText }),
  helper.accessor('studyPlanVersion', { header: 'Version', enableColumnFilter: false }),
  helper.accessor('insertBy', { header: 'Created By', filterFn: containsText }),
  // ISO timestamps sort correctly as text.
  helper.accessor('updateDate', {
    header: 'Last Updated',
    enableColumnFilter: false,
    sortingFn: 'text',
    cell: ({ getValue }) => formatDate(getValue()),
  }),
];
