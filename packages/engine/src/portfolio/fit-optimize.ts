/**
 * Bounded maximisation for the portfolio fit: Brent's one-dimensional method (golden section with parabolic steps;
 * Brent 1973, Numerical Recipes 3rd ed. section 10.3) run coordinate by coordinate. fit-newton.ts refines the
 * result and gives the standard errors.
 */

/** A bounded coordinate: its range, the tolerance to which it is wanted and a first search half-width. */
export interface Coordinate {
  lo: number;
  hi: number;
  tol: number;
  width: number;
}

const GOLD = 0.381966011250105; // (3 - sqrt 5) / 2

/**
 * The maximum of f on [lo, hi] to within tol (Brent), starting from x0 (its value f0 when known); returns the
 * argument and value (never worse than the start).
 */
export function brentMax(
  f: (x: number) => number,
  lo: number,
  hi: number,
  tol: number,
  x0: number,
  f0 = f(x0),
): { x: number; fx: number } {
  let a = lo;
  let b = hi;
  let x = Math.min(hi, Math.max(lo, x0));
  let w = x;
  let v = x;
  let fx = -f0;
  let fw = fx;
  let fv = fx;
  let d = 0;
  let e = 0;
  for (let it = 0; it < 60; it++) {
    const m = 0.5 * (a + b);
    const tol1 = tol * 0.5 + 1e-12;
    if (Math.abs(x - m) <= 2 * tol1 - 0.5 * (b - a)) break;
    let parabolic = false;
    if (Math.abs(e) > tol1) {
      const r = (x - w) * (fx - fv);
      let q = (x - v) * (fx - fw);
      let p = (x - v) * q - (x - w) * r;
      q = 2 * (q - r);
      if (q > 0) p = -p;
      q = Math.abs(q);
      if (Math.abs(p) < Math.abs(0.5 * q * e) && p > q * (a - x) && p < q * (b - x)) {
        e = d;
        d = p / q;
        const u = x + d;
        if (u - a < 2 * tol1 || b - u < 2 * tol1) d = m >= x ? tol1 : -tol1;
        parabolic = true;
      }
    }
    if (!parabolic) {
      e = x >= m ? a - x : b - x;
      d = GOLD * e;
    }
    const u = Math.abs(d) >= tol1 ? x + d : x + (d >= 0 ? tol1 : -tol1);
    const fu = -f(Math.min(hi, Math.max(lo, u)));
    if (fu <= fx) {
      if (u >= x) a = x;
      else b = x;
      v = w;
      fv = fw;
      w = x;
      fw = fx;
      x = u;
      fx = fu;
    } else {
      if (u < x) a = u;
      else b = u;
      if (fu <= fw || w === x) {
        v = w;
        fv = fw;
        w = u;
        fw = fu;
      } else if (fu <= fv || v === x || v === w) {
        v = u;
        fv = fu;
      }
    }
  }
  return { x: Math.min(hi, Math.max(lo, x)), fx: -fx };
}

/**
 * The maximum of f along one coordinate near x0: Brent on [x0 - w, x0 + w] within the bounds, the window moved and
 * doubled while the maximum sits at an edge that is not a bound (f is taken unimodal along the coordinate).
 */
export function bracketedMax(
  f: (x: number) => number,
  c: Coordinate,
  x0: number,
  f0: number,
  width: number,
): { x: number; fx: number } {
  let w = width;
  let best = { x: x0, fx: f0 };
  for (let round = 0; round < 30; round++) {
    const lo = Math.max(c.lo, best.x - w);
    const hi = Math.min(c.hi, best.x + w);
    const r = brentMax(f, lo, hi, c.tol, best.x, best.fx);
    const moved = r.fx > best.fx;
    if (moved) best = r;
    const atEdge = (r.x - lo < 2 * c.tol && lo > c.lo) || (hi - r.x < 2 * c.tol && hi < c.hi);
    if (!atEdge || !moved) break;
    w *= 2;
  }
  return best;
}

/**
 * Coordinate ascent: a bracketed Brent search on each free coordinate in turn (first over its width, later over
 * three times its last move), until a sweep gains less than `gain` and moves no coordinate by more than its
 * tolerance, or `maxSweeps`. Coordinates with lo === hi are held.
 */
export function coordinateAscent(
  f: (x: readonly number[]) => number,
  x0: readonly number[],
  coords: readonly Coordinate[],
  maxSweeps: number,
  gain = 0.01,
): { x: number[]; fx: number; sweeps: number; converged: boolean } {
  const x = [...x0];
  let fx = f(x);
  const widths = coords.map((c) => c.width);
  for (let sweep = 1; sweep <= maxSweeps; sweep++) {
    const before = fx;
    let moved = false;
    coords.forEach((c, i) => {
      if (!(c.hi > c.lo)) return;
      const g = (xi: number) => f(x.map((v, j) => (j === i ? xi : v)));
      const r = bracketedMax(g, c, x[i]!, fx, widths[i]!);
      const move = Math.abs(r.x - x[i]!);
      if (move > c.tol) moved = true;
      widths[i] = Math.max(4 * c.tol, Math.min(c.width, 3 * move));
      x[i] = r.x;
      fx = r.fx;
    });
    if (fx - before < gain && !moved) return { x, fx, sweeps: sweep, converged: true };
  }
  return { x, fx, sweeps: maxSweeps, converged: false };
}
