import {
  activationProfileIsValid,
  OVERRIDABLE_COUNTRY_MILESTONES,
  validateActivationProfile,
  validateCountryInputs,
  validateCountryMilestones,
  validateSeasonalVariations,
  validateSiteFatigue,
  type ChainDates,
} from '@predict/shared';
import type { CountryDraft } from './country-draft';
import { fatigueRow, inputsRow, numberOf } from './step2-rows';

/** The page's messages of one country by field key (see fieldOfPath), and what they block. */
export interface CountryValidation {
  messages: Record<string, string>;
  /** Any message outside the seasonal table: Save Draft and Next Step stay disabled. */
  blocking: boolean;
  /** The seasonal table is invalid: saving answers 'Country enrollment seasonal variations are not valid'. */
  seasonalInvalid: boolean;
}

export interface CountryRulesContext {
  planType: 1 | 2;
  sequential: boolean;
  /** The group was saved without seasonal factors: an all-empty table is then no table, not 12 mistakes. */
  seasonalOptional: boolean;
  /** The site count changed: saving stores the default profile, so the table's own points are not judged. */
  activationResets?: boolean;
}

/** Overridden milestones: a comment, a date, not earlier than the milestones before (shared rules). */
function milestoneMessages(draft: CountryDraft, chainDates: ChainDates, messages: Record<string, string>) {
  const rows = draft.milestones.filter((m) =>
    OVERRIDABLE_COUNTRY_MILESTONES.some((d) => d.milestoneId === m.milestoneId),
  );
  validateCountryMilestones(rows, chainDates).forEach((errors, i) => {
    const id = rows[i]?.milestoneId;
    for (const [field, message] of Object.entries(errors)) messages[`milestones.${id}.${field}`] = message;
  });
}

function activationMessages(draft: CountryDraft, messages: Record<string, string>) {
  const errors = validateActivationProfile(
    draft.activation.points.map((p) => ({ sites: numberOf(p.sites), days: numberOf(p.days) })),
  );
  if (activationProfileIsValid(errors)) return;
  errors.points.forEach((p, slot) => {
    if (p.sites) messages[`activationProfiles.${slot}.sites`] = p.sites;
    if (p.days) messages[`activationProfiles.${slot}.days`] = p.days;
  });
  if (errors.form) messages['activationProfiles.form'] = errors.form;
}

function seasonalMessages(draft: CountryDraft, optional: boolean, messages: Record<string, string>): boolean {
  if (optional && draft.seasonal.every((v) => v.trim() === '')) return false;
  // A typed minus is a negative input however far it is typed ('-', '-0.'): the range message until it is left.
  const errors = validateSeasonalVariations(
    draft.seasonal.map((v) => (v.trim().startsWith('-') ? -1 : numberOf(v))),
  );
  let invalid = errors.form !== undefined;
  errors.months.forEach((m, month) => {
    if (!m) return;
    invalid = true;
    messages[`enrollmentSeasonalVariations.${month}`] = m;
  });
  if (errors.form) messages['enrollmentSeasonalVariations.form'] = errors.form;
  return invalid;
}

const prefixed = (prefix: string, errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [`${prefix}.${field}`, message]));

/**
 * Every rule of one country's tables, the shared ones the server runs on Save Draft; `chainDates` are the
 * computed milestone dates an overridden date is compared with.
 */
export function validateCountryDraft(
  draft: CountryDraft,
  chainDates: ChainDates,
  context: CountryRulesContext,
): CountryValidation {
  const row = inputsRow(0, draft);
  const fatigue = fatigueRow(0, draft);
  const messages: Record<string, string> = {
    ...prefixed(
      'countryInputs',
      validateCountryInputs(context.planType, row, { sequential: context.sequential }),
    ),
    ...prefixed(
      'siteFatigue',
      validateSiteFatigue(fatigue.eventualSiteEnrollmentDays, fatigue.eventualSiteEnrollmentRate),
    ),
  };
  milestoneMessages(draft, chainDates, messages);
  if (draft.activation.overrideFl && !context.activationResets) activationMessages(draft, messages);
  const seasonalInvalid = seasonalMessages(draft, context.seasonalOptional, messages);
  const blocking = Object.keys(messages).some((k) => !k.startsWith('enrollmentSeasonalVariations'));
  return { messages, blocking, seasonalInvalid };
}
