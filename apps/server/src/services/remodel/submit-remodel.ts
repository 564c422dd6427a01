import type { RemodelGroupChoice, RemodelRateSelection, RemodelSitesSelection } from '@predict/engine';
import {
  validateRemodelForm,
  type RemodelFormBody,
  type RemodelResponse,
  type RemodelSiteGroupInput,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../http-errors';
import { writeAudit } from '../../repositories/audit-repository';
import { insertPlanRemodel } from '../../repositories/plan-remodels-repository';
import { copyPlanChildren } from '../../repositories/plans-children-repository';
import {
  findLivePlan,
  insertPlan,
  livePlanNames,
  refreshStudyPlanSummary,
  type PlanRow,
} from '../../repositories/plans-repository';
import { inheritedColumns } from '../plans/clone-plan';
import { invalidBody, withUniqueName } from '../plans/guards/plan-guards';
import { applyRemodelFigures } from './remodel-figures';
import { shapeRemodelPlanGroups } from './remodel-plan-groups';
import type { RemodelBasis } from './remodel-basis';
import { readRemodelValuesAndBasis } from './remodel-values';

const RATE: Record<number, RemodelRateSelection> = { 1: 'planned', 2: 'actual', 3: 'other' };
const SITES: Record<number, RemodelSitesSelection> = { 1: 'planned', 2: 'actual', 3: 'other', 4: 'remove' };

/**
 * The engine's remodel choices from the form. A group keeps its own rate choice; a group left at 'planned' takes
 * the overall choice when that is 'actual' or 'other' (type 1). Groups the form dropped (remove country) are removed.
 */
export function remodelChoices(
  body: RemodelFormBody,
  groups: readonly { siteGroupId: string; siteGroupName: string }[],
): RemodelGroupChoice[] {
  const byName = new Map<string, RemodelSiteGroupInput>(body.siteGroups.map((g) => [g.siteGroupName, g]));
  const overall = body.studyPlanType === 1 ? body.enrollmentRateSelection : 1;
  return groups.map((g) => {
    const entry = byName.get(g.siteGroupName);
    if (!entry || entry.sitesSelection === 4)
      return { siteGroupId: g.siteGroupId, rate: 'planned', sites: 'remove' };
    const own = entry.enrollmentRateSelection;
    const rateSel = own === 1 && overall !== 1 ? overall : own;
    const rateOther = Number(own === 3 ? entry.enrollmentRateOther : body.enrollmentRateOther);
    return {
      siteGroupId: g.siteGroupId,
      rate: RATE[rateSel]!,
      ...(rateSel === 3 && rateOther > 0 ? { rateOther } : {}),
      sites: SITES[entry.sitesSelection]!,
      ...(entry.sitesSelection === 3 ? { sitesOther: Number(entry.sitesOther) } : {}),
    };
  });
}

/** Sites activated by the as-of date per site group (Closed ones included: the engine's actual sites). */
export function activatedSitesByGroup(data: RemodelBasis['data']): Map<number, number> {
  const out = new Map<number, number>();
  for (const s of data.sites) {
    if (s.siteActivatedDate === null) continue;
    if (Date.parse(`${s.siteActivatedDate.slice(0, 10)}T00:00:00Z`) > data.asOfMs) continue;
    out.set(s.siteGroupId, (out.get(s.siteGroupId) ?? 0) + 1);
  }
  return out;
}

/**
 * Remodel (D)'s last patient enrolled date, which the run's go-forward rates aim at: the 'other' date, or the
 * Baseline Plan's planned LPI for 'planned' (the server's own value, not the body's). Null for type 1.
 */
export function remodelLpiTarget(body: RemodelFormBody, plannedMillis: number | null): number | null {
  if (body.studyPlanType !== 2) return null;
  if (body.overallEnrollmentDurationSelection === 2) return Number(body.lastPatientEnrolledDateMillisOther);
  return plannedMillis;
}

/**
 * PATCH /ctpo/remodel/study/{studyId}: checks the form with the shared rules, then in one transaction creates a
 * Draft Remodel (R) (type 1) or Remodel (D) (type 2) copy of the Baseline Plan, stores the extract and the
 * go-forward choices it re-forecasts from, and writes the audit row.
 */
export async function submitRemodel(
  db: Db,
  user: AuthUser,
  studyId: number,
  body: RemodelFormBody,
): Promise<RemodelResponse> {
  const { values, basis } = await readRemodelValuesAndBasis(db, studyId);
  const known = new Set(values.siteGroups.map((g) => g.siteGroupName));
  const unknown = body.siteGroups.findIndex((g) => !known.has(g.siteGroupName));
  if (unknown >= 0)
    throw invalidBody([
      { field: `siteGroups.${unknown}.siteGroupName`, message: 'Not a site group of the Baseline Plan.' },
    ]);
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      await checkRemodelForm(tx, studyId, body, values);
      const source = await findLivePlan(tx, basis.baseline.studyPlanId);
      if (!source) throw notFound('Plan');
      const { plan, typeDetail } = await insertRemodelCopy(tx, user, studyId, body, source.plan);
      const groups = remodelChoices(
        body,
        basis.input.siteGroups.map((g) => ({
          siteGroupId: g.siteGroupId,
          siteGroupName: g.siteGroupName ?? '',
        })),
      );
      const figures = {
        screened: Number(body.screenPatientsReModel),
        enrolled: Number(body.enrollPatientsReModel),
        completed: Number(body.completePatientsReModel),
      };
      await applyRemodelFigures(tx, plan.studyPlanId, figures);
      // The plan itself is what the form chose: removed groups gone, the go-forward site counts as its goals, the
      // activation profile override on (spec/1); its review, summary and details then agree with the run.
      const shaped = await shapeRemodelPlanGroups(
        tx,
        user,
        plan.studyPlanId,
        plan.studyPlanType,
        groups,
        activatedSitesByGroup(basis.data),
      );
      const kept = groups.filter((g) => g.sites !== 'remove');
      const lpi = remodelLpiTarget(body, values.lastPatientEnrolledDateMillisPlanned);
      const targets = { ...figures, ...(lpi !== null ? { lastPatientEnrolledDateMillis: lpi } : {}) };
      await insertPlanRemodel(tx, {
        studyPlanId: plan.studyPlanId,
        extractId: basis.extractId,
        groups: kept,
        targets,
      });
      await refreshStudyPlanSummary(tx, studyId);
      await writeAudit(tx, user, {
        entity: 'study_plan',
        entityId: plan.studyPlanId,
        studyId,
        entityVersion: plan.rowVersion,
        action: 'create',
        newValues: {
          clonedStudyPlanId: source.plan.studyPlanId,
          studyPlanName: plan.studyPlanName,
          studyPlanDescr: plan.studyPlanDescr,
          studyPlanTypeDetail: typeDetail,
          remodel: { extractId: basis.extractId, groups: kept, targets, ...shaped },
        },
      });
      return [{ studyId, studyPlanId: plan.studyPlanId }];
    }),
  );
}

