import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DetailsTable as DetailsTableData } from '@predict/shared';
import { useMemo, useState } from 'react';
import { detailsLines } from '../../utils/details-rows';
import { formatCount } from '@/lib/format';
import { stickyFirst } from './result-table';
import { SideScrollBox } from './side-scroll-box';

/**
 * Periods shown at once: a weekly table of a long study has hundreds of columns and, with many countries, tens of
 * thousands of cells; paging the periods keeps every render small (two years of months, half a year of weeks).
 */
export const PERIODS_PER_PAGE = { MONTH: 24, WEEK: 26 } as const;

/** A details table: per period, each block's totals and its countries (or cohorts), a page of periods at a time. */
export function DetailsTable({ table, label }: { table: DetailsTableData; label: string }) {
  const lines = useMemo(() => detailsLines(table), [table]);
  const size = PERIODS_PER_PAGE[table.period];
  const count = table.header_dates.length;
  const pages = Math.max(1, Math.ceil(count / size));
  const [page, setPage] = useState(0);
  const from = page * size;
  const to = Math.min(count, from + size);
  const dates = table.header_dates.slice(from, to);

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {count === 0 ? 'No periods' : `Periods ${from + 1}–${to} of ${count}`}
        </Typography>
        <IconButton
          size="small"
          aria-label="Earlier periods"
          disabled={page === 0}
          onClick={() => setPage((p) => p - 1)}
        >
          <ChevronLeftIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label="Later periods"
          disabled={page >= pages - 1}
          onClick={() => setPage((p) => p + 1)}
        >
          <ChevronRightIcon fontSize="small" />
        </IconButton>
      </Stack>
      <SideScrollBox label={label}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ ...stickyFirst, fontWeight: 600 }}>
                {table.period === 'MONTH' ? 'Month' : 'Week of'}
              </TableCell>
              {dates.map((d) => (
                <TableCell key={d} align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {d}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line) => {
              const total = line.level === 0;
              return (
                <TableRow key={line.key} sx={total ? { bgcolor: 'action.hover' } : undefined}>
                  <TableCell
                    component="th"
                    scope="row"
                    sx={{ ...stickyFirst, pl: total ? 2 : 4, fontWeight: total ? 600 : undefined }}
                  >
                    {line.label}
                  </TableCell>
                  {line.data.slice(from, to).map((v, i) => (
                    <TableCell key={i} align="right" sx={total ? { fontWeight: 600 } : undefined}>
                      {formatCount(v)}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </SideScrollBox>
    </Stack>
  );
}
