import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { STUDY_PAGE_DEFAULT_PAGE_SIZE, type SoeListRow } from '@predict/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '@/components/data-table';
import { useCurrentUser } from '@/features/auth';
import { formatDate } from '@/lib/format';
import { useStudySoes } from '../api/soe';
import { soeEditorPath } from '../utils/soe-paths';
import { CreateSoeDialog } from './soe-form-dialog';
import { SoeRowMenu } from './soe-row-menu';

export const SOE_PAGE_SIZE_KEY = 'predict.soe.pageSize';
export const ADD_SOE_LABEL = 'Add Schedule of Events';

const MESSAGES = {
  loading: 'Loading Schedules of Events',
  error: 'The Schedules of Events could not be loaded.',
  empty: 'No Schedules of Events yet.',
};

const helper = createColumnHelper<SoeListRow>();
// The server's order (newest first) is the table's: no column sorts.
const plain = { enableSorting: false } as const;

/** The table's columns, in order (spec/2 section 2, SOE list and create); the name opens the editor. */
const soeColumns = [
  helper.accessor('scheduleOfEventsName', {
    header: 'SOE Name',
    cell: ({ row, getValue }) => (
      <Link component={RouterLink} to={soeEditorPath(row.original.studyId, row.original.scheduleOfEventsId)}>
        {getValue()}
      </Link>
    ),
    meta: { wrap: true, minWidth: 120 },
    ...plain,
  }),
  helper.accessor('scheduleOfEventsDescr', { header: 'Description', meta: { wrap: true }, ...plain }),
  helper.accessor('scheduleOfEventsStatus', { header: 'Status', ...plain }),
  helper.accessor('version', { header: 'Version', ...plain }),
  helper.accessor('studyPlanName', {
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
 * here, with the row menu and, for editors, the add-SOE button (spec/2 sections 2 and 6).
 */
export function StudySoeTable({ studyId }: { studyId: number }) {
  const headingId = useId();
  const { roles } = useCurrentUser();
  const soes = useStudySoes(studyId);
  const [createOpen, setCreateOpen] = useState(false);

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Schedules of Events
        </Typography>
        {!roles.readOnly && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreateOpen(true)}>
            {ADD_SOE_LABEL}
          </Button>
        )}
      </Box>
      <DataTable
        aria-labelledby={headingId}
        columns={soeColumns}
        data={soes.data}
        getRowId={(row) => String(row.scheduleOfEventsId)}
        load={soes}
        messages={MESSAGES}
        defaultPageSize={STUDY_PAGE_DEFAULT_PAGE_SIZE}
        pageSizeKey={SOE_PAGE_SIZE_KEY}
        rowActions={{ header: 'Actions', cell: (soe) => <SoeRowMenu soe={soe} /> }}
      />
      {createOpen && <CreateSoeDialog studyId={studyId} onClose={() => setCreateOpen(false)} />}
    </Paper>
  );
}
