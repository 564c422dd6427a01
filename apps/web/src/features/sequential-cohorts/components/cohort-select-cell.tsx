import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TextField from '@mui/material/TextField';
import { orDash, type CohortOption } from '../utils/cohort-cells';
import type { CohortCellProps } from './cohort-input-cell';

/** A predecessor cell of a cohort row: a select with 'None' first, or the chosen text when read-only. */
export function CohortSelectCell({
  editor,
  row,
  index,
  name,
  field,
  label,
  options,
}: CohortCellProps & { field: 'predecessorCohortName' | 'predecessorActivity'; options: CohortOption[] }) {
  if (editor.readOnly) {
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
}
