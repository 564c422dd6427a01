import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { COHORT_PREDECESSOR_ACTIVITIES, cohortPredecessorChoices } from '@predict/shared';
import { stickySx } from '@/components/data-table';
import { formatPlanDate } from '@/lib/format';
import type { CohortEditor } from '../hooks/use-cohort-editor';
import {
  acceptWholeNumber,
  activityLabel,
  type CohortFormField,
  type CohortFormRow,
} from '../utils/cohort-form';

interface RowProps {
  editor: CohortEditor;
  row: CohortFormRow;
  index: number;
}

const orDash = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? '—' : v;

/** One cohort: inputs (or their values when read-only), the computed enrolling duration and chain dates. */
export function CohortTableRow({ editor, row, index }: RowProps) {
  const { readOnly, phaseNames } = editor;
  const computed = editor.computed[index];
  const name = row.cohortName.trim() || `row ${index + 1}`;
  const pending = editor.chain.computing;

  const cell = (field: CohortFormField, label: string, numeric = false) => {
    // The cohort's name stays in view while the table scrolls sideways.
    const sticky = stickySx(field === 'cohortName' ? 'left' : null, false);
    if (readOnly) return <TableCell sx={sticky}>{orDash(row[field])}</TableCell>;
    const error = editor.errorFor(index, field);
    return (
      <TableCell sx={[{ verticalAlign: 'top' }, sticky] as SxProps<Theme>}>
        <TextField
          value={row[field]}
          onChange={(e) =>
            editor.setCell(
              index,
              field,
              numeric ? acceptWholeNumber(e.target.value, row[field]) : e.target.value,
            )
          }
          onBlur={() => editor.touch(index, field)}
          error={Boolean(error)}
          helperText={error}
          disabled={editor.saving}
          size="small"
          slotProps={{
            htmlInput: {
              'aria-label': `${label} of ${name}`,
              inputMode: numeric ? 'numeric' : 'text',
              maxLength: numeric ? 9 : 100,
              autoComplete: 'off',
            },
          }}
          // A name such as 'Cohort 1 - 200 mg' reads whole.
          sx={{ minWidth: numeric ? 90 : 180 }}
        />
      </TableCell>
    );
  };

  const select = (
    field: 'predecessorCohortName' | 'predecessorActivity',
    label: string,
    options: [string, string][],
  ) => {
    if (readOnly) {
      const value = row[field];
      const shown = options.find(([v]) => v === value)?.[1] ?? value;
      return <TableCell>{orDash(shown)}</TableCell>;
    }
    const error = editor.errorFor(index, field);
    return (
      <TableCell sx={{ verticalAlign: 'top' }}>
        <TextField
          select
          value={row[field]}
          onChange={(e) => editor.setCell(index, field, e.target.value)}
          onBlur={() => editor.touch(index, field)}
          error={Boolean(error)}
          helperText={error}
          disabled={editor.saving}
          size="small"
          sx={{ minWidth: 140 }}
          slotProps={{ htmlInput: { 'aria-label': `${label} of ${name}` } }}
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {options.map(([value, text]) => (
            <MenuItem key={value} value={value}>
              {text}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
    );
  };

  // The first cohort has no predecessor; a later one may follow any cohort that does not, through its own
  // predecessors, follow this row: choosing that one would close a cycle (spec/1 sections 4 and 5). A value the row
  // still holds that is no longer a choice (its row above was removed, a saved cycle) stays listed so that its error
  // can be read.
  const first = index === 0;
  const kept = (value: string): [string, string][] => (value ? [[value, value]] : []);
  const choices = cohortPredecessorChoices(editor.rows, index);
  const current = row.predecessorCohortName;
  const predecessors = [...(current && !choices.includes(current) ? [current] : []), ...choices].map(
    (name): [string, string] => [name, name],
  );
  const activities = first
    ? kept(row.predecessorActivity)
    : COHORT_PREDECESSOR_ACTIVITIES.map((a): [string, string] => [a, activityLabel(a, phaseNames)]);
  const date = (value: string | null | undefined) => (
    <TableCell sx={{ color: pending ? 'text.disabled' : undefined }}>{formatPlanDate(value)}</TableCell>
  );

  return (
    <TableRow>
      {cell('cohortName', 'Cohort Name')}
      {select('predecessorCohortName', 'Predecessor Cohort', predecessors)}
      {select('predecessorActivity', 'Predecessor Activity', activities)}
      {cell('patients', 'Patients', true)}
      {cell('lagDays', 'Lag (days)', true)}
      {cell('screeningDurationDays', 'Screening Duration (days)', true)}
      <TableCell aria-label={`Enrolling Duration (days) of ${name}`}>
        {orDash(computed?.enrollingDurationDays)}
      </TableCell>
      {cell('dtlDurationDays', `${phaseNames.dtl || 'DTL'} Duration (days)`, true)}
      {cell('srcDurationDays', `${phaseNames.src || 'SRC'} Duration (days)`, true)}
      {date(computed?.cohortStartDate)}
      {date(computed?.screeningEndDate)}
      {date(computed?.enrollingEndDate)}
      {date(computed?.dtlEndDate)}
      {date(computed?.srcEndDate)}
      {!readOnly && (
        // The remove button stays at the right edge of the box while the table scrolls sideways.
        <TableCell sx={stickySx('right', false)}>
          {editor.rows.length > 1 && (
            <IconButton
              aria-label={`Remove cohort ${name}`}
              onClick={() => void editor.removeRow(index)}
              disabled={editor.saving}
              size="small"
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          )}
        </TableCell>
      )}
    </TableRow>
  );
}
