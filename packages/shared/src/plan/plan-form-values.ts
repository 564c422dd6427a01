import type { StudyMilestoneName, StudyParameterName } from './constants';
import type { NumericInput } from '@predict/engine';
import type { CloseOutKey } from './close-out-fields';
import {
  STEP1_TARGETS,
  type Step1DateKey,
  type Step1NumberKey,
  type Step1TargetPaths,
  type Step1TextKey,
} from './step1-fields';

/** Lower and upper bound of a parameter or milestone as the form holds them. */
export interface BoundsInput {
  lowerBound?: NumericInput;
  upperBound?: NumericInput;
}

export interface MilestoneInput extends BoundsInput {
  isUserOverride?: number | boolean | null;
  comments?: string | null;
}

/**
 * The values of the step 1 form (spec/1 section 2, Step 1). Parameters and milestones are keyed by name, so a
 * field's path ('parameters.SITES_TO_ACTIVATE.lowerBound') is both the web form's field name and the path in the
 * server's 400 answer ('body.parameters.SITES_TO_ACTIVATE.lowerBound').
 */
export type PlanFormValues = { [K in Step1TextKey]?: string | null } & {
  [K in Step1DateKey]?: number | null;
} & { [K in Step1NumberKey | CloseOutKey]?: NumericInput } & {
  parameters?: Partial<Record<StudyParameterName, BoundsInput>>;
  milestones?: Partial<Record<StudyMilestoneName, MilestoneInput>>;
  /** Activated-site bounds of each of the plan's countries (step 2), for the two warnings. */
  countrySites?: { lowerBound?: number | null; upperBound?: number | null }[];
};

/** The form fields backed by parameters and milestones (the step-1 targets), by their paths. */
export const PLAN_FORM_FIELDS = Object.fromEntries(
  STEP1_TARGETS.map((t) => [t.key, `${t.list}.${t.name}.lowerBound`]),
) as Step1TargetPaths;

/** The path of a milestone's comment, which an override makes required. */
export const milestoneCommentPath = (name: string) => `milestones.${name}.comments`;

interface NamedParameter extends BoundsInput {
  parameterName: string;
}
interface NamedMilestone extends MilestoneInput {
  milestoneName: string;
}

/** Keys a plan's parameter and milestone lists by name, as the form (and validatePlanForm) holds them. */
export function keyedBounds(lists: {
  parameters?: readonly NamedParameter[] | null;
  milestones?: readonly NamedMilestone[] | null;
}): Pick<PlanFormValues, 'parameters' | 'milestones'> {
  const parameters: Record<string, BoundsInput> = {};
  for (const p of lists.parameters ?? []) {
    parameters[p.parameterName] = { lowerBound: p.lowerBound, upperBound: p.upperBound };
  }
  const milestones: Record<string, MilestoneInput> = {};
  for (const m of lists.milestones ?? []) {
    milestones[m.milestoneName] = {
      lowerBound: m.lowerBound,
      upperBound: m.upperBound,
      isUserOverride: m.isUserOverride,
      comments: m.comments,
    };
  }
  return { parameters, milestones };
}
