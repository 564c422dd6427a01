import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { MS_PER_DAY } from '@predict/shared';
import { formatPlanDate } from '@/lib/format';
import type { ActivationPointDraft } from '../utils/country-draft';
import { numberOf } from '../utils/step2-rows';
import { ActivationPointInput, type ActivationPointInputProps } from './activation-point-input';

/**
 * Eleven columns within a 1280 px screen: 4 px a side around the 76 px inputs instead of MUI's 16, the row names
 * on one line. With 16 px the eleventh column lay beyond the box's edge.
 */
const PROFILE_TABLE = {
  '& td': { px: 0.5 },
  '& th': { pl: 0, pr: 1, whiteSpace: 'nowrap' },
} as const;
/** A date on one line ('14-Jun-' over '2027' read badly), a point smaller so that it stays within its column. */
const DATE_CELL = { whiteSpace: 'nowrap', fontSize: '0.8125rem' } as const;

export interface ActivationProfileTableProps extends Pick<
  ActivationPointInputProps,
  'editable' | 'showMessage' | 'message' | 'change'
> {
  points: ActivationPointDraft[];
  /** The first site activation (FSIV) date: point dates are that date plus the point's days. */
  fsivMillis: number | null;
}

/** The profile's columns: label, '# of Sites', 'Days' and the date each point is reached. */
export function ActivationProfileTable({ points, fsivMillis, ...input }: ActivationProfileTableProps) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Activation profile" sx={PROFILE_TABLE}>
        <TableBody>
          <TableRow>
            <TableCell component="th" scope="row" />
            {points.map((p, slot) => (
              <TableCell key={slot}>{p.label ?? ''}</TableCell>
            ))}
          </TableRow>
          <TableRow>
            <TableCell component="th" scope="row">
              # of Sites
            </TableCell>
            {points.map((p, slot) => (
              <TableCell key={slot}>
                <ActivationPointInput slot={slot} cell="sites" point={p} {...input} />
              </TableCell>
            ))}
          </TableRow>
          <TableRow>
            <TableCell component="th" scope="row">
              Days
            </TableCell>
            {points.map((p, slot) => (
              <TableCell key={slot}>
                <ActivationPointInput slot={slot} cell="days" point={p} {...input} />
              </TableCell>
            ))}
          </TableRow>
          <TableRow>
            <TableCell component="th" scope="row">
              Date
            </TableCell>
            {points.map((p, slot) => {
              const days = numberOf(p.days);
              const date = fsivMillis !== null && days !== null ? fsivMillis + days * MS_PER_DAY : null;
              return (
                <TableCell key={slot} sx={DATE_CELL}>
                  {days === null ? '' : formatPlanDate(date)}
                </TableCell>
              );
            })}
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}
