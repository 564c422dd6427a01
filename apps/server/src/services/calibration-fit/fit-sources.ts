import { parseSimulationInput, preparePlan } from '@predict/engine';
import type { Db } from '../../db/client';
import {
  listExtractSiteMonths,
  listFitCandidates,
  type FitCandidate,
} from '../../repositories/calibration-fit-repository';
import type { ExtractSite, ExtractSiteMonth, FitStudySource } from './completed-study';

/**
 * Whether a candidate's extract shows its baseline run's target enrolled: the quick count the request can afford
 * on the API's thread (the worker then reads each LPI date as Forecast History does, and drops a study whose
 * extract turns out not to reach it).
 */
function looksCompleted(c: FitCandidate): boolean {
  const parsed = parseSimulationInput(c.inputs);
  if (!parsed.ok) return false;
  try {
    return c.enrolled >= preparePlan(parsed.input).targetEnrolled;
  } catch {
    return false;
  }
}

/** The completed studies a fit would read now. */
async function completedCandidates(db: Db): Promise<FitCandidate[]> {
  return (await listFitCandidates(db)).filter(looksCompleted);
}

/** The ids of the completed studies a fit would read now (by study id). */
export async function countCompletedStudies(db: Db): Promise<number[]> {
  return (await completedCandidates(db)).map((c) => c.studyId);
}

function byExtract<T extends { extractId: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) out.set(r.extractId, [...(out.get(r.extractId) ?? []), r]);
  return out;
}

/** What the fit's thread reads of every completed study: its baseline run's input and its latest extract. */
export async function readFitSources(db: Db): Promise<FitStudySource[]> {
  const candidates = await completedCandidates(db);
  const { sites, months } = await listExtractSiteMonths(
    db,
    candidates.map((c) => c.extractId),
  );
  const sitesOf = byExtract(sites);
  const monthsOf = byExtract(months);
  return candidates.map((c) => ({
    studyId: c.studyId,
    projectId: c.projectId,
    inputs: c.inputs,
    asOfMs: c.asOf.getTime(),
    sites: (sitesOf.get(c.extractId) ?? []).map(({ extractId: _e, ...s }): ExtractSite => s),
    months: (monthsOf.get(c.extractId) ?? []).map(({ extractId: _e, ...m }): ExtractSiteMonth => m),
  }));
}
