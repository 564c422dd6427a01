import { isCombination, isSequentialPlan, type StudyPlan } from '@predict/shared';

/** The charts' ids: the export dialog's options and the PNG file names (spec/1 section 9). */
export const CHART_IDS = [
  'MonthlyEnrollment',
  'WeeklyEnrollment',
  'PatientsByGroup',
  'CohortsTimeline',
] as const;
export type ChartId = (typeof CHART_IDS)[number];

export type PlanKind = Pick<StudyPlan, 'studyPlanType' | 'studyPlanTypeDetail' | 'cohortType'>;

/** A sequential cohort plan (Cohort (D), or a Duration plan of cohort type 2). */
export const isCohortPlan = (plan: PlanKind) =>
  plan.studyPlanTypeDetail === 'Cohort (D)' || isSequentialPlan(plan);

/** Cohort and combination plans have the cohort range chart and its export options (spec/1 sections 2, 9). */
export const hasCohortTimeline = (plan: PlanKind) =>
  isCohortPlan(plan) || isCombination(plan.studyPlanTypeDetail);

/** The range chart's title: 'Timeline Overview' for combination plans, 'Cohorts Timeline' otherwise. */
export const cohortTimelineTitle = (plan: PlanKind) =>
  isCombination(plan.studyPlanTypeDetail) ? 'Timeline Overview' : 'Cohorts Timeline';

export const ENROLLMENT_TITLES = {
  MonthlyEnrollment: 'Monthly Enrollment',
  WeeklyEnrollment: 'Weekly Enrollment',
} as const;
export const PATIENTS_BY_GROUP_TITLE = 'Patients By Group';

export interface ExportOption {
  id: ChartId;
  label: string;
}

/**
 * The Export Charts options (spec/1 section 9): MonthlyEnrollment and WeeklyEnrollment, and for cohort or
 * combination plans PatientsByGroup and CohortsTimeline.
 */
export function chartExportOptions(plan: PlanKind): ExportOption[] {
  const options: ExportOption[] = [
    { id: 'MonthlyEnrollment', label: ENROLLMENT_TITLES.MonthlyEnrollment },
    { id: 'WeeklyEnrollment', label: ENROLLMENT_TITLES.WeeklyEnrollment },
  ];
  if (hasCohortTimeline(plan)) {
    options.push(
      { id: 'PatientsByGroup', label: PATIENTS_BY_GROUP_TITLE },
      { id: 'CohortsTimeline', label: cohortTimelineTitle(plan) },
    );
  }
  return options;
}
