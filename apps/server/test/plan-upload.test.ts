import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardKey,
  countryColumnLetter,
  countryColumnNumber,
  milestoneKey,
  overallRow,
  PLAN_NOT_EDITABLE_MESSAGE,
  PLAN_SHEETS,
  PLAN_UPLOAD_MESSAGES,
  planToSheetValues,
  seasonKey,
  type StudyPlan,
} from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, auditRows, createPlan, durationPlan, ratesPlan } from './helpers/plans';
import {
  addCountry,
  addReferenceSiteGroup,
  countryInputs,
  readPlanDetail,
  saveStep2,
  step2Body,
} from './helpers/plan-countries';
import { exportPlanFile, uploadFile } from './helpers/plan-upload';

let t: TestApp;
let planner: string;
let viewer: string;
let studyId: number;
let groups: { de: number; fr: number; es: number };
let source: StudyPlan;
let plans = 0;

const newPlan = async (kind: 'rates' | 'duration' = 'rates') => {
  plans += 1;
  const body = kind === 'rates' ? ratesPlan() : durationPlan();
  return (await createPlan(t, bearer(planner), studyId, { ...body, studyPlanName: `Plan ${plans}` })).id;
};

async function add(planId: number, siteGroupId: number, sites: number) {
  const res = await addCountry(t, planner, studyId, {
    studyPlanId: planId,
    siteGroupId,
    NUM_SITES_ACTIVATED_LOWER: sites,
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** What a plan's spreadsheet holds, without the fields an upload leaves to the target (names). */
function essence(plan: StudyPlan) {
  const { overall, countries } = planToSheetValues(plan);
  const { projectId: _p, studyName: _s, studyPlanName: _n, ...rest } = overall;
  return { overall: rest, countries };
}

const cell = (wb: ExcelJS.Workbook, sheet: string, row: number, column: number) =>
  wb.getWorksheet(sheet)!.getCell(row, column);

beforeAll(async () => {
  t = await createTestApp();
  planner = await t.token('planner');
  viewer = await t.token('viewer');
  studyId = (await addStudies(t, 'PCN-UPLOAD'))[0]!;
  groups = {
    de: await addReferenceSiteGroup(t, 'Germany', 'DEU'),
    fr: await addReferenceSiteGroup(t, 'France', 'FRA'),
    es: await addReferenceSiteGroup(t, 'Spain', 'ESP'),
  };
  // The source plan: two countries with own values in every step 2 table.
  const id = await newPlan();
  await add(id, groups.de, 10);
  await add(id, groups.fr, 6);
  const plan = await readPlanDetail(t, planner, id);
  const de = plan.countries.find((c) => c.countryCodeISO3 === 'DEU')!.siteGroups[0]!;
  const siteId = de.milestones.find((m) => m.milestoneId === 158)!;
  const saved = await saveStep2(
    t,
    planner,
    studyId,
    step2Body(plan, de.studyPlanSiteGroupId, {
      countryInputs: [
        countryInputs(de.studyPlanSiteGroupId, {
          siteEnrollmentRateAtSIV: 0.6,
          expectedScreenFailureRate: 0.25,
          NUM_SITES_ACTIVATED: { lowerBound: 10, upperBound: null },
        }),
      ],
      milestones: [
        {
          studyPlanSiteGroupId: de.studyPlanSiteGroupId,
          milestoneId: 158,
          isUserOverride: 1,
          milestoneDateMillis: siteId.milestoneDateMillis! + 7 * 86_400_000,
          comments: '-7 days: =agreed with the sponsor',
        },
      ],
      activationProfiles: [
        {
          studyPlanSiteGroupId: de.studyPlanSiteGroupId,
          overrideFl: true,
          points: [
            { siteActivationLabel: 'Projected', siteActivationProfilePct: 2, siteActivationProfileDays: 0 },
            { siteActivationLabel: 'Projected', siteActivationProfilePct: 6, siteActivationProfileDays: 40 },
            {
              siteActivationLabel: 'Projected',
              siteActivationProfilePct: 10,
              siteActivationProfileDays: 100,
            },
          ],
        },
      ],
      enrollmentSeasonalVariations: [
        {
          studyPlanSiteGroupId: de.studyPlanSiteGroupId,
          values: [1, 1, 1, 1, 1, 0.9, 0.6, 0.4, 1, 1, 1, 0.5],
        },
      ],
      siteFatigue: [
        {
          studyPlanSiteGroupId: de.studyPlanSiteGroupId,
          eventualSiteEnrollmentDays: 365,
          eventualSiteEnrollmentRate: 0.75,
        },
      ],
    }),
  );
  expect(saved.statusCode, saved.body).toBe(200);
  source = await readPlanDetail(t, planner, id);
});
afterAll(async () => t.close());

describe('POST /ctpo/study/{studyId}/EnrollmentPlanUpload', () => {
  it('reproduces an exported plan in another plan: countries added and removed, every value applied, audited', async () => {
    const target = await newPlan();
    await add(target, groups.es, 4);
    const file = await exportPlanFile(source);

    const res = await uploadFile(t, planner, studyId, target, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { returnCode: '200', returnDesc: PLAN_UPLOAD_MESSAGES.success, rowVersion: expect.any(Number) },
    ]);

    const after = await readPlanDetail(t, planner, target);
    expect(after.studyPlanName).toBe(`Plan ${plans}`);
    expect(after.countries.map((c) => c.countryCodeISO3)).toEqual(['DEU', 'FRA']);
    expect(essence(after)).toEqual(essence(source));
    const audits = await auditRows(t, target);
    expect(audits.at(-1)).toMatchObject({ action: 'update', new_values: { upload: 'plan.xlsx' } });
  });

  it('changes nothing when the unchanged export of a plan is uploaded into it', async () => {
    const before = await readPlanDetail(t, planner, source.studyPlanId);
    const res = await uploadFile(t, planner, studyId, source.studyPlanId, await exportPlanFile(before));
    expect(res.statusCode, res.body).toBe(200);
    const after = await readPlanDetail(t, planner, source.studyPlanId);
    expect(after.rowVersion).toBe(before.rowVersion);
    expect(after).toEqual(before);
  });

  it('applies an edited value and reads a card without days 30 days after the previous one', async () => {
    const target = await newPlan();
    const file = await exportPlanFile(source, (wb) => {
      cell(wb, PLAN_SHEETS.overall, overallRow('treatmentDuration'), 2).value = 200;
      cell(wb, PLAN_SHEETS.countries, 2, countryColumnNumber(cardKey(2, 'days'))).value = null;
    });
    const res = await uploadFile(t, planner, studyId, target, file);
    expect(res.statusCode, res.body).toBe(200);
    const after = await readPlanDetail(t, planner, target);
    expect(after.treatmentDuration).toBe(200);
    const de = after.countries.find((c) => c.countryCodeISO3 === 'DEU')!.siteGroups[0]!;
    expect(de.activationProfiles.map((p) => p.siteActivationProfileDays)).toEqual([0, 40, 70]);
  });

  it('lists each rule and template error by sheet, row and column and writes nothing', async () => {
    const target = await newPlan();
    const before = await readPlanDetail(t, planner, target);
    const file = await exportPlanFile(source, (wb) => {
      cell(wb, PLAN_SHEETS.overall, overallRow('treatmentDuration'), 2).value = 'long';
      cell(wb, PLAN_SHEETS.countries, 1, countryColumnNumber('rate')).value = 'Rate';
      cell(wb, PLAN_SHEETS.countries, 3, countryColumnNumber(seasonKey(0))).value = 3;
      cell(wb, PLAN_SHEETS.countries, 3, countryColumnNumber(milestoneKey(135, 'override'))).value = 'Yes';
    });
    const res = await uploadFile(t, planner, studyId, target, file);
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields as { path: string; message: string }[];
    expect(fields).toEqual(
      expect.arrayContaining([
        {
          path: `${PLAN_SHEETS.overall}!B${overallRow('treatmentDuration')}`,
          message: expect.stringContaining('Has to be a number.'),
        },
        {
          path: expect.stringMatching(new RegExp(`^Countries!\\w+1$`)),
          message: expect.stringContaining("Has to read 'Enrollment Rate (patients/site/month)'"),
        },
      ]),
    );
    expect(
      fields.find((f) => f.path.endsWith('1') && f.message.includes('Enrollment Rate'))!.message,
    ).toMatch(/^Row 1, column \w+/);
    expect(await readPlanDetail(t, planner, target)).toEqual(before);

    // With the template right, the plan rules speak: a seasonal factor above 1 and an override without its date.
    const rules = await uploadFile(
      t,
      planner,
      studyId,
      target,
      await exportPlanFile(source, (wb) => {
        cell(wb, PLAN_SHEETS.countries, 3, countryColumnNumber(seasonKey(0))).value = 3;
        cell(wb, PLAN_SHEETS.countries, 3, countryColumnNumber(milestoneKey(135, 'override'))).value = 'Yes';
        cell(wb, PLAN_SHEETS.countries, 3, countryColumnNumber(milestoneKey(135, 'date'))).value = null;
      }),
    );
    expect(rules.statusCode).toBe(400);
    const paths = (rules.json().fields as { path: string }[]).map((f) => f.path);
    expect(paths).toContain(`Countries!${countryColumnLetter(milestoneKey(135, 'date'))}3`);
    expect(paths).toContain(`Countries!${countryColumnLetter(milestoneKey(135, 'comment'))}3`);
  });

  it('lists every error of a file at once: a wrong cell, a plan rule and an unknown site group', async () => {
    const target = await newPlan();
    const file = await exportPlanFile(source, (wb) => {
      cell(wb, PLAN_SHEETS.overall, overallRow('treatmentDuration'), 2).value = 'long';
      cell(wb, PLAN_SHEETS.countries, 2, countryColumnNumber('siteGroupId')).value = 999_999;
      cell(wb, PLAN_SHEETS.countries, 3, countryColumnNumber('rate')).value = -1;
    });
    const res = await uploadFile(t, planner, studyId, target, file);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      {
        path: `${PLAN_SHEETS.overall}!B${overallRow('treatmentDuration')}`,
        message: 'Row 14, column B (Treatment Duration (days)): Has to be a number.',
      },
      {
        path: `Countries!${countryColumnLetter('rate')}3`,
        message: 'Row 3, column H (Enrollment Rate (patients/site/month)): Has to be a value from 0 to 100.',
      },
      {
        path: `Countries!${countryColumnLetter('siteGroupId')}2`,
        message: 'Row 2, column A (Site Group ID): No site group with this ID or name in Admin Data.',
      },
    ]);
  });

  it('asks for the activation mismatch: refused until the country is confirmed, then its override is off', async () => {
    const target = await newPlan();
    const mismatched = await exportPlanFile(source, (wb) => {
      cell(wb, PLAN_SHEETS.countries, 2, countryColumnNumber('sitesLower')).value = 12;
    });
    const refused = await uploadFile(t, planner, studyId, target, mismatched);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields[0].message).toContain('Activation Profile Error: DEU:');

    const ok = await uploadFile(t, planner, studyId, target, mismatched, {
      overrideOffRows: [2],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const de = (await readPlanDetail(t, planner, target)).countries.find((c) => c.countryCodeISO3 === 'DEU')!
      .siteGroups[0]!;
    expect(de.activationProfileOverride).toBe(false);
    expect(de.activationProfiles.at(-1)!.siteActivationProfilePct).toBe(12);
  });

  it('refuses a file of another plan type, read-only users (403) and plans that are not Draft (409)', async () => {
    const duration = await newPlan('duration');
    const file = await exportPlanFile(source);
    const wrongType = await uploadFile(t, planner, studyId, duration, file);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields[0]).toMatchObject({
      path: `${PLAN_SHEETS.overall}!B${overallRow('studyPlanTypeDetail')}`,
    });

    expect((await uploadFile(t, viewer, studyId, source.studyPlanId, file)).statusCode).toBe(403);

    const baseline = await newPlan();
    const current = await readPlanDetail(t, planner, baseline);
    const status = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/EnrollmentPlanSaveAs`,
      headers: bearer(planner),
      payload: { studyPlanId: baseline, scenarioStatus: 'Baseline Plan', rowVersion: current.rowVersion },
    });
    expect(status.statusCode, status.body).toBe(200);
    const notDraft = await uploadFile(t, planner, studyId, baseline, file);
    expect(notDraft.statusCode).toBe(409);
    expect(notDraft.json().message).toBe(PLAN_NOT_EDITABLE_MESSAGE);
  });
});
