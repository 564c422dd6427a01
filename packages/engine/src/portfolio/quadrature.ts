/**
 * Adaptive Gauss-Hermite quadrature for the portfolio fit's random factors: a one-dimensional integral of e^f(v),
 * f smooth and unimodal, is e^f's Gaussian approximation at the mode times a Gauss-Hermite sum of the ratio (exact
 * for a Gaussian integrand, and accurate to ~1e-4 in the log with 10 nodes for the log-Gamma priors times the
 * likelihood rows here). It stays exact in the limit of a prior spike (a CV near 0), where a fixed grid fails.
 */

/** Gauss-Hermite nodes and weights for the weight e^(-z^2) (Numerical Recipes 3rd ed., gauher: Newton iteration). */
export function gaussHermite(n: number): { z: Float64Array; w: Float64Array } {
  const z = new Float64Array(n);
  const w = new Float64Array(n);
  const PIM4 = 0.7511255444649425; // pi^(-1/4)
  const m = Math.floor((n + 1) / 2);
  let x = 0;
  for (let i = 0; i < m; i++) {
    if (i === 0) x = Math.sqrt(2 * n + 1) - 1.85575 * Math.pow(2 * n + 1, -0.16667);
    else if (i === 1) x -= (1.14 * Math.pow(n, 0.426)) / x;
    else if (i === 2) x = 1.86 * x - 0.86 * z[0]!;
    else if (i === 3) x = 1.91 * x - 0.91 * z[1]!;
    else x = 2 * x - z[i - 2]!;
    let pp = 0;
    for (let it = 0; it < 100; it++) {
      let p1 = PIM4;
      let p2 = 0;
      for (let j = 0; j < n; j++) {
        const p3 = p2;
        p2 = p1;
        p1 = x * Math.sqrt(2 / (j + 1)) * p2 - Math.sqrt(j / (j + 1)) * p3;
      }
      pp = Math.sqrt(2 * n) * p2;
      const x1 = x;
      x = x1 - p1 / pp;
      if (Math.abs(x - x1) <= 1e-14) break;
    }
    z[i] = x;
    z[n - 1 - i] = -x;
    w[i] = 2 / (pp * pp);
    w[n - 1 - i] = w[i]!;
  }
  return { z, w };
}

/** Gauss-Legendre nodes and weights on [0, 1] (weights sum to 1; Numerical Recipes gauleg, Newton iteration). */
export function gaussLegendre01(n: number): { x: Float64Array; w: Float64Array } {
  const x = new Float64Array(n);
  const w = new Float64Array(n);
  for (let i = 0; i < Math.floor((n + 1) / 2); i++) {
    let z = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let pp = 1;
    for (let it = 0; it < 100; it++) {
      let p1 = 1;
      let p2 = 0;
      for (let j = 0; j < n; j++) {
        const p3 = p2;
        p2 = p1;
        p1 = ((2 * j + 1) * z * p2 - j * p3) / (j + 1);
      }
      pp = (n * (z * p1 - p2)) / (z * z - 1);
      const z1 = z;
      z = z1 - p1 / pp;
      if (Math.abs(z - z1) <= 1e-15) break;
    }
    // Map [-1, 1] to [0, 1]: x = (1 - z) / 2 ascending from the largest z, weights halved.
    x[i] = 0.5 * (1 - z);
    x[n - 1 - i] = 0.5 * (1 + z);
    w[i] = 1 / ((1 - z * z) * pp * pp);
    w[n - 1 - i] = w[i]!;
  }
  return { x, w };
}

/** Nodes of the fit's integrals and log(w_j) + z_j^2 (the Gaussian weight divided out). */
const NODES = 10;
const GH = gaussHermite(NODES);
export const GH_Z = GH.z;
export const GH_LOG_WZ = Float64Array.from(GH.z, (z, j) => Math.log(GH.w[j]!) + z * z);

/**
 * log of the integral of e^f(v) dv by adaptive Gauss-Hermite around `mode` with curvature `curvature` (-f'' there,
 * > 0): sqrt(2) s sum_j w_j e^(z_j^2) e^f(mode + sqrt(2) s z_j), s = 1 / sqrt(curvature).
 */
export function adaptiveLogIntegral(f: (v: number) => number, mode: number, curvature: number): number {
  const s = Math.SQRT2 / Math.sqrt(curvature);
  let max = -Infinity;
  const vals = new Float64Array(NODES);
  for (let j = 0; j < NODES; j++) {
    const v = GH_LOG_WZ[j]! + f(mode + s * GH_Z[j]!);
    vals[j] = v;
    if (v > max) max = v;
  }
  if (max === -Infinity) return -Infinity;
  let sum = 0;
  for (let j = 0; j < NODES; j++) sum += Math.exp(vals[j]! - max);
  return max + Math.log(sum) + Math.log(s);
}
