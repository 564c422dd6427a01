/**
 * Flattens a PreparedPlan into typed arrays for the replication loop.
 * - A "class" is a set of groups whose patients are marked alike (screen fail and drop-out rates, no cap, no
 *   country pause); a group with a cap or a pause is a class of its own. Arrivals are attributed to classes only
 *   when there is more than one.
 * - A "combo" is a (seasonal profile, class) pair. Seasonal multipliers are constant within a calendar month, so
 *   the loop needs per-combo sums only at month starts: the per-day work is classes x days plus combos x months,
 *   not groups x days.
 */
import { countryRateCvOf, type PreparedPlan } from '../model/prepared-plan';
import { defaultForecastGrid, monthOfEachDay } from './grid';

export interface CompiledPlan {
  /** Simulated days 0..nDays-1; events at times >= nDays are beyond the horizon. */
  nDays: number;
  nGroups: number;
  nSites: number;
  nClasses: number;
  nCombos: number;
  /** Month index (0 = the month of day 0) of every day, and whether the day starts a month (day 0 does). */
  nMonths: number;
  monthIndex: Int32Array;
  monthStart: Uint8Array;
  /** Per combo: class, and seasonal multiplier per month index (combo-major, nMonths each). */
  comboClass: Int32Array;
  comboSeason: Float64Array;
  /** Per group. */
  groupCombo: Int32Array;
  groupSpan: Float64Array;
  groupDelay: Float64Array;
  groupRate: Float64Array;
  /** Per group: Gamma posterior of the rate (remodel), shape 0 = none (the prior draws apply). */
  groupPostShape: Float64Array;
  groupPostRate: Float64Array;
  /** Fatigue length D (days, Infinity = no fatigue) and drop 1 - finalFactor. */
  groupFatigueDays: Float64Array;
  groupFatigueDrop: Float64Array;
  /** Per site: group, plan-line activation day. Sites are stored group by group, in plan order. */
  siteGroup: Int32Array;
  /** Per group: index of its first site (nGroups + 1 entries; the last is nSites). */
  groupSiteStart: Int32Array;
  sitePlanned: Float64Array;
  /** Per class: pass and drop-out probabilities. */
  classPass: Float64Array;
  classDropOut: Float64Array;
  /** log of the pass and complete-treatment probabilities (geometric run lengths). */
  classPassLog: Float64Array;
  classCompleteLog: Float64Array;
  /** Per class caps and country pause (Infinity / 0 when none). */
  classCapScreened: Float64Array;
  classCapEnrolled: Float64Array;
  classPauseAfter: Float64Array;
  classPauseDays: Float64Array;
  /** True when some class has a cap or a pause (the loop then tracks per-class counts). */
  hasClassRules: boolean;
  grid: Int32Array;
  /** Per day: index of the first grid day >= that day (grid.length when none). */
  dayToGrid: Int32Array;
  targetScreened: number;
  targetEnrolled: number;
  screeningDays: number;
  treatmentDays: number;
  followUpDays: number;
  studyPauseAfter: number;
  studyPauseDays: number;
  /** Gamma shapes (0 = degenerate factor 1) and non-enrolling probability. */
  studyShape: number;
  startupShape: number;
  /** Per-group (country) rate factor shape (0 = factor 1). */
  countryShape: number;
  siteShape: number;
  nonEnrolling: number;
}

function shapeOf(cv: number): number {
  return cv > 0 ? 1 / (cv * cv) : 0;
}

/** Validates and checks the grid: ascending integers within [0, horizonDays]. */
function compileGrid(plan: PreparedPlan, grid: readonly number[] | undefined): Int32Array {
  const days = grid ?? defaultForecastGrid(plan);
  const out = Int32Array.from(days);
  for (let j = 0; j < out.length; j++) {
    if (
      out[j] !== days[j] ||
      out[j]! < 0 ||
      out[j]! > plan.horizonDays ||
      (j > 0 && out[j]! <= out[j - 1]!)
    ) {
      throw new RangeError('forecast grid must be ascending integer days within [0, horizonDays]');
    }
  }
  return out;
}

