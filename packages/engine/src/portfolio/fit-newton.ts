/**
 * Newton refinement and standard errors of the portfolio fit: a forward-difference Hessian and gradient of the
 * log-likelihood, bounded Newton steps from the coordinate search's end (coordinates at a bound whose gradient
 * points out are held: an active set), and the inverse of the observed information for the standard errors.
 */
import type { Coordinate } from './fit-optimize';

/**
 * Gradient and Hessian of f at x by forward differences with steps h (0: a held coordinate, left out; a step that
 * would leave [lo, hi] points the other way), f(x) known: H_ij = (f(x + h_i + h_j) - f(x + h_i) - f(x + h_j) +
 * f(x)) / (h_i h_j), g_i = (f(x + h_i) - f(x)) / h_i - H_ii h_i / 2. The points are evaluated grouped by `key`
 * (the caller's cache: points with equal keys share their expensive part).
 */
export function forwardDerivatives(
  f: (x: readonly number[]) => number,
  x: readonly number[],
  fx: number,
  steps: readonly number[],
  coords: readonly Coordinate[],
  key: (x: readonly number[]) => string = () => '',
): { g: number[]; H: number[][] } {
  const n = x.length;
  const h = steps.map((s, i) => (x[i]! + 2 * s > coords[i]!.hi ? -s : s));
  const shifted = (d: readonly [number, number][]) =>
    x.map((v, j) => v + d.reduce((a, [i, s]) => a + (i === j ? s : 0), 0));
  const points: { i: number; j: number; x: number[]; k: string; v: number }[] = [];
  const add = (i: number, j: number, d: [number, number][]) => {
    const p = shifted(d);
    points.push({ i, j, x: p, k: key(p), v: NaN });
  };
  for (let i = 0; i < n; i++) {
    if (h[i] === 0) continue;
    add(i, -1, [[i, h[i]!]]);
    add(i, i, [[i, 2 * h[i]!]]);
    for (let j = i + 1; j < n; j++)
      if (h[j] !== 0)
        add(i, j, [
          [i, h[i]!],
          [j, h[j]!],
        ]);
  }
  [...points].sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0)).forEach((p) => (p.v = f(p.x)));
  const single = new Array<number>(n).fill(fx);
  for (const p of points) if (p.j < 0) single[p.i] = p.v;
  const H = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const p of points)
    if (p.j >= 0) {
      const v = (p.v - single[p.i]! - single[p.j]! + fx) / (h[p.i]! * h[p.j]!);
      H[p.i]![p.j] = v;
      H[p.j]![p.i] = v;
    }
  const g = h.map((hi, i) => (hi !== 0 ? (single[i]! - fx) / hi - (H[i]![i]! * hi) / 2 : 0));
  return { g, H };
}

/** Inverse of a symmetric positive-definite matrix (Cholesky); null when it is not positive definite. */
export function invertSpd(A: readonly (readonly number[])[]): number[][] | null {
  const n = A.length;
  const L = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let s = A[i]![j]!;
      for (let k = 0; k < j; k++) s -= L[i]![k]! * L[j]![k]!;
      if (i === j) {
        if (!(s > 0)) return null;
        L[i]![i] = Math.sqrt(s);
      } else L[i]![j] = s / L[j]![j]!;
    }
  // inv(A) = inv(L)^T inv(L).
  const Li = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    Li[i]![i] = 1 / L[i]![i]!;
    for (let j = 0; j < i; j++) {
      let s = 0;
      for (let k = j; k < i; k++) s -= L[i]![k]! * Li[k]![j]!;
      Li[i]![j] = s / L[i]![i]!;
    }
  }
  return Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => {
      let s = 0;
      for (let k = Math.max(i, j); k < n; k++) s += Li[k]![i]! * Li[k]![j]!;
      return s;
    }),
  );
}

/** The covariance over the coordinates `idx` from a log-likelihood Hessian (null when not negative definite). */
export function covarianceOf(H: readonly (readonly number[])[], idx: readonly number[]): number[][] | null {
  return invertSpd(idx.map((i) => idx.map((j) => -H[i]![j]!)));
}

/**
 * Bounded Newton refinement from x: up to `maxSteps` steps d = -H^-1 g over the free coordinates (held: lo === hi,
 * or at a bound with the gradient pointing out), clamped to the bounds, halved while they do not improve f; stops
 * when a step is below every coordinate's tolerance (converged). Returns the last point and the derivatives of the
 * last iteration (for the standard errors; taken one small step before it when that step converged).
 */
export function newtonRefine(
  f: (x: readonly number[]) => number,
  x0: readonly number[],
  f0: number,
  coords: readonly Coordinate[],
  steps: readonly number[],
  maxSteps = 3,
  key?: (x: readonly number[]) => string,
): { x: number[]; fx: number; H: number[][]; steps: number; converged: boolean } {
  let x = [...x0];
  let fx = f0;
  for (let it = 0; ; it++) {
    const { g, H } = forwardDerivatives(f, x, fx, steps, coords, key);
    if (it === maxSteps) return { x, fx, H, steps: it, converged: false };
    const free = coords.flatMap((c, i) => {
      const held =
        !(c.hi > c.lo) || (x[i]! <= c.lo + c.tol && g[i]! < 0) || (x[i]! >= c.hi - c.tol && g[i]! > 0);
      return held ? [] : [i];
    });
    const cov = covarianceOf(H, free);
    if (cov === null) return { x, fx, H, steps: it, converged: false };
    const d = new Array<number>(x.length).fill(0);
    free.forEach((i, a) => free.forEach((j, b) => (d[i]! += cov[a]![b]! * g[j]!)));
    // A step below the tolerances: x is the maximum to within them.
    if (d.every((v, i) => Math.abs(v) <= coords[i]!.tol)) return { x, fx, H, steps: it, converged: true };
    let t = 1;
    let next: number[] = x;
    let fn = -Infinity;
    for (let half = 0; half < 4; half++, t /= 2) {
      next = x.map((v, i) => Math.min(coords[i]!.hi, Math.max(coords[i]!.lo, v + t * d[i]!)));
      fn = f(next);
      if (fn > fx) break;
    }
    if (!(fn > fx)) return { x, fx, H, steps: it, converged: false };
    const small = next.every((v, i) => Math.abs(v - x[i]!) <= coords[i]!.tol);
    x = next;
    fx = fn;
    // A step below the tolerances: the derivatives just computed serve for the standard errors.
    if (small) return { x, fx, H, steps: it + 1, converged: true };
  }
}
