import type { SimulationInput } from '../input/schema';
import type { StudyMilestoneName } from '../input/schema-plan';
import type { PreparedPlan } from '../model/prepared-plan';
import type { PlanLine, StudyPlanMilestones } from '../plan-line/types';
import { DAYS_PER_MONTH, DISPLAY_DAYS_PER_MONTH } from '../time';
import { totalsAtDay, type IntegerRows } from './details';
import { dayToMs, formatDate } from './periods';
import type { Computed, DurationRow, EnrollmentRow, StartupRow, SummaryRow, TimelineRow } from './types';

const round = (v: number, decimals: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;
const ratio = (num: number, den: number, decimals: number): Computed =>
  den > 0 ? round(1 - num / den, decimals) : '##';
const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : b - a);
const last = (row: number[] | undefined) => row?.[row.length - 1] ?? 0;

/** Summary: one row per site group and the 'Overall' row; rates in patients/site/month. */
export function summaryTable(prepared: PreparedPlan, line: PlanLine, rows: IntegerRows): SummaryRow[] {
  const day0 = prepared.day0Ms;
  const build = (name: string, members: number[]): SummaryRow => {
    const sum = (f: (i: number) => number) => members.reduce((a, i) => a + f(i), 0);
    const sites = sum((i) => prepared.groups[i]!.activationOffsets.length);
    // Planned rates, site-weighted over the members: what each site is planned to screen / enroll per month.
    const screenRate = sum(
      (i) => prepared.groups[i]!.screenRatePerSiteDay * prepared.groups[i]!.activationOffsets.length,
    );
    const enrollRate = sum((i) => {
      const g = prepared.groups[i]!;
      return g.screenRatePerSiteDay * (1 - g.screenFailRate) * g.activationOffsets.length;
    });
    const screened = sum((i) => last(rows.screened[i]));
    const enrolled = sum((i) => last(rows.enrolled[i]));
    const completed = sum((i) => last(rows.completedTreatment[i]));
    const ms = members.map((i) => line.groups[i]!.milestones);
    const firsts = ms.map((m) => m.firstEnrolled).filter((d): d is number => d !== null);
    const start = firsts.length ? Math.min(...firsts) : null;
    const ends = ms.map((m) => m.lastEnrolled);
    const end = ends.some((d) => d === null) || ends.length === 0 ? null : Math.max(...(ends as number[]));
    const duration = start !== null && end !== null ? round((end - start) / DISPLAY_DAYS_PER_MONTH, 1) : '##';
    return {
      siteGroupName: name,
      'Enrollment Start': start === null ? null : formatDate(dayToMs(day0, start)),
      enrollmentStartMillis: start === null ? null : dayToMs(day0, start),
      'Number of Activated Sites': sites,
      'Screen Rate': sites > 0 ? round((screenRate / sites) * DAYS_PER_MONTH, 2) : 0,
      'Enrollment Rate': sites > 0 ? round((enrollRate / sites) * DAYS_PER_MONTH, 2) : 0,
      'Number of Patients Screened': screened,
      'Number of Patients Enrolled': enrolled,
      'Number of Patients Completing Treatment': completed,
      'Enrollment Duration': duration,
      'Site Months': round(
        sum((i) => line.groups[i]!.siteMonths),
        1,
      ),
      'Screen Fail Rate': ratio(enrolled, screened, 2),
      'Drop Out Rate': ratio(completed, enrolled, 2),
    };
  };
  const all = prepared.groups.map((_, i) => i);
  return [...prepared.groups.map((g, i) => build(g.name, [i])), build('Overall', all)];
}

/** Country start-up milestones (dates) and the six durations between them (days). */
export function startupTable(prepared: PreparedPlan, line: PlanLine): StartupRow[] {
  return prepared.groups.map((g, i) => {
    const m = line.groups[i]!.milestones;
    const days = {
      'Project Start Date': 0,
      'Protocol Final Date': g.milestones.protocolFinal,
      'Site ID Finish': g.milestones.siteIdFinish,
      'Regulatory Submission': g.milestones.regulatorySubmission,
      'First Regulatory Approval': g.milestones.firstRegulatoryApproval,
      'First Site Initiated': m.firstSiteActivation,
      'Last Site Initiated': m.lastSiteActivation,
      'First Screened': m.firstScreened,
      'First Enrolled': m.firstEnrolled,
      'Last Enrolled': m.lastEnrolled,
    } as const;
    const millis = Object.fromEntries(
      Object.entries(days).map(([k, d]) => [k, d === null ? null : dayToMs(prepared.day0Ms, d)]),
    ) as StartupRow['millis'];
    const dates = Object.fromEntries(
      Object.entries(millis).map(([k, ms]) => [k, ms === null ? null : formatDate(ms)]),
    );
    return {
      siteGroupName: g.name,
      countryIso3: g.countryIso3,
      millis,
      ...(dates as Record<keyof typeof days, string | null>),
      'Project Start to Site ID Finish': diff(0, days['Site ID Finish']),
      'Site ID Finish to Regulatory Submission': diff(days['Site ID Finish'], days['Regulatory Submission']),
      'Regulatory Submission to First Regulatory Approval': diff(
        days['Regulatory Submission'],
        days['First Regulatory Approval'],
      ),
      'First Regulatory Approval to First Site Initiated': diff(
        days['First Regulatory Approval'],
        days['First Site Initiated'],
      ),
      'First Site Initiated to First Enrolled': diff(days['First Site Initiated'], days['First Enrolled']),
      'First Enrolled to Last Enrolled': diff(days['First Enrolled'], days['Last Enrolled']),
    };
  });
}

