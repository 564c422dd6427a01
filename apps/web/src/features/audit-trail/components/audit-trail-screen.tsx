import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { AUDIT_PAGE_SIZES, type AuditTrailRow } from '@predict/shared';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { useNotify } from '@/components/snackbars';
import { useCurrentUser } from '@/features/auth';
import { isApiError } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { downloadAuditExport, EXPORT_FAILED_MESSAGE, useAuditTrail } from '../api/audit-trail';
import { useAuditTrailState } from '../hooks/use-audit-trail-state';
import { fromColumnFilters, toColumnFilters } from '../utils/audit-trail-search';
import { entityLabel } from '../utils/audit-values';
import { AuditChangesDialog } from './audit-changes-dialog';
import { auditTrailColumns } from './audit-trail-columns';

export const NOT_ADMIN_MESSAGE = 'The audit trail is for administrators only.';

const truncatedMessage = (rows: number, total: number) =>
  `The file holds the newest ${rows.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} matching ` +
  'rows. Narrow the filters (a date range, say) to export the rest.';

/** /ctpo/audit-trail: who changed what and when, for administrators (issue 12, Part 11). */
export function AuditTrailScreen() {
  const { roles } = useCurrentUser();
  if (!roles.admin) {
    return (
      <Paper sx={{ p: 4, maxWidth: 560, mx: 'auto', mt: 6 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Not authorised
        </Typography>
        <Typography>{NOT_ADMIN_MESSAGE}</Typography>
      </Paper>
    );
  }
  return <AuditTrailViewer />;
}

function AuditTrailViewer() {
  const state = useAuditTrailState();
  const { committed, inputs, page, pageSize } = state;
  const trail = useAuditTrail({ filters: committed, page, pageSize }, true);
  const [shown, setShown] = useState<AuditTrailRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const notify = useNotify();
  const columns = useMemo(() => auditTrailColumns(setShown), []);
  const studyName =
    trail.data?.rows.find((r) => String(r.studyId) === committed.studyId)?.projectId ?? committed.studyId;

  const exportFile = async () => {
    setExporting(true);
    try {
      const file = await downloadAuditExport(committed);
      downloadFile(file.data, file.fileName);
      if (file.total > file.rows) notify.warning(truncatedMessage(file.rows, file.total));
    } catch (error) {
      notify.error(isApiError(error) ? error.message : EXPORT_FAILED_MESSAGE);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Paper sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h5" component="h1" id="audit-trail-title">
            Audit Trail
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Who changed what and when, with the old and new values. Times are UTC; newest first.
          </Typography>
        </Box>
        {committed.studyId !== '' && (
          <Chip
            label={`Study: ${studyName}`}
            onDelete={() => state.setFiltersNow({ ...inputs, studyId: '' })}
          />
        )}
        {committed.entityId !== '' && (
          <Chip
            label={`${committed.entity ? entityLabel(committed.entity) : 'Record'} id: ${committed.entityId}`}
            onDelete={() => state.setFiltersNow({ ...inputs, entityId: '' })}
          />
        )}
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          disabled={exporting || !trail.isSuccess || trail.data.total === 0}
          onClick={() => void exportFile()}
        >
          {exporting ? 'Exporting…' : 'Export'}
        </Button>
      </Box>
      {trail.isError && isApiError(trail.error) && trail.error.fields.length > 0 && (
        <Typography color="error" role="alert" sx={{ mb: 1 }}>
          {trail.error.fields.map((f) => f.message).join(' ')}
        </Typography>
      )}
      <DataTable
        aria-labelledby="audit-trail-title"
        columns={columns}
        data={trail.data?.rows}
        getRowId={(row) => String(row.auditId)}
        load={trail}
        messages={{
          loading: 'Loading the audit trail',
          error: 'The audit trail could not be loaded.',
          empty: 'No audit rows match the filters.',
        }}
        pageSizes={AUDIT_PAGE_SIZES}
        defaultPageSize={pageSize}
        stickyFirstColumn={false}
        server={{
          rowCount: trail.data?.total ?? 0,
          sorting: [],
          onSortingChange: () => undefined,
          columnFilters: toColumnFilters(inputs),
          onColumnFiltersChange: (next) => state.setFilters(fromColumnFilters(next, inputs)),
          pagination: { pageIndex: page, pageSize },
          onPaginationChange: (next) => state.setPaging(next.pageIndex, next.pageSize),
        }}
      />
      <AuditChangesDialog row={shown} onClose={() => setShown(null)} />
    </Paper>
  );
}
