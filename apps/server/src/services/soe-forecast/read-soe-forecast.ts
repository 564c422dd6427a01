import {
  costBandByMonth,
  costForecast,
  MissingExchangeRateError,
  strategyRows,
  type CostCells,
  type CostBandInput,
  type CostForecastInput,
} from '@predict/engine';
import {
  fromCents,
  SOE_FORECAST_MESSAGES as M,
  type SoeCostDetailRow,
  type SoeCostSummaryRow,
  type SoeForecastChart,
  type SoeGrantsRow,
  type SoeStrategyRow,
} from '@predict/shared';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-errors';
import { findLatestFinishedRun } from '../../repositories/simulation-results-repository';
import type { SoeRow } from '../../repositories/soe-repository';
import { requireLiveSoe } from '../soe/read-soe-editor';
import { conflict, runPlanLine, type RunPlanLine } from './run-plan-line';
import {
  loadSoeCostRows,
  siteKey,
  soeCostBasis,
  type SoeCostBasis,
  type SoeCostRows,
} from './soe-cost-input';
import { perDb } from '../../caching/per-db';
import { PromiseLru } from '../../caching/promise-lru';

export interface ForecastTables {
  summary: SoeCostSummaryRow[];
  detail: SoeCostDetailRow[];
  grants: SoeGrantsRow[];
}

/** The SOE (404), its linked plan (409 without one) and that plan's latest finished run (409 without one). */
async function forecastTarget(db: Db, soeId: number) {
  const { soe, studyPlanName } = await requireLiveSoe(db, soeId);
  // A deleted plan reads as no plan: the join names only live plans.
  if (soe.studyPlanId === null || studyPlanName === null) throw conflict(M.noPlan);
  const found = await findLatestFinishedRun(db, soe.studyPlanId);
  if (!found) throw conflict(M.noPlan);
  if (!found.run) throw conflict(M.noRun);
  const simRunId = found.run.simRunId;
  // Every write to an SOE raises its version (or row version); a new run has a new id.
  return { soe, simRunId, key: `${soeKey(soe)}:${simRunId}` };
}

const soeKey = (soe: SoeRow) => `${soe.soeId}:${soe.version}:${soe.rowVersion}`;

/**
 * The SOE's cost rows, read once per SOE version: the page's calls (tables, chart, strategy rows) arrive together
 * and share one read (a 200 x 300 grid is 60,000 cells).
 */
const soeRows = perDb<Db, PromiseLru<SoeCostRows>>(() => new PromiseLru(8));
const costRows = (db: Db, soe: SoeRow) => soeRows(db).get(soeKey(soe), () => loadSoeCostRows(db, soe.soeId));

/** The engine's error naming a level without an exchange rate, as a 409 that names it too. */
export function withRates<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof MissingExchangeRateError) throw new HttpError(409, error.message);
    throw error;
  }
}

const cells = (c: CostCells) => ({
  siteCount: c.siteCount,
  subjectCount: c.subjectCount,
  visitCount: c.visitCount,
  assessmentCount: c.assessmentCount,
  visitCost: fromCents(c.visitCost),
  assessmentCost: fromCents(c.assessmentCost),
  excludeCost: fromCents(c.excludeCost),
  siteCost: fromCents(c.siteCost),
  totalCost: fromCents(c.totalCost),
});

/** The cost functions' input of an SOE's basis on a run's plan line (the groups apart). */
export function forecastInput(basis: SoeCostBasis, line: RunPlanLine): Omit<CostForecastInput, 'groups'> {
  return {
    soe: basis.input,
    day0Ms: line.day0Ms,
    treatmentDays: line.treatmentDays,
    followUpDays: line.followUpDays,
    followUpLossRate: line.followUpLossRate,
  };
}

/**
 * The replications' side of an SOE's forecast (the cost chart, the cost bands, the IP supply): the groups' curves
 * and the plan line's total over the band's days, with the run's replayed enrolled paths (line.band()).
 */
export function bandInput(basis: SoeCostBasis, line: RunPlanLine) {
  const band = line.band();
  const input = {
    ...forecastInput(basis, line),
    groups: band.groups,
    totalEnrolled: band.totalEnrolled,
    screeningDays: line.screeningDays,
    idleCloseDay: line.idleCloseDay,
  } satisfies CostBandInput;
  return { input, paths: band.paths };
}

interface Basis {
  soe: SoeRow;
  basis: SoeCostBasis;
  line: RunPlanLine;
}

