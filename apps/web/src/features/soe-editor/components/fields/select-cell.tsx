import NativeSelect from '@mui/material/NativeSelect';
import { memo } from 'react';
import { fieldSx } from './field-sx';

export interface SelectCellProps {
  value: string | null;
  options: readonly string[];
  onChange: (value: string | null) => void;
  label: string;
  disabled?: boolean;
  error?: string;
  /** Offer an empty choice (shown as 'Select'). */
  allowEmpty?: boolean;
  width?: number;
  optionLabel?: (option: string) => string;
}

/** A native select cell: light enough for hundreds of rows, keyboard friendly. */
export const SelectCell = memo(function SelectCell({
  value,
  options,
  onChange,
  label,
  disabled,
  error,
  allowEmpty = true,
  width = 140,
  optionLabel = (o) => o,
}: SelectCellProps) {
  return (
    <NativeSelect
      value={value ?? ''}
      disabled={disabled}
      error={Boolean(error)}
      title={error}
      disableUnderline
      inputProps={{ 'aria-label': label, 'aria-invalid': Boolean(error) || undefined }}
      sx={{ ...fieldSx, width }}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
    >
      {allowEmpty && <option value="">Select</option>}
      {options.map((o) => (
        <option key={o} value={o}>
          {optionLabel(o)}
        </option>
      ))}
    </NativeSelect>
  );
});
