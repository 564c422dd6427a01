/**
 * Special functions for the analytic path and the exactness tests: log-gamma, the regularized incomplete beta and
 * gamma functions (Numerical Recipes, 3rd ed., sections 6.1, 6.2, 6.4) and their inverses by bisection.
 * Pure functions of numbers; accurate to about 1e-13 relative in the ranges the engine uses.
 */

const LANCZOS_G = 7;
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
const LOG_SQRT_2PI = 0.9189385332046728;
const EPS = 1e-15;
const TINY = 1e-300;
const MAX_ITER = 100_000;

/** log Gamma(x) for x > 0 (Lanczos, g = 7, n = 9); reflection for x < 0.5. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0]!;
  const t = z + LANCZOS_G + 0.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i]! / (z + i);
  return LOG_SQRT_2PI + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Continued fraction of the incomplete beta (modified Lentz), valid for x < (a + 1) / (a + b + 2). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_ITER; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) return h;
  }
  return h; // converged to the precision reachable; MAX_ITER covers a, b up to ~1e9
}

/** Regularized incomplete beta I_x(a, b) for a, b > 0 and x in [0, 1]. */
export function betaRegularized(x: number, a: number, b: number): number {
  if (!(a > 0) || !(b > 0)) throw new RangeError(`betaRegularized: a, b must be > 0 (a=${a}, b=${b})`);
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x);
  // Use the fraction where it converges fast, the symmetry I_x(a,b) = 1 - I_{1-x}(b,a) elsewhere.
  if (x < (a + 1) / (a + b + 2)) return (Math.exp(logFront) * betaContinuedFraction(a, b, x)) / a;
  return 1 - (Math.exp(logFront) * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** Regularized lower incomplete gamma P(a, x) = gamma(a, x) / Gamma(a), a > 0, x >= 0. */
export function gammaRegularizedP(a: number, x: number): number {
  if (!(a > 0)) throw new RangeError(`gammaRegularizedP: a must be > 0 (a=${a})`);
  if (x <= 0) return 0;
  const logFront = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    // Series: converges fast below the mode.
    let ap = a;
    let sum = 1 / a;
    let del = sum;
    for (let n = 0; n < MAX_ITER; n++) {
      ap += 1;
      del *= x / ap;
      sum += del;
      if (Math.abs(del) < Math.abs(sum) * EPS) break;
    }
    return Math.min(1, sum * Math.exp(logFront));
  }
  // Continued fraction for Q(a, x) (modified Lentz).
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i <= MAX_ITER; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return Math.max(0, 1 - Math.exp(logFront) * h);
}

/** Inverts a non-decreasing function f on [lo, hi] at level p by bisection (tolerance in x, relative). */
export function bisect(f: (x: number) => number, p: number, lo: number, hi: number, tol = 1e-12): number {
  for (let i = 0; i < 200 && hi - lo > tol * Math.max(1, Math.abs(hi)); i++) {
    const mid = 0.5 * (lo + hi);
    if (f(mid) < p) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

/** Quantile of Gamma(shape, scale 1) at probability p in (0, 1). */
export function gammaQuantile(shape: number, p: number): number {
  let hi = Math.max(1, shape);
  while (gammaRegularizedP(shape, hi) < p) hi *= 2;
  return bisect((x) => gammaRegularizedP(shape, x), p, 0, hi);
}
