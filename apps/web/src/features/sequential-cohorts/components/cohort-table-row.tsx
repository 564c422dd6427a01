import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { stickySx } from '@/components/data-table';
import { formatPlanDate } from '@/lib/format';
import type { CohortEditor } from '../hooks/use-cohort-editor';
import { activityOptions, orDash, predecessorOptions } from '../utils/cohort-cells';
import type { CohortFormRow } from '../utils/cohort-form';
import { CohortInputCell } from './cohort-input-cell';
import { CohortSelectCell } from './cohort-select-cell';

interface RowProps {
  editor: CohortEditor;
  row: CohortFormRow;
  index: number;
}

/** One cohort: inputs (or their values when read-only), the computed enrolling duration and chain dates. */
export function CohortTableRow({ editor, row, index }: RowProps) {
  const { readOnly, phaseNames } = editor;
  const computed = editor.computed[index];
  const name = row.cohortName.trim() || `row ${index + 1}`;
  const pending = editor.chain.computing;
  const cell = { editor, row, index, name };
  const date = (value: string | null | undefined) => (
    <TableCell sx={{ color: pending ? 'text.disabled' : undefined }}>{formatPlanDate(value)}</TableCell>
  );

  return (
    <TableRow>
      <CohortInputCell {...cell} field="cohortName" label="Cohort Name" />
      <CohortSelectCell
        {...cell}
        field="predecessorCohortName"
        label="Predecessor Cohort"
        options={predecessorOptions(editor.rows, row, index)}
      />
      <CohortSelectCell
        {...cell}
        field="predecessorActivity"
        label="Predecessor Activity"
        options={activityOptions(row, index, phaseNames)}
      />
      <CohortInputCell {...cell} field="patients" label="Patients" numeric />
      <CohortInputCell {...cell} field="lagDays" label="Lag (days)" numeric />
      <CohortInputCell {...cell} field="screeningDurationDays" label="Screening Duration (days)" numeric />
      <TableCell aria-label={`Enrolling Duration (days) of ${name}`}>
        {orDash(computed?.enrollingDurationDays)}
      </TableCell>
      <CohortInputCell
        {...cell}
        field="dtlDurationDays"
        label={`${phaseNames.dtl || 'DTL'} Duration (days)`}
        numeric
      />
      <CohortInputCell
        {...cell}
        field="srcDurationDays"
        label={`${phaseNames.src || 'SRC'} Duration (days)`}
        numeric
      />
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
