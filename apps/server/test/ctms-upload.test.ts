import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CTMS_MESSAGES as M,
  CTMS_SITE_MONTHS_SHEET,
  CTMS_SITES_SHEET,
  type CtmsExtractBodyInput,
} from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { baselineStudy, sampleExtract } from './helpers/actuals-fixtures';
import { ctmsWorkbook } from './helpers/ctms-workbook';
import { addStudies, DAY } from './helpers/plans';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let asOf: number;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'UPL-0001')) as [number];
  const s = await baselineStudy(t, planner, studyId);
  asOf = Math.floor((s.day0Ms + 400 * DAY) / DAY) * DAY;
}, 60_000);
afterAll(async () => t?.close());

/** The shipped template filled with an extract, base64 as the upload sends it. */
const filledTemplate = async (extract: CtmsExtractBodyInput) =>
  (await ctmsWorkbook(extract)).toString('base64');

const upload = async (fileBase64: string, headers = planner) =>
  t.app.inject({
    method: 'POST',
    url: `/ctpo/study/${studyId}/CtmsExtract/upload`,
    headers,
    payload: { fileName: 'extract.xlsx', fileBase64, asOf: new Date(asOf).toISOString() },
  });

describe('POST /ctpo/study/{studyId}/CtmsExtract/upload', () => {
  it('loads the filled template', async () => {
    const res = await upload(await filledTemplate(sampleExtract(asOf)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().extract).toMatchObject({
      version: 1,
      source: 'upload',
      siteCount: 5,
      siteMonthCount: 4,
    });
    const sites = (
      await t.app.inject({
        method: 'GET',
        url: `/ctpo/remodel/study/${studyId}/sites/included`,
        headers: viewer,
      })
    ).json();
    // Excel dates come back as the same calendar days.
    expect(sites[0]).toMatchObject({
      siteNumber: 'D1',
      siteActivatedDate: sampleExtract(asOf).sites[0]!.siteActivatedDate,
    });
  }, 30_000);

  it('lists each error at its cell and loads nothing', async () => {
    const bad = sampleExtract(asOf);
    bad.sites[1]!.countryIso3 = 'XYZ'; // Sites row 3, column C
    bad.siteMonths[2]!.screened = -4; // Site Months row 4, column C
    const res = await upload(await filledTemplate(bad));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(
      expect.arrayContaining([
        { path: 'Sites!C3', message: M.unknownCountry },
        { path: 'Site Months!C4', message: M.nonNegativeCount },
      ]),
    );
    const latest = (
      await t.app.inject({ method: 'GET', url: `/ctpo/actuals/study/${studyId}`, headers: viewer })
    ).json();
    expect(latest.extract.version).toBe(1);
  }, 30_000);

  it('refuses viewers, and a workbook without the template sheets', async () => {
    const file = await filledTemplate(sampleExtract(asOf));
    expect((await upload(file, viewer)).statusCode).toBe(403);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Other');
    const res = await upload(Buffer.from(await wb.xlsx.writeBuffer()).toString('base64'));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { path: CTMS_SITES_SHEET, message: M.missingSheet },
      { path: CTMS_SITE_MONTHS_SHEET, message: M.missingSheet },
    ]);
  }, 30_000);
});
