/**
 * The remodel's posterior (calibration.md section 2): the engine's own three-level model, rate of site i in group g
 * = r_g x theta x c_g x u_i with mean-one Gamma factors for study (theta), country (c_g, shape alpha_c) and site (u_i,
 * shape alpha_s), fitted to the actuals' site counts k_i over intensity-weighted exposures G_i. The site and
 * country shapes are not taken as known: they sit on grids around the plan's CVs (a log-normal hyper-prior, so the
 * plan's values win when data are few and the data's spread wins when they are many), and the study factor on a log
 * grid. Each group's likelihood in x_g = theta c_g, with its sites' factors integrated out (negative binomial), is
 * tabulated on a log grid of x (a Gamma kernel matched at the mode, tried first, skewed the forecast late: it
 * under-weights fast rates and over-weights slow ones, so w2's true LPIs fell below P10 a quarter of the time). A
 * replication then draws a grid cell from the joint posterior and the group and site factors conditionally
 * (forecast/remodel-sites.ts): parameter uncertainty is propagated, not plugged in.
 */
import { gammaQuantile, logGamma } from '../analytic/special-functions';
import type { RemodelEvidence } from '../model/prepared-plan';

/** What the actuals say about one group: its prior mean rate and its likelihood units. */
export interface GroupEvidence {
  /** Prior mean screening rate per site-day (the go-forward rate), r_g. */
  ratePerSiteDay: number;
  /**
   * Likelihood units: one per actual site (k screened over exposure G), or one pooled unit for a group whose sites'
   * counts are not known separately, whose site shape is alpha_s x shapeMultiplier (a sum of site factors).
   */
  units: { k: number; exposure: number; shapeMultiplier: number }[];
}

export interface PosteriorSettings {
  studyRateCv: number;
  countryRateCv: number;
  siteRateCv: number;
}

/** Hyper-prior spread of the site and country CVs (sd of log CV) and the grids' steps (in those sds). */
const CV_LOG_SD = 0.4;
const SITE_Z = [-2, -1.375, -0.75, -0.125, 0.5, 1.125, 1.75, 2.375, 3];
const COUNTRY_Z = [-2, -1.25, -0.5, 0.25, 1, 1.75, 2.5];
/** Study-factor cells: a coarse pass finds where the posterior lives, the fine grid covers it. */
const THETA_COARSE = 24;
const THETA_POINTS = 20;
/** Cells of the coarse pass within this of the maximum (log) bound the fine grid. */
const THETA_FLOOR = 14;

const shapeOfCv = (cv: number) => (cv > 0 ? 1 / (cv * cv) : Infinity);

/** The log grid of x (group rate multiplier): X_POINTS cells from X_MIN, step X_STEP in log x. */
export const X_MIN = 1e-3;
export const X_POINTS = 160;
export const X_STEP = Math.log(1e5) / X_POINTS;
/** Likelihood cells below the group's maximum by more than this (log) are dropped. */
const LOG_LIK_FLOOR = 16;
const LOG_X = Float64Array.from({ length: X_POINTS }, (_, j) => Math.log(X_MIN) + (j + 0.5) * X_STEP);
const X = LOG_X.map(Math.exp);

/**
 * A group's log-likelihood of its sites' counts on the x grid for site shape alpha, over the cells [from, to) where
 * it is within LOG_LIK_FLOOR of its maximum (none for a group without data), lgamma constants included (so that
 * shapes compare).
 */
export function groupLogLik(g: GroupEvidence, alpha: number): { from: number; to: number; logLik: number[] } {
  const units = g.units.filter((u) => u.exposure > 0);
  const r = g.ratePerSiteDay;
  if (!(r > 0) || units.length === 0) return { from: 0, to: 0, logLik: [] };
  const out = new Array<number>(X_POINTS).fill(0);
  for (const u of units) {
    const A = alpha * u.shapeMultiplier;
    const scale = r * u.exposure;
    const k = u.k;
    if (A === Infinity) {
      const c = k * Math.log(scale) - logGamma(k + 1);
      for (let j = 0; j < X_POINTS; j++) out[j]! += c + k * LOG_X[j]! - X[j]! * scale;
      continue;
    }
    // log NB(k | A, mu): the terms without mu once per unit, then k log mu - (k + A) log(A + mu) per cell.
    const c = logGamma(k + A) - logGamma(A) - logGamma(k + 1) + A * Math.log(A) + k * Math.log(scale);
    for (let j = 0; j < X_POINTS; j++) out[j]! += c + k * LOG_X[j]! - (k + A) * Math.log(A + X[j]! * scale);
  }
  return { from: 0, to: X_POINTS, logLik: out };
}

