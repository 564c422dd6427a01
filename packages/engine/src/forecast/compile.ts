/**
 * Flattens a PreparedPlan into typed arrays for the replication loop.
 * - A "class" is a set of groups whose patients are marked alike (screen fail and drop-out rates, no cap, no
 *   country pause); a group with a cap or a pause is a class of its own. Arrivals are attributed to classes only
 *   when there is more than one.
 * - A "combo" is a (seasonal profile, class) pair. Seasonal multipliers are constant within a calendar month, so
 *   the loop needs per-combo sums only at month starts: the per-day work is classes x days plus combos x months,
 *   not groups x days.
 */
import { countryRateCvOf, type PreparedPlan, type RemodelEvidence } from '../model/prepared-plan';
import { compileAgeTerms, compileCalendar, compileClasses, compileSites } from './compile-tables';
import { defaultForecastGrid } from './grid';

const EMPTY_I32 = new Int32Array(0);
const EMPTY_F64 = new Float64Array(0);
const EMPTY_U8 = new Uint8Array(0);

/**
 * The compiled plan. A class rather than an object literal so that every plan compiles to objects of one hidden
 * class whose field types never change (V8): a literal's second evaluation builds its boilerplate and generalizes
 * the field types, which deoptimized every hot function at the start of a process's second forecast (W2: about
 * 100 ms of re-optimization inside the first 10,000-replication call after a warm-up). Counts start as small
 * integers; every other number starts as NaN (double representation), so no plan turns a field from small integer
 * to double, which would also change the hidden class.
 */
export class CompiledPlan {
  /**
   * An instance that lives as long as the class, so the hidden class (map) of its instances does too. V8 holds maps
   * weakly: once a forecast's objects were garbage, a full GC collected their maps and deoptimized every hot
   * function compiled against them ("weak objects"), and the next forecast re-optimized them all (W2: about 120 ms
   * more per forecast after a full GC between forecasts).
   */
  static readonly anchor = new CompiledPlan();
  /** Simulated days 0..nDays-1; events at times >= nDays are beyond the horizon. */
  nDays = 0;
  nGroups = 0;
  nSites = 0;
  nClasses = 0;
  nCombos = 0;
  /** Month index (0 = the month of day 0) of every day, and whether the day starts a month (day 0 does). */
  nMonths = 0;
  monthIndex: Int32Array = EMPTY_I32;
  monthStart: Uint8Array = EMPTY_U8;
  /** Per combo: class, and seasonal multiplier per month index (combo-major, nMonths each). */
  comboClass: Int32Array = EMPTY_I32;
  comboSeason: Float64Array = EMPTY_F64;
  /** Per group. */
  groupCombo: Int32Array = EMPTY_I32;
  groupSpan: Float64Array = EMPTY_F64;
  groupDelay: Float64Array = EMPTY_F64;
  groupRate: Float64Array = EMPTY_F64;
  /** Fatigue length D (days, Infinity = no fatigue) and drop 1 - finalFactor. */
  groupFatigueDays: Float64Array = EMPTY_F64;
  groupFatigueDrop: Float64Array = EMPTY_F64;
  /** Per site: group, plan-line activation day. Sites are stored group by group, in plan order. */
  siteGroup: Int32Array = EMPTY_I32;
  /** Per group: index of its first site (nGroups + 1 entries; the last is nSites). */
  groupSiteStart: Int32Array = EMPTY_I32;
  sitePlanned: Float64Array = EMPTY_F64;
  /** Per class: pass and drop-out probabilities. */
  classPass: Float64Array = EMPTY_F64;
  classDropOut: Float64Array = EMPTY_F64;
  /** log of the pass and complete-treatment probabilities (geometric run lengths). */
  classPassLog: Float64Array = EMPTY_F64;
  classCompleteLog: Float64Array = EMPTY_F64;
  /** Per class caps and country pause (Infinity / 0 when none). */
  classCapScreened: Float64Array = EMPTY_F64;
  classCapEnrolled: Float64Array = EMPTY_F64;
  classPauseAfter: Float64Array = EMPTY_F64;
  classPauseDays: Float64Array = EMPTY_F64;
  /** True when some class has a cap or a pause (the loop then tracks per-class counts). */
  hasClassRules = false;
  grid: Int32Array = EMPTY_I32;
  /** Per day: index of the first grid day >= that day (grid.length when none). */
  dayToGrid: Int32Array = EMPTY_I32;
  targetScreened = NaN;
  targetEnrolled = NaN;
  screeningDays = NaN;
  treatmentDays = NaN;
  followUpDays = NaN;
  studyPauseAfter = NaN;
  studyPauseDays = NaN;
  /** Gamma shapes (0 = degenerate factor 1) and non-enrolling probability. */
  studyShape = NaN;
  startupShape = NaN;
  /** Per-group (country) rate factor shape (0 = factor 1). */
  countryShape = NaN;
  siteShape = NaN;
  nonEnrolling = NaN;
  /** Site inactivation hazard per day (0 = none). */
  siteHazard = NaN;
  /**
   * Per group: the pieces of its sites' age profile (model/age-profile.ts), flattened (groupPieceStart has nGroups
   * + 1 entries), and whether the sites need them (ramp-up or decay) instead of the fast fatigue-only path (which
   * also cuts a site off at its inactivation).
   */
  groupPieceStart: Int32Array = EMPTY_I32;
  pieceX0: Float64Array = EMPTY_F64;
  pieceX1: Float64Array = EMPTY_F64;
  pieceC0: Float64Array = EMPTY_F64;
  pieceC1: Float64Array = EMPTY_F64;
  genericSites = false;
  /** Per group: first day a site may screen (remodel projections; -Infinity = no limit). */
  groupScreenFrom: Float64Array = EMPTY_F64;
  /** The remodel's evidence (remodel projections; null otherwise), see forecast/remodel-sites.ts. */
  remodel: CompiledRemodel | null = null;
}

