import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoeListRow as SoeListRowSchema, type SoeListRow } from '@predict/shared';
import { schedulesOfEvents, studies, studyPlans } from '../src/db/schema';
import { demoData } from '../src/seed/load-demo-data';
import { HCC_SOE, MELANOMA_SOE } from '../src/seed/demo-soes';
import { seedDemoData } from '../src/seed/seed-demo-data';
import { insertSoes, type NewSoeRow } from '../src/repositories/soe-repository';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, createPlan, ratesPlan } from './helpers/plans';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let emptyStudyId: number;

/** An SOE fixture written through the repository (SOE writes come with the SOE editor). */
const soe = (overrides: Partial<NewSoeRow> & { studyId: number; soeName: string }): NewSoeRow => ({
  soeDescr: `About ${overrides.soeName}`,
  createdByIssuer: 'test',
  createdBySubject: 'planner',
  insertBy: 'Pat Planner',
  updateBy: 'Pat Planner',
  ...overrides,
});

const list = (headers: Record<string, string>, id: number) =>
  t.app.inject({ method: 'GET', url: `/ctpo/soe/study/${id}`, headers });

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId, emptyStudyId] = (await addStudies(t, 'SOE-0001', 'SOE-0002')) as [number, number];
});
afterAll(async () => t.close());

describe('GET /ctpo/soe/study/{studyId}', () => {
  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/ctpo/soe/study/${studyId}` });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 for an unknown study', async () => {
    const res = await list(planner, 987_654);
    expect(res.statusCode).toBe(404);
  });

  it('answers an empty list for a study without SOEs', async () => {
    const res = await list(viewer, emptyStudyId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("lists the study's live SOEs newest first, with the linked plan's name, for any signed-in user", async () => {
    const plan = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Linked plan' }));
    const gone = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Gone plan' }));
    await t.database.db
      .update(studyPlans)
      .set({ deletedAt: new Date(), deletedBy: 'Pat Planner' })
      .where(eq(studyPlans.studyPlanId, gone.id));
    const [older, newer, deleted, unlinked] = await insertSoes(t.database.db, [
      soe({
        studyId,
        soeName: 'Older SOE',
        studyPlanId: plan.id,
        updateDate: new Date('2025-01-10T08:00:00.000Z'),
      }),
      soe({
        studyId,
        soeName: 'Newer SOE',
        status: 'Final',
        version: 3,
        updateDate: new Date('2025-06-01T12:30:00.000Z'),
      }),
      soe({
        studyId,
        soeName: 'Deleted SOE',
        updateDate: new Date('2025-09-01T00:00:00.000Z'),
        deletedAt: new Date(),
        deletedBy: 'Pat Planner',
      }),
      soe({
        studyId,
        soeName: 'SOE of a deleted plan',
        studyPlanId: gone.id,
        updateDate: new Date('2024-12-24T00:00:00.000Z'),
      }),
      soe({ studyId: emptyStudyId, soeName: 'Deleted elsewhere', deletedAt: new Date() }),
    ]);

    const res = await list(viewer, studyId);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as SoeListRow[];
    expect(rows.map((r) => r.scheduleOfEventsId)).toEqual([newer!.soeId, older!.soeId, unlinked!.soeId]);
    expect(rows.map((r) => r.scheduleOfEventsId)).not.toContain(deleted!.soeId);
    // The SOE entity's field names (spec/2 section 3), nothing else.
    expect(rows[0]).toStrictEqual({
      scheduleOfEventsId: newer!.soeId,
      studyId,
      scheduleOfEventsName: 'Newer SOE',
      scheduleOfEventsDescr: 'About Newer SOE',
      scheduleOfEventsStatus: 'Final',
      version: 3,
      studyPlanId: null,
      studyPlanName: null,
      insertBy: 'Pat Planner',
      insertDate: newer!.insertDate.toISOString(),
      updateBy: 'Pat Planner',
      updateDate: '2025-06-01T12:30:00.000Z',
    });
    expect(rows[1]).toMatchObject({
      scheduleOfEventsStatus: 'Draft',
      version: 1,
      studyPlanId: plan.id,
      studyPlanName: 'Linked plan',
    });
    // A deleted plan reads as no plan: neither its id nor its name.
    expect(rows[2]).toMatchObject({ studyPlanId: null, studyPlanName: null });
    for (const row of rows) expect(SoeListRowSchema.parse(row)).toStrictEqual(row);
    expect((await list(planner, emptyStudyId)).json()).toEqual([]);
  });
});

describe('the demo data', () => {
  it('gives every demo study that has an SOE exactly one, matching the study list summary', async () => {
    const added = await seedDemoData(t.database.db);
    const withSoe = demoData().studies.filter((s) => s.soeExists);
    expect(withSoe.length).toBeGreaterThan(0);
    expect(added.schedulesOfEvents).toBe(withSoe.length);

    // The melanoma and liver-cancer SOEs are filled in by seed-demo-soes.ts (tested in soe-demo-data.test.ts).
    const filled = [MELANOMA_SOE.projectId, HCC_SOE.projectId];
    const demo = withSoe.find((s) => !filled.includes(s.projectId))!;
    const [row] = await t.database.db.select().from(studies).where(eq(studies.projectId, demo.projectId));
    const res = await list(viewer, row!.studyId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        scheduleOfEventsName: demo.soeName,
        scheduleOfEventsDescr: demo.soeDescription,
        scheduleOfEventsStatus: 'Draft',
        version: 1,
        studyPlanId: null,
        studyPlanName: null,
        updateDate: demo.soeLastUpdate,
      }),
    ]);
    const [stored] = await t.database.db
      .select()
      .from(schedulesOfEvents)
      .where(eq(schedulesOfEvents.studyId, row!.studyId));
    expect(stored).toMatchObject({
      hasCostDetails: demo.soeCosts,
      hasClinicalStrategyDetails: demo.soeClinicalInformatics,
      hasDataManagementDetails: demo.soeDataManagement,
    });

    const withoutSoe = demoData().studies.find((s) => !s.soeExists)!;
    const [bare] = await t.database.db
      .select()
      .from(studies)
      .where(eq(studies.projectId, withoutSoe.projectId));
    expect((await list(viewer, bare!.studyId)).json()).toEqual([]);

    const counts = await t.database.db.execute(
      sql`select count(*)::int as n from schedules_of_events e join studies s on s.study_id = e.study_id
          where s.is_demo and e.deleted_at is null`,
    );
    expect((counts as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(withSoe.length);

    // Seeding again keeps what exists and adds no second SOE.
    expect((await seedDemoData(t.database.db)).schedulesOfEvents).toBe(0);
  }, 120_000);
});
