import {
  CTMS_EXTRACT_LOADED_MESSAGE,
  CTMS_EXTRACT_REFUSED_MESSAGE,
  type CtmsExtractLoadResponse,
  type CtmsExtractSource,
  type CtmsExtractSummary,
} from '@predict/shared';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http-errors';
import { writeAudit, type AuditActor } from '../../repositories/audit-repository';
import {
  insertCtmsExtract,
  listCountrySiteGroups,
  type CtmsExtractRecord,
} from '../../repositories/ctms-extracts-repository';
import { findStudy } from '../../repositories/studies-repository';
import {
  checkCtmsExtract,
  type CountryGroups,
  type ExtractError,
  type RawExtract,
} from './check-ctms-extract';
import { forgetActuals } from './actuals-cache';

/** The stored extract as the routes describe it. */
export function presentExtract(row: CtmsExtractRecord): CtmsExtractSummary {
  return {
    extractId: row.extractId,
    studyId: row.studyId,
    version: row.version,
    asOf: row.asOf.toISOString(),
    loadedBy: row.loadedBy,
    loadedAt: row.loadedAt.toISOString(),
    source: row.source as CtmsExtractSource,
    siteCount: row.siteCount,
    siteMonthCount: row.siteMonthCount,
  };
}

/** Countries by ISO3 code with their site groups. */
export async function countryGroupsByIso3(db: Db): Promise<Map<string, CountryGroups>> {
  const map = new Map<string, CountryGroups>();
  for (const r of await listCountrySiteGroups(db)) {
    const c = map.get(r.countryCodeIso3) ?? {
      countryId: r.countryId,
      countryName: r.countryName,
      groups: [],
    };
    if (r.siteGroupId !== null && r.siteGroupName !== null)
      c.groups.push({ siteGroupId: r.siteGroupId, siteGroupName: r.siteGroupName });
    map.set(r.countryCodeIso3, c);
  }
  return map;
}

export interface LoadOptions {
  source: CtmsExtractSource;
  /** Turns a check error's path into the answer's path (JSON 'body.sites.3.countryIso3', or 'Sites!C5'). */
  pathOf: (error: ExtractError) => string;
  now?: number;
}

/**
 * Checks an extract and stores it as the study's next version, all or nothing: a 400 listing every error (nothing
 * written), or one transaction writing the extract, its sites and site months and the audit row. 404 for an
 * unknown study.
 */
export async function loadCtmsExtract(
  db: Db,
  actor: AuditActor,
  studyId: number,
  raw: RawExtract,
  options: LoadOptions,
): Promise<CtmsExtractLoadResponse> {
  if (!(await findStudy(db, studyId))) throw notFound('Study');
  const checked = checkCtmsExtract(raw, await countryGroupsByIso3(db), options.now ?? Date.now());
  if (!checked.ok)
    throw badRequest(
      CTMS_EXTRACT_REFUSED_MESSAGE,
      checked.errors.map((e) => ({ path: options.pathOf(e), message: e.message })),
    );
  const { asOfMs, sites, siteMonths } = checked.extract;
  const stored = await db.transaction(async (tx) => {
    const row = await insertCtmsExtract(
      tx,
      {
        studyId,
        asOf: new Date(asOfMs),
        source: options.source,
        loadedByIssuer: actor.issuer,
        loadedBySubject: actor.subject,
        loadedBy: actor.name,
        siteCount: sites.length,
        siteMonthCount: siteMonths.length,
      },
      sites.map((s) => ({
        siteNumber: s.siteNumber,
        piName: s.piName,
        countryId: s.countryId,
        siteGroupId: s.siteGroupId,
        centralLocal: s.centralLocal,
        siteSelectedDate: s.siteSelectedDate,
        siteActivatedDate: s.siteActivatedDate,
        siteActivationForecastDate: s.siteActivationForecastDate,
        siteStatus: s.siteStatus,
        contractStatus: s.contractStatus,
        currency: s.currency,
      })),
      siteMonths.map((m) => ({
        siteNumber: m.siteNumber,
        month: `${m.month}-01`,
        screened: m.screened,
        enrolled: m.enrolled,
        completedTreatment: m.completedTreatment,
        droppedOut: m.droppedOut,
        completedFollowUp: m.completedFollowUp,
      })),
    );
    // One audit row per extract: its content is the extract itself, kept as a version of its own.
    await writeAudit(tx, actor, {
      entity: 'ctms_extract',
      entityId: row.extractId,
      entityVersion: row.version,
      studyId,
      action: 'create',
      newValues: {
        asOf: row.asOf.toISOString(),
        source: row.source,
        siteCount: row.siteCount,
        siteMonthCount: row.siteMonthCount,
      },
    });
    return row;
  });
  forgetActuals(db, studyId);
  return { message: CTMS_EXTRACT_LOADED_MESSAGE, extract: presentExtract(stored) };
}
