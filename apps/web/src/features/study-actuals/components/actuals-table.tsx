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
import type { ActualsRow } from '@predict/shared';
import { displayImpact, displayValue, rowLabel, showsTooltip } from '../utils/actuals-rows';
import { ImpactIndicator } from './impact-indicator';

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
                  <ImpactIndicator
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
