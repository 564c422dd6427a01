import {
  drawCompletedCourse,
  MS_PER_DAY,
  preparePlan,
  Xoshiro128,
  type SimulationInput,
  type SyntheticTruth,
} from '@predict/engine';
import {
  ImportedPlan,
  type CtmsExtractBodyInput,
  type ImportedStudyIdentity,
  type ParsedCountry,
} from '@predict/shared';

/**
 * The demo portfolio (issue 24 part 5): DEMO_PORTFOLIO_SIZE completed fictional studies, each a Rates plan of 2 to
 * 40 countries (1-4 sites each) started 2012-2017, and a CTMS extract drawn from DEMO_PORTFOLIO_TRUTH given the plan
 * as the engine prepares it (the engine's drawCompletedCourse). The truth is the engine's own model with more
 * spread than its defaults, so with the defaults the baseline forecasts of record are too narrow (P10-P90 covers
 * well under 80% of the actual LPIs) and a fit of the portfolio finds the wider settings. Deterministic: the same
 * studies, plans and extracts at every seed (the extracts end at the target enrolled, long before today).
 */

/** The truth's settings beside the engine's defaults (docs/calibration.md, "The demo portfolio"). */
export const DEMO_PORTFOLIO_TRUTH: SyntheticTruth = {
  // Defaults: 0.2, 0.6, 0.8, 0.25, 0.2 per site-year, 0.
  studyRateCv: 0.5,
  countryRateCv: 0.9,
  siteRateCv: 1.1,
  startupCv: 0.6,
  siteInactivationPerYear: 0.25,
  siteDecayPerYear: 0,
};
export const DEMO_PORTFOLIO_SEED = 20_240_524;
export const DEMO_PORTFOLIO_SIZE = 36;
/** Countries per study: every size from 2 to 40 is not needed, the range and a realistic skew are. */
const COUNTRY_COUNTS = [
  2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8, 8, 9, 10, 10, 11, 12, 13, 14, 16, 18, 20, 24, 28, 34, 40,
  2, 3, 4, 5,
];

const SPONSORS = [
  'Northwind Biotherapeutics',
  'Contoso Pharma',
  'Fabrikam Life Sciences',
  'Adatum Therapeutics',
  'Tailspin Biologics',
  'Litware Medical',
  'Proseware Oncology',
  'Wingtip Health',
];
const AREAS: [area: string, code: string, indications: string[]][] = [
  ['Oncology', 'ONC', ['Metastatic breast cancer', 'Non-small cell lung cancer', 'Colorectal cancer']],
  ['Cardiovascular', 'CVM', ['Heart failure with reduced ejection fraction', 'Atrial fibrillation']],
  [
    'Immunology',
    'IMM',
    ['Moderate to severe plaque psoriasis', 'Rheumatoid arthritis', 'Ulcerative colitis'],
  ],
  ['Neuroscience', 'NEU', ['Early Alzheimer disease', 'Relapsing multiple sclerosis', 'Migraine prevention']],
  ['Metabolism', 'MET', ['Type 2 diabetes', 'Obesity']],
  ['Respiratory', 'RES', ['Severe eosinophilic asthma', 'COPD']],
];
const NAMES = ['ALDER', 'BIRCH', 'CEDAR', 'DELTA', 'EMBER', 'FJORD', 'GROVE', 'HAVEN', 'IRIS', 'JUNO'];

/** The site groups the portfolio plans in (demo-site-groups.json), in the order studies take them. */
const GROUPS = [
  'Germany',
  'France',
  'Spain',
  'Italy',
  'USA - Central',
  'United Kingdom',
  'Poland',
  'Netherlands',
  'Belgium',
  'Canada',
  'Brazil',
  'Japan',
  'Australia',
  'Czech Republic',
  'Hungary',
  'Austria',
  'Sweden',
  'Denmark',
  'Portugal',
  'Greece',
  'Romania',
  'Bulgaria',
  'Israel',
  'South Korea',
  'Taiwan',
  'Mexico',
  'Argentina',
  'Switzerland',
  'Norway',
  'Finland',
  'Ireland',
  'Slovakia',
  'Croatia',
  'Serbia',
  'Turkey',
  'South Africa',
  'India',
  'China',
  'New Zealand',
  'Chile',
  'Colombia',
  'Singapore',
];

