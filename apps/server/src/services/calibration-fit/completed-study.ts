import {
  monthBoundaries,
  MS_PER_DAY,
  parseSimulationInput,
  preparePlan,
  type CompletedSite,
  type CompletedStudy,
  type SimulationInput,
} from '@predict/engine';
import type { ActualsData, GroupMonth, SiteScreening } from '../actuals/compute-actuals';
import { actualLastEnrolledMillis } from '../actuals/forecast-lpi';

/**
 * A completed study as the fit reads it (pure: runs in the fit's worker thread): the baseline of record's engine
 * input, made into the engine's CompletedStudy with the study's latest CTMS extract.
 */

/** An extract's site, and one site's counts in one month (month = its first day, YYYY-MM-DD). */
export interface ExtractSite {
  siteNumber: string;
  siteGroupId: number;
  siteActivatedDate: string | null;
  siteStatus: string;
}
export interface ExtractSiteMonth {
  siteNumber: string;
  month: string;
  screened: number;
  enrolled: number;
  completedTreatment: number;
  droppedOut: number;
  completedFollowUp: number;
}

/** What the database holds of one candidate study (plain data: it is sent to the worker thread). */
export interface FitStudySource {
  studyId: number;
  projectId: string;
  /** The baseline of record's run input (simulation_runs.inputs). */
  inputs: unknown;
  asOfMs: number;
  sites: ExtractSite[];
  months: ExtractSiteMonth[];
}

export interface FitStudy {
  studyId: number;
  projectId: string;
  input: SimulationInput;
  completed: CompletedStudy;
  /** The actual last patient in (ms, noon UTC), as Forecast History reads it. */
  actualLpiMs: number;
}

const noon = (isoDay: string) => Date.parse(`${isoDay.slice(0, 10)}T12:00:00Z`);
const monthKey = (ms: number) => {
  const d = new Date(ms);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};

/** The extract as Study Actuals reads it (group totals per month, per-site screening up to the as-of day). */
export function actualsDataOf(source: FitStudySource): ActualsData {
  const groupOf = new Map(source.sites.map((s) => [s.siteNumber, s.siteGroupId]));
  const groups = new Map<string, GroupMonth>();
  const screening = new Map<string, SiteScreening>();
  for (const m of source.months) {
    const siteGroupId = groupOf.get(m.siteNumber)!;
    const key = `${siteGroupId}:${m.month}`;
    const g = groups.get(key) ?? {
      siteGroupId,
      month: m.month,
      screened: 0,
      enrolled: 0,
      completedTreatment: 0,
      droppedOut: 0,
    };
    g.screened += m.screened;
    g.enrolled += m.enrolled;
    g.completedTreatment += m.completedTreatment;
    g.droppedOut += m.droppedOut;
    groups.set(key, g);
    if (noon(m.month) > source.asOfMs) continue;
    const s = screening.get(m.siteNumber) ?? {
      siteNumber: m.siteNumber,
      screened: 0,
      lastScreenedMonth: null,
      lastActiveMonth: null,
    };
    s.screened += m.screened;
    if (m.screened > 0 && (s.lastScreenedMonth ?? '') < m.month) s.lastScreenedMonth = m.month;
    const any = m.screened + m.enrolled + m.completedTreatment + m.droppedOut + m.completedFollowUp;
    if (any > 0 && (s.lastActiveMonth ?? '') < m.month) s.lastActiveMonth = m.month;
    screening.set(m.siteNumber, s);
  }
  return {
    asOfMs: source.asOfMs,
    sites: source.sites,
    months: [...groups.values()].sort((a, b) => a.month.localeCompare(b.month)),
    siteScreening: [...screening.values()],
  };
}

/**
 * The engine's CompletedStudy: the plan prepared as its baseline run prepared it, and per extract site of the
 * plan's groups its activation day and screened count per calendar month. The data end is the end of the last
 * month in which the study screened anyone (not after the as-of day): sites silent after the study stopped
 * screening are not inactive. A Closed site closes at the end of its last month with any count, as the remodel
 * reads the extract. Sites of groups the plan does not have are left out (as in the remodel).
 */
