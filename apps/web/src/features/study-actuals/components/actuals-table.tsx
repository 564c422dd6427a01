import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { ActualsRow, ActualsStatus } from '@predict/shared';
import {
  displayImpact,
  displayValue,
  rowLabel,
  showsTooltip,
  STATUS_LABEL,
  STATUS_PALETTE,
} from '../utils/actuals-rows';

/** The impact value with its status colour: a coloured dot and text, and the status named for screen readers. */
function ImpactCell({ value, status }: { value: string; status: ActualsStatus | null }) {
  if (!status) return <>{value}</>;
  const palette = STATUS_PALETTE[status];
  return (
    <Box
      component="span"
      data-status={status}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: `${palette}.dark`, fontWeight: 600 }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: `${palette}.main`, flexShrink: 0 }}
      />
      {value}
      <Box component="span" sx={visuallyHidden}>
        {` (${STATUS_LABEL[status]})`}
      </Box>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  // Strings: in sx a bare 1 would mean 100%.
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The Study Actuals rows (spec/3 section 2): row type, Planned, Actuals and Impact, with tooltips. */
export function ActualsTable({ rows }: { rows: readonly ActualsRow[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Study Actuals">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>Measure</TableCell>
            <TableCell sx={{ fontWeight: 600 }} align="right">
              Planned
            </TableCell>
            <TableCell sx={{ fontWeight: 600 }} align="right">
              Actuals
            </TableCell>
            <TableCell sx={{ fontWeight: 600 }}>Impact</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const label = rowLabel(row.rowtype);
            return (
              <TableRow key={row.rowtype} hover>
                <TableCell component="th" scope="row">
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    {label}
                    {showsTooltip(row) && (
                      <Tooltip title={row.toolTips}>
                        <IconButton size="small" aria-label={`About ${label}`}>
                          <InfoOutlinedIcon fontSize="inherit" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Box>
                </TableCell>
                <TableCell align="right">{displayValue(row.valueKind, row.planned)}</TableCell>
                <TableCell align="right">{displayValue(row.valueKind, row.actuals)}</TableCell>
                <TableCell>
                  <ImpactCell
                    value={displayImpact(row.planned_v_Actual_Indicators, row.impactUnit)}
                    status={row.status}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
