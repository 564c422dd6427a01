import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AuditTrailRow } from '@predict/shared';
import { formatDateTime } from '@/lib/format';
import { actionLabel, entityLabel, fieldChanges, showValue } from '../utils/audit-values';

const valueSx = {
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  fontFamily: 'monospace',
  fontSize: 13,
  verticalAlign: 'top',
  width: '40%',
} as const;

/** Old and new values of one audit row side by side, changed fields first and marked. */
export function AuditChangesDialog({ row, onClose }: { row: AuditTrailRow | null; onClose: () => void }) {
  const changes = row ? fieldChanges(row) : [];
  return (
    <Dialog open={row !== null} onClose={onClose} maxWidth="lg" fullWidth>
      {row && (
        <>
          <DialogTitle>
            {`${actionLabel(row.action)}: ${entityLabel(row.entity)} ${row.entityId}`}
            <Typography variant="body2" color="text.secondary">
              {`${formatDateTime(row.occurredAt)} UTC by ${row.actorName} (${row.actorSubject})` +
                (row.entityVersion === null ? '' : ` · version ${row.entityVersion}`) +
                (row.projectId ? ` · study ${row.projectId}` : '')}
            </Typography>
          </DialogTitle>
          <DialogContent dividers>
            {changes.length === 0 ? (
              <Typography>No values were recorded.</Typography>
            ) : (
              <Table size="small" aria-label="Old and new values">
                <TableHead>
                  <TableRow>
                    <TableCell>Field</TableCell>
                    <TableCell>Old value</TableCell>
                    <TableCell>New value</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {changes.map((c) => (
                    <TableRow key={c.field} sx={c.changed ? { bgcolor: 'action.hover' } : undefined}>
                      <TableCell sx={{ verticalAlign: 'top', fontWeight: c.changed ? 600 : 400 }}>
                        {c.field}
                        {c.changed && (
                          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                            {' '}
                            (changed)
                          </Box>
                        )}
                      </TableCell>
                      <TableCell sx={valueSx}>{showValue(c.before)}</TableCell>
                      <TableCell sx={valueSx}>{showValue(c.after)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
