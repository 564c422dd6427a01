import type { PlanValidationItem } from './run-request-schemas';
import { SIM_RUN_TEXTS } from './run-statuses';
import { NO_COUNTRY_CODE, NO_COUNTRY_MESSAGE } from './validate-plan-for-run';

/**
 * Ours: a run request the review rules block is refused before anything runs, so its message says what is missing
 * and where, never "failed" (issue 13 item 4). Every refusal starts with this.
 */
export const PLAN_NOT_READY_MESSAGE = 'The plan cannot be run yet.';
/** Ours: the refusal of a plan without countries, the commonest case. */
export const NO_COUNTRY_RUN_MESSAGE = 'The plan cannot be run yet: add at least one country in step 2.';

const stepList = (steps: number[]) =>
  steps.length === 1
    ? `step ${steps[0]}`
    : `steps ${steps.slice(0, -1).join(', ')} and ${steps[steps.length - 1]}`;

/**
 * The message of a refused run request: what is missing and on which step to fix it, e.g. "The plan cannot be run
 * yet: add at least one country in step 2." The errors themselves go with it (the answer's fields).
 */
export function planNotReadyMessage(errors: readonly Pick<PlanValidationItem, 'code' | 'step'>[]): string {
  const noCountry = errors.some((e) => e.code === NO_COUNTRY_CODE);
  const others = errors.filter((e) => e.code !== NO_COUNTRY_CODE);
  if (noCountry && others.length === 0) return NO_COUNTRY_RUN_MESSAGE;
  if (!noCountry && others.length === 0) return PLAN_NOT_READY_MESSAGE;
  const steps = [...new Set(others.map((e) => e.step ?? 3))].sort((a, b) => a - b);
  const fix = `fix ${others.length === 1 ? 'the problem' : `the ${others.length} problems`} listed in ${stepList(steps)}`;
  return `The plan cannot be run yet: ${noCountry ? `add at least one country in step 2 and ${fix}` : fix}.`;
}

/**
 * What the web says when a run request is refused (4xx): the server's message, then each listed reason it does not
 * already say (a plan without countries needs no second "At least one country is required.").
 */
export function runRefusalText(message: string, fields: readonly { message: string }[]): string {
  const reasons = fields
    .map((f) => f.message)
    .filter((m) => !(m === NO_COUNTRY_MESSAGE && message.includes('add at least one country')));
  return [...new Set([message, ...reasons])].join(' ');
}

/** A failed run request as the web's API client reports it: the HTTP status, message and field errors. */
export interface RunRequestError {
  status: number;
  message: string;
  fields: readonly { message: string }[];
}

/**
 * What the web says when a run request does not go through: a refusal (4xx: the review rules, a plan changed
 * meanwhile) says why, never "failed" (nothing ran); anything else, or no answer (null), is 'Simulation failed.'
 * with the server's message.
 */
export function runRequestErrorText(error: RunRequestError | null): string {
  if (error && error.status < 500) return runRefusalText(error.message, error.fields);
  return [SIM_RUN_TEXTS.failed, error?.message ?? ''].filter(Boolean).join(' ');
}
