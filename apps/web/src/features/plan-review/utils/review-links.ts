import { planStepPath } from '@/features/plan-editor/utils/plan-routes';

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

/** Where an Edit link of the review goes: step 2, the country's tab, the section's anchor. */
export const editSectionPath = (studyId: number, planId: number, tab: number, section: Step2Section) =>
  `${planStepPath(studyId, planId, 2, `?country=${tab}`)}#${STEP2_ANCHORS[section]}`;
