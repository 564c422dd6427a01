import { REQUIRED_MESSAGE } from '../plan/messages';
import { COUNTRY_MILESTONES } from './country-milestones';
import {
  MILESTONE_BEFORE_PREVIOUS_MESSAGE,
  MILESTONE_NOT_OVERRIDABLE_MESSAGE,
  OVERRIDE_COMMENT_REQUIRED_MESSAGE,
} from './messages';

/** Ours: a milestone id that is not one of the country's date milestones. */
export const UNKNOWN_MILESTONE_MESSAGE = 'Unknown milestone.';

export interface CountryMilestoneInput {
  milestoneId: number;
  isUserOverride: 0 | 1 | boolean;
  milestoneDateMillis: number | null;
  comments: string | null;
}

export type CountryMilestoneErrors = Partial<
  Record<'milestoneId' | 'isUserOverride' | 'milestoneDateMillis' | 'comments', string>
>;

/** The computed date of each milestone (by milestoneId) of the country, null where it cannot be computed. */
export type ChainDates = Readonly<Record<number, number | null | undefined>>;

const ORDER = new Map<number, number>(COUNTRY_MILESTONES.map((m, i) => [m.milestoneId, i]));
const isOverride = (v: CountryMilestoneInput['isUserOverride']) => v === 1 || v === true;

/**
 * The milestone rules of spec/1 sections 4 and 5 for the date milestones of one country: an override needs a date
 * and a comment ("Can't be empty."); the four last-stage milestones cannot be overridden; an overridden date may
 * not be earlier than the latest date of the milestones before it (their override, else their computed date from
 * `chainDates`). Returns one entry per row (same indexes), empty when the row is fine.
 */
export function validateCountryMilestones(
  rows: readonly CountryMilestoneInput[],
  chainDates: ChainDates = {},
): CountryMilestoneErrors[] {
  // The date each milestone shows: the user's when overridden, else the computed one.
  const shown = new Map<number, number | null>();
  for (const m of COUNTRY_MILESTONES) shown.set(m.milestoneId, chainDates[m.milestoneId] ?? null);
  for (const r of rows) if (isOverride(r.isUserOverride)) shown.set(r.milestoneId, r.milestoneDateMillis);

  return rows.map((row) => {
    const errors: CountryMilestoneErrors = {};
    const position = ORDER.get(row.milestoneId);
    const milestone = position === undefined ? undefined : COUNTRY_MILESTONES[position];
    if (!milestone || position === undefined) return { milestoneId: UNKNOWN_MILESTONE_MESSAGE };
    if (!isOverride(row.isUserOverride)) return errors;
    if (!milestone.overridable) return { isUserOverride: MILESTONE_NOT_OVERRIDABLE_MESSAGE };
    if ((row.comments ?? '').trim() === '') errors.comments = OVERRIDE_COMMENT_REQUIRED_MESSAGE;
    const date = row.milestoneDateMillis;
    if (date === null) {
      errors.milestoneDateMillis = REQUIRED_MESSAGE;
      return errors;
    }
    const earlier = COUNTRY_MILESTONES.slice(0, position)
      .filter((m) => m.overridable)
      .map((m) => shown.get(m.milestoneId))
      .filter((d): d is number => d !== null && d !== undefined);
    if (earlier.length > 0 && date < Math.max(...earlier))
      errors.milestoneDateMillis = MILESTONE_BEFORE_PREVIOUS_MESSAGE;
    return errors;
  });
}
