/**
 * A true study of the calibration harness (calibration-truth.ts) as the portfolio fit reads a completed study
 * (src/portfolio/types.ts), I/O-free. It mirrors the server's conversion of a CTMS extract
 * (apps/server/src/services/calibration-fit/completed-study.ts): the baseline plan as `preparePlan` returns it, per
 * site of the plan's groups its activation day (not before day 0) and its screened patients per calendar month of
 * `monthBoundaries(day0, dataEndDay)`, sites activated after the data end left out, no closing day (a CRO's records
 * do not say that a site stopped recruiting: it falls silent), and the finish date from the true LPI.
 *
 * One difference: the server only sees monthly counts, so its data end is the last day of the last month with a
 * screening; here the day screening stopped is known exactly (the target-th passing patient's screening day), and
 * that is the data end (`dataEnd: 'stop'`, default). `dataEnd: 'month'` takes the server's end of that month.
 * A course that never reached the target ends on the last day any site still recruited (at most the truth's
 * 15-year horizon); the server would not take such a study (its extract has not reached LPI).
 */
import { monthBoundaries } from '../src/model/calendar';
import type { PreparedPlan } from '../src/model/prepared-plan';
import type { CompletedSite, CompletedStudy } from '../src/portfolio';
import { MAX_HORIZON_DAYS } from '../src/prepare/prepare-plan';
import { MS_PER_DAY } from '../src/time';
import type { TruthOutcome } from './calibration-truth';

export type DataEnd = 'stop' | 'month';

/** Index of the month holding `day`: the last start <= day (starts ascending, starts[0] <= day). */
function monthIndexOf(starts: readonly number[], day: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= day) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The last day of the calendar month holding `day` (days since day 0). */
function monthEndDay(day0Ms: number, day: number): number {
  const d = new Date(day0Ms + day * MS_PER_DAY);
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 12);
  return Math.round((next - day0Ms) / MS_PER_DAY) - 1;
}

/** The day the course's screening stopped: the last screening (target reached) or the last recruiting day. */
export function screeningEndDay(truth: TruthOutcome): number {
  if (Number.isFinite(truth.lpi)) return Math.floor(truth.screen[truth.screen.length - 1]!);
  const lastOpen = truth.inactive.reduce((m, x) => Math.max(m, x), 0);
  return Math.min(MAX_HORIZON_DAYS - 1, Math.floor(lastOpen));
}

/** The completed study of a true course (see the file comment). */
export function completedStudyOfTruth(
  id: string,
  plan: PreparedPlan,
  truth: TruthOutcome,
  dataEnd: DataEnd = 'stop',
): CompletedStudy {
  const { day0Ms } = plan;
  const stop = screeningEndDay(truth);
  const dataEndDay = dataEnd === 'month' ? monthEndDay(day0Ms, stop) : stop;
  const monthStartDays = monthBoundaries(day0Ms, dataEndDay);
  const sites: CompletedSite[] = [];
  const slot = new Int32Array(truth.activation.length).fill(-1);
  truth.activation.forEach((a, i) => {
    const activationDay = Math.max(0, a);
    if (activationDay > dataEndDay) return;
    slot[i] = sites.length;
    sites.push({
      group: plan.groups[truth.siteGroup[i]!]!.key,
      activationDay,
      screenedByMonth: new Array<number>(monthStartDays.length).fill(0),
      closedDay: null,
    });
  });
  for (let k = 0; k < truth.screen.length; k++) {
    const day = Math.floor(truth.screen[k]!);
    const s = slot[truth.site[k]!]!;
    if (day > dataEndDay || s < 0) continue;
    (sites[s]!.screenedByMonth as number[])[monthIndexOf(monthStartDays, day)]!++;
  }
  return {
    id,
    plan: { day0Ms, groups: plan.groups },
    monthStartDays,
    dataEndDay,
    sites,
    ...(Number.isFinite(truth.lpi) ? { finishedMs: day0Ms + Math.floor(truth.lpi) * MS_PER_DAY } : {}),
  };
}
