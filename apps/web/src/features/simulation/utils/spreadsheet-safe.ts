import { formatLocalIsoDay } from '@/lib/format';

/**
 * Spreadsheet programs run a cell that begins with = + - @ as a formula (and tab or carriage return can smuggle
 * one in), so exported text from users (plan, study, country and cohort names) gets a leading apostrophe and is
 * shown as the text it is (architecture: "Exported spreadsheets neutralise cells that begin with = + - @").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell value for export: text is neutralised, numbers, dates and empty cells pass unchanged. */
export function safeCellValue<T extends string | number | Date | null>(value: T): T {
  return (typeof value === 'string' ? neutralizeText(value) : value) as T;
}

/** Characters that are not allowed in file names on common systems, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_CHARS = /[\\/:*?"<>|\u0000-\u001f]+/g;

export function safeFileNamePart(part: string): string {
  return part.replace(UNSAFE_FILE_CHARS, '_').replace(/\s+/g, ' ').trim();
}

/**
 * The table export's file name (spec/1 section 9: from sponsor, plan name, date, project id and study id):
 * `${sponsor}_${planName}_${YYYY-MM-DD}_${projectId}_${studyId}.xlsx`, the date being the user's local day.
 */
export function tablesExportFileName(
  plan: { sponsorName: string; studyPlanName: string; projectId: string; studyId: number },
  now: Date = new Date(),
): string {
  const parts = [
    plan.sponsorName,
    plan.studyPlanName,
    formatLocalIsoDay(now),
    plan.projectId,
    String(plan.studyId),
  ];
  return `${parts.map(safeFileNamePart).join('_')}.xlsx`;
}
