import type { RemodelFormData } from '@predict/shared';

/** A remodel GET answer: planned 300/200/150 patients (enroll rate 0.33, complete rate 0.25), two countries. */
export function remodelFormData(overrides: Partial<RemodelFormData> = {}): RemodelFormData {
  return {
    studyId: 7,
    baselineStudyPlanId: 42,
    baselineStudyPlanName: 'Baseline',
    asOfDate: '2026-06-30',
    enrollmentRatePlanned: 0.8,
    enrollmentRateActual: 0.65,
    lastPatientEnrolledDateMillisPlanned: Date.UTC(2027, 0, 10, 12),
    screenPatientsPlanned: 300,
    enrollPatientsPlanned: 200,
    completePatientsPlanned: 150,
    screenPatientsActual: 120,
    enrollPatientsActual: 70,
    completePatientsActual: 20,
    enrollPatientsRate: { planned: 0.33, actual: 0.42, impact: 0.09 },
    completePatientsRate: { planned: 0.25, actual: 0.71, impact: 0.46 },
    screenFailRate: { planned: 0.3, actual: 0.35, impact: 0.05 },
    dropOutRate: { planned: 0.1, actual: 0.08, impact: -0.02 },
    siteGroups: [
      {
        siteGroupName: 'Germany',
        enrollmentRatePlanned: 0.9,
        enrollmentRateActual: 0.5,
        sitesPlanned: 5,
        sitesActual: 3,
        sitesActualClosed: 1,
        canRemove: false,
      },
      {
        siteGroupName: 'Poland',
        enrollmentRatePlanned: 0.7,
        enrollmentRateActual: null,
        sitesPlanned: 4,
        sitesActual: 0,
        sitesActualClosed: 0,
        canRemove: true,
      },
    ],
    ...overrides,
  };
}
