import TextField from '@mui/material/TextField';
import type { FocusEvent } from 'react';

interface GridInputProps {
  label: string;
  value: string;
  readOnly: boolean;
  error?: string;
  /** Receives the raw text; the caller decides what it lets through. */
  onChange(value: string): void;
  onBlur?(event: FocusEvent<HTMLInputElement>): void;
  maxLength?: number;
  /** Marks the input so a blur handler can tell where focus went. */
  dataColumn?: number;
}

/** A small input in a table cell (profile and seasonal tables), with its message under it. */
export function GridInput({
  label,
  value,
  readOnly,
  error,
  onChange,
  onBlur,
  maxLength,
  dataColumn,
}: GridInputProps) {
  return (
    <TextField
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      error={!readOnly && Boolean(error)}
      helperText={readOnly ? undefined : error}
      size="small"
      variant={readOnly ? 'standard' : 'outlined'}
      slotProps={{
        htmlInput: {
          'aria-label': label,
          'data-column': dataColumn,
          inputMode: 'decimal',
          autoComplete: 'off',
          readOnly,
          maxLength,
        },
        formHelperText: { sx: { mx: 0, lineHeight: 1.2 } },
      }}
      // 60 px with 6 px inner padding: eleven profile columns and twelve months fit beside the list at 1280 px.
      sx={{ width: 60, '& .MuiInputBase-input': { px: 0.75 } }}
    />
  );
}
