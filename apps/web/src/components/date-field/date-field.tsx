import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { DATE_FORMAT, formatDate, formatPlanDate, parseDate, PLAN_DATE_FORMAT } from '@/lib/format';

const DateCalendarPanel = lazy(() =>
  import('./date-calendar-panel').then((m) => ({ default: m.DateCalendarPanel })),
);

export const DATE_FORMAT_HINT = `Enter a date as ${PLAN_DATE_FORMAT}, e.g. 04-Jan-2027.`;
/** The hint of a field showing DD/MMM/YYYY (spec/2 section 5: the SOE's protocol date). */
export const SLASH_DATE_FORMAT_HINT = `Enter a date as ${DATE_FORMAT}, e.g. 04/Jan/2027.`;

export interface DateFieldProps {
  /** The day as forms and the API carry it: ISO YYYY-MM-DD, '' for none. */
  value: string;
  /** Called with the ISO day once the text is a whole date, and with '' when it is cleared or not a date. */
  onChange: (day: string) => void;
  onBlur?: () => void;
  label?: string;
  /** The accessible name when there is no visible label (table cells, filters). */
  ariaLabel?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** Earliest and latest days the calendar offers (ISO). */
  min?: string;
  max?: string;
  size?: 'small' | 'medium';
  variant?: TextFieldProps['variant'];
  fullWidth?: boolean;
  sx?: TextFieldProps['sx'];
  /** How the day is shown: DD-MMM-YYYY (default, plan dates) or DD/MMM/YYYY (the SOE's dates). */
  format?: typeof PLAN_DATE_FORMAT | typeof DATE_FORMAT;
  /**
   * Told when the text turns unreadable (not empty and not a date) and readable again, before the matching
   * onChange(''), so that a form can tell an unreadable entry from a cleared one and hold its save.
   */
  onValidityChange?: (valid: boolean) => void;
}

const readable = (text: string) => text.trim() === '' || parseDate(text) !== null;

/** The calendar button at the end of the input. */
function CalendarButton({ disabled, onOpen }: { disabled?: boolean; onOpen: () => void }) {
  return (
    <InputAdornment position="end">
      <IconButton aria-label="Choose date" size="small" edge="end" disabled={disabled} onClick={onOpen}>
        <CalendarMonthIcon fontSize="small" />
      </IconButton>
    </InputAdornment>
  );
}

/**
 * The field's text and what it tells: free typing, the value changed only to a whole, real date (or ''), its
 * validity reported, the calendar's pick, and whether to show the entry as unreadable (after a blur).
 */
function useDateText(props: DateFieldProps, show: (day: string) => string) {
  const { value, onChange } = props;
  const [text, setText] = useState(() => show(value));
  const [shownValue, setShownValue] = useState(value);
  const [blurred, setBlurred] = useState(false);

  // A new value from outside (a reset, a loaded plan) replaces the text, unless the text already says it.
  if (value !== shownValue) {
    setShownValue(value);
    if ((parseDate(text) ?? '') !== value) setText(show(value));
  }

  // The validity last reported: told on each change (before onChange) and when a value from outside replaces it.
  const reported = useRef(true);
  const { onValidityChange } = props;
  const report = useCallback(
    (valid: boolean) => {
      if (valid === reported.current) return;
      reported.current = valid;
      onValidityChange?.(valid);
    },
    [onValidityChange],
  );
  const textReadable = readable(text);
  useEffect(() => report(textReadable), [report, textReadable]);

  const change = (next: string) => {
    setText(next);
    report(readable(next));
    const day = parseDate(next) ?? '';
    if (day !== value) onChange(day);
  };
  const type = (next: string) => {
    setBlurred(false);
    change(next);
  };
  const blur = () => {
    const day = parseDate(text);
    if (day !== null) setText(show(day));
    setBlurred(true);
    props.onBlur?.();
  };
  return { text, type, blur, invalid: blurred && !textReadable };
}

/**
 * The app's date input: shows and takes DD-MMM-YYYY (04-Jan-2027) instead of the browser's own format, with a
 * calendar button (also Alt+Down). Typing is free; the value only changes to a whole, real date (or '').
 */
export function DateField(props: DateFieldProps) {
  const { value, label, ariaLabel, disabled, min, max } = props;
  const slashes = props.format === DATE_FORMAT;
  const show = (day: string) => (slashes ? formatDate(day, '') : formatPlanDate(day, ''));
  const hint = slashes ? SLASH_DATE_FORMAT_HINT : DATE_FORMAT_HINT;
  const { text, type, blur, invalid } = useDateText(props, show);
  const [open, setOpen] = useState(false);
  const anchorRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);

  // Back to the input once the calendar has closed, so the keyboard continues where it was.
  const close = () => {
    setOpen(false);
    setTimeout(() => inputRef.current?.focus(), 0);
  };
  const pick = (day: string) => {
    type(show(day));
    close();
  };
  const setRefs = (element: HTMLInputElement | null) => {
    inputRef.current = element;
    const outer = props.inputRef;
    if (typeof outer === 'function') outer(element);
    else if (outer) outer.current = element;
  };

  return (
    <>
      <TextField
        ref={anchorRef}
        label={label}
        name={props.name}
        value={text}
        placeholder={slashes ? DATE_FORMAT : PLAN_DATE_FORMAT}
        inputRef={setRefs}
        onChange={(e) => type(e.target.value)}
        onBlur={blur}
        onKeyDown={(e) => {
          if (e.altKey && e.key === 'ArrowDown' && !disabled) {
            e.preventDefault();
            setOpen(true);
          }
        }}
        disabled={disabled}
        required={props.required}
        error={Boolean(props.error) || invalid}
        helperText={invalid && !props.error ? hint : props.helperText}
        size={props.size ?? 'small'}
        variant={props.variant}
        fullWidth={props.fullWidth}
        sx={props.sx}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'aria-label': ariaLabel, autoComplete: 'off', maxLength: 20 },
          input: { endAdornment: <CalendarButton disabled={disabled} onOpen={() => setOpen(true)} /> },
        }}
      />
      <Popover
        open={open}
        anchorEl={anchorRef.current}
        onClose={close}
        disableRestoreFocus
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Suspense fallback={<CircularProgress aria-label="Loading calendar" sx={{ m: 2 }} />}>
          <DateCalendarPanel value={value} min={min} max={max} onPick={pick} />
        </Suspense>
      </Popover>
    </>
  );
}
