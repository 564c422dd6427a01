import { noonUtc } from '@predict/engine';
import {
  CLOSE_OUT_KEYS,
  DEFAULT_LEVEL_OF_CONFIDENCE,
  keyedBounds,
  STEP1_FIELD_KEYS,
  STEP1_FIELDS,
  STUDY_MILESTONE_NAMES,
  STUDY_MILESTONES,
  STUDY_PARAMETER_NAMES,
  STUDY_PARAMETERS,
  type EnrollmentPlanStep1Body,
  type PlanFormValues,
} from '@predict/shared';
import type {
  MilestoneRow,
  NewMilestoneRow,
  NewParameterRow,
  ParameterRow,
} from '../../repositories/plans-children-repository';
import type { PlanChanges, PlanRow } from '../../repositories/plans-repository';
import { presentStep1Fields } from './presenters/plan-presenter';

type Body = EnrollmentPlanStep1Body;

/** Body fields beyond the step-1 form's (STEP1_FIELDS) stored in the plan column of the same name, as sent. */
const SAME_NAME_FIELDS = [
  'croProjectStartToSiteIdDuration',
  'siteIdToFinalProtocolDuration',
  'regApprovalToFSIVDuration',
  'tfedToDbLockDuration',
  'dbLocktoCSRDuration',
  'csrToTMFCloseAndReturnDuration',
  'opportunityStage',
  'isPersonalDraft',
  'templateFlag',
  'ownedBy',
  'actualStep',
  'actualAsOfDate',
  'comments',
  'indication',
  'protocolTitle',
  'simOptSecondsSpentLimit',
  'simOptUnimprovedScoreCalculationLimit',
] as const satisfies readonly (keyof Body & keyof PlanRow)[];

/** Plan dates are kept at noon UTC of the day sent (spec/1 section 5), so every time zone reads the same day. */
const planDate = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(noonUtc(ms));
const trimmed = (s: string | null | undefined) => (s === null || s === undefined ? s : s.trim());

/** The plan columns a step 1 body sets: only the fields it sends (undefined = not sent, null = cleared). */
export function planColumnsFromBody(body: Body): PlanChanges {
  const out: Record<string, unknown> = {};
  for (const f of STEP1_FIELDS) {
    const sent = body[f.key];
    if (sent === undefined) continue;
    if (f.kind === 'text') out[f.column] = trimmed(sent as string | null);
    else if (f.kind === 'date') out[f.column] = planDate(sent as number | null);
    else out[f.column] = sent;
  }
  for (const f of SAME_NAME_FIELDS) if (body[f] !== undefined) out[f] = body[f];
  for (const [k, v] of Object.entries(body.uncertainty ?? {})) if (v !== undefined) out[k] = v;
  return out as PlanChanges;
}

/** Only the columns whose value differs from the plan's, each with its old value. */
export function changedColumns(plan: PlanRow, columns: PlanChanges) {
  const changes: Record<string, unknown> = {};
  const oldValues: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(columns)) {
    const before = (plan as Record<string, unknown>)[k];
    if (!sameValue(before, v)) {
      changes[k] = v;
      oldValues[k] = before;
    }
  }
  return { changes: changes as PlanChanges, oldValues };
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return (a instanceof Date ? a.getTime() : a) === (b instanceof Date ? b.getTime() : b);
  }
  return (a ?? null) === (b ?? null);
}

/** The form's view of a saved plan. */
export function storedFormValues(
  plan: PlanRow,
  bounds: { parameters: ParameterRow[]; milestones: MilestoneRow[] },
): PlanFormValues {
  const closeOut = Object.fromEntries(CLOSE_OUT_KEYS.map((k) => [k, plan[k]]));
  return { ...presentStep1Fields(plan), ...closeOut, ...keyedBounds(bounds) };
}

