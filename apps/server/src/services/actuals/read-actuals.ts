import { parseSimulationInput } from '@predict/engine';
import type { ActualsResponse } from '@predict/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../http-errors';
import {
  findBaselinePlanRun,
  findLatestCtmsExtract,
  findRunInputs,
  listCtmsSites,
  sumCtmsMonthsByGroup,
  sumCtmsScreeningBySite,
} from '../../repositories/ctms-extracts-repository';
import { findStudy } from '../../repositories/studies-repository';
import { cachedActuals, rememberActuals } from './actuals-cache';
import { computeActualsRows } from './compute-actuals';
import { presentExtract } from './load-ctms-extract';

/** Replications of the Last_Patient_Enrolled forecast: quick (a fraction of a second) and stable to a few days. */
export const LPI_REPLICATIONS = 500;

/**
 * The Study Actuals answer (GET /ctpo/actuals/...): the state explains missing rows (no Baseline Plan, no finished
 * run of it, no extract); rows are computed from the baseline run's input and the latest extract. The baseline run
 * is the run of the plan's locked baseline of record when it has one (findBaselinePlanRun), so a later run of the
 * plan does not move what the study is compared against. `recompute` (IMPORT ACTUALS, GET /ctpo/loadactuals/...)
 * ignores the rows computed before.
 */
export async function readActuals(db: Db, studyId: number, recompute = false): Promise<ActualsResponse> {
  if (!(await findStudy(db, studyId))) throw notFound('Study');
  const [baseline, extractRow] = await Promise.all([
    findBaselinePlanRun(db, studyId),
    findLatestCtmsExtract(db, studyId),
  ]);
  const extract = extractRow ? presentExtract(extractRow) : null;
  const baselinePlan = baseline
    ? { studyPlanId: baseline.studyPlanId, studyPlanName: baseline.studyPlanName }
    : null;
  const empty = (state: ActualsResponse['state']): ActualsResponse => ({
    studyId,
    state,
    baselinePlan,
    extract,
    rows: [],
  });
  if (!baseline) return empty('noBaselinePlan');
  if (!baseline.run) return empty('noRun');
  if (!extractRow) return empty('noExtract');
  const key = `${extractRow.extractId}:${baseline.run.simRunId}`;
  let rows = recompute ? undefined : cachedActuals(db, studyId, key);
  if (rows === undefined) {
    // Combination and cohort plans run other inputs: their actuals are not defined here.
    const parsed = parseSimulationInput(await findRunInputs(db, baseline.run.simRunId));
    if (parsed.ok) {
      const [sites, months, siteScreening] = await Promise.all([
        listCtmsSites(db, extractRow.extractId),
        sumCtmsMonthsByGroup(db, extractRow.extractId),
        sumCtmsScreeningBySite(db, extractRow.extractId, extractRow.asOf),
      ]);
      rows = computeActualsRows(
        parsed.input,
        { asOfMs: extractRow.asOf.getTime(), sites, months, siteScreening },
        { lpiReplications: LPI_REPLICATIONS, seed: baseline.run.seed },
      );
    } else rows = null;
    rememberActuals(db, studyId, key, rows);
  }
  if (rows === null) return empty('noRun');
  return { studyId, state: 'ready', baselinePlan, extract, rows };
}
