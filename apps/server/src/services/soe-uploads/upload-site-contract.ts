import {
  SITE_CONTRACT_MESSAGES as M,
  SOE_MESSAGES,
  uploadNameKey as nameKey,
  type SoeUploadAnswer,
  type SoeUploadSiteBody,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { notFound } from '../../http-errors';
import { listSoeAssessments, listSoeVisits, listVisitLevels } from '../../repositories/soe-rows-repository';
import { money } from '../soe/presenters/soe-editor-presenter';
import { requireLiveSoe } from '../soe/read-soe-editor';
import { readSoeSiteGroups } from '../soe/read-soe-sitegroups';
import { saveSoe } from '../soe/save/save-soe';
import { refusedUpload } from './upload-country-costs';

type Field = { path: string; message: string };

/** Rows named by the SOE's names (ignoring case), each once, in the site's currency. */
function checkRows<R extends { currency: string | null }>(
  rows: readonly R[],
  list: string,
  nameOf: (r: R) => string,
  ids: Map<string, number>,
  unknown: string,
  siteCurrency: string,
  fields: Field[],
): { id: number; row: R }[] {
  const seen = new Set<number>();
  return rows.flatMap((row, i) => {
    const path = (field: string) => `body.${list}.${i}.${field}`;
    const id = ids.get(nameKey(nameOf(row)));
    const before = fields.length;
    if (id === undefined) fields.push({ path: path(`${list.slice(0, -1)}Name`), message: unknown });
    else if (seen.has(id))
      fields.push({ path: path(`${list.slice(0, -1)}Name`), message: SOE_MESSAGES.rowListedTwice });
    if (row.currency !== null && row.currency !== siteCurrency)
      fields.push({ path: path('currency'), message: M.siteCurrency(siteCurrency) });
    if (id === undefined || fields.length > before) return [];
    seen.add(id);
    return [{ id, row }];
  });
}

/**
 * POST /ctpo/study/{studyId}/SOEUploadSite: one site's contract as the browser read it, checked again here (the
 * site is the SOE's, every name is one of its visits or assessments and appears once, costs in the site's
 * currency). Any bad row: 400 listing each, nothing written; else the visit amounts become the site's visit totals
 * and the assessment amounts its own assessment costs, in one save (one transaction, audited).
 */
export async function uploadSiteContract(
  db: Db,
  user: AuthUser,
  studyId: number,
  body: SoeUploadSiteBody,
): Promise<SoeUploadAnswer> {
  const soeId = body.scheduleOfEventsId;
  const { soe } = await requireLiveSoe(db, soeId);
  if (soe.studyId !== studyId) throw notFound('Schedule of Events');
  const site = (await readSoeSiteGroups(db, soeId)).find(
    (g) =>
      g.siteId === body.siteId && g.siteNumber !== null && nameKey(g.siteNumber) === nameKey(body.siteNumber),
  );
  if (!site) throw refusedUpload(M.uploadFailed, [{ path: 'body.siteId', message: M.unknownSite }]);
  if (body.visits.length + body.assessments.length === 0)
    throw refusedUpload(M.uploadFailed, [{ path: 'body.visits', message: M.noRows }]);

  const fields: Field[] = [];
  const visitIds = new Map((await listSoeVisits(db, soeId)).map((v) => [nameKey(v.visitName), v.visitId]));
  const assessmentIds = new Map(
    (await listSoeAssessments(db, soeId)).map((a) => [nameKey(a.assessmentName), a.assessmentId]),
  );
  const currency = site.effectiveCurrency;
  const visits = checkRows(
    body.visits,
    'visits',
    (r) => r.visitName,
    visitIds,
    SOE_MESSAGES.unknownVisit,
    currency,
    fields,
  );
  const assessments = checkRows(
    body.assessments,
    'assessments',
    (r) => r.assessmentName,
    assessmentIds,
    SOE_MESSAGES.unknownAssessment,
    currency,
    fields,
  );
  if (fields.length > 0) throw refusedUpload(M.uploadFailed, fields);

  const level = { siteGroupId: site.siteGroupId, siteId: site.siteId };
  // A contract's visit amount is what the site is paid for the visit: its visit total (design section 3), which
  // replaces the computed Total Visit Cost. Written as the site's own fixed visit cost it was added on top of the
  // assessments and overhead instead. The site's own overhead % and fixed cost stay as they are (the total wins).
  const own = new Map(
    (await listVisitLevels(db, soeId, site.siteGroupId, [site.siteId])).map((l) => [l.visitId, l]),
  );
  await saveSoe(
    db,
    user,
    { soeId, studyId },
    {
      version: 0,
      visitLevelValues: visits.map(({ id, row }) => ({
        visitKey: String(id),
        ...level,
        visitOverheadPct: own.get(id)?.visitOverheadPct ?? null,
        visitCost: money(own.get(id)?.visitCostCents),
        visitCostTotal: row.visitCost,
      })),
      assessmentLevelValues: assessments.map(({ id, row }) => ({
        assessmentKey: String(id),
        ...level,
        assessmentCost: row.assessmentCost,
      })),
    },
    false,
  );
  return { message: M.uploaded, rows: visits.length + assessments.length };
}
