import TextField from '@mui/material/TextField';
import { parseNumeric } from '@predict/shared';
import { useController, useFormContext, type FieldPath } from 'react-hook-form';
import { DateField as AppDateField } from '@/components/date-field';
import { dayToNoonUtcMillis, millisToDay, type PlanFormModel } from '../utils/plan-form-model';

type Name = FieldPath<PlanFormModel>;

interface FieldProps {
  name: Name;
  label: string;
  /** The message to show under the field, if any. */
  error?: string;
  disabled?: boolean;
  helperText?: string;
}

/**
 * What a numeric input lets through (spec/1 section 5): digits with one optional decimal part, a leading '.' read
 * as '0.'. Anything else typed is dropped, so letters and signs never reach the form.
 */
export function acceptNumericText(raw: string, previous: string): string {
  const text = raw.startsWith('.') ? `0${raw}` : raw;
  if (text === '') return '';
  // parseNumeric is the shared reader; it also reads signs and spaces, which typing may not add.
  if (/[-\s]/.test(text) || parseNumeric(text).kind !== 'number') return previous;
  return text;
}

/** Typing into a field clears the server's message for it: the next save judges the new value. */
function useFieldWithServerError(name: Name) {
  const { control, clearErrors } = useFormContext<PlanFormModel>();
  const { field } = useController({ name, control });
  return { field, clearServerError: () => clearErrors(name) };
}

export function NumericField({ name, label, error, disabled, helperText }: FieldProps) {
  const { field, clearServerError } = useFieldWithServerError(name);
  const value = (field.value as string | undefined) ?? '';
  return (
    <TextField
      label={label}
      name={field.name}
      value={value}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(e) => {
        const next = acceptNumericText(e.target.value, value);
        if (next !== value) {
          clearServerError();
          field.onChange(next);
        }
      }}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
      fullWidth
      size="small"
    />
  );
}

/** A date input showing DD-MMM-YYYY (keyboard- and Playwright-friendly); the form keeps millis at noon UTC. */
export function DateField({ name, label, error, disabled }: FieldProps) {
  const { field, clearServerError } = useFieldWithServerError(name);
  return (
    <AppDateField
      label={label}
      name={field.name}
      value={millisToDay(field.value as number | null)}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(day) => {
        clearServerError();
        field.onChange(dayToNoonUtcMillis(day));
      }}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error}
      fullWidth
    />
  );
}

/** A text field with a character counter ('12/50'); typing stops at the limit. */
export function CountedTextField({
  name,
  label,
  error,
  disabled,
  max,
  multiline = false,
}: FieldProps & { max: number; multiline?: boolean }) {
  const { field, clearServerError } = useFieldWithServerError(name);
  const value = (field.value as string | undefined) ?? '';
  return (
    <TextField
      label={label}
      name={field.name}
      value={value}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(e) => {
        clearServerError();
        field.onChange(e.target.value);
      }}
      disabled={disabled}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      error={Boolean(error)}
      helperText={
        <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          <span>{error}</span>
          <span>{`${value.length}/${max}`}</span>
        </span>
      }
      slotProps={{ htmlInput: { maxLength: max } }}
      fullWidth
      size="small"
    />
  );
}
