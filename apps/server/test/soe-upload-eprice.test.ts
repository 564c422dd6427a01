import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EPRICE_MESSAGES,
  epriceFileAttrs,
  epriceUploadOutcome,
  ZIP_MESSAGES,
  type EpriceUploadType,
  type SoeAssessment,
  type SoeDetailAnswer,
  type SoeVisit,
} from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies } from './helpers/plans';
import { SAMPLE_EPRICE_FILE, SAMPLE_EPRICE_VISITS } from './helpers/sample-eprice-workbook';
import { assessment, createSoe, getJson, save, soeAuditRows, soeForm, visit } from './helpers/soe';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let n = 0;
const sample = readFileSync(SAMPLE_EPRICE_FILE);

beforeAll(async () => {
  // The job runs on this app's queue workers (the embedded shape), as the server runs it.
  t = await createTestApp({ RUN_WORKERS: 'true', WORKER_THREADS: '1' });
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'SOEU-0001')) as [number];
});
afterAll(async () => t.close());

/**
 * A cost-free SOE with the given visits and, from the sample's names, three assessments at cost 0 (then `extra`
 * more, named 'Extra 1' on, not in the sample).
 */
async function costFreeSoe(visitNames = SAMPLE_EPRICE_VISITS, extra = 0) {
  const id = await createSoe(t, planner, studyId, soeForm({ scheduleOfEventsName: `ePrice ${++n}` }));
  const res = await save(t, planner, id, {
    version: 1,
    visits: visitNames.map((name, i) => visit(name, { visitStudyDay: i })),
    assessments: [
      'Informed Consent',
      'Medical History',
      'Vital Signs',
      ...Array.from({ length: extra }, (_, i) => `Extra ${i + 1}`),
    ].map((name) => assessment(name, { assessmentCost: 0, overhead: 0 })),
  });
  expect(res.statusCode).toBe(200);
  return id;
}

const upload = (
  soeId: number,
  file: Buffer,
  uploadType: EpriceUploadType = 'Predict',
  headers = planner,
  FileName = 'eprice.xlsx',
) =>
  t.app.inject({
    method: 'POST',
    url: '/ctpo/files',
    headers,
    payload: {
      FileType: 'xlsx',
      FileName,
      encodedData: file.toString('base64'),
      FileAttrs: epriceFileAttrs({ scheduleOfEventsId: soeId, studyId, uploadType }),
      Description: 'ePrice',
      InsertedBy: 'planner',
    },
  });

const uploadStatus = async (soeId: number) =>
  (await getJson<SoeDetailAnswer>(t, planner, `/ctpo/soe/${soeId}`)).data[0]!.uploadStatus;