export function completedStudyOf(
  source: FitStudySource,
  input: SimulationInput,
  actualLpiMs: number,
): CompletedStudy {
  const prepared = preparePlan(input);
  const { day0Ms } = prepared;
  const dayOf = (ms: number) => Math.round((ms - day0Ms) / MS_PER_DAY);
  const groupKeys = new Set(prepared.groups.map((g) => g.key));
  const inPlan = source.sites.filter((s) => groupKeys.has(String(s.siteGroupId)));
  const numbers = new Set(inPlan.map((s) => s.siteNumber));
  const lastScreening = source.months
    .filter((m) => m.screened > 0 && numbers.has(m.siteNumber))
    .reduce((last, m) => (m.month > last ? m.month : last), '');
  const nextMonth = (iso: string) => {
    const d = new Date(noon(iso));
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 12);
  };
  const asOfDay = Math.floor((source.asOfMs - day0Ms) / MS_PER_DAY);
  const dataEndDay = Math.max(
    0,
    Math.min(asOfDay, lastScreening ? dayOf(nextMonth(lastScreening)) - 1 : asOfDay),
  );
  const monthStartDays = monthBoundaries(day0Ms, dataEndDay);
  const month0 = monthKey(day0Ms);
  const bySite = new Map<string, ExtractSiteMonth[]>();
  for (const m of source.months) bySite.set(m.siteNumber, [...(bySite.get(m.siteNumber) ?? []), m]);
  const sites: CompletedSite[] = [];
  for (const s of inPlan) {
    if (s.siteActivatedDate === null) continue;
    const activationDay = Math.max(0, dayOf(noon(s.siteActivatedDate)));
    if (activationDay > dataEndDay) continue;
    const screenedByMonth = new Array<number>(monthStartDays.length).fill(0);
    let lastActive: string | null = null;
    for (const m of bySite.get(s.siteNumber) ?? []) {
      const index = Math.max(0, monthKey(noon(m.month)) - month0);
      if (index < screenedByMonth.length) screenedByMonth[index]! += m.screened;
      const any = m.screened + m.enrolled + m.completedTreatment + m.droppedOut + m.completedFollowUp;
      if (any > 0 && (lastActive ?? '') < m.month) lastActive = m.month;
    }
    const closed = s.siteStatus.trim().toLowerCase() === 'closed';
    const closedDay = closed
      ? Math.min(
          dataEndDay,
          Math.max(activationDay, lastActive ? dayOf(nextMonth(lastActive)) : activationDay),
        )
      : null;
    sites.push({ group: String(s.siteGroupId), activationDay, screenedByMonth, closedDay });
  }
  return {
    id: String(source.studyId),
    plan: { day0Ms, groups: prepared.groups },
    monthStartDays,
    dataEndDay,
    sites,
    finishedMs: actualLpiMs,
  };
}

/**
 * The study ready for the fit, or why not: an input the engine refuses, an extract that has not reached LPI (the
 * day the extract shows the baseline run's target enrolled, read as Forecast History reads it), or an input the
 * remodel cannot read.
 */
export function fitStudyOf(source: FitStudySource): FitStudy | { skipped: string } {
  const parsed = parseSimulationInput(source.inputs);
  if (!parsed.ok) return { skipped: 'its baseline run input cannot be read' };
  let actualLpiMs: number | null;
  try {
    actualLpiMs = actualLastEnrolledMillis(parsed.input, actualsDataOf(source));
  } catch {
    return { skipped: 'its extract cannot be read against its baseline plan' };
  }
  if (actualLpiMs === null) return { skipped: 'its extract has not reached LPI' };
  return {
    studyId: source.studyId,
    projectId: source.projectId,
    input: parsed.input,
    completed: completedStudyOf(source, parsed.input, actualLpiMs),
    actualLpiMs,
  };
}