/** Compiles a PreparedPlan for the Monte Carlo loop; `grid` defaults to month ends and week ends. */
export function compilePlan(plan: PreparedPlan, grid?: readonly number[]): CompiledPlan {
  const nDays = Math.floor(plan.horizonDays) + 1;
  const months = monthOfEachDay(plan.day0Ms, nDays);
  const nGroups = plan.groups.length;
  const monthIndex = new Int32Array(nDays);
  const monthStart = new Uint8Array(nDays);
  const calendarMonth: number[] = [];
  for (let d = 0; d < nDays; d++) {
    const first = d === 0 || months[d] !== months[d - 1];
    if (first) calendarMonth.push(months[d]!);
    monthIndex[d] = calendarMonth.length - 1;
    monthStart[d] = first ? 1 : 0;
  }
  const nMonths = calendarMonth.length;
  const classKeys = new Map<string, number>();
  const classGroups: number[] = [];
  const comboKeys = new Map<string, number>();
  const comboGroups: number[] = [];
  const comboClassList: number[] = [];
  const groupCombo = new Int32Array(nGroups);
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
  const gridDays = compileGrid(plan, grid);
  const dayToGrid = new Int32Array(nDays);
  for (let d = 0, j = 0; d < nDays; d++) {
    while (j < gridDays.length && gridDays[j]! < d) j++;
    dayToGrid[d] = j;
  }
  const u = plan.uncertainty;
  return {
    nDays,
    nGroups,
    nSites,
    nClasses,
    nCombos,
    nMonths,
    monthIndex,
    monthStart,
    comboClass: Int32Array.from(comboClassList),
    comboSeason,
    groupCombo,
    groupSpan: Float64Array.from(plan.groups, (g) => Math.max(0, g.startupSpanDays)),
    groupDelay: Float64Array.from(plan.groups, (g) => Math.max(0, g.firstScreenDelayDays)),
    groupRate: Float64Array.from(plan.groups, (g) => Math.max(0, g.screenRatePerSiteDay)),
    groupPostShape: Float64Array.from(plan.groups, (g) => g.rateGammaPosterior?.shape ?? 0),
    groupPostRate: Float64Array.from(plan.groups, (g) => g.rateGammaPosterior?.rate ?? 1),
    groupFatigueDays: Float64Array.from(plan.groups, (g) =>
      g.fatigue && g.fatigue.days > 0 && g.fatigue.finalFactor !== 1 ? g.fatigue.days : Infinity,
    ),
    groupFatigueDrop: Float64Array.from(plan.groups, (g) =>
      g.fatigue && g.fatigue.days > 0 ? 1 - g.fatigue.finalFactor : 0,
    ),
    siteGroup,
    groupSiteStart,
    sitePlanned,
    classPass,
    classDropOut,
    classPassLog: classPass.map((p) => Math.log(Math.min(1, Math.max(0, p)))),
    classCompleteLog: classDropOut.map((p) => Math.log(1 - Math.min(1, Math.max(0, p)))),
    classCapScreened,
    classCapEnrolled,
    classPauseAfter,
    classPauseDays,
    hasClassRules,
    grid: gridDays,
    dayToGrid,
    targetScreened: plan.targetScreened,
    targetEnrolled: plan.targetEnrolled,
    screeningDays: plan.screeningDays,
    treatmentDays: plan.treatmentDays,
    followUpDays: plan.followUpDays,
    studyPauseAfter: plan.pause ? plan.pause.afterEnrolled : Infinity,
    studyPauseDays: plan.pause ? plan.pause.days : 0,
    studyShape: shapeOf(u.studyRateCv),
    startupShape: shapeOf(u.startupCv),
    countryShape: shapeOf(countryRateCvOf(u)),
    siteShape: shapeOf(u.siteRateCv),
    nonEnrolling: u.nonEnrollingProbability,
  };
}