type RemodelValues = Awaited<ReturnType<typeof readRemodelValuesAndBasis>>['values'];

/** The form against the shared rules, with the study's live plan names read in the transaction (400 on errors). */
async function checkRemodelForm(tx: Tx, studyId: number, body: RemodelFormBody, values: RemodelValues) {
  const existingPlanNames = await livePlanNames(tx, studyId);
  const errors = validateRemodelForm(body, {
    existingPlanNames,
    unremovableGroups: values.siteGroups.filter((g) => !g.canRemove).map((g) => g.siteGroupName),
    asOfDate: values.asOfDate,
    lastPatientEnrolledDateMillisPlanned: values.lastPatientEnrolledDateMillisPlanned,
  });
  const fields = Object.entries(errors).map(([field, message]) => ({ field, message }));
  if (fields.length > 0) throw invalidBody(fields);
}

/** The Draft Remodel (R) or (D) copy of the Baseline Plan with everything below it, owned by the user. */
async function insertRemodelCopy(
  tx: Tx,
  user: AuthUser,
  studyId: number,
  body: RemodelFormBody,
  source: PlanRow,
) {
  const now = new Date();
  const typeDetail = body.studyPlanType === 1 ? 'Remodel (R)' : 'Remodel (D)';
  const plan = await insertPlan(tx, {
    ...inheritedColumns(source),
    studyId,
    studyPlanName: body.studyPlanName.trim(),
    studyPlanDescr: body.studyPlanDescr.trim(),
    studyPlanTypeDetail: typeDetail,
    ownedBy: user.name,
    clonedStudyPlanId: source.studyPlanId,
    createdByIssuer: user.issuer,
    createdBySubject: user.subject,
    insertBy: user.name,
    insertDate: now,
    updateBy: user.name,
    updateDate: now,
  });
  await copyPlanChildren(tx, source.studyPlanId, plan.studyPlanId);
  return { plan, typeDetail };
}
