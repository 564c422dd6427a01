import type { CompletedStudyImportItemInput, CtmsExtractBodyInput, ImportedPlan } from '@predict/shared';
import { contractedRatesPlan, ratesCountryRow } from '../../src/seed/demo-portfolio';

/**
 * Completed studies for the bulk import tests: a Rates plan on Germany and France (3 sites each, 100 patients to
 * screen and 80 to enroll: NUM_SUBJECTS_ENROLLED, so the target is exact), CRO project start 03-Jan-2022, and an extract whose
 * sites all activate in 2022 and whose 80 patients are enrolled 20 / 30 / 30 in Jan, Feb and Mar 2023 at DEU-1.
 */
export const CRO_START = Date.UTC(2022, 0, 3, 12);

const country = (row: number, siteGroupName: string, iso3: string, sites: number) =>
  ratesCountryRow(row, {
    siteGroupName,
    iso3,
    startUpTimeFrame: 'Short',
    siteEnrollmentRateAtSIV: 0.8,
    sites,
  });

export function importedPlan(): ImportedPlan {
  return contractedRatesPlan(
    {
      studyPlanDescr: 'The contracted plan',
      croProjectStartDateMillis: CRO_START,
      enrollmentRate: 0.8,
      sitesToActivate: 6,
      subjectsToScreen: 100,
      patientsEnrolled: 80,
    },
    [country(2, 'Germany', 'DEU', 3), country(3, 'France', 'FRA', 3)],
  );
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
