import {
  COUNTRY_LEVEL_SITE_ID,
  isGridAssessmentType,
  SAMPLING_TABLES,
  SOE_MESSAGES as M,
  STUDY_LEVEL_SITE_GROUP_ID,
  type SoeSaveBody,
} from '@predict/shared';
import type { Tx } from '../../../db/client';
import {
  knownAssessmentNames,
  listRiskRows,
  listSoeSites,
} from '../../../repositories/soe-extras-repository';
import { listSiteGroupsByIds } from '../../../repositories/soe-plan-repository';
import type { SoeRow } from '../../../repositories/soe-repository';
import { listSoeAssessments, listSoeVisits } from '../../../repositories/soe-rows-repository';
import { invalidSoeBody } from '../guards/soe-guards';

type Path = (string | number)[];
/** A row reference: an existing row's id, or the position of a new row in the body's list. */
export type RowRef = { id: number } | { newIndex: number };

/** What the checks resolved, for the writes. */
export interface CheckedSave {
  soeCurrency: string;
  existingVisitIds: Set<number>;
  existingAssessmentTypes: Map<number, string>;
  visitRef: (key: string) => RowRef;
  assessmentRef: (key: string) => RowRef;
}

const SAMPLING_ROWS = new Set(
  SAMPLING_TABLES.flatMap((t) => t.rows.map((r) => `${t.tableSort}/${r.rowSort}`)),
);

type Fail = (path: Path, message: string) => void;
type RefOf = (key: string) => RowRef | undefined;

/** The keys of a sent visit or assessment list; ids must be the SOE's rows, and no id or key listed twice. */
function listKeys<T>(
  fail: Fail,
  rows: T[] | undefined,
  section: 'visits' | 'assessments',
  keyOf: (r: T) => string,
  idOf: (r: T) => number | null,
  known: (id: number) => boolean,
): Map<string, RowRef> | undefined {
  if (!rows) return undefined;
  const [idField, keyField, unknown] =
    section === 'visits'
      ? ['scheduleOfEventsVisitId', 'visitKey', M.unknownVisit]
      : ['scheduleOfEventsAssessmentId', 'assessmentKey', M.unknownAssessment];
  const keys = new Map<string, RowRef>();
  const ids = new Set<number>();
  rows.forEach((row, i) => {
    const id = idOf(row);
    if (id !== null && !known(id)) fail([section, i, idField], unknown);
    else if (id !== null && ids.has(id)) fail([section, i, idField], M.rowListedTwice);
    if (id !== null) ids.add(id);
    if (keys.has(keyOf(row))) fail([section, i, keyField], M.rowListedTwice);
    keys.set(keyOf(row), id !== null ? { id } : { newIndex: i });
  });
  return keys;
}

/** A reference names a row of the body's list, or (list not sent) an existing row by its decimal id. */
const resolver =
  (keys: Map<string, RowRef> | undefined, exists: (id: number) => boolean): RefOf =>
  (key) => {
    if (keys) return keys.get(key);
    const id = /^\d{1,10}$/.test(key) ? Number(key) : NaN;
    return exists(id) ? { id } : undefined;
  };

/** Names mapped to the reference list must be on it. */
async function checkNameMappings(tx: Tx, fail: Fail, body: SoeSaveBody) {
  const mapped = (body.assessments ?? []).map((a) => a.assessmentNameMapping?.trim() || null);
  const known = await knownAssessmentNames(tx, [...new Set(mapped.filter((n): n is string => n !== null))]);
  mapped.forEach((name, i) => {
    if (name !== null && !known.has(name))
      fail(['assessments', i, 'assessmentNameMapping'], M.selectAssessmentName);
  });
}

/** Levels: site group 0 is the study; countries are known site groups; sites are the SOE's selectable sites. */
async function checkLevels(tx: Tx, fail: Fail, soe: SoeRow, body: SoeSaveBody) {
  const levelRows = [
    ...(body.visitLevelValues ?? []).map((r, i) => ({ r, path: ['visitLevelValues', i] as Path })),
    ...(body.assessmentLevelValues ?? []).map((r, i) => ({ r, path: ['assessmentLevelValues', i] as Path })),
    ...(body.currencies ?? []).map((r, i) => ({ r, path: ['currencies', i] as Path })),
    ...(body.contractDates ?? []).map((r, i) => ({ r, path: ['contractDates', i] as Path })),
  ];
  const groupIds = new Set(
    (
      await listSiteGroupsByIds(tx, [...new Set(levelRows.map((l) => l.r.siteGroupId).filter((g) => g > 0))])
    ).map((g) => g.siteGroupId),
  );
  const sites = new Set((await listSoeSites(tx, soe.soeId)).map((s) => `${s.siteGroupId}/${s.siteId}`));
  const studyCurrencyRow = (path: Path) => path[0] === 'currencies';
  for (const { r, path } of levelRows) {
    if (r.siteGroupId === STUDY_LEVEL_SITE_GROUP_ID) {
      if (!studyCurrencyRow(path)) fail([...path, 'siteGroupId'], M.unknownSiteGroup);
      else if (r.siteId !== COUNTRY_LEVEL_SITE_ID) fail([...path, 'siteId'], M.unknownSite);
    } else if (!groupIds.has(r.siteGroupId)) fail([...path, 'siteGroupId'], M.unknownSiteGroup);
    else if (r.siteId !== COUNTRY_LEVEL_SITE_ID && !sites.has(`${r.siteGroupId}/${r.siteId}`))
      fail([...path, 'siteId'], M.unknownSite);
  }
}

