/**
 * The tables compilePlan (compile.ts) flattens a PreparedPlan into, one function per kind: the calendar months of
 * the horizon, the patient classes and (seasonal profile, class) combos, the sites, and the age terms.
 */
import type { PreparedPlan } from '../model/prepared-plan';
import { agePieces, centringFactor, groupAgeProfile, isFatigueOnly } from '../model/age-profile';
import { monthOfEachDay } from './grid';

/** Per day of the horizon its month's index and whether it starts one; the calendar month (0-11) of each. */
export function compileCalendar(plan: PreparedPlan, nDays: number) {
  const months = monthOfEachDay(plan.day0Ms, nDays);
  const monthIndex = new Int32Array(nDays);
  const monthStart = new Uint8Array(nDays);
  const calendarMonth: number[] = [];
  for (let d = 0; d < nDays; d++) {
    const first = d === 0 || months[d] !== months[d - 1];
    if (first) calendarMonth.push(months[d]!);
    monthIndex[d] = calendarMonth.length - 1;
    monthStart[d] = first ? 1 : 0;
  }
  return { monthIndex, monthStart, calendarMonth, nMonths: calendarMonth.length };
}

/** Groups into classes (marked alike) and combos (a class with one seasonal profile); see compile.ts. */
function classAndComboKeys(plan: PreparedPlan) {
  const classKeys = new Map<string, number>();
  const classGroups: number[] = [];
  const comboKeys = new Map<string, number>();
  const comboGroups: number[] = [];
  const comboClassList: number[] = [];
  const groupCombo = new Int32Array(plan.groups.length);
  plan.groups.forEach((g, gi) => {
    const special = g.caps.screened !== null || g.caps.enrolled !== null || g.pause !== null;
    const key = special ? `#${gi}` : `${g.screenFailRate}|${g.dropOutRate}`;
    let k = classKeys.get(key);
    if (k === undefined) {
      k = classGroups.length;
      classKeys.set(key, k);
      classGroups.push(gi);
    }
    const comboKey = `${k}|${g.seasonal.join(',')}`;
    let q = comboKeys.get(comboKey);
    if (q === undefined) {
      q = comboGroups.length;
      comboKeys.set(comboKey, q);
      comboGroups.push(gi);
      comboClassList.push(k);
    }
    groupCombo[gi] = q;
  });
  return { classGroups, comboGroups, comboClassList, groupCombo };
}

/** The classes' marking rates, caps and pauses, and the combos' seasonal multipliers per month of the horizon. */
export function compileClasses(plan: PreparedPlan, calendarMonth: readonly number[]) {
  const { classGroups, comboGroups, comboClassList, groupCombo } = classAndComboKeys(plan);
  const nMonths = calendarMonth.length;
  const nClasses = classGroups.length;
  const nCombos = comboGroups.length;
  const comboSeason = new Float64Array(nCombos * nMonths);
  comboGroups.forEach((gi, q) => {
    const seasonal = plan.groups[gi]!.seasonal;
    for (let mi = 0; mi < nMonths; mi++) comboSeason[q * nMonths + mi] = seasonal[calendarMonth[mi]!] ?? 1;
  });
  const classPass = new Float64Array(nClasses);
  const classDropOut = new Float64Array(nClasses);
  const classCapScreened = new Float64Array(nClasses).fill(Infinity);
  const classCapEnrolled = new Float64Array(nClasses).fill(Infinity);
  const classPauseAfter = new Float64Array(nClasses).fill(Infinity);
  const classPauseDays = new Float64Array(nClasses);
  let hasClassRules = false;
  classGroups.forEach((gi, k) => {
    const g = plan.groups[gi]!;
    classPass[k] = 1 - g.screenFailRate;
    classDropOut[k] = g.dropOutRate;
    if (g.caps.screened !== null) classCapScreened[k] = g.caps.screened;
    if (g.caps.enrolled !== null) classCapEnrolled[k] = g.caps.enrolled;
    if (g.pause !== null) {
      classPauseAfter[k] = g.pause.afterEnrolled;
      classPauseDays[k] = g.pause.days;
    }
    if (g.caps.screened !== null || g.caps.enrolled !== null || g.pause !== null) hasClassRules = true;
  });
  return {
    nClasses,
    nCombos,
    comboClass: Int32Array.from(comboClassList),
    comboSeason,
    groupCombo,
    classPass,
    classDropOut,
    classCapScreened,
    classCapEnrolled,
    classPauseAfter,
    classPauseDays,
    hasClassRules,
  };
}

/** Every site in group order: its group, its planned activation day, and where each group's sites start. */
export function compileSites(plan: PreparedPlan) {
  const nGroups = plan.groups.length;
  const nSites = plan.groups.reduce((n, g) => n + g.activationOffsets.length, 0);
  const siteGroup = new Int32Array(nSites);
  const sitePlanned = new Float64Array(nSites);
  const groupSiteStart = new Int32Array(nGroups + 1);
  let i = 0;
  plan.groups.forEach((g, gi) => {
    groupSiteStart[gi] = i;
    for (const off of g.activationOffsets) {
      siteGroup[i] = gi;
      sitePlanned[i] = g.milestones.firstSiteActivation + off;
      i++;
    }
  });
  groupSiteStart[nGroups] = nSites;
  return { nSites, siteGroup, sitePlanned, groupSiteStart };
}

/**
 * The groups' age profiles as linear pieces, the rate per site-day at age 0 (the age terms' centring keeps the
 * planned rate a site's first-year mean, model/age-profile.ts), and whether any group needs the generic path.
 */
export function compileAgeTerms(plan: PreparedPlan) {
  const u = plan.uncertainty;
  const hazardPerDay = Math.max(0, u.siteInactivationPerYear ?? 0) / 365.25;
  const profiles = plan.groups.map((g) => groupAgeProfile(g.fatigue, u));
  const pieces = profiles.map(agePieces);
  const groupPieceStart = new Int32Array(plan.groups.length + 1);
  pieces.forEach((p, gi) => (groupPieceStart[gi + 1] = groupPieceStart[gi]! + p.length));
  const flat = pieces.flat();
  return {
    groupRate: Float64Array.from(
      plan.groups,
      (g, gi) => Math.max(0, g.screenRatePerSiteDay) * centringFactor(profiles[gi]!, hazardPerDay),
    ),
    groupPieceStart,
    pieceX0: Float64Array.from(flat, (p) => p.x0),
    pieceX1: Float64Array.from(flat, (p) => p.x1),
    pieceC0: Float64Array.from(flat, (p) => p.c0),
    pieceC1: Float64Array.from(flat, (p) => p.c1),
    genericSites: !profiles.every(isFatigueOnly),
  };
}
