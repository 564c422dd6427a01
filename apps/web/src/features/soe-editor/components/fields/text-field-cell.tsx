import InputBase from '@mui/material/InputBase';
import { memo } from 'react';
import { fieldSx } from './field-sx';

export interface TextFieldCellProps {
  value: string | null;
  onChange: (value: string) => void;
  label: string;
  maxLength: number;
  disabled?: boolean;
  error?: string;
  /** px, or a CSS width ('100%': the column's width, at least `minWidth`). */
  width?: number | string;
  minWidth?: number;
}

/** A text cell of the editor's tables (the length limit is the input's). */
export const TextFieldCell = memo(function TextFieldCell({
  value,
  onChange,
  label,
  maxLength,
  disabled,
  error,
  width = 160,
  minWidth,
}: TextFieldCellProps) {
  return (
    <InputBase
      value={value ?? ''}
      disabled={disabled}
      error={Boolean(error)}
      title={error}
      inputProps={{ 'aria-label': label, maxLength, 'aria-invalid': Boolean(error) || undefined }}
      sx={{ ...fieldSx, width, minWidth }}
      onChange={(e) => onChange(e.target.value)}
    />
  );
});
