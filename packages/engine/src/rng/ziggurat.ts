/**
 * Exponential(1) and standard normal variates by the ziggurat method (Marsaglia & Tsang 2000, "The Ziggurat Method for Generating
 * Random Variables", REXP with 256 layers): ~99% of draws cost one 32-bit output, a table look-up and a compare,
 * against a logarithm for inversion. Exact in distribution: the rare rejections fall back to exact tests, and the
 * tail beyond r is r + Exp(1) by memorylessness.
 *
 * Unlike the original, the layer index (top 8 bits; for the normal the top 7 bits and a sign bit) and the position
 * in the layer (low 24 bits) come from disjoint bits of the output, so they are independent.
 */
import type { Xoshiro128 } from './xoshiro';

const LAYERS = 256;
const M = 2 ** 24;
const R = 7.697117470131487; // right edge of the base layer
const V = 3.949659822581572e-3; // area of each layer

const ke = new Uint32Array(LAYERS);
const we = new Float64Array(LAYERS);
const fe = new Float64Array(LAYERS);
{
  let de = R;
  let te = R;
  const q = V / Math.exp(-de);
  ke[0] = Math.floor((de / q) * M);
  ke[1] = 0;
  we[0] = q / M;
  we[LAYERS - 1] = de / M;
  fe[0] = 1;
  fe[LAYERS - 1] = Math.exp(-de);
  for (let i = LAYERS - 2; i >= 1; i--) {
    de = -Math.log(V / de + Math.exp(-de));
    ke[i + 1] = Math.floor((de / te) * M);
    te = de;
    fe[i] = Math.exp(-de);
    we[i] = de / M;
  }
}

/**
 * Tables of the exponential ziggurat for callers that inline its fast path (bulk-walk.ts): with jz a 32-bit output,
 * iz = jz >>> 24 and u = jz & 0xffffff, the draw is u * EXP_WE[iz] when u < EXP_KE[iz], else
 * exponentialSlowPath(rng, jz).
 */
export const EXP_KE: Uint32Array = ke;
export const EXP_WE: Float64Array = we;

/** Slow path of zigguratExponential (wedge rejection test and the tail), given the first 32-bit output jz. */
export function exponentialSlowPath(rng: Xoshiro128, jz: number): number {
  for (;;) {
    const iz = jz >>> 24;
    const u = jz & 0xffffff;
    if (u < ke[iz]!) return u * we[iz]!;
    if (iz === 0) return R - Math.log(rng.uniform());
    const x = u * we[iz]!;
    if (fe[iz]! + rng.uniform() * (fe[iz - 1]! - fe[iz]!) < Math.exp(-x)) return x;
    jz = rng.next();
  }
}

/** Exponential with mean 1 (ziggurat; about 99% of calls use no logarithm). */
export function zigguratExponential(rng: Xoshiro128): number {
  const jz = rng.next();
  const iz = jz >>> 24;
  const u = jz & 0xffffff;
  if (u < ke[iz]!) return u * we[iz]!;
  return exponentialSlowPath(rng, jz);
}

// Normal: 128 layers of the half-normal density f(x) = exp(-x^2 / 2) (Marsaglia & Tsang's RNOR constants).
const NLAYERS = 128;
const RN = 3.442619855899; // right edge of the base layer
const VN = 9.91256303526217e-3; // area of each layer
const kn = new Uint32Array(NLAYERS);
const wn = new Float64Array(NLAYERS);
const fn = new Float64Array(NLAYERS);
{
  let dn = RN;
  let tn = dn;
  const q = VN / Math.exp(-0.5 * dn * dn);
  kn[0] = Math.floor((dn / q) * M);
  kn[1] = 0;
  wn[0] = q / M;
  wn[NLAYERS - 1] = dn / M;
  fn[0] = 1;
  fn[NLAYERS - 1] = Math.exp(-0.5 * dn * dn);
  for (let i = NLAYERS - 2; i >= 1; i--) {
    dn = Math.sqrt(-2 * Math.log(VN / dn + Math.exp(-0.5 * dn * dn)));
    kn[i + 1] = Math.floor((dn / tn) * M);
    tn = dn;
    fn[i] = Math.exp(-0.5 * dn * dn);
    wn[i] = dn / M;
  }
}

/**
 * Tables of the normal ziggurat for callers that inline its fast path (forecast/sites.ts): with jz a 32-bit
 * output, iz = jz >>> 25 and u = jz & 0xffffff, the draw is (u * NORM_WN[iz]) * (1 - ((jz >>> 23) & 2)) (bit 24 is
 * the sign) when u < NORM_KN[iz], else normalSlowPath(rng, jz).
 */
export const NORM_KN: Uint32Array = kn;
export const NORM_WN: Float64Array = wn;

/** Slow path of zigguratNormal: wedge rejection test and the tail beyond RN (Marsaglia 1964). */
export function normalSlowPath(rng: Xoshiro128, jz: number): number {
  for (;;) {
    const iz = jz >>> 25;
    const u = jz & 0xffffff;
    const sign = jz & 0x1000000 ? -1 : 1;
    if (u < kn[iz]!) return sign * u * wn[iz]!;
    if (iz === 0) {
      // Tail x > RN: x = RN + e1 / RN accepted when 2 e2 > (e1 / RN)^2, e1, e2 ~ Exp(1).
      for (;;) {
        const x = -Math.log(rng.uniform()) / RN;
        const y = -Math.log(rng.uniform());
        if (y + y > x * x) return sign * (RN + x);
      }
    }
    const x = u * wn[iz]!;
    if (fn[iz]! + rng.uniform() * (fn[iz - 1]! - fn[iz]!) < Math.exp(-0.5 * x * x)) return sign * x;
    jz = rng.next();
  }
}

/**
 * Standard normal N(0, 1) (ziggurat, 128 layers; about 99% of calls use one 32-bit output and no logarithm):
 * layer from the top 7 bits, sign from bit 24, position from the low 24 bits.
 */
export function zigguratNormal(rng: Xoshiro128): number {
  const jz = rng.next();
  const iz = jz >>> 25;
  const u = jz & 0xffffff;
  // The sign by a multiplication, not a branch (a coin flip mispredicts half the time); -(u w) either way.
  if (u < kn[iz]!) return u * wn[iz]! * (1 - ((jz >>> 23) & 2));
  return normalSlowPath(rng, jz);
}
