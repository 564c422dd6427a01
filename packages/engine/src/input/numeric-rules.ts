import { MSG } from './messages';

/** A numeric form value as typed (text) or as sent by the API (number); empty is null, undefined or ''. */
export type NumericInput = number | string | null | undefined;

type Parsed = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'number'; value: number };

/**
 * Reads a numeric input the way the form's inputs do (spec/1 section 5): digits with one optional decimal part,
 * a leading '.' read as '0.'. A minus sign is read too, so that a negative number from the API gets the range
 * message rather than a type message.
 */
export function parseNumeric(input: NumericInput): Parsed {
  if (input === null || input === undefined) return { kind: 'empty' };
  if (typeof input === 'number')
    return Number.isFinite(input) ? { kind: 'number', value: input } : { kind: 'invalid' };
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  const normalized = text.replace(/^(-?)\./, '$10.');
  if (!/^-?\d+(\.\d*)?$/.test(normalized)) return { kind: 'invalid' };
  return { kind: 'number', value: Number(normalized) };
}

export const isEmptyInput = (input: NumericInput) => parseNumeric(input).kind === 'empty';

export interface NumberRule {
  integer: boolean;
  min: number;
  max?: number;
  required?: boolean;
  /** Replaces the generic lower-limit message (the patient counts have their own). */
  minMessage?: string;
  /** Replaces the generic upper-limit message (the patient counts have their own). */
  maxMessage?: string;
}

/** The first message a numeric input earns under its rule, or its value when it has none. */
export function checkNumber(input: NumericInput, rule: NumberRule): { message?: string; value?: number } {
  const parsed = parseNumeric(input);
  if (parsed.kind === 'empty') return rule.required ? { message: MSG.empty } : {};
  if (parsed.kind === 'invalid') return { message: rule.integer ? MSG.integer : MSG.decimal };
  const { value } = parsed;
  if (rule.integer && !Number.isInteger(value)) return { message: MSG.integer };
  const generic = rule.max === undefined ? MSG.atLeast(rule.min) : MSG.range(rule.min, rule.max);
  if (value < rule.min) return { message: rule.minMessage ?? generic };
  if (rule.max !== undefined && value > rule.max) return { message: rule.maxMessage ?? generic };
  return { value };
}

/** One message at a path relative to what a rule was given ([] for the whole of it). */
export interface RuleIssue {
  path: (string | number)[];
  message: string;
}
