import { z } from 'zod';
import { FORECAST_RECORD_LEVELS, MilestoneQuantiles } from '../results/forecast-records';

/**
 * The answer of GET /ctpo/compare/study/{studyId}?plans= (scenario comparison): per plan, in the order asked, its
 * inputs as its latest finished run used them, the run's milestones, figures and monthly enrollment band, and the
 * cost of a linked Schedule of Events. Everything comes from stored results: nothing is simulated again.
 */

const int = z.number().int();
const num = z.number();
const ms = int.describe('ms since the epoch (UTC)');

export const ComparedCountry = z
  .object({
    /** The site group's name; a combination's carry the member plan's label, e.g. 'Germany (Base case)'. */
    siteGroupName: z.string(),
    countryIso3: z.string(),
    region: z.string(),
    sitesLower: num.nullable().describe('Activated sites: lower bound (Rates) or the only count'),
    sitesUpper: num.nullable().describe('Activated sites: upper bound (Duration plans)'),
    enrollmentRate: num.nullable().describe('Patients enrolled per site per month at SIV'),
    screenFailRate: num.nullable(),
    dropOutRate: num.nullable(),
    siteIdEffort: z.string().nullable(),
    startUpSize: z.string().nullable(),
    startUpDays: num.nullable().describe("Days from project start to the country's first patient screened"),
  })
  .meta({ id: 'ComparedCountry' });
export type ComparedCountry = z.infer<typeof ComparedCountry>;

export const ComparedInputs = z
  .object({
    studyPlanTypeDetail: z.string(),
    croProjectStartDateMillis: ms.nullable(),
    finalProtocolStartDateMillis: ms.nullable(),
    /** Sums over a combination's members. */
    sitesToActivate: num.nullable(),
    subjectsToScreen: num.nullable(),
    subjectsToEnroll: num.nullable(),
    /** Study-level values; null for a combination whose members differ. */
    enrollmentRate: num.nullable(),
    screenFailRate: num.nullable(),
    dropOutRate: num.nullable(),
    overallEnrollmentDurationMonths: num.nullable().describe('Duration plans: FPI to LPI asked for'),
    screeningPeriodDays: num.nullable(),
    treatmentDays: num.nullable(),
    followUpDays: num.nullable(),
    countries: z.array(ComparedCountry),
  })
  .meta({ id: 'ComparedInputs', description: "The plan's inputs as its latest finished run used them" });
export type ComparedInputs = z.infer<typeof ComparedInputs>;

export const COMPARED_MILESTONES = ['fsiv', 'fpi', 'lpi', 'lplv', 'dbLock'] as const;
export type ComparedMilestoneKey = (typeof COMPARED_MILESTONES)[number];
export const COMPARED_MILESTONE_LABELS: Record<ComparedMilestoneKey, string> = {
  fsiv: 'First site initiated (FSIV)',
  fpi: 'First patient in (FPI)',
  lpi: 'Last patient in (LPI)',
  lplv: 'Last patient last visit (LPLV)',
  dbLock: 'Database lock',
};

export const ComparedMilestones = z
  .object(
    Object.fromEntries(COMPARED_MILESTONES.map((k) => [k, MilestoneQuantiles])) as Record<
      ComparedMilestoneKey,
      typeof MilestoneQuantiles
    >,
  )
  .meta({
    id: 'ComparedMilestones',
    description:
      "P10 / P50 / P90 (ms, noon UTC) from the run's forecast of record; database lock is LPLV shifted by the " +
      "run's TFED-to-lock days (its timeline table); null when not reached or the run has no record",
  });
export type ComparedMilestones = z.infer<typeof ComparedMilestones>;

export const ComparedFigures = z
  .object({
    enrollmentDurationMonths: num.nullable().describe('FPI to LPI, months (summary table, Overall)'),
    sitesActivated: num.nullable(),
    siteMonths: num.nullable(),
    patientsScreened: num.nullable(),
    patientsEnrolled: num.nullable(),
    patientsCompleting: num.nullable().describe('Patients completing treatment'),
  })
  .meta({ id: 'ComparedFigures', description: "The plan line's Overall row of the run's summary table" });
export type ComparedFigures = z.infer<typeof ComparedFigures>;

export const ComparedEnrollmentBand = z
  .object({
    monthStartMillis: z.array(ms),
    p10: z.array(num),
    p50: z.array(num),
    p90: z.array(num),
  })
  .meta({ id: 'ComparedEnrollmentBand', description: 'Cumulative patients enrolled at each month end' });
export type ComparedEnrollmentBand = z.infer<typeof ComparedEnrollmentBand>;

const CostBand = z
  .object({ p10: num, p50: num, p90: num })
  .meta({ id: 'ComparedCostBand', description: 'P10 / P50 / P90 of a total cost over the replications' });

export const ComparedCost = z
  .object({
    scheduleOfEventsId: int,
    scheduleOfEventsName: z.string(),
    currency: z.string(),
    /** The Cost Summary's Total (the plan line); null with `unavailableMessage` when the SOE cannot be costed. */
    total: num.nullable(),
    /** The total cost's band over the replications the SOE forecast's chart costs; null when not costed. */
    band: CostBand.nullable(),
    /** Each site group's SubTotal (plan line) and the band of its own total cost. */
    byCountry: z.array(z.object({ siteGroupName: z.string(), total: num, band: CostBand.nullable() })),
    /** How many replications the bands are taken over (0: the run has no Monte Carlo; the bands are the plan line). */
    bandReplications: int,
    unavailableMessage: z.string().nullable(),
  })
  .meta({
    id: 'ComparedCost',
    description: "The cost forecast of the plan's most recently changed linked Schedule of Events",
  });
export type ComparedCost = z.infer<typeof ComparedCost>;

export const ComparedPlan = z
  .object({
    studyPlanId: int,
    studyPlanName: z.string(),
    studyPlanTypeDetail: z.string(),
    scenarioStatus: z.string(),
    simRunId: int,
    inputs: ComparedInputs,
    milestones: ComparedMilestones,
    lpiPercentiles: z
      .array(ms.nullable())
      .length(FORECAST_RECORD_LEVELS.length)
      .nullable()
      .describe(
        'LPI P1..P99 (index k is P(k+1); null = not reached in the horizon): the probability of LPI by a date ' +
          'is the share of them on or before it, to 1 percentage point. Null without a Monte Carlo LPI',
      ),
    lpiProbabilityReached: num.nullable(),
    horizonMillis: ms.nullable(),
    figures: ComparedFigures,
    enrollment: ComparedEnrollmentBand.nullable(),
    cost: ComparedCost.nullable().describe('Null when no Schedule of Events is linked to the plan'),
  })
  .meta({ id: 'ComparedPlan' });
export type ComparedPlan = z.infer<typeof ComparedPlan>;

export const PlanComparison = z
  .object({
    studyId: int,
    projectId: z.string(),
    studyName: z.string(),
    plans: z.array(ComparedPlan),
  })
  .meta({ id: 'PlanComparison' });
export type PlanComparison = z.infer<typeof PlanComparison>;

export const COMPARE_PATH = '/ctpo/compare/study/{studyId}';
export const compareUrl = (studyId: number, planIds: readonly number[]) =>
  `${COMPARE_PATH.replace('{studyId}', String(studyId))}?plans=${planIds.join(',')}`;