/** Polls the SOE as the page does until its uploadStatus is final (spec/2 section 4). */
async function finalStatus(soeId: number): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const status = await uploadStatus(soeId);
    if (epriceUploadOutcome(status) !== 'pending') return status!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the upload of SOE ${soeId} did not finish`);
}

const count = async (table: 'soe_eprice_uploads' | 'soe_budgetvue_outbox', soeId: number) => {
  const r = await t.database.db.execute(
    sql`select count(*)::int as n from ${sql.raw(table)} where soe_id = ${soeId}`,
  );
  return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
};
const visitsOf = (id: number) => getJson<SoeVisit[]>(t, planner, `/ctpo/soe/${id}/visits`);
const assessmentsOf = (id: number) => getJson<SoeAssessment[]>(t, planner, `/ctpo/soe/${id}/assessments`);

describe('POST /ctpo/files (ePrice), target Predict', () => {
  it('lands the sample workbook in a cost-free SOE: visit, assessment and site-fee costs', async () => {
    const soeId = await costFreeSoe();
    const res = await upload(soeId, sample);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: EPRICE_MESSAGES.uploaded,
      scheduleOfEventsId: soeId,
      uploadStatus: 'Queued',
    });

    const status = await finalStatus(soeId);
    expect(epriceUploadOutcome(status)).toBe('succeeded');
    expect(status.length).toBeGreaterThan(40);

    // Hand-picked from the workbook itself: C1D1 is column F of the name row (6), its cost in the
    // 'Total Cost Per Visit' row; Informed Consent is row 7 with its unit cost in column D.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(sample as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Per Procedure')!;
    expect(ws.getCell('F6').value).toBe('C1D1');
    expect(ws.getCell('A127').value).toBe('Total Cost Per Visit');
    expect(ws.getCell('A7').value).toBe('Informed Consent');
    const c1d1 = (ws.getCell('F127').value as { result: number }).result;
    const consent = ws.getCell('D7').value as number;

    const visits = await visitsOf(soeId);
    expect(visits.find((v) => v.visitName === 'C1D1')!.visitCost).toBe(Math.round(c1d1 * 100) / 100);
    expect(visits.every((v) => v.visitCost !== null)).toBe(true);
    const assessments = await assessmentsOf(soeId);
    expect(assessments.find((a) => a.assessmentName === 'Informed Consent')!.assessmentCost).toBe(consent);
    // Site fees: one payment = total amount / frequency (300 x 30 / 30; 1,800 x 3 / 3).
    const fee = (name: string) => assessments.find((a) => a.assessmentName === name);
    expect([
      fee('Monthly Administrative Fee')?.assessmentType,
      fee('Monthly Administrative Fee')?.assessmentCost,
    ]).toEqual(['Recurring Monthly', 300]);
    expect(fee('IRB/EC Continuing Review Fee')?.assessmentCost).toBe(1800);
    // Screen failure payments and stipends are not site costs.
    expect(fee('Screen Failure Payment')).toBeUndefined();
    expect(await count('soe_budgetvue_outbox', soeId)).toBe(0);
    // One save, audited as the uploader: 40 visits and the 3 assessments updated, the 9 site costs added.
    const audit = (await soeAuditRows(t, soeId)).at(-1)!;
    expect([audit.action, audit.actor_subject]).toEqual([
      'update',
      (await soeAuditRows(t, soeId))[0]!.actor_subject,
    ]);
    expect(audit.new_values).toMatchObject({
      visits: { added: 0, updated: 40, deleted: 0 },
      assessments: { added: 9, updated: 3, deleted: 0 },
    });

    // A second upload is refused: the SOE now holds cost data.
    const again = await upload(soeId, sample);
    expect([again.statusCode, again.json().message]).toEqual([409, EPRICE_MESSAGES.costDetected]);
  });

  it('refuses an SOE with cost data with the spec text, before storing anything', async () => {
    const soeId = await costFreeSoe();
    // One visit's overhead percent is enough (spec/2 section 5: any cost or overhead, at any level).
    const saved = await save(t, planner, soeId, {
      version: (await getJson<SoeDetailAnswer>(t, planner, `/ctpo/soe/${soeId}`)).data[0]!.version,
      visits: (await visitsOf(soeId)).map((row, i) =>
        visit(row.visitName, {
          scheduleOfEventsVisitId: row.scheduleOfEventsVisitId,
          visitKey: String(row.scheduleOfEventsVisitId),
          visitStudyDay: i,
          visitOverheadPct: i === 3 ? 5 : null,
        }),
      ),
    });
    expect(saved.statusCode).toBe(200);
    const refused = await upload(soeId, sample);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(EPRICE_MESSAGES.costDetected);
    expect(await count('soe_eprice_uploads', soeId)).toBe(0);
    expect(await uploadStatus(soeId)).toBeNull();
  });

  it('uploads nothing when the visit names do not match, and says so in the status', async () => {
    const soeId = await costFreeSoe(SAMPLE_EPRICE_VISITS.map((v) => (v === 'C1D8' ? 'C1D9' : v)));
    expect((await upload(soeId, sample)).statusCode).toBe(200);
    const status = await finalStatus(soeId);
    expect(epriceUploadOutcome(status)).toBe('failed');
    expect(status).toContain(EPRICE_MESSAGES.visitNamesMismatch);
    expect((await visitsOf(soeId)).every((v) => v.visitCost === null)).toBe(true);
    expect((await assessmentsOf(soeId)).map((a) => a.assessmentCost)).toEqual([0, 0, 0]);
  });

  it('refuses site costs that would take the SOE past 1,000 assessments, saying so, and applies nothing', async () => {
    // 3 + 989 = 992 assessments; the sample's 9 site fees would make 1,001.
    const soeId = await costFreeSoe(SAMPLE_EPRICE_VISITS, 989);
    expect((await upload(soeId, sample)).statusCode).toBe(200);
    const status = await finalStatus(soeId);
    expect(epriceUploadOutcome(status)).toBe('failed');
    expect(status).toContain(
      "With the ePrice's 9 new site costs the SOE would have 1,001 assessments; an SOE can have at most 1,000.",
    );
    expect(status).not.toContain('Too big');
    const assessments = await assessmentsOf(soeId);
    expect([assessments.length, assessments.every((a) => a.assessmentCost === 0)]).toEqual([992, true]);
    expect((await visitsOf(soeId)).every((v) => v.visitCost === null)).toBe(true);
  });

  it('takes site costs that bring the SOE to exactly 1,000 assessments', async () => {
    // 3 + 988 = 991 assessments and the 9 site fees: 1,000.
    const soeId = await costFreeSoe(SAMPLE_EPRICE_VISITS, 988);
    expect((await upload(soeId, sample)).statusCode).toBe(200);
    expect(epriceUploadOutcome(await finalStatus(soeId))).toBe('succeeded');
    expect(await assessmentsOf(soeId)).toHaveLength(1000);
  });
});

describe('POST /ctpo/files, targets BudgetVue and BudgetVue_Predict', () => {
  it('BudgetVue records an outbox row and leaves the SOE as it was', async () => {
    const soeId = await costFreeSoe();
    expect((await upload(soeId, sample, 'BudgetVue')).statusCode).toBe(200);
    expect(epriceUploadOutcome(await finalStatus(soeId))).toBe('succeeded');
    expect(await count('soe_budgetvue_outbox', soeId)).toBe(1);
    expect((await visitsOf(soeId)).every((v) => v.visitCost === null)).toBe(true);
  });

  it('BudgetVue_Predict does both', async () => {
    const soeId = await costFreeSoe();
    expect((await upload(soeId, sample, 'BudgetVue_Predict')).statusCode).toBe(200);
    expect(epriceUploadOutcome(await finalStatus(soeId))).toBe('succeeded');
    expect(await count('soe_budgetvue_outbox', soeId)).toBe(1);
    expect((await visitsOf(soeId)).every((v) => v.visitCost !== null)).toBe(true);
  });
});

describe('POST /ctpo/files refusals before parsing', () => {
  const macro = async () => {
    const zip = await JSZip.loadAsync(sample);
    const types = await zip.file('[Content_Types].xml')!.async('string');
    zip.file(
      '[Content_Types].xml',
      types.replace(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
        'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
      ),
    );
    return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  };

  it('refuses a non-.xlsx name, a file that is not a zip and a macro workbook (400), storing nothing', async () => {
    const soeId = await costFreeSoe();
    const name = await upload(soeId, sample, 'Predict', planner, 'eprice.xlsm');
    expect([name.statusCode, name.json().message]).toEqual([400, ZIP_MESSAGES.extension]);
    const garbage = await upload(soeId, Buffer.from('not a workbook at all'));
    expect(garbage.statusCode).toBe(400);
    const macros = await upload(soeId, await macro());
    expect([macros.statusCode, macros.json().message]).toEqual([400, ZIP_MESSAGES.macros]);
    expect(await count('soe_eprice_uploads', soeId)).toBe(0);
  });

  it('refuses FileAttrs that are not the JSON object and an unknown target (400)', async () => {
    const soeId = await costFreeSoe();
    const res = await t.app.inject({
      method: 'POST',
      url: '/ctpo/files',
      headers: planner,
      payload: { FileName: 'e.xlsx', encodedData: sample.toString('base64'), FileAttrs: '{not json' },
    });
    expect(res.statusCode).toBe(400);
    const target = await t.app.inject({
      method: 'POST',
      url: '/ctpo/files',
      headers: planner,
      payload: {
        FileName: 'e.xlsx',
        encodedData: sample.toString('base64'),
        FileAttrs: JSON.stringify({ scheduleOfEventsId: soeId, studyId, uploadType: 'Excel' }),
      },
    });
    expect(target.statusCode).toBe(400);
  });

  it('answers 403 to a viewer', async () => {
    const soeId = await costFreeSoe();
    expect((await upload(soeId, sample, 'Predict', viewer)).statusCode).toBe(403);
  });
});
