import { z } from 'zod';

/** True when n has at most `decimals` decimals (tolerant of binary fractions like 0.1 + 0.2). */
export function hasAtMostDecimals(n: number, decimals: number): boolean {
  const scaled = n * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** Rounds to 2 decimals, half away from zero (spec/2: numeric fields are rounded to 2 decimals). */
export const round2 = (n: number) => (Math.sign(n) * Math.round(Math.abs(n) * 100 + 1e-9)) / 100;

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

/** A whole number in [min, max]. */
export const wholeIn = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
