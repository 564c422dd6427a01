import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { STUDY_PAGE_DEFAULT_PAGE_SIZE, type SoeListRow } from '@predict/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { useId } from 'react';
import { DataTable } from '@/components/data-table';
import { formatDate } from '@/lib/format';
import { useStudySoes } from '../api/soe';

export const SOE_PAGE_SIZE_KEY = 'predict.soe.pageSize';

const MESSAGES = {
  loading: 'Loading Schedules of Events',
  error: 'The Schedules of Events could not be loaded.',
  empty: 'No Schedules of Events yet.',
};

const helper = createColumnHelper<SoeListRow>();
// The server's order (newest first) is the table's: no column sorts yet.
const plain = { enableSorting: false } as const;

/** The table's columns, in order (spec/2 section 2, SOE list and create). */
const soeColumns = [
  helper.accessor('soeName', { header: 'SOE Name', ...plain }),
  helper.accessor('soeDescr', { header: 'Description', meta: { wrap: true }, ...plain }),
  helper.accessor('status', { header: 'Status', ...plain }),
  helper.accessor('version', { header: 'Version', ...plain }),
  helper.accessor('linkedStudyPlanName', {
    header: 'Linked Enrollment Plan',
    cell: ({ getValue }) => getValue() ?? '',
    ...plain,
  }),
  helper.accessor('updateDate', {
    header: 'Last Updated',
    cell: ({ getValue }) => formatDate(getValue()),
    ...plain,
  }),
];

/**
 * The study page's Schedules of Events table: the study's SOEs as the server orders them (newest first), paged
 * here. It only lists for now: the add-SOE button and the row menu (Edit, Clone, Delete, View SOE) come with the
 * SOE editor issue, and controls that would do nothing yet are deliberately not shown.
 */
export function StudySoeTable({ studyId }: { studyId: number }) {
  const headingId = useId();
  const soes = useStudySoes(studyId);

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Schedules of Events
      </Typography>
      <DataTable
        aria-labelledby={headingId}
        columns={soeColumns}
        data={soes.data}
        getRowId={(row) => String(row.soeId)}
        load={soes}
        messages={MESSAGES}
        defaultPageSize={STUDY_PAGE_DEFAULT_PAGE_SIZE}
        pageSizeKey={SOE_PAGE_SIZE_KEY}
      />
    </Paper>
  );
}
