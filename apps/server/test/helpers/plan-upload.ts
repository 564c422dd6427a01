import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { fillPlanWorkbook, planToSheetValues, type StudyPlan } from '@predict/shared';
import { bearer, type TestApp } from './app';
import { currentRowVersion } from './plan-countries';

/** The committed template the web app serves (apps/web/public/templates). */
export const TEMPLATE_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/public/templates/study-plan-template.xlsx',
);

/** Fills the template with a plan the way EXPORT PLAN does (same shared filler); `edit` changes it afterwards. */
export async function exportPlanFile(
  plan: StudyPlan,
  edit?: (workbook: ExcelJS.Workbook) => void,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(TEMPLATE_FILE) as unknown as ArrayBuffer);
  fillPlanWorkbook(workbook, planToSheetValues(plan));
  edit?.(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Uploads a file; without a rowVersion in `extra` the upload is based on the plan's current version. */
export async function uploadFile(
  t: TestApp,
  token: string,
  studyId: number,
  studyPlanId: number,
  file: Buffer,
  extra: Record<string, unknown> = {},
) {
  const rowVersion = extra.rowVersion ?? (await currentRowVersion(t, token, studyPlanId));
  return t.app.inject({
    method: 'POST',
    url: `/ctpo/study/${studyId}/EnrollmentPlanUpload`,
    headers: bearer(token),
    payload: {
      studyPlanId,
      rowVersion,
      fileName: 'plan.xlsx',
      fileBase64: file.toString('base64'),
      ...extra,
    },
  });
}
