import { DAYS_PER_MONTH, remodelGroupInfos, type RemodelGroupChoice } from '@predict/engine';
import {
  remodelRecomputedRate,
  round2 as roundHalfAway,
  type ActualsRow,
  type ActualsRowType,
  type RemodelFormData,
  type RemodelTriple,
} from '@predict/shared';
import type { Db } from '../../db/client';
import { withActuals } from '../actuals/forecast-lpi';
import { readActuals } from '../actuals/read-actuals';
import { studyKeyedCache } from '../../caching/study-keyed-cache';
import { readRemodelBasis, readRemodelBasisOf, readRemodelHead, type RemodelBasis } from './remodel-basis';

/** shared's round2 (half away from zero), null kept. */
const round2 = (x: number | null) => (x === null ? null : roundHalfAway(x));
const asNumber = (v: string | number | null | undefined) => (typeof v === 'number' ? v : null);

function triple(rows: readonly ActualsRow[], type: ActualsRowType): RemodelTriple {
  const row = rows.find((r) => r.rowtype === type);
  const planned = round2(asNumber(row?.planned));
  const actual = round2(asNumber(row?.actuals));
  return { planned, actual, impact: planned === null || actual === null ? null : round2(actual - planned) };
}

/** A rate triple by the spec's recomputation rule, (first - second) / first, planned and actual. */
function figureRate(
  firstPlanned: number,
  secondPlanned: number,
  firstActual: number,
  secondActual: number,
): RemodelTriple {
  const planned = remodelRecomputedRate(firstPlanned, secondPlanned);
  const actual = remodelRecomputedRate(firstActual, secondActual);
  return { planned, actual, impact: planned === null || actual === null ? null : round2(actual - planned) };
}

const dateMillis = (v: string | number | null | undefined) =>
  typeof v === 'string' ? Date.parse(`${v.slice(0, 10)}T00:00:00Z`) : null;

/**
 * The form's values of each study, by the ids they were computed from (extract, baseline run, Baseline Plan and its
 * name): the engine's remodel of every site group is far dearer than the three reads that find the key.
 */
const formValues = studyKeyedCache<RemodelFormData>();

/**
 * GET /ctpo/remodel/study/{studyId}: the Remodel form's values. Overall planned / actual figures are the Study
 * Actuals rows (planned at the as-of date); per site group the planned rate and sites come from the Baseline Plan's
 * run input, the actual rate and sites from the engine's remodel of the extract (activated by the as-of date).
 */
export async function readRemodelValues(db: Db, studyId: number): Promise<RemodelFormData> {
  const head = await readRemodelHead(db, studyId);
  const key = [
    head.extract.extractId,
    head.simRunId,
    head.baseline.studyPlanId,
    head.baseline.studyPlanName,
  ].join(':');
  const hit = formValues.get(db, studyId, key);
  if (hit) return hit;
  const values = await remodelFormValues(db, studyId, await readRemodelBasisOf(db, head));
  formValues.remember(db, studyId, key, values);
  return values;
}

/** The form's values and the basis they were computed from (the submit needs both, read once). */
export async function readRemodelValuesAndBasis(
  db: Db,
  studyId: number,
): Promise<{ values: RemodelFormData; basis: RemodelBasis }> {
  const basis = await readRemodelBasis(db, studyId);
  return { values: await remodelFormValues(db, studyId, basis), basis };
}

