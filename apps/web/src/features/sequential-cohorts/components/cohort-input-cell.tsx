import TableCell from '@mui/material/TableCell';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { stickySx } from '@/components/data-table';
import type { CohortEditor } from '../hooks/use-cohort-editor';
import { orDash } from '../utils/cohort-cells';
import { acceptWholeNumber, type CohortFormField, type CohortFormRow } from '../utils/cohort-form';

export interface CohortCellProps {
  editor: CohortEditor;
  row: CohortFormRow;
  index: number;
  /** The row's name in the cell's accessible label ('Patients of Cohort 1'). */
  name: string;
  label: string;
}

/** A typed cell of a cohort row (name or a number of days/patients), or its value when read-only. */
export function CohortInputCell({
  editor,
  row,
  index,
  name,
  field,
  label,
  numeric = false,
}: CohortCellProps & { field: CohortFormField; numeric?: boolean }) {
  // The cohort's name stays in view while the table scrolls sideways.
  const sticky = stickySx(field === 'cohortName' ? 'left' : null, false);
  if (editor.readOnly) return <TableCell sx={sticky}>{orDash(row[field])}</TableCell>;
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
}
