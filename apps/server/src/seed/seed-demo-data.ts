import { DEFAULT_QUICK_LINKS } from '@predict/shared';
import { SYSTEM_ACTOR, writeAudit } from '../repositories/audit-repository';
import {
  analyzeStudies,
  countQuickLinks,
  countryIdsByIso3,
  insertCountriesSkippingExisting,
  insertQuickLinks,
  insertSiteGroupActivationProfile,
  insertSiteGroupSeasonalVariations,
  insertSiteGroupSkippingExisting,
  insertStudiesSkippingExisting,
  listDemoStudiesWithoutSoe,
} from '../repositories/demo-seed-repository';
import { insertSoes } from '../repositories/soe-repository';
import type { Db, Tx } from '../db/client';
import { demoData, parseDemoData, type DemoData, type DemoDataFiles, type DemoStudy } from './load-demo-data';
import { seedDemoPlans } from './seed-demo-plans';
import { seedDemoActuals } from './seed-demo-actuals';
import { seedDemoRuns } from './seed-demo-run';
import { seedDemoSoeContent } from './seed-demo-soes';

function studyValues(s: DemoStudy, isDemo: boolean) {
  return {
    ...s,
    enrollmentPlanLastUpdate: s.enrollmentPlanLastUpdate ? new Date(s.enrollmentPlanLastUpdate) : null,
    soeLastUpdate: s.soeLastUpdate ? new Date(s.soeLastUpdate) : null,
    isDemo,
  };
}

/** Inserts studies in batches, skipping PCNs that exist; returns how many were added. */
export async function insertStudies(tx: Db | Tx, list: DemoStudy[], isDemo = true): Promise<number> {
  let added = 0;
  for (let i = 0; i < list.length; i += 500) {
    const batch = list.slice(i, i + 500).map((s) => studyValues(s, isDemo));
    added += await insertStudiesSkippingExisting(tx, batch);
  }
  // Fresh statistics, so the planner uses the search index right away (PGlite runs no autovacuum).
  await analyzeStudies(tx);
  return added;
}

async function seedReferenceData(
  tx: Tx,
  { countries: demoCountries, siteGroups: demoSiteGroups }: DemoData,
): Promise<number> {
  await insertCountriesSkippingExisting(
    tx,
    demoCountries.map((c) => ({
      countryName: c.countryName,
      countryCodeIso3: c.iso3,
      countryCodeIso2: c.iso2,
      region: c.region,
      isEuMember: c.isEuMember,
    })),
  );
  const countryIds = await countryIdsByIso3(tx);
  let added = 0;
  for (const g of demoSiteGroups) {
    const { activationProfile, seasonalVariation, countryIso3, timeSIVDays, ...values } = g;
    const countryId = countryIds.get(countryIso3);
    if (countryId === undefined)
      throw new Error(`Demo site group ${g.siteGroupName}: unknown country ${countryIso3}`);
    const siteGroupId = await insertSiteGroupSkippingExisting(tx, {
      ...values,
      timeSivDays: timeSIVDays,
      countryId,
      isDemo: true,
    });
    if (siteGroupId === null) continue;
    added++;
    await insertSiteGroupActivationProfile(
      tx,
      activationProfile.map((p, position) => ({
        siteGroupId,
        position,
        siteActivationProfilePct: p.sites,
        siteActivationProfileDays: p.days,
      })),
    );
    await insertSiteGroupSeasonalVariations(
      tx,
      seasonalVariation.map((v, month) => ({
        siteGroupId,
        enrollmentSeasonalMonth: month,
        enrollmentSeasonalVariation: v,
      })),
    );
  }
  return added;
}

/**
 * One Schedule of Events for every demo study whose summary says it has one and which has none yet (also when the
 * study was seeded before SOEs were stored), built from the study's summary columns so the study list's SOE columns
 * and the study's SOE table agree. Returns how many were added.
 */
async function seedDemoSoes(tx: Tx, demoStudies: DemoStudy[]): Promise<number> {
  const pending = await listDemoStudiesWithoutSoe(
    tx,
    demoStudies.map((s) => s.projectId),
  );
  const added = await insertSoes(
    tx,
    pending.map((s) => {
      const changed = s.soeLastUpdate ?? new Date();
      return {
        studyId: s.studyId,
        soeName: s.soeName ?? `${s.projectId} SoE`,
        soeDescr: s.soeDescription ?? '',
        hasCostDetails: s.soeCosts,
        hasClinicalStrategyDetails: s.soeClinicalInformatics,
        hasDataManagementDetails: s.soeDataManagement,
        createdByIssuer: SYSTEM_ACTOR.issuer,
        createdBySubject: SYSTEM_ACTOR.subject,
        insertBy: SYSTEM_ACTOR.name,
        insertDate: changed,
        updateBy: SYSTEM_ACTOR.name,
        updateDate: changed,
      };
    }),
  );
  return added.length;
}

export interface DemoDataAdded {
  studies: number;
  schedulesOfEvents: number;
  siteGroups: number;
  quickLinks: number;
  plans: number;
  /** Demo plans run while seeding (seed-demo-run.ts). */
  simulationRuns: number;
  /** Demo CTMS extracts of the demo baseline plans (seed-demo-actuals.ts). */
  ctmsExtracts: number;
}

/**
 * Loads the demo data (studies, countries, site groups with activation profiles and seasonal variations, quick
 * links, one Schedule of Events per demo study that has one, the demo study plans) in one transaction, then runs
 * the demo plans marked for it; what exists already is kept. Everything it adds is flagged as demo data (plans by
 * belonging to demo studies).
 */
export async function seedDemoData(
  db: Db,
  files?: DemoDataFiles,
  log?: (line: string) => void,
): Promise<DemoDataAdded> {
  // Read and checked before anything is written: a bad row stops the seed with its file, row and field.
  const data = files ? parseDemoData(files) : demoData();
  log?.('  studies, site groups, Schedules of Events and study plans');
  const added = await db.transaction(async (tx) => {
    const addedStudies = await insertStudies(tx, data.studies);
    const addedSoes = await seedDemoSoes(tx, data.studies);
    const addedGroups = await seedReferenceData(tx, data);
    let addedLinks = 0;
    if ((await countQuickLinks(tx)) === 0) {
      await insertQuickLinks(
        tx,
        DEFAULT_QUICK_LINKS.map((l, i) => ({ ...l, sortOrder: i, isDemo: true })),
      );
      addedLinks = DEFAULT_QUICK_LINKS.length;
    }
    const addedPlans = await seedDemoPlans(tx);
    const summary = {
      studies: addedStudies,
      schedulesOfEvents: addedSoes,
      siteGroups: addedGroups,
      quickLinks: addedLinks,
      plans: addedPlans,
    };
    await writeAudit(tx, SYSTEM_ACTOR, {
      entity: 'demo_data',
      entityId: 'seed',
      action: 'create',
      newValues: summary,
    });
    return summary;
  });
  // After the commit: a run's statuses are written in their own transactions, as a worker writes them.
  const runs = await seedDemoRuns(db, log);
  // After the runs: a baseline plan's extract follows its run's plan line.
  log?.("  CTMS extracts and the demo SOEs' costs");
  const ctmsExtracts = await seedDemoActuals(db);
  // After the extracts: the demo SOEs link plans with finished runs and contract sites of the extracts.
  await seedDemoSoeContent(db);
  return { ...added, simulationRuns: runs.length, ctmsExtracts };
}
