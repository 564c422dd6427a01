/**
 * The marginal likelihood of the portfolio's counts: per study, the study factor theta ~ Gamma(kappa, kappa) and
 * per group the country factor c ~ Gamma(a_c, a_c) integrated out of the groups' rows (fit-rows.ts) by nested
 * adaptive Gauss-Hermite quadrature on the log scale (quadrature.ts):
 *
 *   log L = sum_s log int p_kappa(t) prod_g [ int p_ac(v) e^row_g(t + v + log C) dv ] dt + constants,
 *
 * t = log theta, v = log c, C the centring factor of the age terms (model/age-profile.ts), p the densities of the
 * log of a mean-one Gamma factor: p_a(v) = a^a / Gamma(a) e^(a v - a e^v).
 */
import { logGamma } from '../analytic/special-functions';
import { adaptiveLogIntegral } from './quadrature';
import { rowAt, type GroupRow } from './fit-rows';

const shapeOfCv = (cv: number): number => (cv > 0 ? 1 / (cv * cv) : Infinity);
/** log of a^a / Gamma(a), the constant of p_a. */
const logPriorConstant = (a: number): number => a * Math.log(a) - logGamma(a);

const deriv = new Float64Array(2);

/** log int p_ac(v) e^row(t + v) dv for one group (0 for a group without data). */
export function logGroupIntegral(g: GroupRow, t: number, ac: number, acConst: number): number {
  const r = g.row;
  if (r === null) return 0;
  if (ac === Infinity) return rowAt(r, t);
  // Mode of a v - a e^v + row(t + v): start from the two Gaussian approximations, then Newton steps.
  let v = (g.curvature * (g.mode - t)) / (g.curvature + ac);
  let h = ac;
  for (let it = 0; it < 6; it++) {
    rowAt(r, t + v, deriv);
    const ev = ac * Math.exp(v);
    const g1 = ac - ev + deriv[0]!;
    const g2 = -ev + deriv[1]!;
    h = -g2;
    if (!(h > 0)) {
      h = ev + g.curvature;
      break;
    }
    const step = Math.max(-1, Math.min(1, g1 / h));
    v += step;
    if (Math.abs(step) < 1e-7) break;
  }
  const f = (x: number) => acConst + ac * x - ac * Math.exp(x) + rowAt(r, t + x);
  return adaptiveLogIntegral(f, v, Math.max(h, 1e-6));
}

/** The precision a group adds on t = log theta in the Gaussian approximation (row and country prior in series). */
const groupPrecision = (g: GroupRow, ac: number): number =>
  g.row === null ? 0 : ac === Infinity ? g.curvature : (g.curvature * ac) / (g.curvature + ac);

/** Where a study's integrand in t = log theta peaked last time, and its curvature there (a warm start). */
export interface StudyMode {
  t: number;
  curvature: number;
}

/**
 * log of the marginal likelihood of one study's groups [from, to) (their rows' constants excluded); `mode`, when
 * given, starts the search for the integrand's peak and is updated.
 */
export function logStudyMarginal(
  rows: readonly GroupRow[],
  from: number,
  to: number,
  studyCv: number,
  countryCv: number,
  logCentring: number,
  mode?: StudyMode,
): number {
  const ac = shapeOfCv(countryCv);
  const acConst = ac === Infinity ? 0 : logPriorConstant(ac);
  const sumAt = (t: number) => {
    let s = 0;
    for (let g = from; g < to; g++) s += logGroupIntegral(rows[g]!, t + logCentring, ac, acConst);
    return s;
  };
  const kappa = shapeOfCv(studyCv);
  if (kappa === Infinity) return sumAt(0);
  const kConst = logPriorConstant(kappa);
  const f = (t: number) => kConst + kappa * t - kappa * Math.exp(t) + sumAt(t);
  // Mode: the precision-weighted Gaussian guess, then parabola steps through three points.
  let P = kappa;
  let m = 0;
  for (let g = from; g < to; g++) {
    const p = groupPrecision(rows[g]!, ac);
    P += p;
    m += p * (rows[g]!.mode - logCentring);
  }
  let t = mode ? mode.t : m / P;
  let curv = mode ? mode.curvature : P;
  for (let it = 0; it < 4; it++) {
    const d = 0.5 / Math.sqrt(curv);
    const f0 = f(t);
    const fm = f(t - d);
    const fp = f(t + d);
    const c2 = (fp + fm - 2 * f0) / (d * d);
    if (!(c2 < 0)) break;
    curv = -c2;
    const step = Math.max(-3 * d, Math.min(3 * d, (fp - fm) / (2 * d) / curv));
    t += step;
    if (Math.abs(step) < 0.05 * d) break;
  }
  if (mode) {
    mode.t = t;
    mode.curvature = curv;
  }
  return adaptiveLogIntegral(f, t, curv);
}
