import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { CURRENCIES, searchCurrencies } from '@predict/shared';
import type { ReactNode } from 'react';

type Currency = (typeof CURRENCIES)[number];

export interface CurrencyPickerProps {
  /** A code of the list, or null when none is chosen (cleared). */
  value: string | null;
  onChange: (code: string | null) => void;
  /** Default 'Currency'. */
  label?: string;
  disabled?: boolean;
  /** Default true: the clear button and Escape clear; false where a currency must stay (the SOE's own). */
  clearable?: boolean;
  required?: boolean;
  /** Shown when empty, e.g. the currency inherited from the level above. */
  placeholder?: string;
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  /** Default 240 px. */
  minWidth?: number;
}

export const currencyLabel = (c: Currency) => `${c.code} - ${c.name}`;

/**
 * The currency picker (spec/2 section 9): the 45 currencies, searchable by code or name (typing 'eur' or 'euro'
 * finds EUR), with a clear option; arrow keys and Enter choose, Escape clears when clearable.
 */
export function CurrencyPicker(props: CurrencyPickerProps) {
  const { value, onChange, clearable = true, label = 'Currency', minWidth = 240 } = props;
  const selected = CURRENCIES.find((c) => c.code === value) ?? null;
  return (
    <Autocomplete
      options={CURRENCIES}
      value={selected}
      onChange={(_, option) => onChange(option?.code ?? null)}
      filterOptions={(_, state) => searchCurrencies(state.inputValue)}
      getOptionLabel={currencyLabel}
      getOptionKey={(c) => c.code}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      autoHighlight
      clearOnEscape={clearable}
      disableClearable={!clearable}
      disabled={props.disabled}
      size={props.size ?? 'small'}
      fullWidth={props.fullWidth}
      sx={{ minWidth }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={props.required}
          placeholder={props.placeholder}
          error={props.error}
          helperText={props.helperText}
        />
      )}
    />
  );
}