/** RemodelEvidence in typed arrays, with the first day a site still to activate may activate. */
export class CompiledRemodel {
  theta: Float64Array = EMPTY_F64;
  thetaLogWidth = NaN;
  countryShape: Float64Array = EMPTY_F64;
  siteShapeIndex: Int32Array = EMPTY_I32;
  cdf: Float64Array = EMPTY_F64;
  siteShapes: Float64Array = EMPTY_F64;
  nSiteShapes = 0;
  xMin = NaN;
  xStep = NaN;
  rowFrom: Int32Array = EMPTY_I32;
  rowTo: Int32Array = EMPTY_I32;
  rowOffset: Int32Array = EMPTY_I32;
  logLik: Float64Array = EMPTY_F64;
  /** The x grid's cell centres and their logs (as many as the rows reach). */
  xGrid: Float64Array = EMPTY_F64;
  logXGrid: Float64Array = EMPTY_F64;
  /** Scratch for one group's x-grid weights (the widest group's cells). */
  scratch: Float64Array = EMPTY_F64;
  statedShape: Float64Array = EMPTY_F64;
  siteEvents: Float64Array = EMPTY_F64;
  siteExposure: Float64Array = EMPTY_F64;
  hazardPerDay: Float64Array = EMPTY_F64;
  hazardCdf: Float64Array = EMPTY_F64;
  siteActiveProb: Float64Array = EMPTY_F64;
  siteFixed: Uint8Array = EMPTY_U8;
  sitePlanned: Float64Array = EMPTY_F64;
  activateFromDay = NaN;
}