/** The form's view of a step 1 body, sent fields only, so it can be laid over the saved plan. */
export function bodyFormValues(body: Body): PlanFormValues {
  const { parameters, milestones } = keyedBounds({
    parameters: body.parameters,
    milestones: body.milestones,
  });
  const out: Record<string, unknown> = { parameters, milestones };
  for (const key of [...STEP1_FIELD_KEYS, ...CLOSE_OUT_KEYS])
    if (body[key] !== undefined) out[key] = body[key];
  return out as PlanFormValues;
}

/** Lays the sent values over the saved ones; a value not sent keeps the saved one, null clears it. */
export function mergeFormValues(saved: PlanFormValues, sent: PlanFormValues): PlanFormValues {
  const merged: PlanFormValues = { ...saved };
  for (const [k, v] of Object.entries(sent)) {
    if (v === undefined || k === 'parameters' || k === 'milestones') continue;
    (merged as Record<string, unknown>)[k] = v;
  }
  for (const list of ['parameters', 'milestones'] as const) {
    const out: Record<string, Record<string, unknown>> = {
      ...(saved[list] as Record<string, Record<string, unknown>>),
    };
    for (const [name, item] of Object.entries(sent[list] ?? {})) {
      const defined = Object.entries(item ?? {}).filter(([, v]) => v !== undefined);
      out[name] = { ...out[name], ...Object.fromEntries(defined) };
    }
    (merged as Record<string, unknown>)[list] = out;
  }
  return merged;
}

type SentParameter = NonNullable<Body['parameters']>[number];
type SentMilestone = NonNullable<Body['milestones']>[number];

/** The columns of a parameter row that a sent item sets. */
export function parameterColumns(p: SentParameter): Partial<NewParameterRow> {
  const out: Partial<NewParameterRow> = {};
  if (p.lowerBound !== undefined) out.lowerBound = p.lowerBound;
  if (p.upperBound !== undefined) out.upperBound = p.upperBound;
  if (p.comments !== undefined) out.comments = p.comments;
  return out;
}

/** The columns of a milestone row that a sent item sets. */
export function milestoneColumns(m: SentMilestone): Partial<NewMilestoneRow> {
  const out: Partial<NewMilestoneRow> = {};
  if (m.lowerBound !== undefined) out.lowerBound = m.lowerBound;
  if (m.upperBound !== undefined) out.upperBound = m.upperBound;
  if (m.levelOfConfidence !== undefined) out.levelOfConfidence = m.levelOfConfidence;
  if (m.milestoneDateMillis !== undefined) out.milestoneDate = planDate(m.milestoneDateMillis);
  if (m.isUserOverride !== undefined) out.isUserOverride = m.isUserOverride;
  if (m.comments !== undefined) out.comments = m.comments;
  return out;
}

/** A new plan's study parameters (spec/1 section 3), with what the body sent for them. */
export function defaultParameters(planId: number, sent: Body['parameters']): NewParameterRow[] {
  return STUDY_PARAMETER_NAMES.map((name) => {
    const item = sent?.findLast((p) => p.parameterName === name);
    return {
      studyPlanId: planId,
      parameterScope: 'study',
      parameterId: STUDY_PARAMETERS[name],
      parameterName: name,
      ...(item ? parameterColumns(item) : {}),
    };
  });
}

/** A new plan's default study milestones (spec/1 section 3) in display order, with what the body sent for them. */
export function defaultMilestones(planId: number, sent: Body['milestones']): NewMilestoneRow[] {
  return STUDY_MILESTONE_NAMES.map((name, position) => {
    const item = sent?.findLast((m) => m.milestoneName === name);
    return {
      studyPlanId: planId,
      milestoneScope: 'study',
      milestoneId: STUDY_MILESTONES[name],
      milestoneName: name,
      position,
      levelOfConfidence: DEFAULT_LEVEL_OF_CONFIDENCE,
      isUserOverride: 0,
      ...(item ? milestoneColumns(item) : {}),
    };
  });
}
