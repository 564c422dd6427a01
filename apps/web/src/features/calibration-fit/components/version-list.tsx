import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { CalibrationVersion } from '@predict/shared';
import { formatDateTime } from '@/lib/format';

const STATUS_LABELS: Record<CalibrationVersion['status'], string> = {
  fitted: 'Fitted',
  approved: 'Approved',
  superseded: 'Superseded',
};

/** Every version, newest first; any of them opens in the comparison above (older ones stay readable). */
export function VersionList({
  versions,
  selected,
  onSelect,
}: {
  versions: CalibrationVersion[];
  selected: number;
  onSelect: (version: number) => void;
}) {
  return (
    <Table size="small" aria-label="Calibration versions">
      <TableHead>
        <TableRow>
          <TableCell>Version</TableCell>
          <TableCell>Status</TableCell>
          <TableCell align="right">Studies</TableCell>
          <TableCell>Fitted</TableCell>
          <TableCell>Approved</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {versions.map((v) => (
          <TableRow key={v.version} selected={v.version === selected}>
            <TableCell>{v.version}</TableCell>
            <TableCell>
              <Chip
                size="small"
                label={STATUS_LABELS[v.status]}
                color={v.status === 'approved' ? 'success' : 'default'}
              />
            </TableCell>
            <TableCell align="right">{v.studyIds.length}</TableCell>
            <TableCell>
              {formatDateTime(v.createdAt)} by {v.createdBy}
            </TableCell>
            <TableCell>{v.approvedAt ? `${formatDateTime(v.approvedAt)} by ${v.approvedBy}` : '—'}</TableCell>
            <TableCell>
              <Button size="small" disabled={v.version === selected} onClick={() => onSelect(v.version)}>
                View version {v.version}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