function compileRemodel(ev: RemodelEvidence, nSites: number): CompiledRemodel {
  if (ev.siteEvents.length !== nSites || ev.siteActiveProb.length !== nSites * ev.hazardPerDay.length)
    throw new RangeError('remodel evidence must have one entry per site');
  return Object.assign(new CompiledRemodel(), {
    theta: Float64Array.from(ev.theta),
    thetaLogWidth: ev.thetaLogWidth,
    countryShape: Float64Array.from(ev.countryShape),
    siteShapeIndex: Int32Array.from(ev.siteShapeIndex),
    cdf: Float64Array.from(ev.cdf),
    siteShapes: Float64Array.from(ev.siteShapes),
    nSiteShapes: ev.siteShapes.length,
    xMin: ev.xMin,
    xStep: ev.xStep,
    rowFrom: Int32Array.from(ev.rowFrom),
    rowTo: Int32Array.from(ev.rowTo),
    rowOffset: Int32Array.from(ev.rowOffset),
    logLik: Float64Array.from(ev.logLik),
    logXGrid: Float64Array.from(
      { length: Math.max(0, ...ev.rowTo) },
      (_, j) => Math.log(ev.xMin) + (j + 0.5) * ev.xStep,
    ),
    xGrid: Float64Array.from(
      { length: Math.max(0, ...ev.rowTo) },
      (_, j) => ev.xMin * Math.exp((j + 0.5) * ev.xStep),
    ),
    scratch: new Float64Array(Math.max(1, ...ev.rowTo.map((t, k) => t - ev.rowFrom[k]!))),
    statedShape: Float64Array.from(ev.statedShape),
    siteEvents: Float64Array.from(ev.siteEvents),
    siteExposure: Float64Array.from(ev.siteExposure),
    hazardPerDay: Float64Array.from(ev.hazardPerDay),
    hazardCdf: Float64Array.from(ev.hazardCdf),
    siteActiveProb: Float64Array.from(ev.siteActiveProb),
    siteFixed: Uint8Array.from(ev.siteFixed),
    sitePlanned: Float64Array.from(ev.sitePlanned),
    activateFromDay: ev.activateFromDay,
  });
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
  const nGroups = plan.groups.length;
  const { calendarMonth, ...calendar } = compileCalendar(plan, nDays);
  const classes = compileClasses(plan, calendarMonth);
  const sites = compileSites(plan);
  const gridDays = compileGrid(plan, grid);
  const dayToGrid = new Int32Array(nDays);
  for (let d = 0, j = 0; d < nDays; d++) {
    while (j < gridDays.length && gridDays[j]! < d) j++;
    dayToGrid[d] = j;
  }
  const u = plan.uncertainty;
  const fields: CompiledPlan = {
    nDays,
    nGroups,
    ...calendar,
    ...classes,
    ...sites,
    groupSpan: Float64Array.from(plan.groups, (g) => Math.max(0, g.startupSpanDays)),
    groupDelay: Float64Array.from(plan.groups, (g) => Math.max(0, g.firstScreenDelayDays)),
    groupFatigueDays: Float64Array.from(plan.groups, (g) =>
      g.fatigue && g.fatigue.days > 0 && g.fatigue.finalFactor !== 1 ? g.fatigue.days : Infinity,
    ),
    groupFatigueDrop: Float64Array.from(plan.groups, (g) =>
      g.fatigue && g.fatigue.days > 0 ? 1 - g.fatigue.finalFactor : 0,
    ),
    classPassLog: classes.classPass.map((p) => Math.log(Math.min(1, Math.max(0, p)))),
    classCompleteLog: classes.classDropOut.map((p) => Math.log(1 - Math.min(1, Math.max(0, p)))),
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
    siteHazard: Math.max(0, u.siteInactivationPerYear ?? 0) / 365.25,
    ...compileAgeTerms(plan),
    groupScreenFrom: Float64Array.from(plan.groups, (g) => g.screenFromDay ?? -Infinity),
    remodel: plan.remodelEvidence ? compileRemodel(plan.remodelEvidence, sites.nSites) : null,
  };
  return Object.assign(new CompiledPlan(), fields);
}
