import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DateField } from '@/components/date-field';
import type { DateRangeValue, NumberRangeValue, SelectOption } from './column-filters';

/** The filter row's text is 13 px, so that a day (DD-MMM-YYYY) and its calendar button fit in a narrow column. */
const SMALL_TEXT = {
  '& .MuiInputBase-root': { fontSize: 13 },
  // 'DD-MMM-YYYY' is wider than any day typed into it.
  '& .MuiInputBase-input::placeholder': { fontSize: 12 },
  '& .MuiInputAdornment-root': { ml: 0.25 },
  '& .MuiIconButton-root': { p: 0.25 },
  '& .MuiIconButton-root .MuiSvgIcon-root': { fontSize: 18 },
} as const;
/** As wide as the column, at least 44 px ('All' and its arrow): the header, not the filter, sets the width. */
const inputSx = { ...SMALL_TEXT, width: '100%', minWidth: 44 };

/** A filter row's text box, named 'Filter {column}'; 200 characters unless told. */
export function TextFilter({
  label,
  value,
  maxLength = 200,
  onChange,
}: {
  label: string;
  value: string;
  maxLength?: number;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      size="small"
      variant="standard"
      placeholder="Filter"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { 'aria-label': `Filter ${label}`, maxLength } }}
      sx={inputSx}
    />
  );
}

/** A select whose first option (value '') means no filter; or, `multiple`, any number of options. */
export function SelectFilter({
  label,
  value,
  options,
  multiple = false,
  onChange,
}: {
  label: string;
  value: string | string[];
  options: readonly SelectOption[];
  multiple?: boolean;
  onChange: (value: string | string[]) => void;
}) {
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={value}
      onChange={(e) => onChange(e.target.value as string | string[])}
      slotProps={{
        // displayEmpty: show 'All' for the empty value instead of a blank box.
        select: {
          displayEmpty: true,
          multiple,
          renderValue: multiple
            ? (selected) => {
                const chosen = selected as string[];
                return chosen.length === 0 ? 'All' : chosen.map(labelOf).join(', ');
              }
            : undefined,
        },
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

/** Two days, from and to (both included), named '{column} from' and '{column} to'. */
export function DateRangeFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
}) {
  return (
    <Stack spacing={0.5} sx={{ minWidth: 106 }}>
      <DateField
        variant="standard"
        sx={SMALL_TEXT}
        ariaLabel={`${label} from`}
        value={value.from}
        max={value.to || undefined}
        onChange={(from) => onChange({ ...value, from })}
      />
      <DateField
        variant="standard"
        sx={SMALL_TEXT}
        ariaLabel={`${label} to`}
        value={value.to}
        min={value.from || undefined}
        onChange={(to) => onChange({ ...value, to })}
      />
    </Stack>
  );
}

/** Two numbers, min and max (both included), named '{column} min' and '{column} max'. */
export function NumberRangeFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: NumberRangeValue;
  onChange: (value: NumberRangeValue) => void;
}) {
  const box = (end: 'min' | 'max') => (
    <TextField
      size="small"
      variant="standard"
      placeholder={end === 'min' ? 'Min' : 'Max'}
      value={value[end]}
      // Digits, one decimal part and a leading minus only, so a half-typed number never filters everything out.
      onChange={(e) => {
        if (/^-?\d*\.?\d*$/.test(e.target.value)) onChange({ ...value, [end]: e.target.value });
      }}
      slotProps={{ htmlInput: { 'aria-label': `${label} ${end}`, inputMode: 'decimal', maxLength: 20 } }}
      sx={inputSx}
    />
  );
  return (
    <Stack spacing={0.5}>
      {box('min')}
      {box('max')}
    </Stack>
  );
}