export interface DemoPortfolioStudy {
  identity: ImportedStudyIdentity;
  plan: ImportedPlan;
  /** Its extract, drawn from the truth given the plan's engine input (stream `index` of the seed). */
  extract: (input: SimulationInput) => CtmsExtractBodyInput;
}

/**
 * A Countries-sheet row of a Rates plan as the plan spreadsheet reads it: exactly `sites` sites, Medium site ID
 * effort, no other targets, rates, pauses, seasonal variation, cards or milestones (the demo portfolio's countries;
 * the completed-study import tests build theirs with it too).
 */
export function ratesCountryRow(
  row: number,
  c: Pick<ParsedCountry, 'siteGroupName' | 'iso3' | 'startUpTimeFrame' | 'siteEnrollmentRateAtSIV'> & {
    sites: number;
  },
): ParsedCountry {
  const none = { lowerBound: null, upperBound: null };
  return {
    row,
    siteGroupId: null,
    siteGroupName: c.siteGroupName,
    iso3: c.iso3,
    siteIdEffort: 'Medium',
    startUpTimeFrame: c.startUpTimeFrame,
    siteEnrollmentRateAtSIV: c.siteEnrollmentRateAtSIV,
    expectedScreenFailureRate: null,
    expectedTreatmentDropoutRate: null,
    pauseEnrollmentAfterPatient: null,
    pauseEnrollmentDays: null,
    NUM_SITES_ACTIVATED: { lowerBound: c.sites, upperBound: c.sites },
    NUM_SUBJECTS_SCREENED: none,
    NUM_SUBJECTS_ENROLLED: none,
    NUM_SUBJECTS_TREATED: none,
    NUM_SUBJECTS_COMPLETED: none,
    eventualSiteEnrollmentDays: null,
    eventualSiteEnrollmentRate: null,
    seasonal: new Array<number>(12).fill(1),
    activationOverride: false,
    cards: [],
    milestones: [],
  };
}

/**
 * A completed study's contracted Rates plan as the import reads it: the final protocol 30 days after the CRO
 * project start, 28 days of screening, 180 of treatment and 30 of follow-up, 10 % drop-out, no pauses and no
 * completion targets; without a name the import names it (IMPORTED_BASELINE_PLAN_NAME).
 */
