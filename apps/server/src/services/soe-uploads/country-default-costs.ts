import {
  COUNTRY_COST_MESSAGES as M,
  COUNTRY_LEVEL_SITE_ID,
  CountryDefaultCostsBody,
  fromCents,
  round2,
  toCents,
  type AssessmentDefaultCostBody,
  type CountryDefaultCostAnswer,
  type CountryDefaultCostInput,
  type SoeSiteGroupEntry,
  type SoeUploadAnswer,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { badRequest, INVALID_REQUEST_MESSAGE, notFound } from '../../http-errors';
import { writeAudit } from '../../repositories/audit-repository';
import { listCountries } from '../../repositories/site-groups-repository';
import { knownAssessmentNames } from '../../repositories/soe-extras-repository';
import {
  countCountryDefaultCosts,
  insertCountryDefaultCosts,
  listSoeDefaultCosts,
  replaceCountryDefaultCosts,
  type SoeDefaultCostRecord,
} from '../../repositories/soe-upload-default-costs-repository';
import { requireLiveSoe } from '../soe/read-soe-editor';
import { readSoeSiteGroups } from '../soe/read-soe-sitegroups';
import demoDefaultCosts from '../../seed/country-default-costs.json';
import { saveSoe } from '../soe/save/save-soe';

const AUDIT_ENTITY = 'country_default_costs';

/** The SOE's country (site group, country level) or 404. */
async function countryOf(db: Db, soeId: number, siteGroupId: number): Promise<SoeSiteGroupEntry> {
  const country = (await readSoeSiteGroups(db, soeId)).find(
    (g) => g.siteGroupId === siteGroupId && g.siteId === COUNTRY_LEVEL_SITE_ID && siteGroupId !== 0,
  );
  if (!country) throw notFound('Country');
  return country;
}

/**
 * Reference figures into the country's currency: as they are when they are in it, through the country's rate
 * when they are in the SOE's currency (rates are units per 1 SOE currency), else not convertible (null).
 */
const factorFor = (record: { currency: string }, country: SoeSiteGroupEntry, soeCurrency: string) =>
  record.currency === country.effectiveCurrency
    ? 1
    : record.currency === soeCurrency
      ? country.effectiveExchangeRate
      : null;

const present = (r: SoeDefaultCostRecord, factor: number) => ({
  assessmentId: r.assessmentId,
  assessmentTypeDetail: r.assessmentType,
  assessmentName: r.assessmentName,
  assessmentCostMAX: round2(fromCents(r.maxCents) * factor),
  assessmentCostMIN: round2(fromCents(r.minCents) * factor),
  assessmentCostAVG: round2(fromCents(r.avgCents) * factor),
  countOfDataPoints: r.countOfDataPoints,
});

/**
 * GET /ctpo/soe/{id}/defaultcost/sitegroup/{sg}: the country's reference figures for the SOE's grid assessments
 * (empty when there are none: the dialog then says 'No Default Assessment Costs Available'), in the country's
 * currency where they can be converted.
 */
export async function readCountryDefaultCosts(
  db: Db,
  soeId: number,
  siteGroupId: number,
): Promise<CountryDefaultCostAnswer> {
  const { soe } = await requireLiveSoe(db, soeId);
  const country = await countryOf(db, soeId, siteGroupId);
  return (await listSoeDefaultCosts(db, soeId, country.countryCodeISO3)).map((r) =>
    present(r, factorFor(r, country, soe.currency) ?? 1),
  );
}

const FIGURE = { Max: 'maxCents', Min: 'minCents', Avg: 'avgCents' } as const;

/**
 * POST /ctpo/study/{studyId}/AssessmentDefaultCost: the chosen figure (Max, Min or Avg) becomes the country's own
 * cost of each assessment that has one, in one save (one transaction, audited).
 */
export async function applyCountryDefaultCosts(
  db: Db,
  user: AuthUser,
  studyId: number,
  body: AssessmentDefaultCostBody,
): Promise<SoeUploadAnswer> {
  const soeId = body.scheduleOfEventsId;
  const { soe } = await requireLiveSoe(db, soeId);
  if (soe.studyId !== studyId) throw notFound('Schedule of Events');
  const country = await countryOf(db, soeId, body.siteGroupId);
  const records = await listSoeDefaultCosts(db, soeId, country.countryCodeISO3);
  const figure = FIGURE[body.assessmentDefaultCostType];
  const assessmentLevelValues = records.map((r) => {
    const factor = factorFor(r, country, soe.currency);
    if (factor === null)
      throw badRequest(M.importFailed, [
        { path: 'body.siteGroupId', message: M.defaultCostCurrency(r.currency, country.effectiveCurrency) },
      ]);
    return {
      assessmentKey: String(r.assessmentId),
      siteGroupId: body.siteGroupId,
      siteId: COUNTRY_LEVEL_SITE_ID,
      assessmentCost: round2(fromCents(r[figure]) * factor),
    };
  });
  if (assessmentLevelValues.length > 0)
    await saveSoe(db, user, { soeId, studyId }, { version: 0, assessmentLevelValues }, false);
  return { message: M.imported, rows: assessmentLevelValues.length };
}

/** Every country a known ISO3 code and every name one of the assessment-name list; 400 naming each other row. */
async function checkReferenceRows(db: Db, rows: readonly CountryDefaultCostInput[]) {
  const iso3 = new Set((await listCountries(db)).map((c) => c.countryCodeIso3));
  const names = await knownAssessmentNames(db, [...new Set(rows.map((r) => r.assessmentName))]);
  const seen = new Set<string>();
  const fields = rows.flatMap((r, i) => {
    const path = (f: string) => `body.rows.${i}.${f}`;
    const key = `${r.countryCodeISO3}|${r.assessmentName}`;
    const problems: { path: string; message: string }[] = [];
    if (!iso3.has(r.countryCodeISO3))
      problems.push({ path: path('countryCodeISO3'), message: 'Not a known country.' });
    if (!names.has(r.assessmentName))
      problems.push({ path: path('assessmentName'), message: 'Not a name of the assessment-name list.' });
    else if (seen.has(key))
      problems.push({ path: path('assessmentName'), message: 'Listed twice for this country.' });
    seen.add(key);
    return problems;
  });
  if (fields.length > 0) throw badRequest(INVALID_REQUEST_MESSAGE, fields);
}

const asRow = (r: CountryDefaultCostInput) => ({
  countryCodeIso3: r.countryCodeISO3,
  assessmentName: r.assessmentName,
  currency: r.currency,
  costMinCents: toCents(r.assessmentCostMIN),
  costAvgCents: toCents(r.assessmentCostAVG),
  costMaxCents: toCents(r.assessmentCostMAX),
  countOfDataPoints: r.countOfDataPoints,
});

/** PUT /ctpo/admin/reference-data/country-default-costs: the admins' load, replacing the table (audited). */
export async function replaceDefaultCosts(
  db: Db,
  user: AuthUser,
  body: CountryDefaultCostsBody,
): Promise<{ message: string; rows: number }> {
  await checkReferenceRows(db, body.rows);
  await db.transaction(async (tx) => {
    await replaceCountryDefaultCosts(tx, body.rows.map(asRow));
    await writeAudit(tx, user, {
      entity: AUDIT_ENTITY,
      entityId: 'all',
      action: 'update',
      newValues: { rows: body.rows.length },
    });
  });
  return { message: 'Country default costs saved.', rows: body.rows.length };
}

/** Loads the demo reference figures (the demo SOEs' countries) when the table is empty, when the server starts. */
export async function ensureCountryDefaultCosts(db: Db): Promise<void> {
  if ((await countCountryDefaultCosts(db)) > 0) return;
  // Parsing copies: the bundled JSON stays as it shipped.
  const body = CountryDefaultCostsBody.parse({ rows: demoDefaultCosts });
  await insertCountryDefaultCosts(db, body.rows.map(asRow));
}
