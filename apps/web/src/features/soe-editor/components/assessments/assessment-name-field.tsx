import Autocomplete from '@mui/material/Autocomplete';
import InputBase from '@mui/material/InputBase';
import { SOE_LIMITS, SOE_MESSAGES } from '@predict/shared';
import { useQuery } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { useDebouncedCallback } from '@/hooks/use-debounced-callback';
import { assessmentNamesQuery } from '../../api/soe-editor-api';
import { fieldSx } from '../fields/field-sx';

export interface AssessmentNameFieldProps {
  value: string | null;
  /** False when the value was typed rather than chosen from the list. */
  valid: boolean;
  label: string;
  disabled?: boolean;
  /** Called with the mapping and whether it comes from the list (empty counts as valid). */
  onChange: (mapping: string | null, fromList: boolean) => void;
}

const SEARCH_DELAY_MS = 250;

/**
 * The assessment name mapping: chosen from the assessment-name list (GET /ctpo/assessments/name/{prefix}*, searched
 * as the user types); a typed value not from the list shows 'Select assessment name from the list.'.
 */
export const AssessmentNameField = memo(function AssessmentNameField({
  value,
  valid,
  label,
  disabled,
  onChange,
}: AssessmentNameFieldProps) {
  const [prefix, setPrefix] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDebouncedCallback((text: string) => setPrefix(text.trim()), SEARCH_DELAY_MS);
  const names = useQuery({ ...assessmentNamesQuery(prefix), enabled: open && prefix.length > 0 });
  const options = names.data?.map((n) => n.assessmentName) ?? [];
  const error = valid ? undefined : SOE_MESSAGES.selectAssessmentName;
  return (
    <Autocomplete
      freeSolo
      disabled={disabled}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      filterOptions={(o) => o}
      loading={names.isFetching}
      value={value}
      inputValue={value ?? ''}
      onChange={(_, chosen) => onChange(chosen || null, true)}
      onInputChange={(_, text, reason) => {
        if (reason !== 'input' && reason !== 'clear') return;
        search(text);
        const match = options.find((o) => o.toLowerCase() === text.trim().toLowerCase());
        if (!text.trim()) onChange(null, true);
        else onChange(match ?? text, match !== undefined);
      }}
      sx={{ width: 190 }}
      renderInput={(params) => (
        <>
          <InputBase
            ref={params.slotProps.input.ref}
            inputProps={{
              ...params.slotProps.htmlInput,
              'aria-label': label,
              maxLength: SOE_LIMITS.assessmentNameMax,
              'aria-invalid': Boolean(error) || undefined,
            }}
            error={Boolean(error)}
            disabled={disabled}
            title={error}
            sx={{ ...fieldSx, width: '100%' }}
          />
          {error && (
            <span role="status" style={{ color: '#d32f2f', fontSize: 12 }}>
              {error}
            </span>
          )}
        </>
      )}
    />
  );
});
