import Link from '@mui/material/Link';
import type { StudyListRow, StudySortColumn } from '@predict/shared';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '@/lib/format-date';

export type StudyColumnFilter = 'text' | 'stage' | 'flag' | 'dateRange';

export interface StudyColumnInfo {
  id: StudySortColumn;
  header: string;
  filter: StudyColumnFilter;
}

/** The study list columns of spec/1 section 2, in order, with their header labels and filter kinds. */
export const STUDY_COLUMNS: readonly StudyColumnInfo[] = [
  { id: 'projectId', header: 'Project ID', filter: 'text' },
  { id: 'studyName', header: 'Study Name', filter: 'text' },
  { id: 'sponsorName', header: 'Sponsor', filter: 'text' },
  { id: 'opportunityStage', header: 'Opportunity Stage', filter: 'stage' },
  { id: 'enrollmentPlanExists', header: 'Enroll Plan', filter: 'flag' },
  { id: 'soeExists', header: 'SOE', filter: 'flag' },
  { id: 'soeCosts', header: 'SOE Costs', filter: 'flag' },
  { id: 'soeClinicalInformatics', header: 'SOE Clin Strat', filter: 'flag' },
  { id: 'soeDataManagement', header: 'SOE DM', filter: 'flag' },
  { id: 'enrollmentPlanLastUpdate', header: 'Enroll Plan Last Update', filter: 'dateRange' },
  { id: 'soeLastUpdate', header: 'SOE Last Update', filter: 'dateRange' },
];

const columnHelper = createColumnHelper<StudyListRow>();

function cellFor(info: StudyColumnInfo): ColumnDef<StudyListRow, string | null>['cell'] {
  if (info.id === 'projectId') {
    return ({ row }) => (
      <Link component={RouterLink} to={`/ctpo/study-plans/${row.original.studyId}`}>
        {row.original.projectId}
      </Link>
    );
  }
  if (info.filter === 'dateRange') return ({ getValue }) => formatDate(getValue());
  return ({ getValue }) => getValue() ?? '';
}

export const studyColumns = STUDY_COLUMNS.map((info) =>
  columnHelper.accessor((row) => row[info.id], {
    id: info.id,
    header: info.header,
    cell: cellFor(info),
    enableSorting: true,
  }),
);
