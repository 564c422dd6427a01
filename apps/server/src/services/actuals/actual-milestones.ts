import { parseSimulationInput } from '@predict/engine';
import type { ForecastHistoryActual } from '@predict/shared';
import type { Db } from '../../db/client';
import {
  findBaselinePlanRun,
  findLatestCtmsExtract,
  findRunInputs,
} from '../../repositories/ctms-extracts-repository';
import { extractData } from '../remodel/remodel-basis';
import { actualFirstEnrolled } from './compute-actuals';
import { actualLastEnrolledMillis } from './forecast-lpi';

/**
 * The study's actual first and last patient enrolled dates from its latest CTMS extract, the way Study Actuals reads
 * them: FPI is the first month with an enrolled patient, LPI the day the extract shows the target enrolled (the
 * target of the study's baseline run, or of `fallbackSimRunId`'s input when the study has no Baseline Plan run; no
 * LPI for inputs without actuals, combinations). Null when the study has no extract.
 */
export async function readActualMilestones(
  db: Db,
  studyId: number,
  fallbackSimRunId: number | null,
): Promise<ForecastHistoryActual | null> {
  const [extract, baseline] = await Promise.all([
    findLatestCtmsExtract(db, studyId),
    findBaselinePlanRun(db, studyId),
  ]);
  if (!extract) return null;
  const data = await extractData(db, extract.extractId, extract.asOf);
  const first = actualFirstEnrolled(data.months);
  const simRunId = baseline?.run?.simRunId ?? fallbackSimRunId;
  const parsed = simRunId === null ? null : parseSimulationInput(await findRunInputs(db, simRunId));
  return {
    extractId: extract.extractId,
    extractVersion: extract.version,
    asOfMillis: extract.asOf.getTime(),
    firstEnrolledMillis: first === null ? null : Date.parse(`${first}T12:00:00Z`),
    lastEnrolledMillis: parsed?.ok ? actualLastEnrolledMillis(parsed.input, data) : null,
  };
}
