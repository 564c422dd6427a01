import type { StudyPlanListRow } from '@predict/shared';
import { createColumnHelper } from '@tanstack/react-table';
import type { ColumnFilterSpec } from '@/components/data-table';
import { formatDate } from '@/lib/format';
import { STATUS_FILTER_OPTIONS, statusLabel } from '../utils/plan-rows';

const helper = createColumnHelper<StudyPlanListRow>();
const TEXT: ColumnFilterSpec = { kind: 'text' };
const STATUS: ColumnFilterSpec = { kind: 'select', options: STATUS_FILTER_OPTIONS };

/** The plan table's data columns, in order; the text filters read "contains", ignoring case and blanks. */
export const planColumns = [
  // Name and description wrap (with a least width) so that every column, the Compare ticks and the row menu fit
  // beside the Study Details panel at 1280 px.
  helper.accessor('studyPlanName', {
    header: 'Study Plan Name',
    meta: { filter: TEXT, wrap: true, minWidth: 110 },
  }),
  helper.accessor('studyPlanDescr', {
    header: 'Description',
    meta: { filter: TEXT, wrap: true, minWidth: 120 },
  }),
  helper.accessor((row) => statusLabel(row), { id: 'status', header: 'Status', meta: { filter: STATUS } }),
  helper.accessor('studyPlanTypeDetail', { header: 'Type', meta: { filter: TEXT } }),
  helper.accessor('studyPlanVersion', { header: 'Version' }),
  helper.accessor('insertBy', { header: 'Created By', meta: { filter: TEXT } }),
  // ISO timestamps sort correctly as text.
  helper.accessor('updateDate', {
    header: 'Last Updated',
    sortingFn: 'text',
    cell: ({ getValue }) => formatDate(getValue()),
  }),
];