/** The cells of a log-likelihood row within LOG_LIK_FLOOR of its maximum. */
function trim(row: readonly number[]): { from: number; to: number } {
  const max = Math.max(...row);
  let from = row.length;
  let to = 0;
  row.forEach((v, j) => {
    if (v >= max - LOG_LIK_FLOOR) {
      from = Math.min(from, j);
      to = Math.max(to, j + 1);
    }
  });
  return from < to ? { from, to } : { from: 0, to: 0 };
}

/** log of the Gamma(ac, rate ac / theta) density of x in log-x measure at the grid cells [from, to). */
function logPriorRow(theta: number, ac: number, from: number, to: number, out: Float64Array): void {
  const c = ac * Math.log(ac / theta) - logGamma(ac);
  const b = ac / theta;
  for (let j = from; j < to; j++) out[j] = c + ac * LOG_X[j]! - b * X[j]!;
}

/** A log-normal hyper-prior grid of shapes around a CV (one infinite shape for CV 0). */
function shapeGrid(cv: number, zs: readonly number[]): { shapes: number[]; logPrior: number[] } {
  if (!(cv > 0)) return { shapes: [Infinity], logPrior: [0] };
  return {
    shapes: zs.map((z) => shapeOfCv(cv * Math.exp(CV_LOG_SD * z))),
    logPrior: zs.map((z) => -0.5 * z * z),
  };
}

/** The study factor's coarse range: the prior's central 99.9% widened to a third and thrice the data's estimate. */
function thetaRange(kappa: number, groups: readonly GroupEvidence[]): [number, number] {
  let lo = gammaQuantile(kappa, 0.0005) / kappa;
  let hi = gammaQuantile(kappa, 0.9995) / kappa;
  let K = 0;
  let mu = 0;
  for (const g of groups)
    for (const u of g.units) {
      K += u.k;
      mu += g.ratePerSiteDay * u.exposure;
    }
  if (mu > 0) {
    const mle = Math.max(K, 0.5) / mu;
    lo = Math.min(lo, mle / 3);
    hi = Math.max(hi, mle * 3);
  }
  return [lo, hi];
}

const logGrid = (lo: number, hi: number, n: number) => {
  const width = Math.log(hi / lo) / n;
  return { theta: Array.from({ length: n }, (_, t) => lo * Math.exp((t + 0.5) * width)), width };
};

/** The fitted posterior: the Monte Carlo's grids, and each group's posterior mean multiplier. */
export interface RemodelPosterior {
  grid: Pick<
    RemodelEvidence,
    | 'theta'
    | 'thetaLogWidth'
    | 'countryShape'
    | 'siteShapeIndex'
    | 'cdf'
    | 'siteShapes'
    | 'xMin'
    | 'xStep'
    | 'rowFrom'
    | 'rowTo'
    | 'rowOffset'
    | 'logLik'
  >;
  /** Per group: posterior mean and variance of x_g (rate multiplier on r_g). */
  meanX: number[];
  varX: number[];
  /** Posterior means of the site and country CVs. */
  siteRateCv: number;
  countryRateCv: number;
}

/** A group's log-likelihood per site shape, each row over its own cells [from, to); none without data. */
interface GroupLik {
  rows: { from: number; to: number; logLik: number[] }[];
}

/** Per group: its log-likelihood rows per site shape, trimmed to the cells that matter. */
function groupLiks(groups: readonly GroupEvidence[], shapes: readonly number[]): GroupLik[] {
  return groups.map((g) => {
    const rows = shapes.map((alpha) => groupLogLik(g, alpha));
    if (rows[0]!.to === 0) return { rows: [] };
    return {
      rows: rows.map((r) => {
        const { from, to } = trim(r.logLik);
        return { from, to, logLik: r.logLik.slice(from, to) };
      }),
    };
  });
}

