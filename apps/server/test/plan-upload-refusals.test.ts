import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_UPLOAD_MAX_BYTES, TEMPLATE_MESSAGES, ZIP_MESSAGES, type StudyPlan } from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, createPlan, ratesPlan } from './helpers/plans';
import { readPlanDetail } from './helpers/plan-countries';
import { exportPlanFile, uploadFile } from './helpers/plan-upload';

let t: TestApp;
let planner: string;
let studyId: number;
let plan: StudyPlan;
let valid: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  planner = await t.token('planner');
  studyId = (await addStudies(t, 'PCN-REFUSE'))[0]!;
  const id = (await createPlan(t, bearer(planner), studyId, ratesPlan())).id;
  plan = await readPlanDetail(t, planner, id);
  valid = await exportPlanFile(plan);
});
afterAll(async () => t.close());

async function rezip(edit: (zip: JSZip) => void): Promise<Buffer> {
  const zip = await JSZip.loadAsync(valid);
  edit(zip);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function expectRefused(file: Buffer, message: string, extra: Record<string, unknown> = {}) {
  const res = await uploadFile(t, planner, studyId, plan.studyPlanId, file, extra);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toBe(message);
  // Nothing was written.
  expect((await readPlanDetail(t, planner, plan.studyPlanId)).rowVersion).toBe(plan.rowVersion);
}

describe('EnrollmentPlanUpload refuses bad files before parsing', () => {
  it('refuses a file over 5 MB', async () => {
    await expectRefused(Buffer.concat([valid, randomBytes(PLAN_UPLOAD_MAX_BYTES)]), ZIP_MESSAGES.tooLarge);
  });

  it('answers 413 for a body beyond the route limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/EnrollmentPlanUpload`,
      headers: bearer(planner),
      payload: { studyPlanId: plan.studyPlanId, fileName: 'a.xlsx', fileBase64: 'A'.repeat(8 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses other extensions, files that are not zips and damaged zips', async () => {
    await expectRefused(valid, ZIP_MESSAGES.extension, { fileName: 'plan.xlsm' });
    await expectRefused(Buffer.from('name,iso3\nGermany,DEU\n'), ZIP_MESSAGES.notXlsx);
    await expectRefused(valid.subarray(0, valid.length - 30), ZIP_MESSAGES.corrupt);
    await expectRefused(await rezip((zip) => zip.remove('xl/workbook.xml')), ZIP_MESSAGES.notXlsx);
  });

  it('refuses macro-carrying workbooks, by part and by content type', async () => {
    await expectRefused(
      await rezip((zip) => zip.file('xl/vbaProject.bin', randomBytes(2048))),
      ZIP_MESSAGES.macros,
    );
    const types = await (await JSZip.loadAsync(valid)).file('[Content_Types].xml')!.async('string');
    await expectRefused(
      await rezip((zip) =>
        zip.file(
          '[Content_Types].xml',
          types.replace(
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
            'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
          ),
        ),
      ),
      ZIP_MESSAGES.macros,
    );
  });

  it('refuses zip bombs from the central directory: unpacked size, ratio and entry count', async () => {
    // 40 MB of zeros deflates to about 40 kB: a ratio near 1000.
    await expectRefused(
      await rezip((zip) => zip.file('xl/media/padding.bin', Buffer.alloc(40 * 1024 * 1024))),
      ZIP_MESSAGES.bomb,
    );
    await expectRefused(
      await rezip((zip) => {
        for (let i = 0; i < 600; i += 1) zip.file(`xl/media/p${i}.txt`, 'x');
      }),
      ZIP_MESSAGES.tooManyEntries,
    );
  });

  it('names the missing sheets of a workbook that is not the template', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Sheet1').getCell('A1').value = 'hello';
    const res = await uploadFile(
      t,
      planner,
      studyId,
      plan.studyPlanId,
      Buffer.from(await workbook.xlsx.writeBuffer()),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { message: string }) => f.message)).toEqual([
      TEMPLATE_MESSAGES.missingSheet('Overall Parameters'),
      TEMPLATE_MESSAGES.missingSheet('Countries'),
    ]);
  });
});
