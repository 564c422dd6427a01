import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPLETED_IMPORT_MESSAGES as M,
  COMPLETED_STUDIES_IMPORT_PATH,
  COMPLETED_STUDIES_UPLOAD_PATH,
  ZIP_MESSAGES,
  type CompletedStudiesImportResponse,
  type ForecastCalibrationResponse,
} from '@predict/shared';
import { auditLog, forecastRecords, studies, studyPlans } from '../src/db/schema';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { completeExtract, importItem } from './helpers/completed-import-fixtures';
import { ctmsWorkbook } from './helpers/ctms-workbook';
import { addReferenceSiteGroup } from './helpers/plan-countries';
import { exportPlanFile } from './helpers/plan-upload';
import { addStudies } from './helpers/plans';
import { writeZip } from './helpers/zip-writer';

let t: TestApp;
let admin: Record<string, string>;
let planner: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await t.token('admin'));
  planner = bearer(await t.token('planner'));
  await addReferenceSiteGroup(t, 'Germany', 'DEU');
  await addReferenceSiteGroup(t, 'France', 'FRA');
  await addReferenceSiteGroup(t, 'Spain', 'ESP');
  await addStudies(t, 'OLD-0001');
}, 60_000);
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, headers = admin) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });

const noon = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 12);

async function studyRows(projectId: string) {
  return t.database.db.select().from(studies).where(eq(studies.projectId, projectId));
}

describe('POST /ctpo/admin/completed-studies/import', () => {
  let answer: CompletedStudiesImportResponse;

  beforeAll(async () => {
    const res = await post(COMPLETED_STUDIES_IMPORT_PATH, {
      studies: [
        importItem('IMP-A'),
        // A site in Spain, a country the plan does not have.
        importItem('IMP-C', (x) => x.sites.push({ ...x.sites[0]!, siteNumber: 'ESP-1', countryIso3: 'ESP' })),
        // A site selected in Dec-2021 and activated on 02-Jan-2022, the day before the CRO project start.
        importItem('IMP-D', (x) => {
          x.sites[1] = { ...x.sites[1]!, siteSelectedDate: '2021-12-01', siteActivatedDate: '2022-01-02' };
        }),
        // Never started: no site activated, no patient enrolled.
        importItem('IMP-E', (x) => {
          x.sites = x.sites.map((s) => ({ ...s, siteActivatedDate: null, siteStatus: 'Start-up' }));
          x.siteMonths = [];
        }),
        importItem('IMP-F'),
        importItem('IMP-B'),
        importItem('IMP-F'),
        importItem('OLD-0001'),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    answer = res.json();
  }, 120_000);

  const result = (projectId: string, n = 0) => answer.results.filter((r) => r.projectId === projectId)[n]!;

  it('answers one result per entry, in order, and counts them', () => {
    expect(answer.results.map((r) => r.projectId)).toEqual([
      'IMP-A',
      'IMP-C',
      'IMP-D',
      'IMP-E',
      'IMP-F',
      'IMP-B',
      'IMP-F',
      'OLD-0001',
    ]);
    expect([answer.loaded, answer.refused]).toEqual([2, 6]);
    expect(answer.message).toBe('2 studies loaded, 6 refused.');
  });

  it('refuses each study with its reason', () => {
    expect(result('IMP-C').reasons).toEqual([
      { path: 'studies.1.extract.sites.6.countryIso3', message: M.countryNotInPlan('ESP-1', 'ESP') },
    ]);
    expect(result('IMP-D').reasons).toEqual([
      {
        path: 'studies.2.extract.sites.1.siteActivatedDate',
        message: 'Site DEU-2 was activated on 02-Jan-2022, before the CRO project start (03-Jan-2022).',
      },
    ]);
    expect(result('IMP-E').reasons.map((r) => r.message)).toEqual([M.noActivation, M.noPatient]);
    expect(result('IMP-F', 0).reasons).toEqual([{ path: 'projectId', message: M.twiceInFile }]);
    expect(result('IMP-F', 1).reasons).toEqual([{ path: 'projectId', message: M.twiceInFile }]);
    expect(result('OLD-0001').reasons).toEqual([{ path: 'projectId', message: M.alreadyPresent }]);
    for (const code of ['IMP-C', 'IMP-D', 'IMP-E', 'IMP-F', 'OLD-0001'])
      expect(answer.results.filter((r) => r.projectId === code).every((r) => r.status === 'refused')).toBe(
        true,
      );
  });

  it('writes nothing for a refused study', async () => {
    for (const code of ['IMP-C', 'IMP-D', 'IMP-E', 'IMP-F']) expect(await studyRows(code)).toEqual([]);
    const [old] = await studyRows('OLD-0001');
    const plans = await t.database.db.select().from(studyPlans).where(eq(studyPlans.studyId, old!.studyId));
    expect(plans).toEqual([]);
  });

  it('makes the plan the Baseline Plan with its baseline of record, audited', async () => {
    const a = result('IMP-A');
    expect(a.status).toBe('loaded');
    const [plan] = await t.database.db
      .select()
      .from(studyPlans)
      .where(eq(studyPlans.studyPlanId, a.studyPlanId!));
    expect(plan!.scenarioStatus).toBe('Baseline Plan');
    const records = await t.database.db
      .select()
      .from(forecastRecords)
      .where(and(eq(forecastRecords.studyPlanId, a.studyPlanId!), eq(forecastRecords.isBaseline, true)));
    expect(records.map((r) => r.simRunId)).toEqual([a.simRunId]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'completed_study_import'), eq(auditLog.studyId, a.studyId!)));
    expect(audits).toHaveLength(1);
  });

  it('shows the loaded studies as completed in the track record, with their actual FPI and LPI', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/ctpo/admin/forecast-calibration',
      headers: planner,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ForecastCalibrationResponse>();
    const shown = body.studies.filter((s) => s.projectId.startsWith('IMP-'));
    expect(shown.map((s) => s.projectId)).toEqual(['IMP-A', 'IMP-B']);
    for (const s of shown) {
      // The extract: first patients in Jan-2023, the 80th in Mar-2023 (read at the month's last day).
      expect(s.fpi.actualMillis).toBe(noon(2023, 1, 1));
      expect(s.lpi.actualMillis).toBe(noon(2023, 3, 31));
      expect(s.lpi.pit).not.toBeNull();
    }
  });

  it('refuses planners and viewers (403) and writes nothing', async () => {
    const viewer = bearer(await t.token('viewer'));
    for (const headers of [planner, viewer]) {
      const json = await post(COMPLETED_STUDIES_IMPORT_PATH, { studies: [importItem('IMP-X')] }, headers);
      expect(json.statusCode).toBe(403);
      const zip = await post(
        COMPLETED_STUDIES_UPLOAD_PATH,
        { fileName: 'h.zip', fileBase64: 'UEsF' },
        headers,
      );
      expect(zip.statusCode).toBe(403);
    }
    expect(await studyRows('IMP-X')).toEqual([]);
  });
});

