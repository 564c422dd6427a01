import { parseSimulationInput, type SimulationInput } from '@predict/engine';
import { NO_BASELINE_PLAN_MESSAGE, NO_BASELINE_RUN_MESSAGE, NO_EXTRACT_MESSAGE } from '@predict/shared';
import type { Db, Tx } from '../../db/client';
import { HttpError, notFound } from '../../http-errors';
import {
  findBaselinePlanRun,
  findLatestCtmsExtract,
  findRunInputs,
  listCtmsSites,
  sumCtmsMonthsByGroup,
  sumCtmsScreeningBySite,
} from '../../repositories/ctms-extracts-repository';
import { findStudy } from '../../repositories/studies-repository';
import type { ActualsData } from '../actuals/compute-actuals';

export interface RemodelBasis {
  baseline: { studyPlanId: number; studyPlanName: string };
  /** The engine input of the Baseline Plan's baseline run (its locked forecast of record's, else its latest). */
  input: SimulationInput;
  extractId: number;
  data: ActualsData;
}

const conflict = (message: string) => new HttpError(409, message);

/** The per-group and per-site actuals of an extract (the engine's `actuals` input source). */
export async function extractData(db: Db | Tx, extractId: number, asOf: Date): Promise<ActualsData> {
  const [sites, months, siteScreening] = await Promise.all([
    listCtmsSites(db, extractId),
    sumCtmsMonthsByGroup(db, extractId),
    sumCtmsScreeningBySite(db, extractId, asOf),
  ]);
  return { asOfMs: asOf.getTime(), sites, months, siteScreening };
}

/** What a remodel's answers are computed from, by id: the Baseline Plan, its baseline run and the latest extract. */
export interface RemodelHead {
  baseline: { studyPlanId: number; studyPlanName: string };
  simRunId: number;
  extract: { extractId: number; asOf: Date };
}

/**
 * The ids a remodel starts from (three small reads). 404 for an unknown study, 409 with the Study Actuals message
 * when the Baseline Plan, its finished run or an extract is missing.
 */
export async function readRemodelHead(db: Db | Tx, studyId: number): Promise<RemodelHead> {
  if (!(await findStudy(db, studyId))) throw notFound('Study');
  const [baseline, extract] = await Promise.all([
    findBaselinePlanRun(db, studyId),
    findLatestCtmsExtract(db, studyId),
  ]);
  if (!baseline) throw conflict(NO_BASELINE_PLAN_MESSAGE);
  if (!baseline.run) throw conflict(NO_BASELINE_RUN_MESSAGE);
  if (!extract) throw conflict(NO_EXTRACT_MESSAGE);
  return {
    baseline: { studyPlanId: baseline.studyPlanId, studyPlanName: baseline.studyPlanName },
    simRunId: baseline.run.simRunId,
    extract: { extractId: extract.extractId, asOf: extract.asOf },
  };
}

/** The head's run input and extract data (409 when the run's input is not a plan's, e.g. a combination's). */
export async function readRemodelBasisOf(db: Db | Tx, head: RemodelHead): Promise<RemodelBasis> {
  const parsed = parseSimulationInput(await findRunInputs(db, head.simRunId));
  if (!parsed.ok) throw conflict(NO_BASELINE_RUN_MESSAGE);
  return {
    baseline: head.baseline,
    input: parsed.input,
    extractId: head.extract.extractId,
    data: await extractData(db, head.extract.extractId, head.extract.asOf),
  };
}

/** What a remodel starts from: the Baseline Plan, its baseline run's input and the latest CTMS extract. */
export async function readRemodelBasis(db: Db | Tx, studyId: number): Promise<RemodelBasis> {
  return readRemodelBasisOf(db, await readRemodelHead(db, studyId));
}
