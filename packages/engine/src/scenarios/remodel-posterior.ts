/**
 * The remodel's posterior (calibration.md section 2): the engine's own three-level model, rate of site i in group g
 * = r_g x theta x c_g x u_i with mean-one Gamma factors for study (theta), country (c_g, shape alpha_c) and site (u_i,
 * shape alpha_s), fitted to the actuals' site counts k_i over intensity-weighted exposures G_i. The site and
 * country shapes are not taken as known: they sit on grids around the plan's CVs (a log-normal hyper-prior, so the
 * plan's values win when data are few and the data's spread wins when they are many), and the study factor on a log
 * grid. Each group's likelihood in x_g = theta c_g, with its sites' factors integrated out (negative binomial), is
 * approximated by a Gamma kernel C x^a e^(-b x) matched at its mode and curvature in log x (exact for Poisson
 * counts), which makes each group's marginal closed-form. A replication then draws a grid cell from the joint
 * posterior and the group and site factors conditionally (forecast/remodel-sites.ts): parameter uncertainty is
 * propagated, not plugged in.
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
const SITE_Z = [-2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5, 3];
const COUNTRY_Z = [-2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5];
const THETA_POINTS = 40;

const shapeOfCv = (cv: number) => (cv > 0 ? 1 / (cv * cv) : Infinity);

/** log NB(k | shape A, mean mu), or Poisson when A is infinite. */
function logNb(k: number, A: number, mu: number): number {
  if (!(mu > 0)) return k > 0 ? -Infinity : 0;
  if (A === Infinity) return k * Math.log(mu) - mu - logGamma(k + 1);
  return (
    logGamma(k + A) - logGamma(A) - logGamma(k + 1) + A * Math.log(A / (A + mu)) + k * Math.log(mu / (A + mu))
  );
}

/** The Gamma kernel C x^a e^(-b x) of a group's likelihood in x for site shape alpha (log C, a, b). */
export function groupKernel(g: GroupEvidence, alpha: number): { logC: number; a: number; b: number } {
  const units = g.units.filter((u) => u.exposure > 0);
  const r = g.ratePerSiteDay;
  if (!(r > 0) || units.length === 0) return { logC: 0, a: 0, b: 0 };
  const K = units.reduce((s, u) => s + u.k, 0);
  const A = (u: { shapeMultiplier: number }) => alpha * u.shapeMultiplier;
  const logL = (x: number) => units.reduce((s, u) => s + logNb(u.k, A(u), x * r * u.exposure), 0);
  if (K <= 0) {
    // No events: L(x) = prod (A / (A + x r G))^A, decreasing from 1; a kernel e^(-b x) with the slope at x = 1.
    const b = units.reduce((s, u) => {
      const mu = r * u.exposure;
      const a = A(u);
      return s + (a === Infinity ? mu : (a * mu) / (a + mu));
    }, 0);
    return { logC: 0, a: 0, b };
  }
  // Mode and curvature in y = log x (log L is concave in y): Newton from the pooled Poisson estimate.
  const totalMu = units.reduce((s, u) => s + r * u.exposure, 0);
  let y = Math.log(K / totalMu);
  let curvature = 0;
  for (let it = 0; it < 60; it++) {
    let grad = 0;
    curvature = 0;
    for (const u of units) {
      const mu = Math.exp(y) * r * u.exposure;
      const a = A(u);
      if (a === Infinity) {
        grad += u.k - mu;
        curvature += mu;
      } else {
        grad += u.k - ((u.k + a) * mu) / (a + mu);
        curvature += ((u.k + a) * a * mu) / ((a + mu) * (a + mu));
      }
    }
    const step = Math.max(-2, Math.min(2, grad / curvature));
    y += step;
    if (Math.abs(step) < 1e-10) break;
  }
  const x = Math.exp(y);
  const a = curvature;
  const b = a / x;
  return { logC: logL(x) - (a * Math.log(x) - b * x), a, b };
}

/** log of the group marginal given theta and the country shape: log int Gamma(x; ac, ac/theta) C x^a e^(-bx) dx. */
function groupMarginal(k: { logC: number; a: number; b: number }, theta: number, ac: number): number {
  if (k.a === 0 && k.b === 0) return 0;
  if (ac === Infinity) return k.logC + k.a * Math.log(theta) - k.b * theta;
  const beta = ac / theta;
  return k.logC + ac * Math.log(beta) - logGamma(ac) + logGamma(ac + k.a) - (ac + k.a) * Math.log(beta + k.b);
}

/** A log-normal hyper-prior grid of shapes around a CV (one infinite shape for CV 0). */
function shapeGrid(cv: number, zs: readonly number[]): { shapes: number[]; logPrior: number[] } {
  if (!(cv > 0)) return { shapes: [Infinity], logPrior: [0] };
  return {
    shapes: zs.map((z) => shapeOfCv(cv * Math.exp(CV_LOG_SD * z))),
    logPrior: zs.map((z) => -0.5 * z * z),
  };
}

/** The study factor's log grid: the prior's central 99.9% widened to half and twice the data's pooled estimate. */
function thetaGrid(studyCv: number, groups: readonly GroupEvidence[]): { theta: number[]; width: number } {
  if (!(studyCv > 0)) return { theta: [1], width: 0 };
  const kappa = shapeOfCv(studyCv);
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
  const width = Math.log(hi / lo) / THETA_POINTS;
  return { theta: Array.from({ length: THETA_POINTS }, (_, t) => lo * Math.exp((t + 0.5) * width)), width };
}

