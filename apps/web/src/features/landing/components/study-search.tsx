import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import {
  AUTOCOMPLETE_LIMIT,
  LANDING_SEARCH_DEBOUNCE_MS,
  sanitizeSearchText,
  type StudySearchResult,
} from '@predict/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useNotify } from '@/components/snackbars';
// The api module, not the feature's index: keeps the study table code out of this chunk.
import { studySearchQueryOptions } from '@/features/studies';
import { useDebouncedCallback } from '@/hooks/use-debounced-callback';
import { sectionOf, studyPath } from '../utils/section';

const optionLabel = (option: StudySearchResult | string) =>
  typeof option === 'string' ? option : `${option.projectId} - ${option.studyName}`;

function findExact(text: string, options: readonly StudySearchResult[]) {
  const wanted = text.trim().toLowerCase();
  return options.find((o) => optionLabel(o).toLowerCase() === wanted || o.projectId.toLowerCase() === wanted);
}

/** The landing panel's study search: pick a study to open it in the current section. */
export function StudySearch() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const notify = useNotify();
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const debouncedSetTerm = useDebouncedCallback(
    (text: string) => setTerm(sanitizeSearchText(text)),
    LANDING_SEARCH_DEBOUNCE_MS,
  );

  const search = useQuery({
    ...studySearchQueryOptions(term),
    // Only while the list is open, so that showing the panel costs no request.
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const options = (search.data ?? []).slice(0, AUTOCOMPLETE_LIMIT);

  const openStudy = (study: StudySearchResult) => {
    setInput('');
    setOpen(false);
    void navigate(studyPath(sectionOf(pathname), study.studyId));
  };

  return (
    <Autocomplete<StudySearchResult, false, false, true>
      freeSolo
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      // The server has already searched; MUI must not filter again.
      filterOptions={(x) => x}
      getOptionLabel={optionLabel}
      getOptionKey={(o) => (typeof o === 'string' ? o : o.studyId)}
      loading={search.isFetching}
      value={null}
      inputValue={input}
      onInputChange={(_, value, reason) => {
        if (reason === 'reset') return;
        setInput(value);
        debouncedSetTerm(value);
      }}
      onChange={(_, value) => {
        if (value === null) return;
        if (typeof value !== 'string') return openStudy(value);
        const match = findExact(value, options);
        if (match) openStudy(match);
        else notify.info('Select Project from search results');
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          placeholder="Search..."
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              'aria-label': 'Search study or opportunity',
              maxLength: 200,
            },
          }}
        />
      )}
    />
  );
}
