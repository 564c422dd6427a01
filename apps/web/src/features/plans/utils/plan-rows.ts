import {
  DRAFT_STATUSES,
  PLAN_STATUSES,
  isCombination,
  isRunnablePlan,
  planTypeTag,
  type PlanStatus,
  type StudyPlanListRow,
} from '@predict/shared';
import type { ApiError } from '@/lib/api-client';

/** The status as shown: the Draft of a combination plan reads Draft-Combo (spec/1 section 4). */
export function statusLabel(
  plan: Pick<StudyPlanListRow, 'scenarioStatus' | 'studyPlanTypeDetail'>,
): PlanStatus {
  return plan.scenarioStatus === 'Draft' && isCombination(plan.studyPlanTypeDetail)
    ? 'Draft-Combo'
    : plan.scenarioStatus;
}

export const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'All' },
  ...PLAN_STATUSES.map((s) => ({ value: s, label: s })),
];

/** 'name [R]' or 'name [D]' in the combination transfer list. */
export const combinationLabel = (plan: Pick<StudyPlanListRow, 'studyPlanName' | 'studyPlanType'>) =>
  `${plan.studyPlanName} ${planTypeTag(plan.studyPlanType)}`;

export const isDraftStatus = (status: string) => (DRAFT_STATUSES as readonly string[]).includes(status);

/** The row menu actions a user gets for a plan (spec/1 sections 2 and 6). */
export interface PlanRowActions {
  view: boolean;
  startSimulation: boolean;
  viewSimulation: boolean;
  clone: boolean;
  delete: boolean;
  saveAs: boolean;
}

export function planRowActions(plan: StudyPlanListRow, readOnly: boolean): PlanRowActions {
  const editor = !readOnly;
  return {
    view: true,
    // Until a run exists; only a draft can be run (Draft, or Draft-Combo for a combination).
    startSimulation: editor && isRunnablePlan(plan) && plan.simOptRunId === null,
    viewSimulation: plan.simOptRunId !== null,
    clone: editor && !isCombination(plan.studyPlanTypeDetail),
    // Offered to editors even when not deletable: the dialog then explains who may delete it.
    delete: editor,
    saveAs: editor,
  };
}

/** The server's 400 field messages by field name ('body.studyPlanName' → 'studyPlanName'). */
export function fieldMessages(error: ApiError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of error.fields) {
    const key = f.path.replace(/^body\./, '');
    out[key] ??= f.message;
  }
  return out;
}
