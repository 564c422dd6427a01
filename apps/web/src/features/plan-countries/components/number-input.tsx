import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, type FocusEvent, type KeyboardEvent } from 'react';
import { acceptNumericText } from '@/features/plan-shell';

export interface NumberInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  message?: string;
  helperText?: string;
  disabled?: boolean;
  /** Rewrites accepted text (leading zeros, negative values); defaults to step 1's numeric rule. */
  accept?: (raw: string, previous: string) => string;
  onBlur?: (e: FocusEvent<HTMLInputElement>) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
  maxLength?: number;
  /** Narrow inputs of the tables keep their label for screen readers only. */
  hiddenLabel?: boolean;
  width?: number | string;
  /** Groups inputs that belong together (an activation-profile column), as data-column. */
  columnId?: string;
  /**
   * The label above the input, wrapping onto a second line, instead of inside its border, where a long one
   * ('Patients Completing Treatment (Lower Bound)') is cut short in a quarter of the page.
   */
  labelAbove?: boolean;
  /**
   * A table cell's input: 8 px of padding a side instead of 14 and its message under the whole width, so that a
   * 76 px input shows five digits and 'Days should be increasing.' takes three lines, not five.
   */
  compact?: boolean;
}

const COMPACT = {
  '& .MuiInputBase-input': { px: 1 },
  '& .MuiFormHelperText-root': { mx: 0 },
} as const;

/** A numeric input of step 2: digits with one decimal part, '.5' read as '0.5' (spec/1 section 5). */
export function NumberInput({
  label,
  value,
  onChange,
  message,
  helperText,
  disabled,
  accept = acceptNumericText,
  onBlur,
  onKeyDown,
  maxLength,
  hiddenLabel = false,
  width,
  columnId,
  labelAbove = false,
  compact = false,
}: NumberInputProps) {
  const id = useId();
  const field = (
    <TextField
      id={id}
      label={hiddenLabel || labelAbove ? undefined : label}
      value={value}
      onChange={(e) => {
        const next = accept(e.target.value, value);
        if (next !== value) onChange(next);
      }}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      disabled={disabled}
      error={Boolean(message)}
      helperText={message ?? helperText}
      size="small"
      sx={{ width: width ?? '100%', ...(compact ? COMPACT : {}) }}
      slotProps={{
        htmlInput: {
          inputMode: 'decimal',
          autoComplete: 'off',
          maxLength,
          'data-column': columnId,
          ...(hiddenLabel ? { 'aria-label': label } : {}),
        },
      }}
    />
  );
  if (!labelAbove) return field;
  return (
    <Box>
      {/* Two lines high at least, so that the inputs of a row stay level when one label wraps. */}
      <Typography
        component="label"
        htmlFor={id}
        variant="body2"
        color={disabled ? 'text.disabled' : 'text.secondary'}
        sx={{ display: 'flex', alignItems: 'flex-end', minHeight: '2.6em', lineHeight: 1.3, mb: 0.5 }}
      >
        {label}
      </Typography>
      {field}
    </Box>
  );
}
