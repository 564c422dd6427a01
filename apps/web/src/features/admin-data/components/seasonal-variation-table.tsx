import FormHelperText from '@mui/material/FormHelperText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { memo } from 'react';
import type { SiteGroupFormState } from '../hooks/use-site-group-form';
import { acceptDecimalText, MONTH_LABELS, monthPath } from '../utils/site-group-form-model';
import { CardSection } from './card-section';
import { GridInput } from './grid-input';

/** At most 2 decimals: '0.25' is the longest value from 0 to 1 (spec/1 section 5). */
const MONTH_MAX_LENGTH = 4;

interface MonthCellProps {
  month: number;
  value: string;
  editing: boolean;
  error?: string;
  onMonthChange(month: number, value: string): void;
}

/** One month's input; memoised, so typing re-renders only the month typed into. */
const MonthCell = memo(function MonthCell({ month, value, editing, error, onMonthChange }: MonthCellProps) {
  return (
    <GridInput
      label={MONTH_LABELS[month]!}
      value={value}
      readOnly={!editing}
      error={error}
      maxLength={MONTH_MAX_LENGTH}
      onChange={(raw) => {
        const next = acceptDecimalText(raw, value);
        if (next !== value) onMonthChange(month, next);
      }}
    />
  );
});

/** Site Group Enrollment Seasonal Variations: one value from 0 to 1 per month, Jan to Dec. */
export function SeasonalVariationTable({ state }: { state: SiteGroupFormState }) {
  const { form, editing, errors } = state;
  return (
    <CardSection title="Site Group Enrollment Seasonal Variations">
      <TableContainer>
        <Table size="small" aria-label="Site Group Enrollment Seasonal Variations">
          <TableHead>
            <TableRow>
              {MONTH_LABELS.map((label) => (
                <TableCell key={label} align="center" sx={{ px: 0.25 }}>
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              {form.months.map((value, m) => (
                <TableCell key={MONTH_LABELS[m]} sx={{ verticalAlign: 'top', px: 0.25 }}>
                  <MonthCell
                    month={m}
                    value={value}
                    editing={editing}
                    error={errors[monthPath(m)]}
                    onMonthChange={state.actions.setMonth}
                  />
                </TableCell>
              ))}
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
      {editing && errors.enrollmentVariations && (
        <FormHelperText error>{errors.enrollmentVariations}</FormHelperText>
      )}
    </CardSection>
  );
}
