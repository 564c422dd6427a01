import { PLAN_DESCRIPTION_MAX, PLAN_NAME_MAX } from '../constants';
import { CLONE_SUFFIX } from './constants';
import {
  DESCRIPTION_TOO_LONG_MESSAGE,
  FIELD_REQUIRED_MESSAGE,
  NAME_TOO_LONG_MESSAGE,
  NAME_UNIQUE_MESSAGE,
} from './messages';

/** Plan names are compared trimmed and case-insensitively (spec/1 section 5). */
export const planNameKey = (name: string) => name.trim().toLowerCase();

/** The message a plan name earns: required, at most 50 characters, unique among `existingNames`. */
export function planNameMessage(name: string | null | undefined, existingNames: readonly string[]) {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') return FIELD_REQUIRED_MESSAGE;
  if (trimmed.length > PLAN_NAME_MAX) return NAME_TOO_LONG_MESSAGE;
  const key = planNameKey(trimmed);
  if (existingNames.some((n) => planNameKey(n) === key)) return NAME_UNIQUE_MESSAGE;
  return undefined;
}

/** The message a plan description earns: required, at most 2000 characters. */
export function planDescriptionMessage(descr: string | null | undefined) {
  const trimmed = (descr ?? '').trim();
  if (trimmed === '') return FIELD_REQUIRED_MESSAGE;
  if (trimmed.length > PLAN_DESCRIPTION_MAX) return DESCRIPTION_TOO_LONG_MESSAGE;
  return undefined;
}

/** The Clone dialog's default name: the original plus ' - Clone', the original cut so the whole fits 50. */
export function cloneDefaultName(name: string): string {
  return `${name.trim().slice(0, PLAN_NAME_MAX - CLONE_SUFFIX.length)}${CLONE_SUFFIX}`;
}
