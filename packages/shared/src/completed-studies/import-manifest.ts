import { ImportedStudyIdentity } from './completed-study-import-schemas';

/**
 * The manifest of a completed-studies zip: `manifest.csv` at the zip's top level, UTF-8, comma-separated, a header
 * row naming the columns (any order, case-insensitive), then one row per study. Required: projectId, studyName,
 * sponsorName, planFile (the study's plan spreadsheet, a path inside the zip), extractFile (its CTMS extract in the
 * template), asOf (the extract's as-of day, YYYY-MM-DD, or an ISO date-time). Optional: indication,
 * therapeuticArea, phase, protocolId, studyPlanName. Fields may be double-quoted ("" inside quotes is a quote).
 */
export const MANIFEST_FILE = 'manifest.csv';
export const MANIFEST_REQUIRED = [
  'projectId',
  'studyName',
  'sponsorName',
  'planFile',
  'extractFile',
  'asOf',
] as const;
export const MANIFEST_OPTIONAL = [
  'indication',
  'therapeuticArea',
  'phase',
  'protocolId',
  'studyPlanName',
] as const;
const COLUMNS = [...MANIFEST_REQUIRED, ...MANIFEST_OPTIONAL];
type Column = (typeof COLUMNS)[number];

export interface ManifestRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  identity: ImportedStudyIdentity | null;
  /** The project code as written (for the result list, also when the row is refused). */
  projectId: string;
  studyName: string | null;
  studyPlanName: string | null;
  planFile: string;
  extractFile: string;
  /** ISO date-time of the extract's as-of, or null when the cell is not a date. */
  asOf: string | null;
  errors: string[];
}

export type ManifestRead = { ok: true; rows: ManifestRow[] } | { ok: false; message: string };

/** Splits CSV text into records of fields (RFC 4180: quotes, doubled quotes, CRLF or LF). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function asOfOf(value: string): string | null {
  const v = value.trim();
  const ms = DAY.test(v) ? Date.parse(`${v}T00:00:00.000Z`) : Date.parse(v);
  return Number.isNaN(ms) || !/^\d{4}-/.test(v) ? null : new Date(ms).toISOString();
}

/** Reads the manifest: a header problem refuses the whole file, a bad row only its study (its `errors`). */
export function readManifest(text: string): ManifestRead {
  const records = parseCsv(text.replace(/^\uFEFF/, '')).filter((r) => r.some((f) => f.trim() !== ''));
  const header = records[0]?.map((h) => h.trim().toLowerCase()) ?? [];
  const index = new Map<Column, number>();
  for (const c of COLUMNS) {
    const at = header.indexOf(c.toLowerCase());
    if (at >= 0) index.set(c, at);
  }
  const missing = MANIFEST_REQUIRED.filter((c) => !index.has(c));
  if (missing.length > 0)
    return { ok: false, message: `${MANIFEST_FILE}: its header row lacks ${missing.join(', ')}.` };
  const rows = records.slice(1).map((record, i): ManifestRow => {
    const cell = (c: Column) => (index.has(c) ? (record[index.get(c)!] ?? '').trim() : '');
    const errors: string[] = [];
    const parsed = ImportedStudyIdentity.safeParse({
      projectId: cell('projectId'),
      studyName: cell('studyName'),
      sponsorName: cell('sponsorName'),
      indication: cell('indication') || null,
      therapeuticArea: cell('therapeuticArea') || null,
      phase: cell('phase') || null,
      protocolId: cell('protocolId') || null,
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) errors.push(`${issue.path.join('.')}: ${issue.message}`);
    const asOf = asOfOf(cell('asOf'));
    if (asOf === null) errors.push('asOf: Has to be a date as YYYY-MM-DD.');
    for (const c of ['planFile', 'extractFile'] as const) if (!cell(c)) errors.push(`${c}: Can't be blank.`);
    return {
      line: i + 2,
      identity: parsed.success ? parsed.data : null,
      projectId: cell('projectId'),
      studyName: cell('studyName') || null,
      studyPlanName: cell('studyPlanName') || null,
      planFile: cell('planFile'),
      extractFile: cell('extractFile'),
      asOf,
      errors,
    };
  });
  return { ok: true, rows };
}
