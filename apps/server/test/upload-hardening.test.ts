import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZIP_MESSAGES, type StudyPlan } from '@predict/shared';
import { parseXlsxUpload, receiveXlsxUpload, UPLOAD_LIMITS, uploadWorkersAlive } from '../src/uploads';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { deflatedZeros, templateParts, withSheet, worstCaseSheet } from './helpers/hostile-xlsx';
import { readPlanDetail } from './helpers/plan-countries';
import { addStudies, createPlan, ratesPlan } from './helpers/plans';
import { exportPlanFile, uploadFile } from './helpers/plan-upload';
import { writeZip, zipParts, type ZipPart } from './helpers/zip-writer';

/** What one upload may cost the process (issue 12 item 4). */
const MB = 1024 * 1024;
const UPLOAD_MEMORY_BUDGET = 256 * MB;

let t: TestApp;
let planner: string;
let studyId: number;
let plan: StudyPlan;
let parts: ZipPart[];
let worstCase: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  planner = await t.token('planner');
  studyId = (await addStudies(t, 'PCN-HARDEN'))[0]!;
  const id = (await createPlan(t, bearer(planner), studyId, ratesPlan())).id;
  plan = await readPlanDetail(t, planner, id);
  parts = await zipParts(await exportPlanFile(plan));
  // 30 MB of sheet XML in about 0.6 MB: passes every zip check, then costs the parser its full limits.
  worstCase = writeZip(withSheet(await templateParts(), worstCaseSheet(30)));
});
afterAll(async () => t.close());

const upload = (file: Buffer) => uploadFile(t, planner, studyId, plan.studyPlanId, file);

/** Runs `work` while sampling the process's resident memory (the upload threads are part of it). */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await work();
    return { result, growth: peak - base };
  } finally {
    clearInterval(timer);
  }
}

async function expectRefused(file: Buffer, message: string) {
  const res = await upload(file);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toBe(message);
  expect((await readPlanDetail(t, planner, plan.studyPlanId)).rowVersion).toBe(plan.rowVersion);
}