/** The group's marginal in a cell and the first two moments of x given the cell. */
function cellStats(
  l: GroupLik,
  si: number,
  theta: number,
  ac: number,
  prior: Float64Array,
): { log: number; m1: number; m2: number } {
  if (l.rows.length === 0) {
    // No data: the prior (x = theta c, c ~ Gamma(ac, ac)).
    const m1 = theta;
    return { log: 0, m1, m2: ac === Infinity ? m1 * m1 : m1 * m1 * (1 + 1 / ac) };
  }
  const { from, to, logLik: row } = l.rows[si]!;
  if (ac === Infinity) {
    // x = theta: the likelihood at theta's cell.
    const j = Math.floor(Math.log(theta / X_MIN) / X_STEP);
    const v = j >= from && j < to ? row[j - from]! : -Infinity;
    return { log: v, m1: theta, m2: theta * theta };
  }
  logPriorRow(theta, ac, from, to, prior);
  let max = -Infinity;
  for (let j = from; j < to; j++) max = Math.max(max, prior[j]! + row[j - from]!);
  if (max === -Infinity) return { log: -Infinity, m1: theta, m2: theta * theta };
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  for (let j = from; j < to; j++) {
    const w = Math.exp(prior[j]! + row[j - from]! - max);
    const x = X[j]!;
    s0 += w;
    s1 += w * x;
    s2 += w * x * x;
  }
  return { log: max + Math.log(s0) + Math.log(X_STEP), m1: s1 / s0, m2: s2 / s0 };
}

/** Fits the remodel's posterior to the groups' evidence (calibration.md section 2). */
export function fitRemodelPosterior(
  groups: readonly GroupEvidence[],
  settings: PosteriorSettings,
): RemodelPosterior {
  const site = shapeGrid(settings.siteRateCv, SITE_Z);
  const country = shapeGrid(settings.countryRateCv, COUNTRY_Z);
  const kappa = shapeOfCv(settings.studyRateCv);
  const liks = groupLiks(groups, site.shapes);
  const prior = new Float64Array(X_POINTS);
  const logTheta = (theta: number) => (kappa === Infinity ? 0 : kappa * Math.log(theta) - kappa * theta);
  const { thetas, width } = studyFactorGrid(groups, kappa, site, country.shapes, (si, ac, theta) =>
    liks.reduce((acc, l) => acc + cellStats(l, si, theta, ac, prior).log, logTheta(theta)),
  );
  const cells: PosteriorCell[] = [];
  for (let si = 0; si < site.shapes.length; si++)
    for (let ci = 0; ci < country.shapes.length; ci++)
      for (const theta of thetas) {
        const ac = country.shapes[ci]!;
        let logW = site.logPrior[si]! + country.logPrior[ci]! + logTheta(theta);
        const m1: number[] = [];
        const m2: number[] = [];
        for (const l of liks) {
          const st = cellStats(l, si, theta, ac, prior);
          logW += st.log;
          m1.push(st.m1);
          m2.push(st.m2);
        }
        cells.push({ theta, ac, si, logW, m1, m2 });
      }
  const moments = posteriorMoments(cells, site.shapes, groups.length);
  return {
    grid: {
      ...evidenceGrid(cells, width, moments.cdf, site.shapes),
      ...likelihoodRows(liks, site.shapes.length),
    },
    meanX: moments.meanX,
    varX: moments.varX,
    siteRateCv: moments.siteRateCv,
    countryRateCv: moments.countryRateCv,
  };
}

/** One cell of the joint grid: study factor, country shape, site shape index, log weight, x moments per group. */
interface PosteriorCell {
  theta: number;
  ac: number;
  si: number;
  logW: number;
  m1: number[];
  m2: number[];
}

/**
 * The study factor's cells: a coarse pass at the central site shape over every country shape finds where the
 * posterior has mass, then the fine grid covers it ([1] without study spread).
 */