describe('POST /ctpo/admin/completed-studies/upload', () => {
  const upload = (zip: Buffer, fileName = 'history.zip') =>
    post(COMPLETED_STUDIES_UPLOAD_PATH, { fileName, fileBase64: zip.toString('base64') });

  it('loads the studies a manifest names and refuses a study whose file is missing', async () => {
    // The plan spreadsheet as EXPORT PLAN writes it, from the plan IMP-A was imported with.
    const [a] = await studyRows('IMP-A');
    const detail = await t.app.inject({
      method: 'GET',
      url: `/ctpo/plan/${(await t.database.db.select().from(studyPlans).where(eq(studyPlans.studyId, a!.studyId)))[0]!.studyPlanId}`,
      headers: admin,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const plan = await exportPlanFile(detail.json());
    const manifest = [
      'projectId,studyName,sponsorName,indication,planFile,extractFile,asOf',
      'ZIP-1,"Study one, extended",Fabrikam Bio,Asthma,zip-1/plan.xlsx,zip-1/extract.xlsx,2023-04-30',
      'ZIP-2,Study two,Fabrikam Bio,Asthma,zip-2/plan.xlsx,zip-2/extract.xlsx,2023-04-30',
    ].join('\r\n');
    const zip = writeZip([
      { name: 'manifest.csv', data: Buffer.from(manifest) },
      { name: 'zip-1/plan.xlsx', data: plan },
      { name: 'zip-1/extract.xlsx', data: await ctmsWorkbook(completeExtract()) },
    ]);
    const res = await upload(zip);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CompletedStudiesImportResponse>();
    expect(body.results.map((r) => [r.projectId, r.status])).toEqual([
      ['ZIP-1', 'loaded'],
      ['ZIP-2', 'refused'],
    ]);
    expect(body.results[0]!.studyName).toBe('Study one, extended');
    expect(body.results[1]!.reasons).toEqual([
      { path: 'manifest.csv line 3', message: M.missingFile('zip-2/plan.xlsx') },
    ]);
  }, 60_000);

  it('refuses a hostile zip before parsing anything, and writes nothing', async () => {
    const manifest = { name: 'manifest.csv', data: Buffer.from('projectId\n') };
    // A macro workbook, a stray file, a part missing from the directory, no manifest, not a zip, not .zip.
    const cases: [Buffer, string, string?][] = [
      [writeZip([manifest, { name: 'a/plan.xlsm', data: Buffer.from('x') }]), ZIP_MESSAGES.macros],
      [writeZip([manifest, { name: 'run.exe', data: Buffer.from('x') }]), M.unexpectedEntry('run.exe')],
      [
        writeZip([manifest, { name: 'b.xlsx', data: Buffer.from('x'), only: 'local' }]),
        ZIP_MESSAGES.mismatch,
      ],
      [writeZip([{ name: 'b.xlsx', data: Buffer.from('x') }]), M.noManifest],
      [Buffer.from('not a zip at all'), M.notZip],
      [writeZip([manifest]), M.extension, 'history.xlsx'],
    ];
    for (const [zip, message, name] of cases) {
      const res = await upload(zip, name);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // 2 MB of zeros packed a thousandfold (a zip bomb's ratio), and a part that unpacks past its stated size.
    const bomb = writeZip([manifest, { name: 'p.xlsx', data: Buffer.alloc(2_000_000) }]);
    expect((await upload(bomb)).json().message).toMatch(/zip bomb/);
    const full = Buffer.from('projectId,studyName,sponsorName,planFile,extractFile,asOf\n');
    const liar = writeZip([{ name: 'manifest.csv', data: full, stated: { uncompressedSize: 10 } }]);
    expect((await upload(liar)).json().message).toBe(ZIP_MESSAGES.mismatch);
    expect(await studyRows('ZIP-3')).toEqual([]);
  });
});
