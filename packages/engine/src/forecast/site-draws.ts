/**
 * The per-site draws of a replication, each batch in one small loop with the xoshiro128** state in locals: the
 * rate factors (Gamma, mean one, optionally zero for non-enrolling sites) and the inactivation lifetimes
 * (exponential). The same draws, in the same order, as drawing them site by site.
 */
import { gamma } from '../rng/distributions';
import { EXP_KE, EXP_WE, exponentialSlowPath, NORM_KN, NORM_WN, normalSlowPath } from '../rng/ziggurat';
import type { Xoshiro128 } from '../rng/xoshiro';

/**
 * Site rate factors u_i ~ Gamma(shape, shape) (mean 1; exactly 1 when shape is 0), each set to 0 with probability
 * pNon, into out[0..n): the same draws, in the same order, as drawing them site by site, but in one small loop
 * (no per-site call with boxed arguments in the large set-up function).
 */
export function drawSiteFactors(
  rng: Xoshiro128,
  n: number,
  shape: number,
  pNon: number,
  out: Float64Array,
): void {
  if (shape >= 1 && !(pNon > 0)) {
    drawGammaFactors(rng, n, shape, out);
    return;
  }
  for (let i = 0; i < n; i++) {
    let u = shape > 0 ? gamma(rng, shape) / shape : 1;
    if (pNon > 0 && rng.uniform() < pNon) u = 0;
    out[i] = u;
  }
}

/**
 * out[0..n) = Gamma(shape, 1) / shape, shape >= 1: gammaMarsagliaTsang's draws and arithmetic exactly, with the
 * xoshiro128** state in local variables and the normal ziggurat's fast path and the uniform inline (400 draws per
 * W2 replication; the state is written back to rng around the rare slow path).
 */
function drawGammaFactors(rng: Xoshiro128, n: number, shape: number, out: Float64Array): void {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  const state = rng.state;
  let S0 = state[0]!;
  let S1 = state[1]!;
  let S2 = state[2]!;
  let S3 = state[3]!;
  for (let i = 0; i < n; i++) {
    let g: number;
    for (;;) {
      let x: number;
      let v: number;
      do {
        // xoshiro128** next() and zigguratNormal's fast path (rng/ziggurat.ts).
        const x0 = S0;
        const x1 = S1;
        const x2 = S2 ^ x0;
        const x3 = S3 ^ x1;
        const m = Math.imul(x1, 5);
        const jz = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
        S1 = x1 ^ x2;
        S0 = x0 ^ x3;
        S2 = x2 ^ (x1 << 9);
        S3 = (x3 << 11) | (x3 >>> 21);
        const iz = jz >>> 25;
        const u = jz & 0xffffff;
        if (u < NORM_KN[iz]!) x = u * NORM_WN[iz]! * (1 - ((jz >>> 23) & 2));
        else {
          state[0] = S0;
          state[1] = S1;
          state[2] = S2;
          state[3] = S3;
          x = normalSlowPath(rng, jz);
          S0 = state[0]!;
          S1 = state[1]!;
          S2 = state[2]!;
          S3 = state[3]!;
        }
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      // rng.uniform(), inline.
      const x0 = S0;
      const x1 = S1;
      const x2 = S2 ^ x0;
      const x3 = S3 ^ x1;
      const m = Math.imul(x1, 5);
      const r = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
      S1 = x1 ^ x2;
      S0 = x0 ^ x3;
      S2 = x2 ^ (x1 << 9);
      S3 = (x3 << 11) | (x3 >>> 21);
      const u = (r + 0.5) * TWO_POW_M32;
      const xx = x * x;
      if (u < 1 - 0.0331 * xx * xx || Math.log(u) < 0.5 * xx + d * (1 - v + Math.log(v))) {
        g = d * v;
        break;
      }
    }
    out[i] = g / shape;
  }
  state[0] = S0;
  state[1] = S1;
  state[2] = S2;
  state[3] = S3;
}

const TWO_POW_M32 = 2 ** -32;

/**
 * out[0..n) = Exp(1) / hazard (days; hazard per day > 0): each site's time from activation to falling silent.
 * zigguratExponential's draws and arithmetic exactly, with its fast path and the state inline.
 */
export function drawSiteLifetimes(rng: Xoshiro128, n: number, hazard: number, out: Float64Array): void {
  const scale = 1 / hazard;
  const state = rng.state;
  let S0 = state[0]!;
  let S1 = state[1]!;
  let S2 = state[2]!;
  let S3 = state[3]!;
  for (let i = 0; i < n; i++) {
    const x0 = S0;
    const x1 = S1;
    const x2 = S2 ^ x0;
    const x3 = S3 ^ x1;
    const m = Math.imul(x1, 5);
    const jz = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
    S1 = x1 ^ x2;
    S0 = x0 ^ x3;
    S2 = x2 ^ (x1 << 9);
    S3 = (x3 << 11) | (x3 >>> 21);
    const iz = jz >>> 24;
    const u = jz & 0xffffff;
    let e: number;
    if (u < EXP_KE[iz]!) e = u * EXP_WE[iz]!;
    else {
      state[0] = S0;
      state[1] = S1;
      state[2] = S2;
      state[3] = S3;
      e = exponentialSlowPath(rng, jz);
      S0 = state[0]!;
      S1 = state[1]!;
      S2 = state[2]!;
      S3 = state[3]!;
    }
    out[i] = e * scale;
  }
  state[0] = S0;
  state[1] = S1;
  state[2] = S2;
  state[3] = S3;
}