export function contractedRatesPlan(
  o: {
    studyPlanDescr: string;
    croProjectStartDateMillis: number;
    enrollmentRate: number;
    sitesToActivate: number;
    subjectsToScreen: number;
    patientsEnrolled: number;
  },
  countries: ParsedCountry[],
  studyPlanName?: string,
): ImportedPlan {
  return ImportedPlan.parse({
    ...(studyPlanName === undefined ? {} : { studyPlanName }),
    overall: {
      studyPlanTypeDetail: 'Rates',
      studyPlanDescr: o.studyPlanDescr,
      croProjectStartDateMillis: o.croProjectStartDateMillis,
      finalProtocolStartDateMillis: o.croProjectStartDateMillis + 30 * MS_PER_DAY,
      enrollmentRate: o.enrollmentRate,
      overallEnrollmentDuration: null,
      screeningPeriodDuration: 28,
      treatmentDuration: 180,
      followUpDuration: 30,
      screenFailRate: null,
      dropOutRate: 0.1,
      pauseEnrollmentAfterPatient: null,
      pauseEnrollmentDays: null,
      sitesToActivate: o.sitesToActivate,
      subjectsToScreen: o.subjectsToScreen,
      patientsEnrolled: o.patientsEnrolled,
      patientsCompletingTreatment: null,
      patientsCompletingFollowUp: null,
    },
    countries,
  });
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The drawn course as a CTMS extract (sites numbered ISO3-101...), as of a month after its last month. */
export function demoPortfolioExtract(
  input: SimulationInput,
  stream: number,
  nowMs: number,
): CtmsExtractBodyInput {
  const plan = preparePlan(input);
  const day0 = plan.day0Ms;
  const endDay = Math.floor((nowMs - 45 * MS_PER_DAY - day0) / MS_PER_DAY);
  const course = drawCompletedCourse(plan, DEMO_PORTFOLIO_TRUTH, {
    seed: DEMO_PORTFOLIO_SEED,
    stream,
    endDay,
  });
  const sites: CtmsExtractBodyInput['sites'] = [];
  const siteMonths: CtmsExtractBodyInput['siteMonths'] = [];
  for (const s of course.sites) {
    const group = input.siteGroups[s.groupIndex]!;
    const number = `${group.countryIso3}-${101 + s.siteIndex}`;
    const activated = s.activationDay === null ? null : day0 + s.activationDay * MS_PER_DAY;
    const selected = Math.max(day0, (activated ?? day0 + endDay * MS_PER_DAY) - 60 * MS_PER_DAY);
    sites.push({
      siteNumber: number,
      piName: `Dr ${NAMES[(s.groupIndex + s.siteIndex) % NAMES.length]!.toLowerCase()}`,
      countryIso3: group.countryIso3,
      centralLocal: / - Central$/.test(group.siteGroupName) ? 'Central' : null,
      siteSelectedDate: isoDay(Math.min(selected, activated ?? selected)),
      siteActivatedDate: activated === null ? null : isoDay(activated),
      siteStatus: activated === null ? 'Start-up' : 'Enrolling',
    });
    s.screened.forEach((screened, m) => {
      if (screened === 0) return;
      siteMonths.push({
        siteNumber: number,
        month: isoDay(day0 + course.monthStartDays[m]! * MS_PER_DAY).slice(0, 7),
        screened,
        enrolled: s.enrolled[m]!,
        completedTreatment: 0,
        droppedOut: 0,
        completedFollowUp: 0,
      });
    });
  }
  const lastMonthEnd = day0 + ((course.monthStartDays[course.lastMonth] ?? 0) + 31) * MS_PER_DAY;
  return { asOf: new Date(Math.min(nowMs, lastMonthEnd + 30 * MS_PER_DAY)).toISOString(), sites, siteMonths };
}

/** The portfolio's studies (see the file comment); `nowMs` only caps a course that would run past today. */
export function demoPortfolio(nowMs: number): DemoPortfolioStudy[] {
  const rng = new Xoshiro128(DEMO_PORTFOLIO_SEED, 0);
  return COUNTRY_COUNTS.slice(0, DEMO_PORTFOLIO_SIZE).map((nCountries, i) => {
    const [area, code, indications] = AREAS[i % AREAS.length]!;
    const year = 2012 + (i % 6);
    const start = Date.UTC(year, Math.floor(rng.uniform() * 12), 1, 12);
    const offset = Math.floor(rng.uniform() * GROUPS.length);
    const countries = Array.from({ length: nCountries }, (_, k) =>
      ratesCountryRow(k + 2, {
        siteGroupName: GROUPS[(offset + k) % GROUPS.length]!,
        iso3: null,
        startUpTimeFrame: (k + 2) % 3 === 0 ? 'Long' : 'Short',
        // Drawn in this order: the sites, then the rate.
        sites: 1 + Math.floor(rng.uniform() * 4),
        siteEnrollmentRateAtSIV: 0.3 + rng.uniform(),
      }),
    );
    const sites = countries.reduce((n, c) => n + c.NUM_SITES_ACTIVATED.lowerBound!, 0);
    const meanRate = countries.reduce((r, c) => r + c.siteEnrollmentRateAtSIV!, 0) / nCountries;
    // About a year of every site at its planned rate.
    const enrolled = Math.max(20, Math.round(sites * meanRate * 12));
    const projectId = `${year}-${code}-${String(9001 + i)}`;
    const name = `${NAMES[i % NAMES.length]}-${String(i + 1).padStart(2, '0')}`;
    return {
      identity: {
        projectId,
        studyName: name,
        sponsorName: SPONSORS[i % SPONSORS.length]!,
        indication: indications[i % indications.length]!,
        therapeuticArea: area,
        phase: i % 4 === 0 ? 'Phase II' : 'Phase III',
        protocolId: `${code}-${String(101 + i)}`,
      },
      plan: contractedRatesPlan(
        {
          studyPlanDescr: `The contracted plan of ${name}: ${sites} sites in ${nCountries} countries.`,
          croProjectStartDateMillis: start,
          enrollmentRate: Math.round(meanRate * 100) / 100,
          sitesToActivate: sites,
          subjectsToScreen: Math.ceil(enrolled / 0.75),
          patientsEnrolled: enrolled,
        },
        countries,
        'Baseline - contracted',
      ),
      extract: (input) => demoPortfolioExtract(input, i + 1, nowMs),
    };
  });
}
