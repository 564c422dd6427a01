import { z } from 'zod';
import { round2, roundTo } from '@predict/engine';

/** True when n has at most `decimals` decimals (tolerant of binary fractions like 0.1 + 0.2). */
export function hasAtMostDecimals(n: number, decimals: number): boolean {
  const scaled = n * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

// One rounding rule for the product, the engine's (half away from zero; 1.005 -> 1.01).
export { round2, roundTo } from '@predict/engine';

/** Decimal amount to integer minor units (cents) and back; money is stored in cents (design/soe-costing.md 1). */
export const toCents = (amount: number) => Math.round(round2(amount) * 100);
export const fromCents = (cents: number) => cents / 100;

/** A finite number in [min, max] with at most `decimals` decimals, one message for any violation. */
export const decimalIn = (min: number, max: number, decimals: number, message: string) =>
  z
    .number({ error: message })
    .min(min, { error: message, abort: true })
    .max(max, { error: message, abort: true })
    .refine((n) => hasAtMostDecimals(n, decimals), { error: message });

/**
 * spec/2 section 5's numbers that are "rounded to 2 decimals" (costs, overhead %, CRF and SDR/SDV figures): a finite
 * number, rounded half away from zero to `decimals` first and then checked against [min, max] (1.234 is 1.23;
 * 99,999,999.996 rounds past the 8 digits and is refused). The editor's save runs this same schema before it sends.
 */
export const roundedDecimalIn = (min: number, max: number, decimals: number, message: string) =>
  z
    .number({ error: message })
    .overwrite((n) => roundTo(n, decimals))
    .min(min, { error: message, abort: true })
    .max(max, { error: message, abort: true });

/**
 * A grid multiplier typed as text (spec/2 section 5, Mapping grid: "the string is parsed as a number, 0 if
 * invalid"): the number rounded to 2 decimals, or 0 when the text is not a number (empty, '.', 'abc'). The range
 * (0 to 100) is checked by the schema, not here: 250 stays 250 and is refused there.
 */
export function multiplierOf(text: string | number): number {
  const n = typeof text === 'number' ? text : text.trim() === '' ? Number.NaN : Number(text.trim());
  return Number.isFinite(n) ? round2(n) : 0;
}

/** A whole number in [min, max]. */
export const wholeIn = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
