import {
  COUNTRY_COST_MESSAGES as M,
  COUNTRY_LEVEL_SITE_ID,
  SAME_SOE_MESSAGE,
  SOE_MESSAGES,
  STUDY_LEVEL_SITE_GROUP_ID,
  uploadNameKey as nameKey,
  type SoeUploadAnswer,
  type SoeUploadCountryBody,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http-errors';
import { listSoeAssessments } from '../../repositories/soe-rows-repository';
import { requireLiveSoe } from '../soe/read-soe-editor';
import { readSoeSiteGroups } from '../soe/read-soe-sitegroups';
import { saveSoe } from '../soe/save/save-soe';

type Field = { path: string; message: string };
const at = (i: number, field: string) => `body.${i}.${field}`;

/** A 400 with the spec's 'Failed to upload country costs' and every bad row's message ('Errors Found:'). */
export const refusedUpload = (message: string, fields: Field[]) => badRequest(message, fields);

/**
 * POST /ctpo/study/{studyId}/SOEUploadCountry: the rows the browser read from an Upload Country Costs workbook,
 * checked again here (the country is a site group of the SOE by name or ISO3, 'USA' naming both US groups; the
 * assessment is the SOE's; no (country, assessment) twice). Any bad row: 400 listing each, nothing written; else
 * the costs become the countries' own assessment costs in one save (one transaction, audited).
 */
export async function uploadCountryCosts(
  db: Db,
  user: AuthUser,
  studyId: number,
  rows: SoeUploadCountryBody,
): Promise<SoeUploadAnswer> {
  const soeId = rows[0]!.scheduleOfEventsId;
  const fields: Field[] = rows.flatMap((r, i) =>
    r.scheduleOfEventsId === soeId ? [] : [{ path: at(i, 'scheduleOfEventsId'), message: SAME_SOE_MESSAGE }],
  );
  if (fields.length > 0) throw refusedUpload(M.uploadFailed, fields);
  const { soe } = await requireLiveSoe(db, soeId);
  if (soe.studyId !== studyId) throw notFound('Schedule of Events');

  const countries = (await readSoeSiteGroups(db, soeId)).filter(
    (g) => g.siteGroupId !== STUDY_LEVEL_SITE_GROUP_ID && g.siteId === COUNTRY_LEVEL_SITE_ID,
  );
  const assessments = new Map(
    (await listSoeAssessments(db, soeId)).map((a) => [nameKey(a.assessmentName), a]),
  );
  const values = new Map<string, { assessmentKey: string; siteGroupId: number; assessmentCost: number }>();
  rows.forEach((r, i) => {
    const key = nameKey(r.countryName);
    const groups = countries.filter(
      (g) => nameKey(g.siteGroupName) === key || nameKey(g.countryCodeISO3) === key,
    );
    const assessment = assessments.get(nameKey(r.assessmentName));
    if (groups.length === 0) fields.push({ path: at(i, 'countryName'), message: M.unknownCountry });
    if (!assessment) fields.push({ path: at(i, 'assessmentName'), message: SOE_MESSAGES.unknownAssessment });
    if (groups.length === 0 || !assessment) return;
    for (const g of groups) {
      const cell = `${g.siteGroupId}/${assessment.assessmentId}`;
      if (values.has(cell)) {
        fields.push({ path: at(i, 'assessmentName'), message: SOE_MESSAGES.rowListedTwice });
        return;
      }
      values.set(cell, {
        assessmentKey: String(assessment.assessmentId),
        siteGroupId: g.siteGroupId,
        assessmentCost: r.assessmentCost,
      });
    }
  });
  if (fields.length > 0) throw refusedUpload(M.uploadFailed, fields);

  const assessmentLevelValues = [...values.values()].map((v) => ({ ...v, siteId: COUNTRY_LEVEL_SITE_ID }));
  await saveSoe(db, user, { soeId, studyId }, { version: 0, assessmentLevelValues }, false);
  return { message: M.uploaded, rows: assessmentLevelValues.length };
}
