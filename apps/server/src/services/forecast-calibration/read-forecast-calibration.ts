import type { CalibrationStudy, ForecastCalibrationResponse } from '@predict/shared';
import type { Db } from '../../db/client';
import {
  listBaselineCandidates,
  listRemodelRecords,
  type BaselineCandidate,
} from '../../repositories/forecast-calibration-repository';
import { pickReforecasts, summariseBuckets, type CompletedStudyRef } from './reforecast-buckets';
import { scoreDate, scoreSitesAtMonth12, summariseCounts, summariseDates } from './score-records';
import { readStudyActuals, studyActualsKey, type StudyActuals } from './study-actuals';

/** A completed study: its candidate row and its actuals, LPI reached. */
interface Completed {
  candidate: BaselineCandidate;
  actuals: StudyActuals & { lastEnrolledMillis: number };
}

function presentStudy({ candidate: c, actuals: a }: Completed): CalibrationStudy {
  return {
    studyId: c.studyId,
    projectId: c.projectId,
    studyName: c.studyName,
    studyPlanId: c.studyPlanId,
    studyPlanName: c.studyPlanName,
    forecastRecordId: c.forecastRecordId,
    simRunId: c.simRunId,
    recordCreatedMillis: c.recordCreatedAt.getTime(),
    extractId: c.extractId,
    extractVersion: c.extractVersion,
    asOfMillis: c.asOf.getTime(),
    fpi: scoreDate(c.fpi, a.firstEnrolledMillis),
    lpi: scoreDate(c.lpi, a.lastEnrolledMillis),
    sitesMonth12: scoreSitesAtMonth12(
      c.monthStartMillis,
      c.sitesActivated,
      c.sitesMonth12,
      a.activationMillis,
      c.asOf,
      c.studyId,
    ),
  };
}

/**
 * GET /ctpo/admin/forecast-calibration (issue 24 part 2): how the forecasts of record of completed studies did.
 * A study is completed when its Baseline Plan has a baseline of record and its latest CTMS extract shows the
 * target enrolled, read as Forecast History reads it (actual-milestones). Two queries when the studies' actuals
 * are known (the candidates with their records' figures; the remodel records), four more for the ones that are not.
 */
export async function readForecastCalibration(db: Db): Promise<ForecastCalibrationResponse> {
  const candidates = await listBaselineCandidates(db);
  const actuals = await readStudyActuals(
    db,
    candidates.map((c) => ({ extractId: c.extractId, asOf: c.asOf, simRunId: c.simRunId })),
  );
  const completed: Completed[] = candidates.flatMap((candidate) => {
    const a = actuals.get(studyActualsKey(candidate));
    return a && a.lastEnrolledMillis !== null
      ? [{ candidate, actuals: { ...a, lastEnrolledMillis: a.lastEnrolledMillis } }]
      : [];
  });
  const studies = completed.map(presentStudy);
  const refs = new Map<number, CompletedStudyRef>();
  for (const { candidate: c, actuals: a } of completed)
    if (a.targetEnrolled !== null)
      refs.set(c.studyId, {
        projectId: c.projectId,
        studyName: c.studyName,
        lastEnrolledMillis: a.lastEnrolledMillis,
        targetEnrolled: a.targetEnrolled,
      });
  const scoredReforecasts = pickReforecasts(await listRemodelRecords(db, [...refs.keys()]), refs);
  const sites = studies.flatMap((s) => (s.sitesMonth12 ? [s.sitesMonth12] : []));
  return {
    studies,
    milestones: [
      summariseDates(
        'fpi',
        completed.map(({ candidate, actuals: a }) => ({
          forecast: candidate.fpi,
          actualMillis: a.firstEnrolledMillis,
        })),
      ),
      summariseDates(
        'lpi',
        completed.map(({ candidate, actuals: a }) => ({
          forecast: candidate.lpi,
          actualMillis: a.lastEnrolledMillis,
        })),
      ),
      summariseCounts(sites),
    ],
    reforecasts: scoredReforecasts.map((s) => s.reforecast),
    reforecastBuckets: summariseBuckets(scoredReforecasts),
  };
}
