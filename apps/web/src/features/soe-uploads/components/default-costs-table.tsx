import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  ASSESSMENT_DEFAULT_COST_TYPES as DEFAULT_COST_TYPES,
  type AssessmentDefaultCostType as DefaultCostType,
  type CountryDefaultCostRow,
} from '@predict/shared';

const COLUMN: Record<DefaultCostType, 'assessmentCostMAX' | 'assessmentCostMIN' | 'assessmentCostAVG'> = {
  Max: 'assessmentCostMAX',
  Min: 'assessmentCostMIN',
  Avg: 'assessmentCostAVG',
};
const amount = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The country's default cost of each assessment: Max, Min and Avg, the chosen `type` in bold. */
export function DefaultCostsTable({
  rows,
  type,
}: {
  rows: readonly CountryDefaultCostRow[];
  type: DefaultCostType;
}) {
  const bold = (t: DefaultCostType) => ({ fontWeight: t === type ? 700 : undefined });
  return (
    <TableContainer sx={{ maxHeight: 360 }}>
      <Table size="small" stickyHeader aria-label="Default assessment costs">
        <TableHead>
          <TableRow>
            <TableCell>Assessment</TableCell>
            <TableCell>Type</TableCell>
            {DEFAULT_COST_TYPES.map((t) => (
              <TableCell key={t} align="right" sx={bold(t)}>
                {t}
              </TableCell>
            ))}
            <TableCell align="right">Data points</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.assessmentName}>
              <TableCell>{r.assessmentName}</TableCell>
              <TableCell>{r.assessmentTypeDetail}</TableCell>
              {DEFAULT_COST_TYPES.map((t) => (
                <TableCell key={t} align="right" sx={bold(t)}>
                  {amount(r[COLUMN[t]])}
                </TableCell>
              ))}
              <TableCell align="right">{r.countOfDataPoints}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
