import TextField from '@mui/material/TextField';
import { SOE_LIMITS, SOE_MESSAGES } from '@predict/shared';
import { useEffect, useRef, useState } from 'react';
import { useDebouncedCallback } from '@/hooks/use-debounced-callback';

export interface SamplingNotesFieldProps {
  value: string | null;
  label: string;
  readOnly: boolean;
  /** Called SOE_LIMITS.debounceMs after the last keystroke, and at once when the field is left or unmounted. */
  onCommit: (notes: string | null) => void;
}

const toNotes = (text: string) => (text === '' ? null : text);

/** A sampling row's notes (max 500): edits are written back after the spec's 500 ms debounce (spec/2 section 4). */
export function SamplingNotesField({ value, label, readOnly, onCommit }: SamplingNotesFieldProps) {
  const [text, setText] = useState(value ?? '');
  const [shownValue, setShownValue] = useState(value);
  const pending = useRef<string | null | undefined>(undefined);
  const commitRef = useRef(onCommit);
  useEffect(() => {
    commitRef.current = onCommit;
  }, [onCommit]);

  // A new value from outside (a reload after Save) replaces the text unless an edit is still pending.
  if (value !== shownValue) {
    setShownValue(value);
    if (pending.current === undefined && toNotes(text) !== value) setText(value ?? '');
  }

  const flush = () => {
    if (pending.current === undefined) return;
    const notes = pending.current;
    pending.current = undefined;
    commitRef.current(notes);
  };
  const debounced = useDebouncedCallback(flush, SOE_LIMITS.debounceMs);

  // Leaving the editor (or closing the section) mid-typing must not lose the last edit.
  useEffect(() => () => flush(), []);

  const tooLong = text.length > SOE_LIMITS.samplingNotesMax;
  return (
    <TextField
      value={text}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        if (next.length > SOE_LIMITS.samplingNotesMax) {
          pending.current = undefined;
          debounced.cancel();
          return;
        }
        pending.current = toNotes(next);
        debounced();
      }}
      onBlur={() => {
        debounced.cancel();
        flush();
      }}
      disabled={readOnly}
      multiline
      maxRows={4}
      fullWidth
      size="small"
      error={tooLong}
      helperText={tooLong ? SOE_MESSAGES.samplingNotesTooLong : undefined}
      slotProps={{ htmlInput: { 'aria-label': label, maxLength: SOE_LIMITS.samplingNotesMax } }}
    />
  );
}
