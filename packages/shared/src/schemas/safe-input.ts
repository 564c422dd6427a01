import { INPUT_LIMITS, MSG } from '@predict/engine';
import { z } from 'zod';

/**
 * The limits every request value keeps, so that bad input is a 400 naming the field rather than a database error:
 * PostgreSQL text cannot hold NUL, a lone UTF-16 surrogate is not Unicode (it cannot be stored or encoded), integer
 * columns are int4, and a number like 1e308 passes a bare z.number() but overflows every column and date.
 */

export const UNSAFE_TEXT_MESSAGE = 'Contains characters that are not allowed.';
const UNSAFE_TEXT = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True for text without NUL and without a lone surrogate. */
export const isSafeText = (text: string) => !text.includes('\u0000') && !UNSAFE_TEXT.test(text);

/** A string without NUL or lone surrogates; chain .max() etc. as with z.string(). */
export const safeText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isSafeText, { error: UNSAFE_TEXT_MESSAGE });

/** The largest id (int4 columns). */
export const ID_MAX = 2_147_483_647;
export const ID_TOO_LARGE_MESSAGE = 'Id is too large.';

/** Largest magnitude of a number the spec gives no range for (counts, days, rates): far beyond any real plan. */
export const NUMBER_MAX = 1_000_000_000;
export const NUMBER_TOO_LARGE_MESSAGE = `Has to be at most ${NUMBER_MAX}.`;
export const NUMBER_TOO_SMALL_MESSAGE = `Has to be at least -${NUMBER_MAX}.`;

/** A number within ±NUMBER_MAX; the validators of the form give the spec's ranges inside it. */
export const boundedNumber = (typeMessage: string = MSG.decimal) =>
  z
    .number({ error: typeMessage })
    .min(-NUMBER_MAX, { error: NUMBER_TOO_SMALL_MESSAGE })
    .max(NUMBER_MAX, { error: NUMBER_TOO_LARGE_MESSAGE });

/** An integer that fits an int4 column (ids, versions, positions), any sign. */
export const int4 = (typeMessage: string = MSG.integer) =>
  z
    .number({ error: typeMessage })
    .int({ error: typeMessage })
    .min(-ID_MAX - 1, { error: `Has to be at least ${-ID_MAX - 1}.` })
    .max(ID_MAX, { error: ID_TOO_LARGE_MESSAGE });

/**
 * Dates a plan may hold, 1900-01-01 to 2199-12-31 (the engine's input limits, the one copy): a plan's chain adds
 * durations to them, which must stay within what JavaScript and PostgreSQL dates hold.
 */
export const DATE_MILLIS_MIN = INPUT_LIMITS.dateMillisMin;
export const DATE_MILLIS_MAX = INPUT_LIMITS.dateMillisMax;
export const DATE_MILLIS_MESSAGE = MSG.dateRange;

/** A date in milliseconds since 1970 that a date column can hold. */
export const dateMillis = (typeMessage = 'Has to be a date in milliseconds since 1970.') =>
  z
    .number({ error: typeMessage })
    .int({ error: typeMessage })
    .min(DATE_MILLIS_MIN, { error: DATE_MILLIS_MESSAGE })
    .max(DATE_MILLIS_MAX, { error: DATE_MILLIS_MESSAGE });

/** True for a real calendar day written YYYY-MM-DD (not 2026-02-30, not year 0; any year 1 to 9999). */
export function isCalendarDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00.000Z`);
  return !Number.isNaN(time) && !day.startsWith('0000') && new Date(time).toISOString().startsWith(day);
}
