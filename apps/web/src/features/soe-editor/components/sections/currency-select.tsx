import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { CURRENCIES, searchCurrencies } from '@predict/shared';

type Currency = (typeof CURRENCIES)[number];

export interface CurrencySelectProps {
  /** A code of the list or null (cleared). */
  value: string | null;
  onChange: (code: string | null) => void;
  disabled?: boolean;
  /** Default true; false when the level must keep a currency (the study level). */
  clearable?: boolean;
  /** Shown when empty, e.g. the currency inherited from the level above. */
  placeholder?: string;
  helperText?: string;
}

const label = (c: Currency) => `${c.code} - ${c.name}`;

// TODO(issue 15): replace with CurrencyPicker from '@/features/soe' once that feature exports it.
/** The currency list (45 codes), searchable by code or name; the clear button or Escape clears (spec/2 section 9). */
export function CurrencySelect(props: CurrencySelectProps) {
  const { value, onChange, disabled, placeholder, helperText, clearable = true } = props;
  const selected = CURRENCIES.find((c) => c.code === value) ?? null;
  return (
    <Autocomplete
      options={CURRENCIES}
      value={selected}
      onChange={(_, option) => onChange(option?.code ?? null)}
      filterOptions={(_, state) => searchCurrencies(state.inputValue)}
      getOptionLabel={label}
      getOptionKey={(c) => c.code}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      clearOnEscape={clearable}
      disableClearable={!clearable}
      disabled={disabled}
      size="small"
      sx={{ minWidth: 240 }}
      renderInput={(params) => (
        <TextField {...params} label="Currency" placeholder={placeholder} helperText={helperText} />
      )}
    />
  );
}
