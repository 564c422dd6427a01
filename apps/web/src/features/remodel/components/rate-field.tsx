import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { RATE_TYPING, roundRate } from '../utils/remodel-values';

/** A rate input: digits and one dot only while typing, rounded to 2 decimals on blur (spec/3 section 5). */
export function RateField({
  value,
  onChange,
  onBlur,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur'> & {
  value: string;
  onChange: (text: string) => void;
  onBlur: () => void;
}) {
  return (
    <TextField
      size="small"
      {...props}
      value={value}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      onChange={(e) => {
        if (RATE_TYPING.test(e.target.value)) onChange(e.target.value);
      }}
      onBlur={() => {
        const rounded = roundRate(value);
        if (rounded !== value) onChange(rounded);
        onBlur();
      }}
    />
  );
}
