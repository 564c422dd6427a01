import { ACTIVATION_PROFILE_MAX_ROWS } from '../plan/constants';
import { REQUIRED_MESSAGE } from '../plan/messages';
import { OVERRIDABLE_COUNTRY_MILESTONES } from '../plan-countries/country-milestones';
import { ParsedPlan, type ParsedCountry, type ParsedOverall, type SheetError } from './parsed-plan-schema';
import { restoreText } from '../export/safe-cell';
import { cellDateMillis } from './sheet-values';
import {
  cardKey,
  columnLetter,
  COUNTRY_COLUMNS,
  COUNTRY_FIRST_ROW,
  COUNTRY_HEADER_ROW,
  COUNTRY_LAST_ROW,
  COUNTRY_TIERS,
  countryColumnNumber,
  FALLBACK_CARD_SPACING_DAYS,
  MAX_COUNTRY_ROWS,
  milestoneKey,
  NO,
  OVERALL_FIELDS,
  OVERALL_LABEL_COLUMN,
  OVERALL_VALUE_COLUMN,
  PLAN_SHEETS,
  seasonKey,
  YES,
  type CellKind,
  type CountryColumn,
} from './template-layout';

/** A cell's value as both sides hand it over (formulas as their result, rich text as its text). */
export type CellValue = string | number | boolean | Date | null;

/** What the reader needs of a workbook; the web app and the server wrap exceljs in it. */
export interface SheetSource {
  hasSheet(name: string): boolean;
  /** 1-based row and column. */
  cell(sheet: string, row: number, column: number): CellValue;
  /** The last row with any value (0 when empty). */
  lastRow(sheet: string): number;
}

export const TEMPLATE_MESSAGES = {
  missingSheet: (name: string) => `The sheet '${name}' is missing: use the study plan template.`,
  header: (expected: string) => `Has to read '${expected}' (the study plan template's heading).`,
  number: 'Has to be a number.',
  date: 'Has to be a date.',
  yesNo: `Has to be ${YES} or ${NO}.`,
  choice: (choices: readonly string[]) => `Has to be one of: ${choices.join(', ')}.`,
  tooManyRows: `At most ${MAX_COUNTRY_ROWS} countries (rows ${COUNTRY_FIRST_ROW} to ${COUNTRY_LAST_ROW}).`,
} as const;

type Parsed = { value: CellValue | boolean | number | string | null; error?: string };

const isBlank = (v: CellValue) => v === null || (typeof v === 'string' && v.trim() === '');

function parseCell(raw: CellValue, kind: CellKind, choices?: readonly string[]): Parsed {
  if (isBlank(raw)) return { value: kind === 'yesNo' ? false : null };
  switch (kind) {
    case 'text':
      return {
        value: raw instanceof Date ? raw.toISOString().slice(0, 10) : restoreText(String(raw).trim()),
      };
    case 'integer':
    case 'decimal': {
      if (typeof raw === 'number') return { value: raw };
      const n = typeof raw === 'string' && /^\s*-?\d*\.?\d+\s*$/.test(raw) ? Number(raw) : NaN;
      return Number.isFinite(n) ? { value: n } : { value: null, error: TEMPLATE_MESSAGES.number };
    }
    case 'date': {
      const millis = cellDateMillis(raw);
      return millis === null ? { value: null, error: TEMPLATE_MESSAGES.date } : { value: millis };
    }
    case 'yesNo': {
      if (typeof raw === 'boolean') return { value: raw };
      const s = String(raw).trim().toLowerCase();
      if (s === 'yes' || s === 'y' || s === 'true' || s === '1') return { value: true };
      if (s === 'no' || s === 'n' || s === 'false' || s === '0') return { value: false };
      return { value: false, error: TEMPLATE_MESSAGES.yesNo };
    }
    case 'choice': {
      const s = String(raw).trim().toLowerCase();
      const hit = (choices ?? []).find((c) => c.toLowerCase() === s);
      return hit ? { value: hit } : { value: null, error: TEMPLATE_MESSAGES.choice(choices ?? []) };
    }
  }
}

export interface ReadPlanResult {
  plan: ParsedPlan | null;
  errors: SheetError[];
  /**
   * When the template is right and only cells are wrong: the plan with those cells empty, so that the plan rules
   * and the site groups can be checked too and a file lists all its errors at once (issue 13 item 9). Null when
   * the file has no cell errors (see plan) or the template itself is wrong.
   */
  partial: ParsedPlan | null;
}

/** A template error (missing sheet, wrong heading, too many rows) has no column heading; a cell's error has one. */
const isTemplateError = (e: SheetError) => e.header === null;

