import {
  ImportedPlan,
  type CompletedStudyImportItemInput,
  type CtmsExtractBodyInput,
  type ParsedCountry,
} from '@predict/shared';

/**
 * Completed studies for the bulk import tests: a Rates plan on Germany and France (3 sites each, 100 patients to
 * screen and 80 to enroll: NUM_SUBJECTS_ENROLLED, so the target is exact), CRO project start 03-Jan-2022, and an extract whose
 * sites all activate in 2022 and whose 80 patients are enrolled 20 / 30 / 30 in Jan, Feb and Mar 2023 at DEU-1.
 */
export const CRO_START = Date.UTC(2022, 0, 3, 12);

function country(row: number, name: string, iso3: string, sites: number): ParsedCountry {
  const none = { lowerBound: null, upperBound: null };
  return {
    row,
    siteGroupId: null,
    siteGroupName: name,
    iso3,
    siteIdEffort: 'Medium',
    startUpTimeFrame: 'Short',
    siteEnrollmentRateAtSIV: 0.8,
    expectedScreenFailureRate: null,
    expectedTreatmentDropoutRate: null,
    pauseEnrollmentAfterPatient: null,
    pauseEnrollmentDays: null,
    NUM_SITES_ACTIVATED: { lowerBound: sites, upperBound: sites },
    NUM_SUBJECTS_SCREENED: none,
    NUM_SUBJECTS_ENROLLED: none,
    NUM_SUBJECTS_TREATED: none,
    NUM_SUBJECTS_COMPLETED: none,
    eventualSiteEnrollmentDays: null,
    eventualSiteEnrollmentRate: null,
    seasonal: new Array(12).fill(1),
    activationOverride: false,
    cards: [],
    milestones: [],
  };
}

export function importedPlan(): ImportedPlan {
  return ImportedPlan.parse({
    overall: {
      studyPlanTypeDetail: 'Rates',
      studyPlanDescr: 'The contracted plan',
      croProjectStartDateMillis: CRO_START,
      finalProtocolStartDateMillis: CRO_START + 30 * 86_400_000,
      enrollmentRate: 0.8,
      overallEnrollmentDuration: null,
      screeningPeriodDuration: 28,
      treatmentDuration: 180,
      followUpDuration: 30,
      screenFailRate: null,
      dropOutRate: 0.1,
      pauseEnrollmentAfterPatient: null,
      pauseEnrollmentDays: null,
      sitesToActivate: 6,
      subjectsToScreen: 100,
      patientsEnrolled: 80,
      patientsCompletingTreatment: null,
      patientsCompletingFollowUp: null,
    },
    countries: [country(2, 'Germany', 'DEU', 3), country(3, 'France', 'FRA', 3)],
  });
}

type Site = CtmsExtractBodyInput['sites'][number];
const site = (siteNumber: string, countryIso3: string, activated: string | null): Site => ({
  siteNumber,
  piName: `Dr ${siteNumber}`,
  countryIso3,
  siteSelectedDate: '2022-03-01',
  siteActivatedDate: activated,
  siteStatus: activated ? 'Enrolling' : 'Start-up',
});

/** The complete extract: LPI in Mar-2023 (20 + 30 + 30 = 80 at DEU-1), as of 30-Apr-2023. */
export function completeExtract(): CtmsExtractBodyInput {
  return {
    asOf: '2023-04-30T00:00:00.000Z',
    sites: [
      site('DEU-1', 'DEU', '2022-06-01'),
      site('DEU-2', 'DEU', '2022-07-01'),
      site('DEU-3', 'DEU', '2022-08-01'),
      site('FRA-1', 'FRA', '2022-06-15'),
      site('FRA-2', 'FRA', '2022-07-15'),
      site('FRA-3', 'FRA', '2022-08-15'),
    ],
    siteMonths: [
      ['2023-01', 20],
      ['2023-02', 30],
      ['2023-03', 30],
    ].map(([month, enrolled]) => ({
      siteNumber: 'DEU-1',
      month: month as string,
      screened: (enrolled as number) + 5,
      enrolled: enrolled as number,
      completedTreatment: 0,
      droppedOut: 0,
      completedFollowUp: 0,
    })),
  };
}

export function importItem(
  projectId: string,
  edit: (extract: CtmsExtractBodyInput) => void = () => {},
): CompletedStudyImportItemInput {
  const extract = completeExtract();
  edit(extract);
  return {
    study: {
      projectId,
      studyName: `Study ${projectId}`,
      sponsorName: 'Contoso Pharma',
      indication: 'Type 2 diabetes',
    },
    plan: importedPlan(),
    extract,
  };
}
