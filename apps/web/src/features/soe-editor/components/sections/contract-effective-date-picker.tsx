import ClearIcon from '@mui/icons-material/Clear';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { COUNTRY_LEVEL_SITE_ID } from '@predict/shared';
import { DateField } from '@/components/date-field';

export interface ContractEffectiveDatePickerProps {
  /** Nothing is shown for the country-level entry (site 1). */
  siteId: number;
  /** ISO day (YYYY-MM-DD) or null. */
  value: string | null;
  onChange: (day: string | null) => void;
  readOnly?: boolean;
}

/** A site's Contract Effective Date (spec/2 section 2): the app's date input with a Clear button. */
export function ContractEffectiveDatePicker({
  siteId,
  value,
  onChange,
  readOnly,
}: ContractEffectiveDatePickerProps) {
  if (siteId === COUNTRY_LEVEL_SITE_ID) return null;
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      <DateField
        label="Contract Effective Date"
        value={value ?? ''}
        onChange={(day) => onChange(day === '' ? null : day)}
        disabled={readOnly}
      />
      {!readOnly && (
        <IconButton
          aria-label="Clear contract effective date"
          size="small"
          disabled={!value}
          onClick={() => onChange(null)}
        >
          <ClearIcon fontSize="small" />
        </IconButton>
      )}
    </Stack>
  );
}