/** Country start-up durations of the chain, days. */
export function durationTable(prepared: PreparedPlan): DurationRow[] {
  return prepared.groups.map((g) => {
    const c = g.milestones;
    const fps = c.firstSiteActivation + g.firstScreenDelayDays;
    return {
      siteGroupName: g.name,
      countryIso3: g.countryIso3,
      'Site ID Duration': c.siteIdFinish,
      'Submission Duration': c.regulatorySubmission - Math.max(c.siteIdFinish, c.protocolFinal),
      'Regulatory Approval Duration': c.firstRegulatoryApproval - c.regulatorySubmission,
      'Site Initiation Duration': c.firstSiteActivation - c.firstRegulatoryApproval,
      'First Patient Screened Duration': fps - c.firstSiteActivation,
      'Total Start-Up Duration': fps,
    };
  });
}

/** Study timeline: start-up, enrollment, treatment and follow-up, close-out; Duration in months (days / 30.42). */
export function timelineTable(prepared: PreparedPlan, line: PlanLine): TimelineRow[] {
  const m = line.milestones;
  const row = (label: string, from: number | null, to: number | null): TimelineRow => {
    const days = diff(from, to);
    return {
      DurationLabel: label,
      Duration: days === null ? null : round(days / DISPLAY_DAYS_PER_MONTH, 2),
      days,
      startMillis: from === null ? null : dayToMs(prepared.day0Ms, from),
      endMillis: to === null ? null : dayToMs(prepared.day0Ms, to),
    };
  };
  return [
    row('Start-Up (Project Start to FSIV)', 0, m.firstSiteActivation),
    row('Site Activation (FSIV to Last Site Initiated)', m.firstSiteActivation, m.lastSiteActivation),
    row('Enrollment (FPI to LPI)', m.firstEnrolled, m.lastEnrolled),
    row('Treatment and Follow-Up (LPI to LPLV)', m.lastEnrolled, m.lastLastVisit),
    row('TFED to DB Lock', m.tfed, m.dbLock),
    row('DB Lock to CSR', m.dbLock, m.csr),
    row('CSR to TMF Close', m.csr, m.tmfClose),
    row('Total (Project Start to TMF Close)', 0, m.tmfClose),
  ];
}

/** Enrollment milestones: SortName, plan-line date and counts; which study milestone sets each row's confidence. */
export const ENROLLMENT_MILESTONES: {
  SortName: string;
  key: keyof StudyPlanMilestones;
  milestone: StudyMilestoneName | null;
}[] = [
  { SortName: 'First Site Initiated', key: 'firstSiteActivation', milestone: 'DURATION_TO_FSIV' },
  { SortName: 'First Patient Screened', key: 'firstScreened', milestone: 'DURATION_TO_FPS' },
  { SortName: 'First Patient In', key: 'firstEnrolled', milestone: 'DURATION_TO_FPI' },
  { SortName: '25% Enrolled', key: 'enrolled25', milestone: null },
  { SortName: '50% Enrolled', key: 'enrolled50', milestone: null },
  { SortName: '75% Enrolled', key: 'enrolled75', milestone: null },
  { SortName: 'Last Patient In', key: 'lastEnrolled', milestone: 'DURATION_TO_LPI' },
  { SortName: 'First Patient Last Visit', key: 'firstLastVisit', milestone: 'DURATION_TO_FPLV' },
  { SortName: 'Last Patient Completes Treatment', key: 'lastCompletedTreatment', milestone: null },
  { SortName: 'Last Patient Last Visit', key: 'lastLastVisit', milestone: 'DURATION_TO_LPLV' },
];

/** Per enrollment milestone, the confidence level (percent) the plan asks for; unset (-1) means 50. */
export function milestoneLevels(input: SimulationInput): Partial<Record<keyof StudyPlanMilestones, number>> {
  const confidence = new Map(
    (input.plan.milestones ?? []).map((m) => [m.milestoneName, m.levelOfConfidence]),
  );
  return Object.fromEntries(
    ENROLLMENT_MILESTONES.map(({ key, milestone }) => {
      const level = milestone ? (confidence.get(milestone) ?? -1) : -1;
      return [key, level === -1 ? 50 : level];
    }),
  );
}

/** Enrollment milestones table from the plan line; forecast columns stay null until a forecast is given. */
export function enrollmentTable(
  input: SimulationInput,
  prepared: PreparedPlan,
  line: PlanLine,
): EnrollmentRow[] {
  const levels = milestoneLevels(input);
  return ENROLLMENT_MILESTONES.map(({ SortName, key }) => {
    const day = line.milestones[key];
    const t = day === null ? null : totalsAtDay(line, day);
    return {
      SortName,
      Date: day === null ? null : formatDate(dayToMs(prepared.day0Ms, day)),
      dateMillis: day === null ? null : dayToMs(prepared.day0Ms, day),
      'Sites Initiated': t?.activeSites ?? null,
      Screened: t?.screened ?? null,
      Enrolled: t?.enrolled ?? null,
      'Completed Treatment': t?.completedTreatment ?? null,
      'Completed Follow-up': t?.completedFollowUp ?? null,
      P10: null,
      P50: null,
      P90: null,
      levelOfConfidence: levels[key] ?? 50,
      confidenceDateMillis: null,
      probabilityReached: null,
      horizonMillis: null,
    };
  });
}
