import Link from '@mui/material/Link';
import { OPPORTUNITY_STAGES, type StudyListRow, type StudySortColumn } from '@predict/shared';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router';
import type { ColumnFilterSpec, SelectOption } from '@/components/data-table';
import { formatDate } from '@/lib/format';

const STAGE_OPTIONS: SelectOption[] = [
  { value: '', label: 'All' },
  ...OPPORTUNITY_STAGES.map((stage) => ({ value: stage, label: stage })),
];
const FLAG_OPTIONS: SelectOption[] = [
  { value: '', label: 'All' },
  { value: 'Y', label: 'Y' },
  { value: 'N', label: 'N' },
];
const TEXT: ColumnFilterSpec = { kind: 'text' };
const STAGE: ColumnFilterSpec = { kind: 'select', options: STAGE_OPTIONS };
const FLAG: ColumnFilterSpec = { kind: 'select', options: FLAG_OPTIONS };
const DATE_RANGE: ColumnFilterSpec = { kind: 'dateRange' };

interface StudyColumnInfo {
  id: StudySortColumn;
  header: string;
  filter: ColumnFilterSpec;
}

/** The study list columns of spec/1 section 2, in order, with their header labels and filter kinds. */
const STUDY_COLUMNS: readonly StudyColumnInfo[] = [
  { id: 'projectId', header: 'Project ID', filter: TEXT },
  { id: 'studyName', header: 'Study Name', filter: TEXT },
  { id: 'sponsorName', header: 'Sponsor', filter: TEXT },
  { id: 'opportunityStage', header: 'Opportunity Stage', filter: STAGE },
  { id: 'enrollmentPlanExists', header: 'Enroll Plan', filter: FLAG },
  { id: 'soeExists', header: 'SOE', filter: FLAG },
  { id: 'soeCosts', header: 'SOE Costs', filter: FLAG },
  { id: 'soeClinicalInformatics', header: 'SOE Clin Strat', filter: FLAG },
  { id: 'soeDataManagement', header: 'SOE DM', filter: FLAG },
  { id: 'enrollmentPlanLastUpdate', header: 'Enroll Plan Last Update', filter: DATE_RANGE },
  { id: 'soeLastUpdate', header: 'SOE Last Update', filter: DATE_RANGE },
];

/** The columns whose text wraps, with their least widths, px. */
const WRAPPING = new Map<StudySortColumn, number>([
  ['studyName', 96],
  ['sponsorName', 96],
  ['opportunityStage', 96],
]);

const columnHelper = createColumnHelper<StudyListRow>();

function cellFor(info: StudyColumnInfo): ColumnDef<StudyListRow, string | null>['cell'] {
  if (info.id === 'projectId') {
    return ({ row }) => (
      <Link component={RouterLink} to={`/ctpo/study-plans/${row.original.studyId}`}>
        {row.original.projectId}
      </Link>
    );
  }
  if (info.filter.kind === 'dateRange') return ({ getValue }) => formatDate(getValue());
  return ({ getValue }) => getValue() ?? '';
}

export const studyColumns = STUDY_COLUMNS.map((info) =>
  columnHelper.accessor((row) => row[info.id], {
    id: info.id,
    header: info.header,
    cell: cellFor(info),
    // Names wrap (with a least width), so that all eleven columns fit beside the side panel at 1440 px.
    meta: { filter: info.filter, wrap: WRAPPING.has(info.id), minWidth: WRAPPING.get(info.id) },
  }),
);
