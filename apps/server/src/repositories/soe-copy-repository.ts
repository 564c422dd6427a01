import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  soeAssessmentLevels,
  soeLevelSettings,
  soeRiskAssessments,
  soeSamplingNotes,
  soeSites,
  soeVisitLevels,
} from '../db/schema';
import {
  insertAssessments,
  insertVisits,
  listSoeAssessments,
  listSoeMapping,
  upsertMapping,
  writeAssessmentLevels,
  writeVisitLevels,
} from './soe-rows-repository';
import { listSoeVisits } from './soe-rows-repository';

const without = <T extends object, K extends keyof T>(row: T, key: K): Omit<T, K> => {
  const { [key]: _drop, ...rest } = row;
  return rest;
};

/**
 * Copies everything below one SOE to another (clone): visits, assessments, the grid, level values, level settings,
 * selectable sites, risk rows and sampling notes. Row ids are new; references follow them.
 */
export async function copySoeChildren(tx: Tx, fromSoeId: number, toSoeId: number): Promise<void> {
  const visits = await listSoeVisits(tx, fromSoeId);
  const newVisitIds = await insertVisits(
    tx,
    visits.map((v) => ({ ...without(v, 'visitId'), soeId: toSoeId })),
  );
  const visitId = new Map(visits.map((v, i) => [v.visitId, newVisitIds[i]!]));
  const assessments = await listSoeAssessments(tx, fromSoeId);
  const newAssessmentIds = await insertAssessments(
    tx,
    assessments.map((a) => ({ ...without(a, 'assessmentId'), soeId: toSoeId })),
  );
  const assessmentId = new Map(assessments.map((a, i) => [a.assessmentId, newAssessmentIds[i]!]));

  const cells = await listSoeMapping(tx, fromSoeId);
  await upsertMapping(
    tx,
    cells.map(({ cell }) => ({
      ...cell,
      soeId: toSoeId,
      visitId: visitId.get(cell.visitId)!,
      assessmentId: assessmentId.get(cell.assessmentId)!,
    })),
  );
  const visitLevels = await tx.select().from(soeVisitLevels).where(eq(soeVisitLevels.soeId, fromSoeId));
  await writeVisitLevels(
    tx,
    visitLevels.map((l) => ({ ...l, soeId: toSoeId, visitId: visitId.get(l.visitId)! })),
  );
  const assessmentLevels = await tx
    .select()
    .from(soeAssessmentLevels)
    .where(eq(soeAssessmentLevels.soeId, fromSoeId));
  await writeAssessmentLevels(
    tx,
    assessmentLevels.map((l) => ({ ...l, soeId: toSoeId, assessmentId: assessmentId.get(l.assessmentId)! })),
  );

  const settings = await tx.select().from(soeLevelSettings).where(eq(soeLevelSettings.soeId, fromSoeId));
  if (settings.length > 0)
    await tx.insert(soeLevelSettings).values(settings.map((s) => ({ ...s, soeId: toSoeId })));
  const sites = await tx.select().from(soeSites).where(eq(soeSites.soeId, fromSoeId));
  if (sites.length > 0) await tx.insert(soeSites).values(sites.map((s) => ({ ...s, soeId: toSoeId })));
  const risks = await tx.select().from(soeRiskAssessments).where(eq(soeRiskAssessments.soeId, fromSoeId));
  if (risks.length > 0)
    await tx
      .insert(soeRiskAssessments)
      .values(risks.map((r) => ({ ...without(r, 'riskAssessmentId'), soeId: toSoeId })));
  const notes = await tx.select().from(soeSamplingNotes).where(eq(soeSamplingNotes.soeId, fromSoeId));
  if (notes.length > 0)
    await tx.insert(soeSamplingNotes).values(notes.map((n) => ({ ...n, soeId: toSoeId })));
}