/**
 * Reads the Overall Parameters and Countries sheets of the plan template into a ParsedPlan. Checks the template's
 * headings (a wrong template lists each heading that differs), each cell's type, and at most 30 country rows;
 * every problem is listed at its sheet, row and column. The plan rules are checked afterwards
 * (validateParsedPlan), on values that have the right types.
 */
export function readPlanSheets(source: SheetSource): ReadPlanResult {
  const errors: SheetError[] = [];
  for (const name of [PLAN_SHEETS.overall, PLAN_SHEETS.countries]) {
    if (!source.hasSheet(name))
      errors.push({
        sheet: name,
        row: null,
        column: null,
        header: null,
        message: TEMPLATE_MESSAGES.missingSheet(name),
      });
  }
  if (errors.length > 0) return { plan: null, errors, partial: null };

  const overall = readOverall(source, errors);
  const countries = readCountries(source, errors);
  if (errors.length === 0) return { plan: ParsedPlan.parse({ overall, countries }), errors, partial: null };
  const partial = errors.some(isTemplateError) ? null : ParsedPlan.safeParse({ overall, countries });
  return { plan: null, errors, partial: partial?.success ? partial.data : null };
}

function readOverall(source: SheetSource, errors: SheetError[]): ParsedOverall {
  const sheet = PLAN_SHEETS.overall;
  const values: Record<string, unknown> = {};
  OVERALL_FIELDS.forEach((field, i) => {
    const row = i + 2;
    const label = source.cell(sheet, row, 1);
    if (String(label ?? '').trim() !== field.label)
      errors.push({
        sheet,
        row,
        column: OVERALL_LABEL_COLUMN,
        header: null,
        message: TEMPLATE_MESSAGES.header(field.label),
      });
    const parsed = parseCell(source.cell(sheet, row, 2), field.kind, field.choices);
    if (parsed.error)
      errors.push({ sheet, row, column: OVERALL_VALUE_COLUMN, header: field.label, message: parsed.error });
    values[field.key] = parsed.value;
  });
  const { projectId: _p, studyName: _s, studyPlanName: _n, ...rest } = values;
  return rest as ParsedOverall;
}

function readCountries(source: SheetSource, errors: SheetError[]): ParsedCountry[] {
  const sheet = PLAN_SHEETS.countries;
  COUNTRY_COLUMNS.forEach((c, i) => {
    const header = String(source.cell(sheet, COUNTRY_HEADER_ROW, i + 1) ?? '').trim();
    if (header !== c.header)
      errors.push({
        sheet,
        row: COUNTRY_HEADER_ROW,
        column: columnLetter(i + 1),
        header: null,
        message: TEMPLATE_MESSAGES.header(c.header),
      });
  });
  const rowIsBlank = (row: number) =>
    COUNTRY_COLUMNS.every((_, i) => isBlank(source.cell(sheet, row, i + 1)));
  const last = source.lastRow(sheet);
  for (let row = COUNTRY_LAST_ROW + 1; row <= last; row += 1) {
    if (rowIsBlank(row)) continue;
    errors.push({ sheet, row, column: null, header: null, message: TEMPLATE_MESSAGES.tooManyRows });
    break;
  }
  const countries: ParsedCountry[] = [];
  for (let row = COUNTRY_FIRST_ROW; row <= Math.min(last, COUNTRY_LAST_ROW); row += 1) {
    if (!rowIsBlank(row)) countries.push(readCountryRow(source, row, errors));
  }
  return countries;
}

