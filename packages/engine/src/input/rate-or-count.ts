import { MSG } from './messages';

/**
 * The two "rate or count" pairs of spec/1 section 5: a plan (or a country) gives the screen fail rate or the number
 * of patients enrolled, and the drop-out rate or the number of patients completing treatment, never both.
 */
export const RATE_OR_COUNT_PAIRS = {
  screenFail: { message: MSG.onlyOneSfOrEnrolled },
  dropOut: { message: MSG.onlyOneDoOrTreated },
} as const;
export type RateOrCountPair = keyof typeof RATE_OR_COUNT_PAIRS;

/**
 * The rule of one pair: 'both' when the rate and the count are filled, 'neither' when one of them is required and
 * neither is filled (a plan needs one of each pair; a country may inherit both), else null.
 */
export function rateOrCountIssue(
  rateFilled: boolean,
  countFilled: boolean,
  required: boolean,
): 'both' | 'neither' | null {
  if (rateFilled && countFilled) return 'both';
  if (required && !rateFilled && !countFilled) return 'neither';
  return null;
}
