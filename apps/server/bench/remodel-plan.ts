/** The remodel benchmark's W2-size Baseline Plan, as a demo plan spec (seeded by the demo data's own machinery). */
import { DEMO_BASELINE_PLAN_NAME } from '../src/seed/demo-actuals';
import type { DemoPlan } from '../src/seed/demo-plans';
import { demoData } from '../src/seed/load-demo-data';

const COUNTRIES = 40;

/** The W2-size baseline: 40 site groups of distinct countries, 10 sites each, 2,667 screened at 25% screen fail. */
export function w2Baseline(): DemoPlan {
  const seen = new Set<string>();
  const groups = demoData().siteGroups.filter((g) => !seen.has(g.countryIso3) && seen.add(g.countryIso3));
  return {
    step1: {
      studyPlanType: 1,
      cohortType: 0,
      studyPlanName: DEMO_BASELINE_PLAN_NAME,
      studyPlanDescr: 'W2-size bench baseline: 40 countries, 400 sites, 2,000 patients enrolled.',
      finalProtocolAfterDays: 30,
      enrollmentRate: 0.35,
      screenFailRate: 0.25,
      dropOutRate: 0.1,
      screeningPeriodDuration: 28,
      treatmentDuration: 180,
      followUpDuration: 60,
      tfedToDbLockDuration: 45,
      dbLocktoCSRDuration: 90,
      csrToTMFCloseAndReturnDuration: 60,
      ownedBy: 'Bench',
      parameters: [
        { parameterName: 'SITES_TO_ACTIVATE', lowerBound: COUNTRIES * 10 },
        { parameterName: 'SUBJECTS_TO_SCREEN', lowerBound: 2_667 },
      ],
    },
    countries: groups.slice(0, COUNTRIES).map((g, i) => ({
      siteGroupName: g.siteGroupName,
      sites: { lower: 10 },
      siteIdEffort: 'Medium',
      startUp: 'Short',
      rate: 0.25 + (i % 5) * 0.05,
    })),
    run: true,
    startMonthsAgo: 12,
  };
}