function studyFactorGrid(
  groups: readonly GroupEvidence[],
  kappa: number,
  site: { shapes: number[] },
  countryShapes: readonly number[],
  cellLog: (si: number, ac: number, theta: number) => number,
): { thetas: number[]; width: number } {
  if (kappa === Infinity) return { thetas: [1], width: 0 };
  const coarse = logGrid(...thetaRange(kappa, groups), THETA_COARSE);
  const mid = SITE_Z.indexOf(0.5) >= 0 ? SITE_Z.indexOf(0.5) : 0;
  const siMid = site.shapes.length > 1 ? mid : 0;
  const best = coarse.theta.map(() => -Infinity);
  for (const ac of countryShapes)
    coarse.theta.forEach((t, k) => (best[k] = Math.max(best[k]!, cellLog(siMid, ac, t))));
  const top = Math.max(...best);
  const keep = best.map((v, k) => (v >= top - THETA_FLOOR ? k : -1)).filter((k) => k >= 0);
  const k0 = Math.max(0, Math.min(...keep) - 1);
  const k1 = Math.min(THETA_COARSE - 1, Math.max(...keep) + 1);
  const edge = (k: number, side: number) => coarse.theta[k]! * Math.exp((side * coarse.width) / 2);
  const fine = logGrid(edge(k0, -1), edge(k1, 1), THETA_POINTS);
  return { thetas: fine.theta, width: fine.width };
}

/** The cells' normalised weights as a CDF, each group's posterior mean and variance of x, the CVs' means. */
function posteriorMoments(cells: readonly PosteriorCell[], siteShapes: readonly number[], nGroups: number) {
  const maxW = Math.max(...cells.map((c) => c.logW));
  const w = cells.map((c) => (Number.isFinite(c.logW) ? Math.exp(c.logW - maxW) : 0));
  const total = w.reduce((a, x) => a + x, 0);
  let acc = 0;
  const cdf = w.map((x) => (acc += x / total));
  cdf[cdf.length - 1] = 1;
  const meanX = Array.from({ length: nGroups }, () => 0);
  const m2X = Array.from({ length: nGroups }, () => 0);
  let siteRateCv = 0;
  let countryRateCv = 0;
  cells.forEach((c, k) => {
    const p = w[k]! / total;
    const as = siteShapes[c.si]!;
    siteRateCv += p * (as !== Infinity ? 1 / Math.sqrt(as) : 0);
    countryRateCv += p * (c.ac !== Infinity ? 1 / Math.sqrt(c.ac) : 0);
    c.m1.forEach((m, g) => {
      meanX[g]! += p * m;
      m2X[g]! += p * c.m2[g]!;
    });
  });
  const varX = meanX.map((m, g) => Math.max(0, m2X[g]! - m * m));
  return { cdf, meanX, varX, siteRateCv, countryRateCv };
}

/** The Monte Carlo's view of the cells (0 = no spread, an infinite shape, so that the evidence survives JSON). */
function evidenceGrid(
  cells: readonly PosteriorCell[],
  width: number,
  cdf: number[],
  siteShapes: readonly number[],
) {
  return {
    theta: cells.map((c) => c.theta),
    thetaLogWidth: width,
    countryShape: cells.map((c) => (c.ac === Infinity ? 0 : c.ac)),
    siteShapeIndex: cells.map((c) => c.si),
    cdf,
    siteShapes: siteShapes.map((x) => (x === Infinity ? 0 : x)),
    xMin: X_MIN,
    xStep: X_STEP,
  };
}

/** Rows per (group, site shape), group-major; a group without data has empty rows. */
function likelihoodRows(liks: readonly GroupLik[], nShapes: number) {
  const rowFrom: number[] = [];
  const rowTo: number[] = [];
  const rowOffset: number[] = [];
  const logLik: number[] = [];
  for (const l of liks)
    for (let si = 0; si < nShapes; si++) {
      const r = l.rows[si];
      rowFrom.push(r?.from ?? 0);
      rowTo.push(r?.to ?? 0);
      rowOffset.push(logLik.length);
      if (r) logLik.push(...r.logLik);
    }
  return { rowFrom, rowTo, rowOffset, logLik };
}

export { activeProbability, silenceTerms, type SiteSilence } from './remodel-silence';
