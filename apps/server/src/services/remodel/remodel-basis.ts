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

/**
 * What a remodel starts from: the Baseline Plan, its baseline run's input and the latest CTMS extract. 404 for
 * an unknown study, 409 with the Study Actuals message when one of them is missing.
 */
export async function readRemodelBasis(db: Db | Tx, studyId: number): Promise<RemodelBasis> {
  if (!(await findStudy(db, studyId))) throw notFound('Study');
  const [baseline, extract] = await Promise.all([
    findBaselinePlanRun(db, studyId),
    findLatestCtmsExtract(db, studyId),
  ]);
  if (!baseline) throw conflict(NO_BASELINE_PLAN_MESSAGE);
  if (!baseline.run) throw conflict(NO_BASELINE_RUN_MESSAGE);
  if (!extract) throw conflict(NO_EXTRACT_MESSAGE);
  const parsed = parseSimulationInput(await findRunInputs(db, baseline.run.simRunId));
  if (!parsed.ok) throw conflict(NO_BASELINE_RUN_MESSAGE);
  return {
    baseline: { studyPlanId: baseline.studyPlanId, studyPlanName: baseline.studyPlanName },
    input: parsed.input,
    extractId: extract.extractId,
    data: await extractData(db, extract.extractId, extract.asOf),
  };
}