describe('EnrollmentPlanUpload against hostile zips', () => {
  // The first upload also bundles the upload thread (esbuild, a few seconds on a busy machine).
  it('uploads a valid plan, also when its zip uses data descriptors', { timeout: 60_000 }, async () => {
    const res = await upload(writeZip(parts.map((p) => ({ ...p, descriptor: true }))));
    expect(res.statusCode, res.body).toBe(200);
    plan = await readPlanDetail(t, planner, plan.studyPlanId);
  });

  it('refuses a part that claims 1 kB and inflates to 400 MB, inflating no more than it claims', async () => {
    const bomb = await deflatedZeros(400);
    const file = writeZip(
      parts.map((p) =>
        p.name === 'xl/worksheets/sheet1.xml'
          ? { name: p.name, packed: bomb, stated: { uncompressedSize: 1024 } }
          : p,
      ),
    );
    const { growth } = await peakGrowth(() => expectRefused(file, ZIP_MESSAGES.mismatch));
    expect(growth).toBeLessThan(UPLOAD_MEMORY_BUDGET);
  });

  it('refuses 10,000 parts hidden beyond the directory count', async () => {
    const hidden = Array.from({ length: 10_000 }, (_, i): ZipPart => ({
      name: `xl/hidden/p${i}.xml`,
      data: Buffer.from('<x/>'),
      method: 0,
      only: 'local',
    }));
    await expectRefused(writeZip([...parts, ...hidden]), ZIP_MESSAGES.mismatch);
  });

  it('refuses macros behind a duplicate [Content_Types].xml, in a relationship or under another path', async () => {
    const types = parts.find((p) => p.name === '[Content_Types].xml')!;
    const macro = Buffer.from(
      types.data!.toString().replace('sheet.main+xml', 'sheet.macroEnabled.main+xml'),
    );
    await expectRefused(writeZip([...parts, { name: types.name, data: macro }]), ZIP_MESSAGES.duplicateName);
    await expectRefused(
      writeZip([{ name: types.name, data: macro, only: 'local' }, ...parts]),
      ZIP_MESSAGES.mismatch,
    );
    const vba =
      '<Relationship Id="rId99" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" ' +
      'Target="media/image1.png"/></Relationships>';
    const rels = parts.map((p) =>
      p.name === 'xl/_rels/workbook.xml.rels'
        ? { name: p.name, data: Buffer.from(p.data!.toString().replace('</Relationships>', vba)) }
        : p,
    );
    await expectRefused(writeZip(rels), ZIP_MESSAGES.macros);
    await expectRefused(
      writeZip([...parts, { name: 'customXml/VBAProject.bin', data: Buffer.from('x') }]),
      ZIP_MESSAGES.macros,
    );
  });

  it('refuses duplicate names that differ in case', async () => {
    const sheet = parts.find((p) => p.name === 'xl/worksheets/sheet1.xml')!;
    await expectRefused(
      writeZip([...parts, { ...sheet, name: 'xl/Worksheets/Sheet1.XML' }]),
      ZIP_MESSAGES.duplicateName,
    );
  });

  it('answers other requests while a worst-case upload is parsed, and refuses it within the limits', async () => {
    let uploadDone = false;
    const { result: res, growth } = await peakGrowth(async () => {
      const pending = upload(worstCase).finally(() => (uploadDone = true));
      await vi.waitFor(() => expect(uploadWorkersAlive()).toBe(1), { timeout: 20_000, interval: 20 });
      const health = await t.app.inject({ method: 'GET', url: '/ctpo/health' });
      const read = await t.app.inject({
        method: 'GET',
        url: `/ctpo/plan/${plan.studyPlanId}`,
        headers: bearer(planner),
      });
      expect([health.statusCode, read.statusCode]).toEqual([200, 200]);
      // Both answered while the upload was still being parsed.
      expect(uploadDone).toBe(false);
      return pending;
    });
    expect([400, 413]).toContain(res.statusCode);
    expect([ZIP_MESSAGES.tooSlow, ZIP_MESSAGES.tooBigToProcess]).toContain(res.json().message);
    expect(growth).toBeLessThan(UPLOAD_MEMORY_BUDGET);
  });

  it('parses at most two uploads at once: three worst cases stay within two budgets', async () => {
    let most = 0;
    const timer = setInterval(() => (most = Math.max(most, uploadWorkersAlive())), 5);
    const { result, growth } = await peakGrowth(() => Promise.all([1, 2, 3].map(() => upload(worstCase))));
    clearInterval(timer);
    for (const res of result) expect([400, 413]).toContain(res.statusCode);
    expect(most).toBe(UPLOAD_LIMITS.concurrency);
    expect(growth).toBeLessThan(UPLOAD_LIMITS.concurrency * UPLOAD_MEMORY_BUDGET);
  }, 60_000);
});

describe('the upload worker limits', () => {
  const file = () => receiveXlsxUpload('plan.xlsx', worstCase.toString('base64'));

  it('stops a parse at the time limit', async () => {
    await expect(
      parseXlsxUpload('plan', file(), { ...UPLOAD_LIMITS, timeoutMs: 1_000 }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: ZIP_MESSAGES.tooSlow,
    });
  });

  it('stops a parse at the memory limit', async () => {
    const limits = { ...UPLOAD_LIMITS, maxOldGenerationSizeMb: 24, timeoutMs: 120_000 };
    await expect(parseXlsxUpload('plan', file(), limits)).rejects.toMatchObject({
      statusCode: 413,
      message: ZIP_MESSAGES.tooBigToProcess,
    });
  }, 130_000);

  it('answers 503 when every slot and the queue are taken', async () => {
    const limits = { ...UPLOAD_LIMITS, concurrency: 1, maxWaiting: 0, timeoutMs: 1_000 };
    const first = parseXlsxUpload('plan', file(), limits).catch((error: unknown) => error);
    await expect(parseXlsxUpload('plan', file(), limits)).rejects.toMatchObject({
      statusCode: 503,
      message: ZIP_MESSAGES.busy,
    });
    await first;
  });
});
