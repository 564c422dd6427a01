/**
 * A study group's likelihood as a function of its rate multiplier x = theta c_g (relative to the plan), with its
 * sites' factors integrated out, tabulated on the remodel's log-x grid (remodel-posterior.ts: X_MIN, X_STEP,
 * X_POINTS) and read between cells by cubic (Catmull-Rom) interpolation of the log:
 *
 *   row(x) = sum_i [ NB(K_i | shape alpha, mean x Gb_i) + log phi_i(x) ],
 *
 * the negative binomial of each site's count over its exposure up to its last screening month (the remodel's
 * groupLogLik), then its end of record (fit-silence.ts). The sites' phi vary slowly in log x (on a scale of about
 * one), so their sum is computed on every third cell where the group's negative-binomial row is within
 * SILENCE_FLOOR of its maximum and interpolated between: against every cell the log-likelihood of a 7,700-site
 * portfolio moved by < 0.001 and its differences between settings by < 2e-5 of themselves, and the quadrature's
 * nodes stay within the window. The constants (each site's monthly split of its count) are kept apart.
 */
import { groupLogLik, X_MIN, X_POINTS, X_STEP } from '../scenarios/remodel-posterior';
import { SiteSilence } from './fit-silence';
import type { SiteStats } from './fit-site-stats';

/** Log-likelihood row of a group, normalised to its maximum (added to `constant`). */
export interface GroupRow {
  /** null: no data (the group's sites had no exposure): the row is 0. */
  row: Float64Array | null;
  constant: number;
  /** Log x of the row's maximum and the row's curvature there (>= 0, per unit log x squared). */
  mode: number;
  curvature: number;
}

const Y0 = Math.log(X_MIN) + 0.5 * X_STEP;
/** Cells more than this below the row's maximum get the end-of-record value of the nearest cell within it. */
const SILENCE_FLOOR = 20;
const STRIDE = 3;

const silence = new SiteSilence();

/** Adds the sites' log phi to the row on the cells [lo, hi] (every STRIDE-th, interpolated), constant outside. */
function addSilence(
  row: Float64Array,
  st: SiteStats,
  from: number,
  to: number,
  alpha: number,
  h: number,
): void {
  let max = -Infinity;
  for (let j = 0; j < X_POINTS; j++) max = Math.max(max, row[j]!);
  let lo = 0;
  let hi = X_POINTS - 1;
  while (row[lo]! < max - SILENCE_FLOOR) lo++;
  while (row[hi]! < max - SILENCE_FLOOR) hi--;
  // Nodes lo, lo + STRIDE, ... up to the first at or beyond hi, one more on each side for the cubic.
  const first = lo - STRIDE;
  const nodes = Math.ceil((hi - lo) / STRIDE) + 3;
  const sum = new Float64Array(nodes);
  for (let i = from; i < to; i++) {
    if (!st.open[i]) continue;
    silence.load(st, i, alpha, h);
    for (let k = 0; k < nodes; k++) sum[k]! += silence.at(Math.exp(Y0 + (first + k * STRIDE) * X_STEP));
  }
  for (let j = 0; j < X_POINTS; j++) {
    const u = (Math.min(Math.max(j, lo), hi) - first) / STRIDE;
    const k = Math.min(nodes - 3, Math.max(1, Math.floor(u)));
    row[j]! += catmullRom(sum[k - 1]!, sum[k]!, sum[k + 1]!, sum[k + 2]!, u - k);
  }
}

/** A group's negative-binomial row (null: no site with exposure before its silence), its constant, open sites. */
export interface NbRow {
  row: Float64Array | null;
  constant: number;
  open: number;
}

