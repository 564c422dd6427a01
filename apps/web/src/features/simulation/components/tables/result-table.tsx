import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { displayCell, type ResultColumn } from '../../utils/result-columns';

/** Keeps the first column in view while a wide table scrolls sideways. */
export const stickyFirst = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  whiteSpace: 'nowrap',
} as const;

/** A result table: the columns' formats on screen, the row named Overall in bold. */
export function ResultTable<R>({
  label,
  columns,
  rows,
  isTotal,
}: {
  label: string;
  columns: readonly ResultColumn<R>[];
  rows: readonly R[];
  /** The totals row (Overall), shown in bold. */
  isTotal?: (row: R) => boolean;
}) {
  if (rows.length === 0) {
    return <Typography color="text.secondary">No rows.</Typography>;
  }
  return (
    <TableContainer sx={{ maxWidth: '100%' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell
                key={c.header}
                align={c.kind === 'text' ? 'left' : 'right'}
                sx={{
                  fontWeight: 600,
                  verticalAlign: 'bottom',
                  ...(i === 0 ? stickyFirst : { minWidth: 96 }),
                }}
              >
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, r) => {
            const bold = isTotal?.(row) ?? false;
            return (
              <TableRow key={r} hover>
                {columns.map((c, i) => (
                  <TableCell
                    key={c.header}
                    component={i === 0 ? 'th' : 'td'}
                    scope={i === 0 ? 'row' : undefined}
                    align={c.kind === 'text' ? 'left' : 'right'}
                    sx={{
                      ...(i === 0 ? stickyFirst : { whiteSpace: 'nowrap' }),
                      fontWeight: bold ? 600 : undefined,
                    }}
                  >
                    {displayCell(c.kind, c.value(row))}
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
