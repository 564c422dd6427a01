import { sql } from 'drizzle-orm';
import { COUNTRY_MILESTONES } from '@predict/shared';
import { seedDemoData } from '../../src/seed/seed-demo-data';
import { bearer, type TestApp } from '../helpers/app';
import { createPlan, DAY, durationPlan, ratesPlan, START } from '../helpers/plans';
import type { Example } from './fuzz-requests';
import type { Pools } from './zod-arbitrary';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * The fuzzed database: the demo data (studies, site groups, plans with finished runs, so result reads answer), plus
 * Draft plans of the planner with a country, so that writes get past the plan guards.
 */
export async function seedFuzzData(t: TestApp): Promise<Record<string, Example[]>> {
  await seedDemoData(t.database.db);
  const planner = bearer(await t.token('planner'));
  const [study] = rows<{ study_id: number }>(
    await t.database.db.execute(
      sql`select s.study_id from studies s join study_plans p using (study_id) group by s.study_id
          order by count(*) desc limit 1`,
    ),
  );
  const [group] = rows<{ site_group_id: number }>(
    await t.database.db.execute(sql`select site_group_id from site_groups order by site_group_id limit 1`),
  );
  const studyId = study!.study_id;
  const plans = [
    await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Fuzz rates' })),
    await createPlan(t, planner, studyId, durationPlan({ studyPlanName: 'Fuzz duration' })),
    await createPlan(t, planner, studyId, durationPlan({ studyPlanName: 'Fuzz cohorts', cohortType: 2 })),
  ];
  for (const plan of plans) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/EnrollmentPlanCountryAdd`,
      headers: planner,
      payload: {
        studyPlanId: plan.id,
        siteGroupId: group!.site_group_id,
        NUM_SITES_ACTIVATED_LOWER: 10,
        NUM_SITES_ACTIVATED_UPPER: 20,
        siteIdEffort: 'Medium',
        countryStartUpTimeFrame: 'Short',
        rowVersion: plan.rowVersion,
      },
    });
    if (res.statusCode !== 201) throw new Error(`fuzz fixture: add country ${res.statusCode} ${res.body}`);
  }
  return examples(t, studyId, group!.site_group_id, plans[0]!.id, plans[2]!.id);
}

/** Valid requests of the write routes on the fixture plans (the rates plan and the cohort plan, with Germany). */
async function examples(
  t: TestApp,
  studyId: number,
  siteGroupId: number,
  planId: number,
  cohortPlanId: number,
): Promise<Record<string, Example[]>> {
  const planner = bearer(await t.token('planner'));
  const read = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: planner })).json();
  const plan = await read(`/ctpo/plan/${planId}`);
  const sg = plan.countries[0].siteGroups[0];
  const group = sg.studyPlanSiteGroupId as number;
  // Resolved when sent (liveValues): a fixed version would be stale after the first save that succeeds.
  const rowVersion = liveRowVersion(planId);
  const params = { studyId };
  const bounds = (lowerBound: number | null) => ({ lowerBound, upperBound: null });
  const inputs = {
    studyPlanSiteGroupId: group,
    siteEnrollmentRateAtSIV: 0.5,
    expectedScreenFailureRate: 0.2,
    expectedTreatmentDropoutRate: null,
    pauseEnrollmentAfterPatient: null,
    pauseEnrollmentDays: null,
    NUM_SITES_ACTIVATED: bounds(10),
    NUM_SUBJECTS_SCREENED: bounds(null),
    NUM_SUBJECTS_ENROLLED: bounds(null),
    NUM_SUBJECTS_TREATED: bounds(null),
    NUM_SUBJECTS_COMPLETED: bounds(null),
  };
  const tables = {
    countryInputs: [inputs],
    milestones: [
      {
        studyPlanSiteGroupId: group,
        milestoneId: 135,
        isUserOverride: 1,
        milestoneDateMillis: START + 365 * DAY,
        comments: 'c',
      },
    ],
    activationProfiles: [
      {
        studyPlanSiteGroupId: group,
        overrideFl: true,
        points: [{ siteActivationLabel: 'A', siteActivationProfilePct: 10, siteActivationProfileDays: 30 }],
      },
    ],
    enrollmentSeasonalVariations: [{ studyPlanSiteGroupId: group, values: Array(12).fill(1) }],
    siteFatigue: [
      { studyPlanSiteGroupId: group, eventualSiteEnrollmentDays: 100, eventualSiteEnrollmentRate: 0.5 },
    ],
  };
  const cohortRow = {
    studyPlanCohortId: null,
    cohortName: 'Cohort 1',
    predecessorCohortName: null,
    predecessorActivity: null,
    patients: 10,
    lagDays: 0,
    screeningDurationDays: 28,
    dtlDurationDays: 10,
    srcDurationDays: 5,
  };
  const patchGroup = {
    siteGroupId,
    NUM_SITES_ACTIVATED_LOWER: 12,
    NUM_SITES_ACTIVATED_UPPER: 20,
    timeSiteIdSize: 'Small',
    timeCountryStartUpSize: 'Short',
  };
  return {
    ...(await soeUploadExamples(t)),
    'POST /ctpo/study/:studyId/EnrollmentPlanStep1': [
      { params, body: ratesPlan({ studyPlanName: `Fuzz plan ${UNIQUE}` }) },
      {
        params,
        body: {
          studyPlanId: planId,
          rowVersion,
          studyPlanName: `Fuzz renamed ${UNIQUE}`,
          comments: 'c',
          ownedBy: 'o',
          indication: 'i',
          protocolTitle: 'p',
        },
      },
    ],
    'POST /ctpo/study/:studyId/EnrollmentPlanStep2': [
      { params, body: { studyId, studyPlanId: planId, studyPlanType: 1, rowVersion, ...tables } },
    ],
    'POST /ctpo/milestonedates': [{ body: { studyPlanId: planId, ...tables } }],
    'PATCH /ctpo/country': [
      {
        body: {
          studyPlanId: planId,
          countryId: plan.countries[0].countryId,
          rowVersion,
          siteGroups: [patchGroup],
        },
      },
    ],
    'POST /ctpo/study/:studyId/SequentialCohort': [
      {
        params,
        body: {
          studyPlanId: cohortPlanId,
          rowVersion: liveRowVersion(cohortPlanId),
          phaseNames: { dtl: 'D', src: 'S' },
          rows: [cohortRow],
        },
      },
    ],
    'POST /ctpo/cohort/chain': [{ body: { studyPlanId: cohortPlanId, rows: [cohortRow] } }],
    'POST /ctpo/study/:studyId/CtisSubmission': [
      {
        params,
        body: {
          studyPlanId: planId,
          rowVersion,
          choice: 'enterNew',
          enterNewDate: START,
          rows: [{ siteGroupId, includeExclude: 'i' }],
        },
      },
    ],
    'POST /ctpo/clone': [
      {
        body: {
          studyPlanId: planId,
          studyPlanName: `Fuzz clone ${UNIQUE}`,
          studyPlanDescr: 'd',
          ownedBy: 'o',
          studyId,
        },
      },
    ],
    'POST /ctpo/study/0/AdminDataUpload': [{ body: await read(`/ctpo/admin/sitegroup/${siteGroupId}`) }],
    'POST /ctpo/favorite': [
      { body: { studyId, userId: 'planner@predict.example', studyName: 'n', projectId: 'p' } },
    ],
    'POST /ctpo/study/0/UserLogin': [{ body: { FirstName: 'Pat', LastName: 'P', Email: 'e', Locale: 'en' } }],
    'GET /ctpo/studies': [{ query: { search: 'a', projectId: 'p', studyName: 's', sponsorName: 'x' } }],
  };
}

/** Valid requests of the SOE upload routes on the first demo SOE and one of its countries. */
async function soeUploadExamples(t: TestApp): Promise<Record<string, Example[]>> {
  const [soe] = rows<{ soe_id: number; study_id: number; site_group_id: number }>(
    await t.database.db.execute(
      sql`select s.soe_id, s.study_id, l.site_group_id from schedules_of_events s
          join soe_level_settings l on l.soe_id = s.soe_id and l.site_id = 1 and l.site_group_id > 0
          order by s.soe_id limit 1`,
    ),
  );
  if (!soe) return {};
  const params = { studyId: soe.study_id };
  const scheduleOfEventsId = soe.soe_id;
  return {
    'GET /ctpo/soe/:id/defaultcost/sitegroup/:sg': [{ params: { id: soe.soe_id, sg: soe.site_group_id } }],
    'POST /ctpo/study/:studyId/AssessmentDefaultCost': [
      {
        params,
        body: { scheduleOfEventsId, siteGroupId: soe.site_group_id, assessmentDefaultCostType: 'Avg' },
      },
    ],
    'POST /ctpo/study/:studyId/SOEUploadCountry': [
      {
        params,
        body: [{ scheduleOfEventsId, countryName: 'DEU', assessmentName: 'Vital Signs', assessmentCost: 12 }],
      },
    ],
    'POST /ctpo/files': [
      {
        body: {
          FileName: 'eprice.xlsx',
          encodedData: 'UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==',
          FileAttrs: JSON.stringify({ scheduleOfEventsId, studyId: soe.study_id, uploadType: 'Predict' }),
        },
      },
    ],
  };
}

const UNIQUE = '__UNIQUE__';
const liveRowVersion = (planId: number) => `__ROW_VERSION_${planId}__`;
let unique = 0;

/** The JSON of an example with its live values put in: the plan's current rowVersion, a name not used yet. */
export async function liveValues(t: TestApp, json: string): Promise<string> {
  let out = json.replaceAll(UNIQUE, () => String(++unique));
  for (const [marker, id] of [...out.matchAll(/"__ROW_VERSION_(\d+)__"/g)].map(
    (m) => [m[0], m[1]] as const,
  )) {
    const [row] = rows<{ v: number }>(
      await t.database.db.execute(
        sql`select row_version as v from study_plans where study_plan_id = ${Number(id)}`,
      ),
    );
    out = out.replaceAll(marker, String(row?.v ?? 1));
  }
  return out;
}

const ids = async (t: TestApp, query: ReturnType<typeof sql>) =>
  rows<{ id: number }>(await t.database.db.execute(query)).map((r) => Number(r.id));

/** Values that exist, by field name: the generated requests mostly use them, so they reach the services. */
export async function loadPools(t: TestApp): Promise<Pools> {
  const studyIds = await ids(
    t,
    sql`select distinct study_id as id from study_plans union select min(study_id) from studies`,
  );
  const planIds = await ids(t, sql`select study_plan_id as id from study_plans order by 1 desc limit 40`);
  const siteGroupIds = await ids(t, sql`select site_group_id as id from site_groups order by 1 limit 20`);
  const planSiteGroupIds = await ids(
    t,
    sql`select study_plan_site_group_id as id from study_plan_site_groups order by 1 desc limit 20`,
  );
  const countryIds = await ids(t, sql`select country_id as id from study_plan_site_groups limit 20`);
  const cohortIds = await ids(t, sql`select study_plan_cohort_id as id from study_plan_cohorts limit 20`);
  const rowVersions = await ids(t, sql`select distinct row_version as id from study_plans`);
  const siteGroupVersions = await ids(t, sql`select distinct version as id from site_groups`);
  return {
    studyId: studyIds,
    studyPlanId: planIds,
    planId: planIds,
    siteGroupId: siteGroupIds,
    id: siteGroupIds,
    studyPlanSiteGroupId: planSiteGroupIds,
    countryId: countryIds,
    studyPlanCohortId: cohortIds,
    milestoneId: COUNTRY_MILESTONES.map((m) => m.milestoneId),
    rowVersion: rowVersions,
    version: siteGroupVersions,
    userId: ['planner@predict.example', 'admin@predict.example', 'planner', 'admin'],
    text: ['*', 'D*', 'DEMO*', '0*'],
  };
}

/** Tables whose rows another process may change at any time (the job queue's own bookkeeping). */
const NOT_FINGERPRINTED_SCHEMAS = ['pg_catalog', 'information_schema', 'pgboss', 'drizzle'];

/**
 * A cheap fingerprint of everything the API can write: per table, the row count and the largest xmin (the id of
 * the transaction that wrote a row version). An insert, update or delete that committed changes it; a locked read
 * or a rolled-back write does not.
 */
export async function fingerprinter(t: TestApp): Promise<() => Promise<string>> {
  const tables = rows<{ schema: string; name: string }>(
    await t.database.db.execute(
      sql`select table_schema as schema, table_name as name from information_schema.tables
          where table_type = 'BASE TABLE' order by 1, 2`,
    ),
  ).filter((r) => !NOT_FINGERPRINTED_SCHEMAS.includes(r.schema) && !r.schema.startsWith('pg_'));
  const query = tables
    .map(
      (r) =>
        `select '${r.schema}.${r.name}' as t, count(*)::text || ':' || ` +
        `coalesce(max(xmin::text::bigint), 0)::text as f from "${r.schema}"."${r.name}"`,
    )
    .join(' union all ');
  return async () =>
    rows<{ t: string; f: string }>(await t.database.db.execute(sql.raw(query)))
      .map((r) => `${r.t}=${r.f}`)
      .join(' ');
}