/** The negative-binomial part of the row of the sites [from, to) for site shape alpha (Infinity: no spread). */
export function nbRow(st: SiteStats, from: number, to: number, alpha: number): NbRow {
  let constant = 0;
  let open = 0;
  const units: { k: number; exposure: number; shapeMultiplier: number }[] = [];
  for (let i = from; i < to; i++) {
    constant += st.multinomial[i]!;
    open += st.open[i]!;
    if (st.Gb[i]! > 0) units.push({ k: st.K[i]!, exposure: st.Gb[i]!, shapeMultiplier: 1 });
  }
  const nb = groupLogLik({ ratePerSiteDay: 1, units }, alpha);
  return { row: nb.to > 0 ? Float64Array.from(nb.logLik) : null, constant, open };
}

/** The full row of the sites [from, to): their negative-binomial row `nb` plus their ends of record at hazard h. */
export function groupRow(
  nb: NbRow,
  st: SiteStats,
  from: number,
  to: number,
  alpha: number,
  h: number,
): GroupRow {
  if (nb.row === null && nb.open === 0) return { row: null, constant: nb.constant, mode: 0, curvature: 0 };
  const row = nb.row ? Float64Array.from(nb.row) : new Float64Array(X_POINTS);
  if (nb.open > 0) addSilence(row, st, from, to, alpha, h);
  return normalised(row, nb.constant);
}

/** Catmull-Rom cubic through p0..p3 at t in [0, 1] between p1 and p2. */
function catmullRom(p0: number, p1: number, p2: number, p3: number, t: number): number {
  const b = 0.5 * (p2 - p0);
  const c = p0 - 2.5 * p1 + 2 * p2 - 0.5 * p3;
  const e = 1.5 * (p1 - p2) + 0.5 * (p3 - p0);
  return p1 + t * (b + t * (c + t * e));
}

/** Shifts the row to maximum 0 and finds its mode and curvature (parabola through the top three cells). */
function normalised(row: Float64Array, constant: number): GroupRow {
  let jm = 0;
  for (let j = 1; j < X_POINTS; j++) if (row[j]! > row[jm]!) jm = j;
  const top = row[jm]!;
  for (let j = 0; j < X_POINTS; j++) row[j]! -= top;
  let mode = Y0 + jm * X_STEP;
  let curvature = 0;
  if (jm > 0 && jm < X_POINTS - 1) {
    const a = row[jm - 1]!;
    const c = row[jm + 1]!;
    const d2 = a + c; // row[jm] = 0
    if (d2 < 0) {
      curvature = -d2 / (X_STEP * X_STEP);
      mode += (0.5 * X_STEP * (a - c)) / d2;
    }
  }
  return { row, constant: constant + top, mode, curvature };
}

/**
 * The row at log x = y, with its first and second derivatives in y when `d` is given (d[0], d[1]): Catmull-Rom
 * between cells, linear beyond the grid.
 */
export function rowAt(r: Float64Array, y: number, d?: Float64Array): number {
  const u = (y - Y0) / X_STEP;
  const n = X_POINTS;
  if (u <= 0 || u >= n - 1) {
    const edge = u <= 0 ? 0 : n - 1;
    const slope = u <= 0 ? r[1]! - r[0]! : r[n - 1]! - r[n - 2]!;
    if (d) {
      d[0] = slope / X_STEP;
      d[1] = 0;
    }
    return r[edge]! + slope * (u - edge);
  }
  const j = Math.floor(u);
  const t = u - j;
  const p1 = r[j]!;
  const p2 = r[j + 1]!;
  const p0 = j > 0 ? r[j - 1]! : 2 * p1 - p2;
  const p3 = j + 2 < n ? r[j + 2]! : 2 * p2 - p1;
  const b = 0.5 * (p2 - p0);
  const c = p0 - 2.5 * p1 + 2 * p2 - 0.5 * p3;
  const e = 1.5 * (p1 - p2) + 0.5 * (p3 - p0);
  if (d) {
    d[0] = (b + t * (2 * c + 3 * t * e)) / X_STEP;
    d[1] = (2 * c + 6 * t * e) / (X_STEP * X_STEP);
  }
  return p1 + t * (b + t * (c + t * e));
}
