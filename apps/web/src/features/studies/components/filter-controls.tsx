import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

const inputSx = { minWidth: 96 };

export function TextFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      size="small"
      variant="standard"
      placeholder="Filter"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { 'aria-label': `Filter ${label}`, maxLength: 200 } }}
      sx={inputSx}
    />
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/** A select whose first option (value '') means no filter. */
export function SelectFilter({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        // displayEmpty: show 'All' for the empty value instead of a blank box.
        select: { displayEmpty: true },
        htmlInput: { 'aria-label': `Filter ${label}` },
      }}
      sx={inputSx}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function DateRangeFilter({
  label,
  from,
  to,
  onFromChange,
  onToChange,
}: {
  label: string;
  from: string;
  to: string;
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
}) {
  return (
    <Stack spacing={0.5}>
      <TextField
        type="date"
        size="small"
        variant="standard"
        value={from}
        onChange={(e) => onFromChange(e.target.value)}
        slotProps={{ htmlInput: { 'aria-label': `${label} from`, max: to || undefined } }}
      />
      <TextField
        type="date"
        size="small"
        variant="standard"
        value={to}
        onChange={(e) => onToChange(e.target.value)}
        slotProps={{ htmlInput: { 'aria-label': `${label} to`, min: from || undefined } }}
      />
    </Stack>
  );
}
