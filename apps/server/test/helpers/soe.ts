import { sql } from 'drizzle-orm';
import {
  blankAssessmentInput,
  blankVisitInput,
  NEW_SOE_FORM,
  type SoeFormBody,
  type SoeSaveInput,
  type SoeVisitInput,
  type SoeAssessmentInput,
} from '@predict/shared';
import type { TestApp } from './app';

type Headers = Record<string, string>;

/** A valid SOE form (protocol fields marked Not Available unless given). */
export function soeForm(overrides: Partial<SoeFormBody> = {}): SoeFormBody {
  return {
    ...NEW_SOE_FORM,
    scheduleOfEventsName: 'Oncology SOE',
    scheduleOfEventsDescr: 'Visits and assessments of the oncology study',
    protocolVersionNotAvailable: true,
    protocolDateNotAvailable: true,
    ...overrides,
  };
}

export async function createSoe(t: TestApp, headers: Headers, studyId: number, form = soeForm()) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/ctpo/study/${studyId}/soe`,
    headers,
    payload: form,
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { Id: number }[])[0]!.Id;
}

export const getJson = async <T = unknown>(t: TestApp, headers: Headers, url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};

export const soeVersion = async (t: TestApp, headers: Headers, soeId: number) =>
  (await getJson<{ data: { version: number }[] }>(t, headers, `/ctpo/soe/${soeId}`)).data[0]!.version;

export const save = (t: TestApp, headers: Headers, soeId: number, payload: SoeSaveInput) =>
  t.app.inject({ method: 'POST', url: `/ctpo/soe/${soeId}/save`, headers, payload });

/** A Treatment visit on day 1 (the editor's blank row, named). */
export function visit(name: string, overrides: Partial<SoeVisitInput> = {}): SoeVisitInput {
  return {
    ...blankVisitInput(`new-${name}`),
    visitName: name,
    visitCategory: 'Treatment',
    visitStudyDay: 1,
    ...overrides,
  };
}

/** A Procedure costing 100 with overhead (the editor's blank row, named). */
export function assessment(name: string, overrides: Partial<SoeAssessmentInput> = {}): SoeAssessmentInput {
  return {
    ...blankAssessmentInput(`new-${name}`),
    assessmentType: 'Procedure',
    assessmentName: name,
    assessmentCost: 100,
    overhead: 1,
    ...overrides,
  };
}

/** Audit rows of an SOE, oldest first. */
export async function soeAuditRows(t: TestApp, soeId: number) {
  const r = await t.database.db.execute(
    sql`select action, entity_version, actor_subject, old_values, new_values from audit_log
        where entity = 'schedule_of_events' and entity_id = ${String(soeId)} order by audit_id`,
  );
  return (r as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** The study list's SOE columns of a study. */
export async function studySoeColumns(t: TestApp, studyId: number) {
  const r = await t.database.db.execute(
    sql`select soe_exists, soe_name, soe_costs, soe_clinical_informatics, soe_data_management, soe_last_update
        from studies where study_id = ${studyId}`,
  );
  return (r as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
}

/** Row counts below an SOE (to show that nothing was written). */
export async function soeRowCounts(t: TestApp, soeId: number) {
  const r = await t.database.db.execute(sql`select
      (select count(*) from soe_visits where soe_id = ${soeId})::int as visits,
      (select count(*) from soe_assessments where soe_id = ${soeId})::int as assessments,
      (select count(*) from soe_mapping where soe_id = ${soeId})::int as mapping,
      (select count(*) from soe_visit_levels where soe_id = ${soeId})::int as visit_levels,
      (select count(*) from soe_assessment_levels where soe_id = ${soeId})::int as assessment_levels,
      (select count(*) from soe_level_settings where soe_id = ${soeId})::int as settings,
      (select count(*) from soe_sampling_notes where soe_id = ${soeId})::int as notes`);
  return (r as unknown as { rows: Record<string, number>[] }).rows[0]!;
}
