import InputBase from '@mui/material/InputBase';
import { memo, useState } from 'react';
import { fieldSx } from './field-sx';

export interface NumberFieldProps {
  value: number | null;
  /** Called with every valid value typed (null when emptied). */
  onCommit: (value: number | null) => void;
  label: string;
  /** Decimals allowed (0 = whole numbers). */
  decimals: number;
  max: number;
  disabled?: boolean;
  error?: string;
  /** How the value shows while not focused (e.g. as currency). */
  format?: (value: number) => string;
  /** Shown greyed when the value is empty (an inherited value). */
  placeholder?: string;
  width?: number;
}

const pattern = (decimals: number) => (decimals > 0 ? new RegExp(`^\\d*(\\.\\d{0,${decimals}})?$`) : /^\d*$/);

/**
 * A numeric cell of the editor's tables: keystrokes that would make the value invalid (a minus sign, too many
 * decimals, above the maximum) are not taken, so the working copy only ever holds valid numbers.
 */
export const NumberField = memo(function NumberField({
  value,
  onCommit,
  label,
  decimals,
  max,
  disabled,
  error,
  format,
  placeholder,
  width = 90,
}: NumberFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (value === null ? '' : format ? format(value) : String(value));
  return (
    <InputBase
      value={shown}
      disabled={disabled}
      placeholder={placeholder}
      error={Boolean(error)}
      title={error ?? placeholder}
      inputProps={{ 'aria-label': label, 'aria-invalid': Boolean(error) || undefined, inputMode: 'decimal' }}
      sx={{ ...fieldSx, width }}
      onFocus={() => setDraft(value === null ? '' : String(value))}
      onBlur={() => setDraft(null)}
      onChange={(e) => {
        const text = e.target.value.trim();
        if (!pattern(decimals).test(text)) return;
        if (text === '' || text === '.') {
          setDraft(text);
          if (value !== null) onCommit(null);
          return;
        }
        const n = Number(text);
        if (!Number.isFinite(n) || n > max) return;
        setDraft(text);
        if (n !== value) onCommit(n);
      }}
    />
  );
});
