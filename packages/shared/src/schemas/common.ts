import { MSG } from '@predict/engine';
import { z } from 'zod';
import { ID_MAX, ID_TOO_LARGE_MESSAGE, isCalendarDay } from './safe-input';

/** Body of every 4xx/5xx answer: the spec's message per field for 400s. */
export const ErrorResponse = z
  .object({
    error: z.string(),
    message: z.string(),
    fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** The numeric input messages of spec/1 section 5 (the engine's input rules hold the texts). */
export const REQUIRED_MESSAGE = MSG.empty;
export const INTEGER_MESSAGE = MSG.integer;
export const DECIMAL_MESSAGE = MSG.decimal;
export const rangeMessage = MSG.range;

/** A positive integer id in a path or query string. */
export const IdParam = z.coerce
  .number({ error: INTEGER_MESSAGE })
  .int({ error: INTEGER_MESSAGE })
  .min(0, { error: 'Has to be a non-negative id.' })
  .max(ID_MAX, { error: ID_TOO_LARGE_MESSAGE });

/** A calendar date as YYYY-MM-DD. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_MESSAGE = 'Has to be a date as YYYY-MM-DD.';
export const IsoDate = z.string().regex(ISO_DATE, { error: ISO_DATE_MESSAGE });
/** A real calendar day as YYYY-MM-DD (2026-02-30 or year 0 would fail in the database); one message each. */
export const CalendarDay = z
  .string()
  .regex(ISO_DATE, { error: ISO_DATE_MESSAGE, abort: true })
  .refine(isCalendarDay, { error: 'Not a calendar date.' });

export const ReturnCodeRow = z.object({ returnCode: z.string(), returnDesc: z.string().optional() });
