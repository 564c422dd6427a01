import ClearIcon from '@mui/icons-material/Clear';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { COUNTRY_LEVEL_SITE_ID } from '@predict/shared';
import { useEffect, useRef, useState } from 'react';
import { DateField } from '@/components/date-field';
import { DATE_FORMAT } from '@/lib/format';

/** Shown under an entry that is not a date; Save waits until it is one (or cleared). */
export const CONTRACT_DATE_UNREADABLE = `Not a date: enter the Contract Effective Date as ${DATE_FORMAT}, e.g. 04/Jan/2027. It is not saved until then.`;

export interface ContractEffectiveDatePickerProps {
  /** Nothing is shown for the country-level entry (site 1). */
  siteId: number;
  /** ISO day (YYYY-MM-DD) or null. */
  value: string | null;
  onChange: (day: string | null) => void;
  /** Told when the typed text turns unreadable and readable again (and readable when the picker goes). */
  onValidityChange?: (valid: boolean) => void;
  readOnly?: boolean;
}

/**
 * A site's Contract Effective Date (spec/2 section 2): DD/MMM/YYYY (spec/2 section 9) with a Clear button. An
 * unreadable entry keeps the last date in the working copy (it is not turned into "no date") and holds the save.
 */
export function ContractEffectiveDatePicker(props: ContractEffectiveDatePickerProps) {
  if (props.siteId === COUNTRY_LEVEL_SITE_ID) return null;
  return <SiteContractDate {...props} />;
}

function SiteContractDate({ value, onChange, onValidityChange, readOnly }: ContractEffectiveDatePickerProps) {
  const [unreadable, setUnreadable] = useState(false);
  const [left, setLeft] = useState(false);
  // Clearing unreadable text starts a fresh input: the field keeps such text when its value is already empty.
  const [generation, setGeneration] = useState(0);
  const readable = useRef(true);
  const validity = (valid: boolean) => {
    readable.current = valid;
    setUnreadable(!valid);
    // The message stays from leaving the field until the entry is a date again.
    if (valid) setLeft(false);
    onValidityChange?.(valid);
  };
  // An unreadable entry goes with the picker (another site, another tab): nothing is left to hold the save.
  const validityRef = useRef(onValidityChange);
  useEffect(() => {
    validityRef.current = onValidityChange;
  }, [onValidityChange]);
  useEffect(() => () => validityRef.current?.(true), []);

  const shown = unreadable && left;
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
      <DateField
        key={generation}
        label="Contract Effective Date"
        format={DATE_FORMAT}
        value={value ?? ''}
        onValidityChange={validity}
        onChange={(day) => {
          // '' also comes for unreadable text: only an emptied field clears the date.
          if (day === '' && !readable.current) return;
          onChange(day === '' ? null : day);
        }}
        onBlur={() => setLeft(true)}
        error={shown}
        helperText={shown ? CONTRACT_DATE_UNREADABLE : undefined}
        disabled={readOnly}
        sx={{ maxWidth: 300 }}
      />
      {!readOnly && (
        <IconButton
          aria-label="Clear contract effective date"
          size="small"
          disabled={!value && !unreadable}
          sx={{ mt: 0.75 }}
          onClick={() => {
            if (unreadable) {
              validity(true);
              setGeneration((g) => g + 1);
            }
            if (value !== null) onChange(null);
          }}
        >
          <ClearIcon fontSize="small" />
        </IconButton>
      )}
    </Stack>
  );
}
