import { INPUT_LIMITS } from './limits';
import { MSG } from './messages';
import { checkNumber, isEmptyInput, type NumericInput, type RuleIssue } from './numeric-rules';

/** The patient tiers of a plan and of a country, each at most the one before it (spec/1 section 5). */
export const PATIENT_TIERS = [
  'NUM_SUBJECTS_SCREENED',
  'NUM_SUBJECTS_ENROLLED',
  'NUM_SUBJECTS_TREATED',
  'NUM_SUBJECTS_COMPLETED',
] as const;
export type PatientTier = (typeof PATIENT_TIERS)[number];

/** Each tier's messages (spec/1 section 5): below 1, and above the tiers before it (screened has none above). */
const TIER_MESSAGES: Record<PatientTier, { min: string; max?: string }> = {
  NUM_SUBJECTS_SCREENED: { min: MSG.screenedPositive },
  NUM_SUBJECTS_ENROLLED: { min: MSG.enrolledPositive, max: MSG.enrolledAboveScreened },
  NUM_SUBJECTS_TREATED: { min: MSG.treatedPositive, max: MSG.treatedAboveEnrolled },
  NUM_SUBJECTS_COMPLETED: { min: MSG.completedPositive, max: MSG.completedAboveTreated },
};

/**
 * The rule of one patient count (plan form, country inputs, engine input): a whole number from 1 up to `max`, the
 * count of the nearest filled tier before it (else INPUT_LIMITS.patients), with the tier's own messages. Returns the first message or the value.
 */
export function checkPatientCount(
  tier: PatientTier,
  input: NumericInput,
  max: number | undefined,
  required = false,
): { message?: string; value?: number } {
  const messages = TIER_MESSAGES[tier];
  // Without a tier before it, the count keeps the engine's patient limit (range message).
  const limit = max ?? INPUT_LIMITS.patients;
  return checkNumber(input, {
    integer: true,
    min: 1,
    max: limit,
    required,
    minMessage: messages.min,
    maxMessage: max === undefined ? MSG.range(1, limit) : messages.max,
  });
}

/** A tier's bounds as a form, an API body or the engine's input holds them. */
export type PatientBounds = { lowerBound?: NumericInput; upperBound?: NumericInput } | null | undefined;

/**
 * The patient bounds of a country (spec/1 section 5 "Country inputs"): each bound a patient count at most the same
 * bound of the nearest filled tier before it (an upper bound falls back to that tier's lower bound), the upper not
 * below the lower, and the screened bounds required once a later tier is filled. One message per bound, the first
 * that applies, at [tier, 'lowerBound' | 'upperBound'].
 */
export function patientBoundsIssues(tiers: Partial<Record<PatientTier, PatientBounds>>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const laterFilled = PATIENT_TIERS.slice(1).some(
    (t) => !isEmptyInput(tiers[t]?.lowerBound) || !isEmptyInput(tiers[t]?.upperBound),
  );
  const previous: { lowerBound?: number; upperBound?: number } = {};
  for (const tier of PATIENT_TIERS) {
    const values: { lowerBound?: number; upperBound?: number } = {};
    for (const bound of ['lowerBound', 'upperBound'] as const) {
      const input = tiers[tier]?.[bound];
      // Once a later tier is filled, the screened bounds it is measured against are needed.
      const required = tier === 'NUM_SUBJECTS_SCREENED' && laterFilled;
      const max = bound === 'upperBound' ? (previous.upperBound ?? previous.lowerBound) : previous.lowerBound;
      const result = checkPatientCount(tier, input, max, required);
      if (result.message) issues.push({ path: [tier, bound], message: result.message });
      values[bound] = result.value;
    }
    if (
      values.lowerBound !== undefined &&
      values.upperBound !== undefined &&
      values.upperBound < values.lowerBound
    )
      issues.push({ path: [tier, 'upperBound'], message: MSG.upperBelowLower });
    previous.lowerBound = values.lowerBound ?? previous.lowerBound;
    previous.upperBound = values.upperBound ?? previous.upperBound;
  }
  return issues;
}
