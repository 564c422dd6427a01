import {
  round2,
  SAMPLING_TABLES,
  SummaryRowSchema,
  UNSCHEDULED_VISIT_CATEGORY,
  type SoeSamplingRow,
} from '@predict/shared';
import type { Db } from '../../db/client';
import { listSamplingNotes } from '../../repositories/soe-extras-repository';
import { findResultSet } from '../../repositories/simulation-results-repository';
import { listPlanCountries, listPlanStudyTargets } from '../../repositories/soe-plan-repository';
import type { SoeRow } from '../../repositories/soe-repository';
import { listSoeVisits, type SoeVisitRow } from '../../repositories/soe-rows-repository';
import { requireLiveSoe } from './read-soe-editor';

type Cells = [string | null, string | null, string | null, string | null];
const none: Cells = [null, null, null, null];
const txt = (v: string | number | null | undefined) => (v == null ? null : String(v));
const pct = (v: number | null) => (v == null ? null : `${v}%`);
const one = (v: string | number | null | undefined): Cells => [txt(v), null, null, null];

/**
 * The per-patient CRA figures of design/soe-costing.md section 5 (Clinical Strategy), summed over the visits:
 * 100% SDR/SDV minutes, onsite minutes of sampled visits ((1 - CDA%) x time x (1 + additional on-site %)), CDA
 * review minutes (CDA% x time), and the number of sampled visits.
 */
export function craFigures(
  soe: Pick<SoeRow, 'cdaReviewPctTime' | 'addlTimeOnSitePct'>,
  visits: SoeVisitRow[],
) {
  const cda = soe.cdaReviewPctTime / 100;
  const addl = (soe.addlTimeOnSitePct ?? 0) / 100;
  let full = 0;
  let onsite = 0;
  let review = 0;
  let sampled = 0;
  for (const v of visits) {
    const time = v.miEstSdrSdv ?? 0;
    full += time;
    review += cda * time;
    if (v.miSampleVisit === 1) {
      sampled += 1;
      onsite += (1 - cda) * time * (1 + addl);
    }
  }
  return { full: round2(full), onsite: round2(onsite), review: round2(review), sampled };
}

/**
 * Number of Patients Enrolled: the 'Overall' row of the linked plan's Summary result (spec/1: summaryTable's Number
 * of Patients Enrolled) from its latest finished run. A plan with a screen fail rate has no enrolled target, so
 * the plan's own figure (below) is only the fallback for a plan never run.
 */
async function resultEnrolled(db: Db, planId: number): Promise<number | null> {
  const rows = SummaryRowSchema.array().safeParse(await findResultSet(db, planId, 'summaryTable'));
  if (!rows.success) return null;
  return rows.data.find((r) => r.siteGroupName === 'Overall')?.['Number of Patients Enrolled'] ?? null;
}

async function studySpecs(db: Db, soe: SoeRow, visits: SoeVisitRow[]): Promise<Map<number, Cells>> {
  const out = new Map<number, Cells>();
  if (soe.studyPlanId === null) return out;
  const countries = await listPlanCountries(db, soe.studyPlanId);
  const targets = new Map((await listPlanStudyTargets(db, soe.studyPlanId)).map((t) => [t.name, t.value]));
  if (countries.length === 0 && targets.size === 0) return out;
  out.set(1, one(countries.length));
  out.set(2, one(targets.get('SITES_TO_ACTIVATE')));
  out.set(3, one((await resultEnrolled(db, soe.studyPlanId)) ?? targets.get('NUM_SUBJECTS_ENROLLED')));
  out.set(4, one(visits.filter((v) => v.visitCategory !== UNSCHEDULED_VISIT_CATEGORY).length));
  return out;
}

/** GET /ctpo/soe/{id}/visitsamplingstrategy: the fixed rows of SAMPLING_TABLES with values the server computes. */
export async function readSoeSampling(db: Db, soeId: number): Promise<SoeSamplingRow[]> {
  const { soe } = await requireLiveSoe(db, soeId);
  const visits = await listSoeVisits(db, soeId);
  const notes = new Map(
    (await listSamplingNotes(db, soeId)).map((n) => [`${n.tableSort}/${n.rowSort}`, n.notes]),
  );
  const cra = craFigures(soe, visits);
  const specs = await studySpecs(db, soe, visits);
  const cells: Record<number, Record<number, Cells>> = {
    1: {
      1: one(soe.assessorName),
      2: one(pct(soe.cdaReviewPctTime)),
      3: one(pct(soe.addlTimeOnSitePct)),
      4: one(pct(soe.estActivatedNonEnrollingSitesPct)),
      5: one(soe.reqAdminImvNonEnrollingSites),
    },
    2: Object.fromEntries(specs),
    3: { 1: one(cra.full), 2: one(cra.onsite), 3: one(cra.review) },
    4: { 1: one(cra.sampled), 2: one(round2(cra.onsite / 60)) },
    5: { 1: [soe.subjectReportingAvgFrequency, txt(soe.subjectReportingHoursToGenerate), null, null] },
    6: {
      1: [soe.studyReportingAvgFrequency, txt(soe.studyReportingHoursToGenerate), null, null],
      2: one(soe.studyAdhocReview),
    },
    7: { 1: one(soe.currency), 2: one(soe.uploadStatus) },
  };
  return SAMPLING_TABLES.flatMap((table) =>
    table.rows.map((row) => {
      const [c1, c2, c3, c4] = cells[table.tableSort]?.[row.rowSort] ?? none;
      return {
        scheduleOfEventsId: soeId,
        tableSort: table.tableSort,
        rowSort: row.rowSort,
        rowLabel: row.rowLabel,
        cellValue1: c1,
        cellValue2: c2,
        cellValue3: c3,
        cellValue4: c4,
        notes: notes.get(`${table.tableSort}/${row.rowSort}`) ?? null,
        editField: row.editField ?? null,
      };
    }),
  );
}