async function remodelFormValues(db: Db, studyId: number, basis: RemodelBasis): Promise<RemodelFormData> {
  const { rows, extract } = await readActuals(db, studyId);
  const { input, data } = basis;
  const groups: RemodelGroupChoice[] = input.siteGroups.map((g) => ({
    siteGroupId: g.siteGroupId,
    rate: 'actual',
    sites: 'planned',
  }));
  const remodel = remodelGroupInfos({ input: withActuals(input, data), groups });
  const rateRow = triple(rows, 'Enrollment_Rate');
  const figures = patientFigures(rows, input, remodel.baseline.targetEnrolled);
  const siteGroups = siteGroupValues(input, data, remodel);
  const values: RemodelFormData = {
    studyId,
    baselineStudyPlanId: basis.baseline.studyPlanId,
    baselineStudyPlanName: basis.baseline.studyPlanName,
    asOfDate: extract ? extract.asOf.slice(0, 10) : new Date(data.asOfMs).toISOString().slice(0, 10),
    enrollmentRatePlanned: rateRow.planned,
    enrollmentRateActual: rateRow.actual,
    lastPatientEnrolledDateMillisPlanned: dateMillis(
      rows.find((r) => r.rowtype === 'Last_Patient_Enrolled')?.planned,
    ),
    screenPatientsPlanned: figures.screenPlanned,
    enrollPatientsPlanned: figures.enrollPlanned,
    completePatientsPlanned: figures.completePlanned,
    screenPatientsActual: figures.screenActual,
    enrollPatientsActual: figures.enrollActual,
    completePatientsActual: figures.completeActual,
    // spec/3 section 4: enroll rate (screened - enrolled) / screened, complete rate (enrolled - completed) /
    // enrolled, to 2 decimals: planned from the planned figures, actual from the extract's totals.
    enrollPatientsRate: figureRate(
      figures.screenPlanned,
      figures.enrollPlanned,
      figures.screenActual,
      figures.enrollActual,
    ),
    completePatientsRate: figureRate(
      figures.enrollPlanned,
      figures.completePlanned,
      figures.enrollActual,
      figures.completeActual,
    ),
    screenFailRate: triple(rows, 'Screen_Fail_Rate'),
    dropOutRate: triple(rows, 'Drop_Out_Rate'),
    siteGroups,
  };
  return values;
}

type RemodelInfos = ReturnType<typeof remodelGroupInfos>;

/** The form's planned and actual patients: screened, enrolled and completed. */
function patientFigures(rows: readonly ActualsRow[], input: RemodelBasis['input'], enrollPlanned: number) {
  const t = input.plan.targets;
  // Without a stated completed goal the baseline's own drop-out rate (the Drop_Out_Rate row's planned rate, each
  // group's rate weighted by its planned enrolled) takes its share of the enrolled.
  const plannedDropOut = asNumber(rows.find((r) => r.rowtype === 'Drop_Out_Rate')?.planned) ?? 0;
  return {
    screenPlanned: t.SUBJECTS_TO_SCREEN?.upperBound ?? t.SUBJECTS_TO_SCREEN?.lowerBound ?? 0,
    // The plan's enrolled goal, else screened x (1 - its screen fail rate) (the engine's targetEnrolled).
    enrollPlanned,
    completePlanned:
      t.NUM_SUBJECTS_COMPLETED ??
      t.NUM_SUBJECTS_TREATED ??
      Math.round(enrollPlanned * (1 - Math.min(1, Math.max(0, plannedDropOut)))),
    screenActual: Math.round(triple(rows, 'Patients_Screened').actual ?? 0),
    enrollActual: Math.round(triple(rows, 'Patients_Enrolled').actual ?? 0),
    completeActual: Math.round(triple(rows, 'Patients_Completed_Treatment').actual ?? 0),
  };
}

/** Each site group's row of the form: planned and actual rate and sites, closed sites, whether it may go. */
function siteGroupValues(
  input: RemodelBasis['input'],
  data: RemodelBasis['data'],
  remodel: RemodelInfos,
): RemodelFormData['siteGroups'] {
  // The planned go-forward rate per group: the plan's own rate, however the input states it (what the engine's
  // remodel takes for 'planned'), patients/site/month.
  const plannedRate = (i: number) => {
    const g = remodel.baseline.groups[i]!;
    return g.screenRatePerSiteDay * (1 - g.screenFailRate) * DAYS_PER_MONTH;
  };
  const closedByGroup = new Map<number, number>();
  for (const s of data.sites) {
    if (s.siteStatus?.toLowerCase() === 'closed')
      closedByGroup.set(s.siteGroupId, (closedByGroup.get(s.siteGroupId) ?? 0) + 1);
  }
  return input.siteGroups.map((g, i) => {
    const info = remodel.groups[i]!;
    const closed = closedByGroup.get(Number(g.siteGroupId)) ?? 0;
    const activeActual = Math.max(0, info.actualSites - closed);
    return {
      siteGroupName: g.siteGroupName ?? info.name,
      enrollmentRatePlanned: round2(plannedRate(i)),
      enrollmentRateActual: round2(info.actualEnrollmentRate),
      sitesPlanned: g.NUM_SITES_ACTIVATED.upperBound ?? g.NUM_SITES_ACTIVATED.lowerBound,
      sitesActual: activeActual,
      sitesActualClosed: closed,
      canRemove: info.actualSites === 0 && closed === 0,
    };
  });
}
