import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { displayCell, type ResultColumn } from '../../utils/result-columns';
import { compactHeaderWidth } from '@/lib/header-width';
import { SideScrollBox } from './side-scroll-box';

/** Keeps the first column in view while a wide table scrolls sideways. */
export const stickyFirst = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  whiteSpace: 'nowrap',
} as const;

/**
 * The first column of a result table: sticky, and wrapping long names ('USA - Central (Base case - country rates)')
 * so that it does not take a third of a 1280 px screen away from the values.
 */
const firstColumn = { ...stickyFirst, whiteSpace: 'normal', minWidth: 136, maxWidth: 260 } as const;

/**
 * Value cells: 6 px a side instead of 16, so that more columns fit before the table scrolls (at 8 px the Summary's
 * last column was cut at 1280 px).
 */
const valueCell = { px: 0.75 } as const;
const VALUE_CELL_PADDING_PX = 12;

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
    <SideScrollBox label={label}>
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
                  lineHeight: 1.3,
                  // Headers wrap at spaces into at most three lines (long ones widen their column instead).
                  ...(i === 0
                    ? firstColumn
                    : { ...valueCell, minWidth: compactHeaderWidth(c.header) + VALUE_CELL_PADDING_PX }),
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
                {columns.map((c, i) => {
                  const value = c.value(row);
                  // A sentence in a date column ('not reached by ...') wraps; dates and numbers never break.
                  const sentence =
                    i > 0 && c.kind !== 'text' && typeof value === 'string' && value.length > 12;
                  return (
                    <TableCell
                      key={c.header}
                      component={i === 0 ? 'th' : 'td'}
                      scope={i === 0 ? 'row' : undefined}
                      align={c.kind === 'text' ? 'left' : 'right'}
                      sx={{
                        ...(i === 0
                          ? firstColumn
                          : { ...valueCell, whiteSpace: sentence ? 'normal' : 'nowrap' }),
                        ...(sentence ? { minWidth: 120 } : {}),
                        fontWeight: bold ? 600 : undefined,
                      }}
                    >
                      {displayCell(c.kind, value)}
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </SideScrollBox>
  );
}
