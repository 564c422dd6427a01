import {
  cardKey,
  countryInputColumn,
  milestoneKey,
  OVERALL_FIELDS,
  OVERALL_VALUE_COLUMN,
  overallKeyOfFormField,
  overallRow,
  PLAN_SHEETS,
  seasonKey,
  type SheetError,
} from '@predict/shared';
import type { HttpError } from '../../http-errors';
import { cellError, type ResolvedCountry } from './plan-upload-countries';

/**
 * The services the upload reuses answer 400 with body paths ('body.countryInputs.2.siteEnrollmentRateAtSIV');
 * these put each message back at the sheet cell it came from, so the dialog lists it by row and column.
 */
const fieldsOf = (e: HttpError) =>
  (e.fields ?? []).map((f) => ({ path: f.path.replace(/^body\./, ''), message: f.message }));

const sheetLevel = (sheet: string, message: string, row: number | null = null): SheetError => ({
  sheet,
  row,
  column: null,
  header: null,
  message,
});

/** Step 1 save errors: at their Overall Parameters row. */
export function overallErrorsOf(e: HttpError): SheetError[] {
  const fields = fieldsOf(e);
  if (fields.length === 0) return [sheetLevel(PLAN_SHEETS.overall, e.message)];
  return fields.map((f) => {
    const key = overallKeyOfFormField(f.path);
    if (!key) return sheetLevel(PLAN_SHEETS.overall, f.message);
    return {
      sheet: PLAN_SHEETS.overall,
      row: overallRow(key),
      column: OVERALL_VALUE_COLUMN,
      header: OVERALL_FIELDS.find((x) => x.key === key)?.label ?? null,
      message: f.message,
    };
  });
}

const COUNTRY_CALL_COLUMNS: Record<string, string> = {
  NUM_SITES_ACTIVATED_LOWER: 'sitesLower',
  NUM_SITES_ACTIVATED_UPPER: 'sitesUpper',
  siteIdEffort: 'siteIdEffort',
  timeSiteIdSize: 'siteIdEffort',
  countryStartUpTimeFrame: 'startUpTimeFrame',
  timeCountryStartUpSize: 'startUpTimeFrame',
};

/** Add / Edit Country errors of one row. */
export const rowErrorsOf =
  (row: number) =>
  (e: HttpError): SheetError[] => {
    const fields = fieldsOf(e);
    if (fields.length === 0) return [sheetLevel(PLAN_SHEETS.countries, e.message, row)];
    return fields.map((f) => {
      const key = COUNTRY_CALL_COLUMNS[f.path.split('.').pop() ?? ''];
      return key ? cellError(row, key, f.message) : sheetLevel(PLAN_SHEETS.countries, f.message, row);
    });
  };

function step2Column(country: ResolvedCountry, table: string, index: number, rest: string[]): string | null {
  const field = rest.join('.');
  switch (table) {
    case 'countryInputs':
      return countryInputColumn(field);
    case 'milestones': {
      const m = country.parsed.milestones[index % country.parsed.milestones.length];
      if (!m) return null;
      if (field === 'milestoneDateMillis') return milestoneKey(m.milestoneId, 'date');
      if (field === 'comments') return milestoneKey(m.milestoneId, 'comment');
      return milestoneKey(m.milestoneId, 'override');
    }
    case 'activationProfiles': {
      const card = Number(rest[1] ?? 0);
      return cardKey(
        Number.isInteger(card) ? card : 0,
        rest[2] === 'siteActivationProfileDays' ? 'days' : 'sites',
      );
    }
    case 'enrollmentSeasonalVariations':
      return seasonKey(Number(rest[1] ?? 0) || 0);
    case 'siteFatigue':
      return field === 'eventualSiteEnrollmentRate' ? 'fatigueRate' : 'fatigueDays';
    default:
      return null;
  }
}

/** Step 2 save errors: the tables are in row order (milestones: each row's overridable milestones in turn). */
export const step2ErrorsOf =
  (countries: readonly ResolvedCountry[]) =>
  (e: HttpError): SheetError[] => {
    const fields = fieldsOf(e);
    if (fields.length === 0) return [sheetLevel(PLAN_SHEETS.countries, e.message)];
    return fields.map((f) => {
      const [table = '', i = '', ...rest] = f.path.split('.');
      const per = table === 'milestones' ? (countries[0]?.parsed.milestones.length ?? 1) : 1;
      const index = Number(i);
      const country = Number.isInteger(index) ? countries[Math.floor(index / per)] : undefined;
      if (!country) return sheetLevel(PLAN_SHEETS.countries, f.message);
      const key = step2Column(country, table, index, rest);
      return key
        ? cellError(country.parsed.row, key, f.message)
        : sheetLevel(PLAN_SHEETS.countries, f.message, country.parsed.row);
    });
  };