const bases = perDb<Db, PromiseLru<Basis>>(() => new PromiseLru(16));
const tables = perDb<Db, PromiseLru<ForecastTables>>(() => new PromiseLru(16));
const charts = perDb<Db, PromiseLru<SoeForecastChart>>(() => new PromiseLru(16));

/**
 * The SOE (404), its linked plan's latest finished run (409 without one), the run's plan line and the SOE's cost
 * basis, kept per (SOE version, run) under `key`: the forecast calls (tables, chart, IP supply) share it.
 */
export async function loadBasis(db: Db, soeId: number) {
  const target = await forecastTarget(db, soeId);
  const value = await bases(db).get(target.key, async () => {
    const line = await runPlanLine(db, target.simRunId);
    return {
      soe: target.soe,
      line,
      basis: soeCostBasis(target.soe, await costRows(db, target.soe), line.groups),
    };
  });
  return { key: target.key, ...value };
}

/**
 * The Cost Summary, Cost Detail and Investigator Grants of an SOE (design/soe-costing.md sections 4 and 5) from the
 * linked plan's latest finished run, computed once per (SOE version, run): the page's four calls share it.
 */
export async function readForecastTables(db: Db, soeId: number): Promise<ForecastTables> {
  const { key, basis, line } = await loadBasis(db, soeId);
  return tables(db).get(key, async () => {
    const f = withRates(() => costForecast({ ...forecastInput(basis, line), groups: line.groups }));
    const siteNumber = (g: number | null, s: number | null) =>
      g === null || s === null || s === 1 ? null : (basis.siteNumbers.get(siteKey(g, s)) ?? null);
    return {
      summary: f.summary.map((r) => ({
        siteGroupId: r.siteGroupId,
        siteGroupName: r.siteGroupName,
        dataSet: r.dataSet,
        siteId: r.siteId,
        siteNumber: siteNumber(r.siteGroupId, r.siteId),
        ...cells(r),
      })),
      detail: f.detail.map((r) => ({
        monthYear: r.monthYear,
        siteGroupId: r.siteGroupId,
        siteGroupName: r.siteGroupName,
        dataSet: r.dataSet,
        siteId: r.siteId,
        siteNumber: siteNumber(r.siteGroupId, r.siteId),
        ...cells(r),
      })),
      grants: f.grants.map((g) => ({
        siteGroupId: g.siteGroupId,
        siteGroupName: g.siteGroupName,
        numberOfSites: g.numberOfSites,
        screenFails: fromCents(g.screenFails),
        completedTreatment: fromCents(g.completedTreatment),
        dropOutOfTreatment: fromCents(g.dropOutOfTreatment),
        patientsCompleteFollowUp: fromCents(g.patientsCompleteFollowUp),
        siteFees: fromCents(g.siteFees),
        totalCost: fromCents(g.totalCost),
      })),
    };
  });
}

/**
 * The cumulative total cost by month (design section 5): P10 / P50 / P90 are per-month quantiles of the costs of the
 * run's first replications (each costed on its own enrolled path), ordered and non-decreasing by construction, to
 * the last month with a visit in any of them; `plan` is the plan line's (the tables' enrollment: its last point is
 * the Cost Summary total). Computed once per (SOE version, run).
 */
export async function readForecastChart(db: Db, soeId: number): Promise<SoeForecastChart> {
  const { key, soe, basis, line } = await loadBasis(db, soeId);
  return charts(db).get(key, async () => {
    const { input, paths } = bandInput(basis, line);
    const points = withRates(() => costBandByMonth(input, paths));
    return {
      currency: soe.currency,
      points: points.map((p) => ({
        monthYear: p.monthYear,
        p10: fromCents(p.p10),
        p50: fromCents(p.p50),
        p90: fromCents(p.p90),
        plan: fromCents(p.plan),
      })),
    };
  });
}

const strategies = perDb<Db, PromiseLru<SoeStrategyRow[]>>(() => new PromiseLru(16));

/**
 * GET /ctpo/soe/{id}/rfp/detail: the Clinical Strategy and Data Management rows per visit. They depend on the SOE
 * alone, so they answer without a linked plan.
 */
export async function readStrategyRows(db: Db, soeId: number): Promise<SoeStrategyRow[]> {
  const { soe } = await requireLiveSoe(db, soeId);
  return strategies(db).get(soeKey(soe), async () => {
    const basis = soeCostBasis(soe, await costRows(db, soe), []);
    return strategyRows(basis.input, basis.settings);
  });
}
