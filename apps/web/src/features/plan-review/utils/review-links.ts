import type { StudyPlan } from '@predict/shared';
import { planStepPath } from '@/features/plan-shell';

/** The step 2 anchors of spec/1 section 2, one per country section. */
export const STEP2_ANCHORS = {
  inputs: 'country-inputs',
  milestones: 'country-milestones',
  activationProfiles: 'activation-profiles',
  seasonalVariation: 'seasonal-variation',
  siteFatigue: 'site-fatigue',
  cohorts: 'sequential-cohort-setup',
} as const;
export type Step2Section = keyof typeof STEP2_ANCHORS;

/**
 * The step 2 tab of the review's country `countryIndex`: step 2 has a tab per site group (the USA may have two), the
 * review one per country (its first site group).
 */
export function step2TabIndex(plan: Pick<StudyPlan, 'countries'>, countryIndex: number): number {
  return plan.countries
    .slice(0, countryIndex)
    .reduce((tabs, country) => tabs + Math.max(1, country.siteGroups.length), 0);
}

/** Where an Edit link of the review goes: step 2, the country's tab, the section's anchor. */
export const editSectionPath = (
  plan: Pick<StudyPlan, 'studyId' | 'studyPlanId' | 'countries'>,
  countryIndex: number,
  section: Step2Section,
) =>
  `${planStepPath(plan.studyId, plan.studyPlanId, 2, `?country=${step2TabIndex(plan, countryIndex)}`)}#${STEP2_ANCHORS[section]}`;
