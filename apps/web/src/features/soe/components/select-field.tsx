import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface SelectFieldProps<T extends string | number> {
  label: string;
  value: T | null;
  options: readonly { value: T; label: string }[];
  onChange: (value: T | null) => void;
  onBlur?: () => void;
  /** Offers an empty choice ('None') for optional fields. */
  allowEmpty?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: string;
}

const NONE = '';

/** A select of the SOE form; numbers travel as text through the menu and come back as numbers. */
export function SelectField<T extends string | number>(props: SelectFieldProps<T>) {
  const { options, value } = props;
  const key = (v: T) => String(v);
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={props.label}
      required={props.required}
      disabled={props.disabled}
      value={value === null ? NONE : key(value)}
      onChange={(e) => props.onChange(options.find((o) => key(o.value) === e.target.value)?.value ?? null)}
      onBlur={props.onBlur}
      error={props.error !== undefined}
      helperText={props.error}
    >
      {props.allowEmpty && (
        <MenuItem value={NONE}>
          <em>None</em>
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={key(o.value)} value={key(o.value)}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Options whose label is the value itself (with a suffix such as ' %'). */
export const plainOptions = <T extends string | number>(values: readonly T[], suffix = '') =>
  values.map((v) => ({ value: v, label: `${v}${suffix}` }));
