import {
  NEW_SOE_FORM,
  round2,
  type SoeAssessmentInput,
  type SoeSaveBody,
  type SoeVisitInput,
} from '@predict/shared';
import { findLatestCtmsExtract } from '../repositories/ctms-extracts-repository';
import { findDemoPlanId, findDemoStudySoe, findSoeStudy } from '../repositories/demo-seed-repository';
import {
  listDemoSoesWithoutRiskRows,
  listRiskRows,
  listSoeSites,
  upsertSoeSites,
} from '../repositories/soe-extras-repository';
import { listContractedCtmsSites, listPlanCountries } from '../repositories/soe-plan-repository';
import { lockLiveSoe, updateSoe } from '../repositories/soe-repository';
import { listSoeVisits } from '../repositories/soe-rows-repository';
import { applySoeSave } from '../services/soe/save/save-soe';
import { FULLY_EXECUTED_CONTRACT_STATUSES } from '../services/soe/refresh-soe-sites';
import { createRiskRows, createSoe } from '../services/soe/write-soe-form';
import { ensureSoeReferenceData } from '../services/soe/ensure-soe-reference-data';
import type { Db, Tx } from '../db/client';
import { hccCells, melanomaCells } from './demo-soe-grid';
import { HCC_SOE, MELANOMA_SOE } from './demo-soes';
import { DEMO_PLAN_AUTHOR } from './seed-demo-plans';

type Spec = typeof MELANOMA_SOE | typeof HCC_SOE;

const visitInput = ([name, category, day, sdv, sampled]: Spec['visits'][number]): SoeVisitInput => ({
  scheduleOfEventsVisitId: null,
  visitKey: name,
  visitName: name,
  visitCategory: category,
  visitStudyDay: day,
  visitVarianceType: category === 'Screening' ? '-' : day !== null && day > 1 ? '+/-' : 'none',
  visitVariance: category === 'Screening' ? 28 : day !== null && day > 1 ? 3 : null,
  visitIntervalType: 'Day',
  visitOverheadPct: category === 'Treatment' || category === 'Screening' ? 15 : 10,
  visitCost: category === 'Unscheduled' ? null : 150,
  commentsVisit: null,
  commentsCost: null,
  commentsClinicalStrategy: sampled ? 'Sampled for on-site SDR/SDV.' : null,
  commentsDataManagement: null,
  miEstSDRSDV: sdv,
  miSampleVisit: sampled,
  miSuggestedOnSiteSDRSDV: null,
  miSuggestedCDAReview: null,
  miEstCDAReportFrequency: null,
  dmUniqueCRFs: null,
  dmNonUniqueCRFs: null,
  dmIntegratedEpro: category === 'Treatment' ? 1 : null,
  dmPaperEpro: null,
  dmCentralLab: category === 'Unscheduled' ? null : 1,
  dmLocalLab: null,
});

const assessmentInput = (
  name: string,
  type: SoeAssessmentInput['assessmentType'],
  cost: number,
  overhead: 0 | 1,
  exclude: 0 | 1,
): SoeAssessmentInput => ({
  scheduleOfEventsAssessmentId: null,
  assessmentKey: name,
  assessmentType: type,
  assessmentName: name,
  assessmentNameMapping: name,
  assessmentCost: cost,
  overhead,
  exclude,
  ipAdministered: name.startsWith('Study Drug') ? 1 : 0,
  commentsAssessment: null,
  commentsCost: exclude ? 'Pass-through cost.' : null,
  commentsClinicalStrategy: null,
  commentsDataManagement: null,
});

