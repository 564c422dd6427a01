import FormHelperText from '@mui/material/FormHelperText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { memo, type FocusEvent } from 'react';
import type { SiteGroupFormState } from '../hooks/use-site-group-form';
import { acceptDecimalText, acceptSitesText, profilePath } from '../utils/site-group-form-model';
import { CardSection } from './card-section';
import { GridInput } from './grid-input';

const ROWS = [
  { cell: 'sites', label: '# of Sites', accept: acceptSitesText },
  { cell: 'days', label: 'Days', accept: acceptDecimalText },
] as const;

type Row = (typeof ROWS)[number];
type Actions = SiteGroupFormState['actions'];

interface ProfileCellProps {
  row: Row;
  index: number;
  value: string;
  editing: boolean;
  error?: string;
  actions: Actions;
}

/** One cell of the profile table; memoised, so typing re-renders only the cell typed into. */
const ProfileCell = memo(function ProfileCell({
  row,
  index,
  value,
  editing,
  error,
  actions,
}: ProfileCellProps) {
  // A half-filled column gets its 0 when focus leaves the column, not when it moves to the column's other cell.
  const leaveColumn = (e: FocusEvent<HTMLInputElement>) => {
    const next = e.relatedTarget instanceof HTMLElement ? e.relatedTarget.dataset.column : undefined;
    if (next !== String(index)) actions.completeProfileColumn(index);
  };
  return (
    <GridInput
      label={`${row.label} ${index + 1}`}
      value={value}
      readOnly={!editing}
      error={error}
      dataColumn={index}
      onBlur={editing ? leaveColumn : undefined}
      onChange={(raw) => {
        const next = row.accept(raw, value);
        if (next !== value) actions.setProfileCell(index, row.cell, next);
      }}
    />
  );
});

/** Site Group Activation Profiles: '# of Sites' and 'Days' over up to 11 columns (spec/3, spec/1 section 5). */
export function ActivationProfileTable({ state }: { state: SiteGroupFormState }) {
  const { form, editing, errors } = state;
  return (
    <CardSection title="Site Group Activation Profiles">
      <TableContainer>
        <Table size="small" aria-label="Site Group Activation Profiles">
          <TableHead>
            <TableRow>
              <TableCell />
              {form.profile.map((_, i) => (
                <TableCell key={i} align="center" sx={{ px: 0.25 }}>
                  {i + 1}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {ROWS.map((row) => (
              <TableRow key={row.cell}>
                <TableCell
                  component="th"
                  scope="row"
                  sx={{ whiteSpace: 'nowrap', verticalAlign: 'top', pt: 2 }}
                >
                  {row.label}
                </TableCell>
                {form.profile.map((column, i) => (
                  <TableCell key={i} sx={{ verticalAlign: 'top', px: 0.25 }}>
                    <ProfileCell
                      row={row}
                      index={i}
                      value={column[row.cell]}
                      editing={editing}
                      error={errors[profilePath(i, row.cell)]}
                      actions={state.actions}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editing && errors.activationProfiles && (
        <FormHelperText error>{errors.activationProfiles}</FormHelperText>
      )}
    </CardSection>
  );
}