/** The fitted posterior: the Monte Carlo's grid and kernels, and each group's posterior mean multiplier. */
export interface RemodelPosterior {
  grid: Pick<
    RemodelEvidence,
    | 'theta'
    | 'thetaLogWidth'
    | 'countryShape'
    | 'siteShapeIndex'
    | 'cdf'
    | 'siteShapes'
    | 'likShape'
    | 'likRate'
  >;
  /** Per group: posterior mean and variance of x_g (rate multiplier on r_g). */
  meanX: number[];
  varX: number[];
  /** Posterior means of the site and country CVs. */
  siteRateCv: number;
  countryRateCv: number;
}

/** Fits the remodel's posterior to the groups' evidence (calibration.md section 2). */
export function fitRemodelPosterior(
  groups: readonly GroupEvidence[],
  settings: PosteriorSettings,
): RemodelPosterior {
  const site = shapeGrid(settings.siteRateCv, SITE_Z);
  const country = shapeGrid(settings.countryRateCv, COUNTRY_Z);
  const { theta: thetas, width } = thetaGrid(settings.studyRateCv, groups);
  const kappa = shapeOfCv(settings.studyRateCv);
  const S = site.shapes.length;
  const kernels = groups.map((g) => site.shapes.map((alpha) => groupKernel(g, alpha)));
  const cells: { theta: number; ac: number; si: number; logW: number }[] = [];
  for (let si = 0; si < S; si++)
    for (let ci = 0; ci < country.shapes.length; ci++)
      for (const theta of thetas) {
        const ac = country.shapes[ci]!;
        let logW = site.logPrior[si]! + country.logPrior[ci]!;
        if (kappa !== Infinity) logW += kappa * Math.log(theta) - kappa * theta;
        for (const k of kernels) logW += groupMarginal(k[si]!, theta, ac);
        cells.push({ theta, ac, si, logW });
      }
  const maxW = Math.max(...cells.map((c) => c.logW));
  const w = cells.map((c) => Math.exp(c.logW - maxW));
  const total = w.reduce((s, x) => s + x, 0);
  let acc = 0;
  const cdf = w.map((x) => (acc += x / total));
  cdf[cdf.length - 1] = 1;
  // Posterior moments of each group's x and of the CVs.
  const meanX = groups.map(() => 0);
  const m2X = groups.map(() => 0);
  let siteCv = 0;
  let countryCv = 0;
  cells.forEach((c, j) => {
    const p = w[j]! / total;
    siteCv += p * (c.si < S && site.shapes[c.si]! !== Infinity ? 1 / Math.sqrt(site.shapes[c.si]!) : 0);
    countryCv += p * (c.ac !== Infinity ? 1 / Math.sqrt(c.ac) : 0);
    kernels.forEach((k, g) => {
      const { a, b } = k[c.si]!;
      const [m, v] =
        c.ac === Infinity
          ? [c.theta, 0]
          : [(c.ac + a) / (c.ac / c.theta + b), (c.ac + a) / (c.ac / c.theta + b) ** 2];
      meanX[g]! += p * m;
      m2X[g]! += p * (v + m * m);
    });
  });
  return {
    grid: {
      theta: cells.map((c) => c.theta),
      thetaLogWidth: width,
      // 0 = no spread (an infinite shape), so that the evidence survives JSON.
      countryShape: cells.map((c) => (c.ac === Infinity ? 0 : c.ac)),
      siteShapeIndex: cells.map((c) => c.si),
      cdf,
      siteShapes: site.shapes.map((x) => (x === Infinity ? 0 : x)),
      likShape: kernels.flatMap((k) => k.map((x) => x.a)),
      likRate: kernels.flatMap((k) => k.map((x) => x.b)),
    },
    meanX,
    varX: meanX.map((m, g) => Math.max(0, m2X[g]! - m * m)),
    siteRateCv: siteCv,
    countryRateCv: countryCv,
  };
}

/**
 * Probability that a site that has been silent since `silentFrom` is still active at the as-of date
 * (calibration.md section 2, inactivity as evidence), hazard h per day: prior survival e^(-h T) against the chance of
 * its silence, with its rate's posterior from before the silence (shape alpha + k, rate alpha + lambda Gb):
 * P(no screening in the window | active) = (1 + lambda Gw / (alpha + lambda Gb))^-(alpha + k), against falling
 * silent at t ~ h e^(-h t) within the window (silent exposure ~ linear in t, 16-point midpoint rule).
 */
export function activeProbability(input: {
  hazardPerDay: number;
  silentDays: number;
  silentExposure: number;
  exposureBefore: number;
  k: number;
  lambda: number;
  alpha: number;
}): number {
  const { hazardPerDay: h, silentDays: T, silentExposure: Gw, exposureBefore: Gb, k, lambda, alpha } = input;
  if (!(h > 0) || !(T > 0) || !(Gw > 0) || !(lambda > 0)) return 1;
  const noEvents = (g: number) =>
    alpha === Infinity
      ? Math.exp(-lambda * g)
      : Math.exp(-(alpha + k) * Math.log1p((lambda * g) / (alpha + lambda * Gb)));
  const active = Math.exp(-h * T) * noEvents(Gw);
  let inactive = 0;
  const n = 16;
  for (let i = 0; i < n; i++) {
    const t = ((i + 0.5) * T) / n;
    inactive += h * Math.exp(-h * t) * noEvents((Gw * t) / T) * (T / n);
  }
  return active / (active + inactive);
}