/** Currencies: the study's cannot be cleared; a level in another currency than the SOE's needs a rate. */
function checkCurrencies(fail: Fail, soe: SoeRow, body: SoeSaveBody): string {
  const studyCurrency = body.currencies?.find((c) => c.siteGroupId === STUDY_LEVEL_SITE_GROUP_ID);
  const soeCurrency = studyCurrency?.currency ?? soe.currency;
  body.currencies?.forEach((c, i) => {
    if (c.siteGroupId === STUDY_LEVEL_SITE_GROUP_ID) {
      if (c.currency === null) fail(['currencies', i, 'currency'], M.studyCurrencyRequired);
    } else if (c.currency !== null && c.currency !== soeCurrency && c.exchangeRate === null)
      fail(['currencies', i, 'exchangeRate'], M.exchangeRate);
  });
  return soeCurrency;
}

/** Level values and grid cells name known visits and assessments; a ticked cell names a grid assessment. */
function checkReferences(
  fail: Fail,
  body: SoeSaveBody,
  visitRef: RefOf,
  assessmentRef: RefOf,
  existingAssessmentTypes: Map<number, string>,
) {
  const finalType = (ref: RowRef) =>
    'newIndex' in ref
      ? body.assessments![ref.newIndex]!.assessmentType
      : body.assessments
        ? body.assessments.find((a) => a.scheduleOfEventsAssessmentId === ref.id)?.assessmentType
        : existingAssessmentTypes.get(ref.id);
  body.visitLevelValues?.forEach((l, i) => {
    if (!visitRef(l.visitKey)) fail(['visitLevelValues', i, 'visitKey'], M.unknownVisit);
    if (l.visitCostTotal !== null && l.siteId === COUNTRY_LEVEL_SITE_ID)
      fail(['visitLevelValues', i, 'visitCostTotal'], M.visitCostTotalSiteOnly);
  });
  body.assessmentLevelValues?.forEach((l, i) => {
    if (!assessmentRef(l.assessmentKey))
      fail(['assessmentLevelValues', i, 'assessmentKey'], M.unknownAssessment);
  });
  body.mapping?.forEach((m, i) => {
    if (!visitRef(m.visitKey)) fail(['mapping', i, 'visitKey'], M.unknownVisit);
    const a = assessmentRef(m.assessmentKey);
    if (!a) fail(['mapping', i, 'assessmentKey'], M.unknownAssessment);
    else if (m.mappingAssessmentVisit === 1 && !isGridAssessmentType(finalType(a) ?? ''))
      fail(['mapping', i, 'assessmentKey'], M.notGridAssessment);
  });
}

/** Risk rows are the SOE's; sampling notes name a row of the sampling tables. */
async function checkRisksAndSampling(tx: Tx, fail: Fail, soe: SoeRow, body: SoeSaveBody) {
  if (body.risks?.length) {
    const riskIds = new Set((await listRiskRows(tx, soe.soeId)).map((r) => r.riskAssessmentId));
    body.risks.forEach((r, i) => {
      if (!riskIds.has(r.scheduleOfEventsRiskAssessmentId))
        fail(['risks', i, 'scheduleOfEventsRiskAssessmentId'], M.unknownRiskRow);
    });
  }
  body.samplingNotes?.forEach((n, i) => {
    if (!SAMPLING_ROWS.has(`${n.tableSort}/${n.rowSort}`))
      fail(['samplingNotes', i, 'rowSort'], M.unknownSamplingRow);
  });
}

/**
 * The save's checks that need the SOE's rows (the shape and field rules ran in the body's zod schema): row ids
 * belong to the SOE, keys resolve, names map to the reference list, levels are known countries and sites, a level in
 * another currency has a rate, grid cells name grid assessments, risk and sampling rows exist. Every problem is
 * collected and answered as one 400 before anything is written.
 */
export async function checkSoeSave(tx: Tx, soe: SoeRow, body: SoeSaveBody): Promise<CheckedSave> {
  const issues: { path: Path; message: string }[] = [];
  const fail: Fail = (path, message) => issues.push({ path, message });

  const existingVisits = await listSoeVisits(tx, soe.soeId);
  const existingAssessments = await listSoeAssessments(tx, soe.soeId);
  const existingVisitIds = new Set(existingVisits.map((v) => v.visitId));
  const existingAssessmentTypes = new Map(existingAssessments.map((a) => [a.assessmentId, a.assessmentType]));
  const hasVisit = (id: number) => existingVisitIds.has(id);
  const hasAssessment = (id: number) => existingAssessmentTypes.has(id);

  const visitKeys = listKeys(
    fail,
    body.visits,
    'visits',
    (v) => v.visitKey,
    (v) => v.scheduleOfEventsVisitId,
    hasVisit,
  );
  const assessmentKeys = listKeys(
    fail,
    body.assessments,
    'assessments',
    (a) => a.assessmentKey,
    (a) => a.scheduleOfEventsAssessmentId,
    hasAssessment,
  );
  await checkNameMappings(tx, fail, body);
  const visitRef = resolver(visitKeys, hasVisit);
  const assessmentRef = resolver(assessmentKeys, hasAssessment);
  await checkLevels(tx, fail, soe, body);
  const soeCurrency = checkCurrencies(fail, soe, body);
  checkReferences(fail, body, visitRef, assessmentRef, existingAssessmentTypes);
  await checkRisksAndSampling(tx, fail, soe, body);

  if (issues.length > 0) throw invalidSoeBody(issues);
  return {
    soeCurrency,
    existingVisitIds,
    existingAssessmentTypes,
    visitRef: (key) => visitRef(key)!,
    assessmentRef: (key) => assessmentRef(key)!,
  };
}
