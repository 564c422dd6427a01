import { useState } from 'react';

/**
 * The number a decimal text field holds: null when empty, NaN when it is not a plain decimal (so a schema refuses
 * it with its own message), else the number. A minus sign is kept so ranges report it rather than the format.
 */
export function parseNumberText(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : NaN;
}

const show = (value: number | null) => (value === null ? '' : String(value));

/** A schema of a nullable number, e.g. a shared save schema's field. */
interface NumberSchema {
  safeParse(input: unknown): { success: true; data: number | null } | { success: false };
}

/**
 * The text of a numeric input bound to a numeric value, like the app's DateField: typing is free, the owner is given
 * the number once the text is valid and null while it is empty or invalid (so totals and saves never use a number
 * the field does not show). A new value from outside (a reload, a reset) replaces the text unless it already says it.
 */
export function useNumberText(value: number | null, schema: NumberSchema) {
  const read = (text: string) => {
    const result = schema.safeParse(parseNumberText(text));
    return result.success ? { valid: true, value: result.data } : { valid: false, value: null };
  };
  const [text, setText] = useState(() => show(value));
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (read(text).value !== value) setText(show(value));
  }
  return { text, setText, read, valid: read(text).valid };
}