/** Writes one demo SOE's content; skipped when the study, its plan or SOE is missing or the SOE has visits. */
async function seedOne(db: Db, spec: Spec, melanoma: boolean): Promise<boolean> {
  const planId = await findDemoPlanId(db, spec.projectId, spec.planName);
  const found = await db.transaction((tx) => findDemoStudySoe(tx, spec.projectId));
  if (!found || planId === null) return false;
  let soeId = found.soeId;
  if (soeId === null) {
    const [answer] = await createSoe(db, DEMO_PLAN_AUTHOR, found.studyId, {
      ...NEW_SOE_FORM,
      scheduleOfEventsName: `${spec.projectId} SoE`,
      scheduleOfEventsDescr: 'Demo Schedule of Events',
      protocolVersionNotAvailable: true,
      protocolDateNotAvailable: true,
    });
    soeId = answer!.Id;
  }
  return db.transaction(async (tx) => {
    const soe = await lockLiveSoe(tx, soeId);
    if (!soe || (await listSoeVisits(tx, soeId)).length > 0) return false;
    const locked = await updateSoe(tx, soeId, {
      studyPlanId: planId,
      cdaReviewPctTime: 20,
      addlTimeOnSitePct: 10,
      estActivatedNonEnrollingSitesPct: 10,
      reqAdminImvNonEnrollingSites: 'Semi Annually (q6 months post Site Activation)',
      subjectReportingAvgFrequency: 'Monthly',
      subjectReportingHoursToGenerate: 2,
      studyReportingAvgFrequency: 'Quarterly',
      studyReportingHoursToGenerate: 15,
      studyAdhocReview: 2,
      assessorName: 'Marco Bellandi',
      protocolVersion: melanoma ? 'v3.0' : 'v1.2',
      protocolDate: melanoma ? '2025-09-15' : '2025-05-20',
    });
    const visits = spec.visits.map(visitInput);
    const assessments = [
      ...spec.gridAssessments.map(([n, type, cost, overhead, exclude]) =>
        assessmentInput(n, type, cost, overhead, exclude),
      ),
      ...spec.siteFees.map(([n, type, cost]) => assessmentInput(n, type, cost, 0, 0)),
    ];
    const mapping = spec.visits.flatMap(([name, category]) =>
      (melanoma ? melanomaCells(name, category!) : hccCells(name, category!)).map(([a, multiplier, un]) => ({
        visitKey: name,
        assessmentKey: a,
        mappingAssessmentVisit: 1 as const,
        multiplier,
        uniqueNonUniqueForm: un,
      })),
    );
    const body: SoeSaveBody = { version: locked.version, visits, assessments, mapping };
    if (melanoma) await addLevels(tx, soeId, planId, spec as typeof MELANOMA_SOE, body);
    await applySoeSave(tx, DEMO_PLAN_AUTHOR, locked, body);
    return true;
  });
}

