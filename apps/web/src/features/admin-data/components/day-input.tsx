import TextField from '@mui/material/TextField';
import type { SiteGroupDayField } from '@predict/shared';
import { memo } from 'react';
import { acceptDecimalText } from '../utils/site-group-form-model';

interface DayInputProps {
  field: SiteGroupDayField;
  label: string;
  value: string;
  /** Read view: the value is shown, not editable. */
  readOnly: boolean;
  disabled?: boolean;
  error?: string;
  onDayChange(field: SiteGroupDayField, value: string): void;
}

/** A day count: a read-only value in the read view, a numeric input with its message under it while editing. */
export const DayInput = memo(function DayInput({
  field,
  label,
  value,
  readOnly,
  disabled,
  error,
  onDayChange,
}: DayInputProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => {
        const next = acceptDecimalText(e.target.value, value);
        if (next !== value) onDayChange(field, next);
      }}
      disabled={disabled}
      error={!readOnly && Boolean(error)}
      helperText={readOnly ? undefined : error}
      size="small"
      variant={readOnly ? 'standard' : 'outlined'}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', readOnly } }}
      sx={{ width: 160 }}
    />
  );
});
