import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import {
  AUTOCOMPLETE_LIMIT,
  COPY_TO_PROJECT_DEBOUNCE_MS,
  sanitizeSearchText,
  type StudySearchResult,
} from '@predict/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
// The api module, not the feature's index: keeps the study table code out of this chunk.
import { studySearchQueryOptions } from '@/features/studies';
import { useDebouncedCallback } from '@/hooks/use-debounced-callback';

export const studyOptionLabel = (study: StudySearchResult) => `${study.projectId} - ${study.studyName}`;

/** The Clone dialog's target study: a study search debounced 300 ms (spec/1 section 9). */
export function CopyToProjectField({
  value,
  onChange,
  error,
}: {
  value: StudySearchResult | null;
  onChange: (study: StudySearchResult | null) => void;
  error?: string;
}) {
  const [input, setInput] = useState(value ? studyOptionLabel(value) : '');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const debouncedSetTerm = useDebouncedCallback(
    (text: string) => setTerm(sanitizeSearchText(text)),
    COPY_TO_PROJECT_DEBOUNCE_MS,
  );
  const search = useQuery({
    ...studySearchQueryOptions(term),
    // Only while the list is open: opening the dialog costs no request.
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const options = (search.data ?? []).slice(0, AUTOCOMPLETE_LIMIT);

  return (
    <Autocomplete<StudySearchResult>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={value && !options.some((o) => o.studyId === value.studyId) ? [value, ...options] : options}
      // The server has already searched; MUI must not filter again.
      filterOptions={(x) => x}
      getOptionLabel={studyOptionLabel}
      getOptionKey={(o) => o.studyId}
      isOptionEqualToValue={(a, b) => a.studyId === b.studyId}
      loading={search.isFetching}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, text, reason) => {
        setInput(text);
        // Picking an option writes its label into the box; that is not a new search.
        if (reason === 'input') debouncedSetTerm(text);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Copy To Project"
          required
          size="small"
          error={error !== undefined}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: 200 },
          }}
        />
      )}
    />
  );
}