/** Country costs in each country's currency, two site contracts from the study's extract, sampling notes. */
async function addLevels(
  tx: Tx,
  soeId: number,
  planId: number,
  spec: typeof MELANOMA_SOE,
  body: SoeSaveBody,
) {
  const groups = new Map((await listPlanCountries(tx, planId)).map((g) => [g.siteGroupName, g.siteGroupId]));
  body.currencies = [];
  body.visitLevelValues = [];
  body.assessmentLevelValues = [];
  for (const c of spec.countries) {
    const siteGroupId = groups.get(c.siteGroupName);
    if (siteGroupId === undefined) continue;
    body.currencies.push({ siteGroupId, siteId: 1, currency: c.currency, exchangeRate: c.rate });
    for (const a of body.assessments!)
      body.assessmentLevelValues.push({
        assessmentKey: a.assessmentKey,
        siteGroupId,
        siteId: 1,
        assessmentCost: round2(a.assessmentCost! * c.rate * c.factor),
      });
    for (const v of body.visits!)
      if (v.visitCost !== null)
        body.visitLevelValues.push({
          visitKey: v.visitKey,
          siteGroupId,
          siteId: 1,
          visitOverheadPct: c.siteGroupName === 'Poland' ? 12 : null,
          visitCost: round2(v.visitCost * c.rate * c.factor),
          visitCostTotal: null,
        });
  }
  // Two site contracts: the first executed site of Germany and of the USA in the latest extract.
  const study = await findSoeStudy(tx, soeId);
  const extract = await findLatestCtmsExtract(tx, study!.studyId);
  if (extract) {
    await upsertSoeSites(
      tx,
      soeId,
      await listContractedCtmsSites(tx, extract.extractId, FULLY_EXECUTED_CONTRACT_STATUSES),
    );
    const sites = await listSoeSites(tx, soeId);
    const contracted = [groups.get('Germany'), groups.get('USA - Central')]
      .map((g) => sites.find((s) => s.siteGroupId === g))
      .filter((s) => s !== undefined);
    body.contractDates = contracted.map((s, i) => ({
      siteGroupId: s.siteGroupId,
      siteId: s.siteId,
      siteContractEffectiveDate: i === 0 ? '2025-11-01' : '2025-12-15',
    }));
    for (const s of contracted) {
      const factor = s.siteGroupId === groups.get('Germany') ? 0.92 * 0.9 : 1.1;
      for (const v of body.visits!.filter((x) => x.visitCategory !== 'Unscheduled').slice(0, 18))
        body.visitLevelValues.push({
          visitKey: v.visitKey,
          siteGroupId: s.siteGroupId,
          siteId: s.siteId,
          visitOverheadPct: null,
          visitCost: null,
          visitCostTotal: round2((v.visitCategory === 'Screening' ? 4200 : 1650) * factor),
        });
      for (const a of body.assessments!.filter((x) => x.assessmentType === '1x at Activation'))
        body.assessmentLevelValues.push({
          assessmentKey: a.assessmentKey,
          siteGroupId: s.siteGroupId,
          siteId: s.siteId,
          assessmentCost: round2(a.assessmentCost! * factor),
        });
    }
  }
  body.samplingNotes = spec.notes;
}

/**
 * Every demo SOE gets its Initial Risk Assessment rows (SOEs the demo data inserted directly had none, so the table
 * was empty and the score 0.0), and the two demo SOEs with content their answers, unless someone answered already.
 * Runs on every seed, so data directories seeded before keep up. Returns how many SOEs got answers.
 */
async function seedDemoRisks(db: Db): Promise<number> {
  let answered = 0;
  await db.transaction(async (tx) => {
    for (const soeId of await listDemoSoesWithoutRiskRows(tx)) await createRiskRows(tx, soeId);
    for (const spec of [MELANOMA_SOE, HCC_SOE]) {
      const found = await findDemoStudySoe(tx, spec.projectId);
      const soe = found?.soeId == null ? undefined : await lockLiveSoe(tx, found.soeId);
      if (!soe) continue;
      const rows = await listRiskRows(tx, soe.soeId);
      if (rows.some((r) => r.riskScore !== null || r.studySpecifics !== null)) continue;
      const risks = rows.map((r, i) => ({
        scheduleOfEventsRiskAssessmentId: r.riskAssessmentId,
        riskAssessmentStudySpecifics: spec.risks[i]?.[1] ?? null,
        riskAssessmentRiskScore: spec.risks[i]?.[0] ?? null,
      }));
      await applySoeSave(tx, DEMO_PLAN_AUTHOR, soe, { version: soe.version, risks });
      answered += 1;
    }
  });
  return answered;
}

/**
 * Fills the demo SOEs of the melanoma and liver-cancer studies (after the demo runs and extracts exist: the SOEs
 * link plans with finished runs and contract sites of the extracts). Returns how many SOEs were filled.
 */
export async function seedDemoSoeContent(db: Db): Promise<number> {
  // The demo seed runs before the app is built on a first start: the names the assessments map to must be there.
  await ensureSoeReferenceData(db);
  let filled = 0;
  if (await seedOne(db, MELANOMA_SOE, true)) filled += 1;
  if (await seedOne(db, HCC_SOE, false)) filled += 1;
  await seedDemoRisks(db);
  return filled;
}
