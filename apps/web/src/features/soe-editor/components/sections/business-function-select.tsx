import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SOE_BUSINESS_FUNCTIONS } from '@predict/shared';

export interface BusinessFunctionSelectProps {
  /** One of SOE_BUSINESS_FUNCTIONS, or null for none. */
  value: string | null;
  onChange: (businessFunction: string | null) => void;
  /** A view choice kept in the address (bf), so read-only users keep it; this turns it off. */
  disabled?: boolean;
}

const NONE = '';

/** The Business Function select of site-level tabs (spec/2 section 2). */
export function BusinessFunctionSelect({ value, onChange, disabled }: BusinessFunctionSelectProps) {
  return (
    <TextField
      select
      label="Business Function"
      value={value ?? NONE}
      onChange={(e) => onChange(e.target.value === NONE ? null : e.target.value)}
      disabled={disabled}
      size="small"
      sx={{ minWidth: 240 }}
    >
      <MenuItem value={NONE}>
        <em>None</em>
      </MenuItem>
      {SOE_BUSINESS_FUNCTIONS.map((bf) => (
        <MenuItem key={bf} value={bf}>
          {bf}
        </MenuItem>
      ))}
    </TextField>
  );
}
