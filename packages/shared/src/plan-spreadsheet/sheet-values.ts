import { MONTH_NAMES } from './template-layout';

const DAY = 86_400_000;
/** Excel's day 0 is 1899-12-30: serial 25569 is 1970-01-01. */
const EXCEL_EPOCH_SERIAL = 25_569;

/** Plan dates are stored at noon UTC of their day (spec/1 section 5). */
export const noonUtc = (millis: number) => Math.floor(millis / DAY) * DAY + DAY / 2;

function fromParts(year: number, month: number, day: number): number | null {
  const t = Date.UTC(year, month, day, 12);
  const d = new Date(t);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month && d.getUTCDate() === day ? t : null;
}

/**
 * A date cell as milliseconds at noon UTC: an Excel date (exceljs gives a Date in UTC), an Excel serial number, or
 * text as YYYY-MM-DD, DD-Mon-YYYY or DD/Mon/YYYY (the app's two display formats). Null when it is none of these.
 */
export function cellDateMillis(raw: unknown): number | null {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : noonUtc(raw.getTime());
  if (typeof raw === 'number')
    return raw >= 1 && raw < 2_958_466 ? noonUtc(Math.round((raw - EXCEL_EPOCH_SERIAL) * DAY)) : null;
  if (typeof raw !== 'string') return null;
  const s = raw.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (iso) return fromParts(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  const named = /^(\d{1,2})[-/ ]([A-Za-z]{3})[-/ ](\d{4})$/.exec(s);
  if (named) {
    const month = MONTH_NAMES.findIndex((m) => m.toLowerCase() === named[2]!.toLowerCase());
    return month < 0 ? null : fromParts(Number(named[3]), month, Number(named[1]));
  }
  return null;
}

/** A plan date as the Date exceljs writes into a date cell (noon UTC keeps the day in every time zone). */
export const dateCell = (millis: number | null | undefined) =>
  millis === null || millis === undefined ? null : new Date(noonUtc(millis));
