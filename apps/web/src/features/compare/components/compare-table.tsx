import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ComparedPlan } from '@predict/shared';
import { visuallyHidden } from '@/lib/visually-hidden';
import { differences, formatCell, type CompareRow } from '../utils/compare-rows';

/** What a screen reader hears after a value that is not the first plan's. */
export const DIFFERS_TEXT = ' (differs from the first plan)';

/**
 * One section as a matrix: a row per item, a column per plan. Not the app's DataTable: a comparison is read across
 * a row, so sorting, filtering and paging its rows would only break it apart. A value that differs from the first
 * plan's is highlighted, with a hidden note for screen readers.
 */
export function CompareTable({
  plans,
  rows,
  labelledBy,
}: {
  plans: readonly ComparedPlan[];
  rows: readonly CompareRow[];
  labelledBy: string;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy} sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '28%' }}>Item</TableCell>
            {plans.map((p, i) => (
              <TableCell key={p.studyPlanId} sx={{ fontWeight: 600 }}>
                {p.studyPlanName}
                {i === 0 && (
                  <Box component="span" sx={{ display: 'block', fontWeight: 400, color: 'text.secondary' }}>
                    compared with
                  </Box>
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const differs = differences(row);
            return (
              <TableRow key={row.id}>
                <TableCell component="th" scope="row">
                  {row.label}
                </TableCell>
                {row.values.map((value, i) => (
                  <TableCell
                    key={plans[i]?.studyPlanId ?? i}
                    data-differs={differs[i] ? 'true' : undefined}
                    sx={{
                      overflowWrap: 'anywhere',
                      ...(differs[i] && {
                        bgcolor: (t) => alpha(t.palette.warning.main, 0.14),
                        fontWeight: 600,
                      }),
                    }}
                  >
                    {formatCell(row.kind, value)}
                    {differs[i] && (
                      <Box component="span" sx={visuallyHidden}>
                        {DIFFERS_TEXT}
                      </Box>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
