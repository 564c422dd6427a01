/**
 * Random variates from a Xoshiro128 stream. Every sampler is exact in distribution (up to the 2^-32 resolution
 * of the uniforms and double rounding): no normal approximations.
 */
import { logGamma } from '../analytic/special-functions';
import type { Xoshiro128 } from './xoshiro';
import { zigguratNormal } from './ziggurat';

/** Standard normal N(0, 1), Marsaglia's polar method (the second deviate is kept in the generator's state). */
export function normal(rng: Xoshiro128): number {
  const spare = rng.spareNormal;
  if (spare === spare) {
    rng.spareNormal = NaN;
    return spare;
  }
  for (;;) {
    const u = 2 * rng.uniform() - 1;
    const v = 2 * rng.uniform() - 1;
    const s = u * u + v * v;
    if (s > 0 && s < 1) {
      const f = Math.sqrt((-2 * Math.log(s)) / s);
      rng.spareNormal = v * f;
      return u * f;
    }
  }
}

/** Exponential with mean 1 (inversion: -log U, U in (0, 1)). */
export function exponential(rng: Xoshiro128): number {
  return -Math.log(rng.uniform());
}

/**
 * Gamma(shape, scale 1), shape > 0: Marsaglia & Tsang (2000) squeeze-and-reject for shape >= 1, with ziggurat
 * normals; for shape < 1 the boost Gamma(shape + 1) * U^(1 / shape) (their section 6).
 */
export function gamma(rng: Xoshiro128, shape: number): number {
  if (shape < 1) {
    const g = gamma(rng, shape + 1);
    return g * Math.exp(Math.log(rng.uniform()) / shape);
  }
  const d = shape - 1 / 3;
  return gammaMarsagliaTsang(rng, d, 1 / Math.sqrt(9 * d));
}

/**
 * The Marsaglia-Tsang loop for Gamma(shape, 1), shape >= 1, with its constants d = shape - 1/3 and
 * c = 1 / sqrt(9 d) precomputed by the caller (the same draws as gamma(rng, shape)).
 */
export function gammaMarsagliaTsang(rng: Xoshiro128, d: number, c: number): number {
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = zigguratNormal(rng);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = rng.uniform();
    const x2 = x * x;
    if (u < 1 - 0.0331 * x2 * x2) return d * v;
    if (Math.log(u) < 0.5 * x2 + d * (1 - v + Math.log(v))) return d * v;
  }
}

/** Gamma-distributed factor with mean 1 and coefficient of variation `cv` (shape 1/cv^2); exactly 1 when cv = 0. */
export function gammaMeanOne(rng: Xoshiro128, cv: number): number {
  if (!(cv > 0)) return 1;
  const shape = 1 / (cv * cv);
  return gamma(rng, shape) / shape;
}

/** Poisson(mean): sequential inversion below mean 10, PTRS (Hormann 1993, transformed rejection) above. */
export function poisson(rng: Xoshiro128, mean: number): number {
  if (!(mean > 0)) return 0;
  if (mean < 10) {
    let p = Math.exp(-mean);
    let cdf = p;
    let k = 0;
    const u = rng.uniform();
    // The tail beyond k = 1000 has probability < 1e-300 for mean < 10: the guard only stops rounding loops.
    while (u > cdf && k < 1000) {
      k += 1;
      p *= mean / k;
      cdf += p;
    }
    return k;
  }
  const slam = Math.sqrt(mean);
  const logLam = Math.log(mean);
  const b = 0.931 + 2.53 * slam;
  const a = -0.059 + 0.02483 * b;
  const logInvAlpha = Math.log(1.1239 + 1.1328 / (b - 3.4));
  const vr = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    const u = rng.uniform() - 0.5;
    const v = rng.uniform();
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + mean + 0.43);
    if (us >= 0.07 && v <= vr) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    if (Math.log(v) + logInvAlpha - Math.log(a / (us * us) + b) <= -mean + k * logLam - logGamma(k + 1))
      return k;
  }
}

/** Binomial(n, p): inversion when n * min(p, 1 - p) < 10, BTRS (Hormann 1993) otherwise. */
export function binomial(rng: Xoshiro128, n: number, p: number): number {
  if (n <= 0 || !(p > 0)) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - binomial(rng, n, 1 - p);
  const q = 1 - p;
  if (n * p < 10) {
    const ratio = p / q;
    let pk = Math.exp(n * Math.log1p(-p));
    let cdf = pk;
    let k = 0;
    const u = rng.uniform();
    while (u > cdf && k < n) {
      pk *= ((n - k) / (k + 1)) * ratio;
      k += 1;
      cdf += pk;
    }
    return k;
  }
  const spq = Math.sqrt(n * p * q);
  const b = 1.15 + 2.53 * spq;
  const a = -0.0873 + 0.0248 * b + 0.01 * p;
  const c = n * p + 0.5;
  const alpha = (2.83 + 5.1 / b) * spq;
  const vr = 0.92 - 4.2 / b;
  const m = Math.floor((n + 1) * p);
  const lpq = Math.log(p / q);
  const h = logGamma(m + 1) + logGamma(n - m + 1);
  for (;;) {
    const u = rng.uniform() - 0.5;
    const v = rng.uniform();
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + c);
    if (k < 0 || k > n) continue;
    if (us >= 0.07 && v <= vr) return k;
    const lv = Math.log((v * alpha) / (a / (us * us) + b));
    if (lv <= h - logGamma(k + 1) - logGamma(n - k + 1) + (k - m) * lpq) return k;
  }
}