function readCountryRow(source: SheetSource, row: number, errors: SheetError[]): ParsedCountry {
  const sheet = PLAN_SHEETS.countries;
  const failed = new Set<string>();
  const fail = (column: CountryColumn, message: string) => {
    failed.add(column.key);
    errors.push({
      sheet,
      row,
      column: columnLetter(countryColumnNumber(column.key)),
      header: column.header,
      message,
    });
  };
  const v: Record<string, Parsed['value']> = {};
  for (const column of COUNTRY_COLUMNS) {
    const parsed = parseCell(
      source.cell(sheet, row, countryColumnNumber(column.key)),
      column.kind,
      column.choices,
    );
    if (parsed.error) fail(column, parsed.error);
    v[column.key] = parsed.value;
  }
  const num = (key: string) => (typeof v[key] === 'number' ? (v[key] as number) : null);
  const str = (key: string) => (typeof v[key] === 'string' ? (v[key] as string) : null);
  const cells: RowCells = {
    num,
    str,
    isOn: (key) => v[key] === true,
    fail: (key, message) =>
      fail(
        COUNTRY_COLUMNS.find((c) => c.key === key)!,
        message,
      ),
    failed: (key) => failed.has(key),
  };
  const cards = readCards(cells);
  const milestones = readMilestoneOverrides(cells);

  const bounds = (prefix: string) => ({
    lowerBound: num(`${prefix}Lower`),
    upperBound: num(`${prefix}Upper`),
  });
  const tiers = Object.fromEntries(COUNTRY_TIERS.map((t) => [t.goal, bounds(t.key)]));
  return {
    row,
    siteGroupId: num('siteGroupId'),
    siteGroupName: str('siteGroupName'),
    iso3: str('iso3')?.toUpperCase() ?? null,
    siteIdEffort: str('siteIdEffort') as ParsedCountry['siteIdEffort'],
    startUpTimeFrame: str('startUpTimeFrame') as ParsedCountry['startUpTimeFrame'],
    siteEnrollmentRateAtSIV: num('rate'),
    expectedScreenFailureRate: num('screenFail'),
    expectedTreatmentDropoutRate: num('dropOut'),
    pauseEnrollmentAfterPatient: num('pauseAfter'),
    pauseEnrollmentDays: num('pauseDays'),
    NUM_SITES_ACTIVATED: bounds('sites'),
    ...(tiers as Pick<ParsedCountry, (typeof COUNTRY_TIERS)[number]['goal']>),
    eventualSiteEnrollmentDays: num('fatigueDays'),
    eventualSiteEnrollmentRate: num('fatigueRate'),
    seasonal: Array.from({ length: 12 }, (_, m) => num(seasonKey(m))),
    activationOverride: v.activationOverride === true,
    cards,
    milestones,
  };
}

/** A country row's parsed cells by column key, and how a rule fails one. */
interface RowCells {
  num: (key: string) => number | null;
  str: (key: string) => string | null;
  isOn: (key: string) => boolean;
  fail: (key: string, message: string) => void;
  /** Whether the cell has an error already. */
  failed: (key: string) => boolean;
}

/** The activation profile cards: sites required; a card without its days sits 30 days after the previous one. */
function readCards({ num, fail }: RowCells): { sites: number; days: number }[] {
  const cards: { sites: number; days: number }[] = [];
  for (let i = 0; i < ACTIVATION_PROFILE_MAX_ROWS; i += 1) {
    const sites = num(cardKey(i, 'sites'));
    const days = num(cardKey(i, 'days'));
    if (sites === null && days === null) continue;
    if (sites === null) {
      fail(cardKey(i, 'sites'), REQUIRED_MESSAGE);
      continue;
    }
    // spec/1 section 9.
    const previous = cards[cards.length - 1];
    cards.push({ sites, days: days ?? (previous ? previous.days + FALLBACK_CARD_SPACING_DAYS : 0) });
  }
  return cards;
}

/** The overridable milestones: an override needs its date and comment; no override keeps neither. */
function readMilestoneOverrides({ num, str, isOn, fail, failed }: RowCells): ParsedCountry['milestones'] {
  return OVERRIDABLE_COUNTRY_MILESTONES.map((m) => {
    const override = isOn(milestoneKey(m.milestoneId, 'override'));
    const dateKey = milestoneKey(m.milestoneId, 'date');
    const commentKey = milestoneKey(m.milestoneId, 'comment');
    const date = num(dateKey);
    const comment = str(commentKey);
    // A date that is not a date has its error already; "Can't be empty" on the same cell would be noise.
    if (override && date === null && !failed(dateKey)) fail(dateKey, REQUIRED_MESSAGE);
    if (override && !comment) fail(commentKey, REQUIRED_MESSAGE);
    return {
      milestoneId: m.milestoneId,
      isUserOverride: override ? (1 as const) : (0 as const),
      milestoneDateMillis: override ? date : null,
      comments: override ? comment : null,
    };
  });
}

/** A cell value as exceljs holds it: formulas give their result, rich text and links their text, errors nothing. */
export function toCellValue(raw: unknown): CellValue {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean' || raw instanceof Date)
    return raw;
  if (typeof raw === 'object') {
    const o = raw as { result?: unknown; richText?: { text: string }[]; text?: unknown };
    if ('result' in o) return toCellValue(o.result);
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if (typeof o.text === 'string') return o.text;
  }
  return null;
}

/** The part of an exceljs Workbook the reader uses (kept structural: the shared package has no exceljs). */
export interface WorkbookLike {
  getWorksheet(
    name: string,
  ): { rowCount: number; getCell(row: number, column: number): { value: unknown } } | undefined;
}

export function workbookSource(workbook: WorkbookLike): SheetSource {
  return {
    hasSheet: (name) => workbook.getWorksheet(name) !== undefined,
    cell: (sheet, row, column) => toCellValue(workbook.getWorksheet(sheet)?.getCell(row, column).value),
    lastRow: (sheet) => workbook.getWorksheet(sheet)?.rowCount ?? 0,
  };
}
