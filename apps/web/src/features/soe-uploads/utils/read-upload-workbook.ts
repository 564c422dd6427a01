import { inspectXlsxZip } from '@predict/shared';
import type ExcelJS from 'exceljs';
import { readFileBytes } from '@/lib/file-bytes';
import { loadExcelJs } from '@/lib/load-exceljs';

export type WorkbookRead = { ok: true; workbook: ExcelJS.Workbook } | { ok: false; message: string };

/**
 * Opens a chosen .xlsx in the browser for the country-cost and site-contract uploads (the payload is read here and
 * posted, spec/2 section 7): the same zip checks as the server first (a zip bomb or a macro file is never unpacked
 * here either), then exceljs. The server checks the posted rows again.
 */
export async function readUploadWorkbook(file: Blob): Promise<WorkbookRead> {
  try {
    const bytes = await readFileBytes(file);
    const inspection = inspectXlsxZip(bytes);
    if (!inspection.ok) return { ok: false, message: inspection.message };
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    return { ok: true, workbook };
  } catch (error) {
    console.error('Reading the upload failed.', error);
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** An issue as the Errors Found list shows it: 'Sheet!G5: message', or the message alone. */
export const issueLine = (issue: { cell?: string; message: string }) =>
  issue.cell ? `${issue.cell}: ${issue.message}` : issue.message;
