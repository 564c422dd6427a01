import {
  fillPlanWorkbook,
  inspectXlsxZip,
  planExportFileName,
  planToSheetValues,
  readPlanSheets,
  workbookSource,
  type ParsedPlan,
  type SheetError,
  type StudyPlan,
} from '@predict/shared';
import { loadExcelJs } from '@/lib/load-exceljs';

export interface PlanExport {
  data: ArrayBuffer;
  fileName: string;
  /** Site groups beyond the template's 30 rows, left out. */
  omitted: number;
}

/** EXPORT PLAN: the template filled with the plan (text that could start a formula neutralised). */
export async function buildPlanExport(plan: StudyPlan, template: ArrayBuffer): Promise<PlanExport> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template);
  const values = planToSheetValues(plan);
  fillPlanWorkbook(workbook, values);
  const data = (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
  return { data, fileName: planExportFileName(plan), omitted: values.omitted };
}

export class UnreadableFileError extends Error {}

export type PlanFileRead =
  { ok: true; plan: ParsedPlan } | { ok: false; errors: SheetError[] } | { ok: false; refused: string };

/**
 * Reads an upload in the browser before it is sent, so the user confirms the activation-profile changes (spec/1
 * section 5) and sees a wrong template at once: the same zip checks as the server first (a zip bomb is never
 * unpacked here either), then exceljs and the shared template reader. Throws UnreadableFileError when exceljs
 * cannot open a file that passed the checks.
 */
export async function readPlanFile(bytes: Uint8Array): Promise<PlanFileRead> {
  const inspection = inspectXlsxZip(bytes);
  if (!inspection.ok) return { ok: false, refused: inspection.message };
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
  } catch (error) {
    throw new UnreadableFileError(error instanceof Error ? error.message : String(error));
  }
  const read = readPlanSheets(workbookSource(workbook));
  // Wrong cells alone do not stop here: the server checks the rest too (plan rules, site groups) and lists every
  // error of the file in one answer. Only a wrong template is reported at once.
  const plan = read.plan ?? read.partial;
  return plan ? { ok: true, plan } : { ok: false, errors: read.errors };
}
