/**
 * Exact cent arithmetic. Decimal inputs (multipliers, percents: 2 decimals; exchange rates: 4 decimals, spec/2
 * section 9) are scaled to integers and multiplied as bigint, so a product is rounded once, half-up (half away from
 * zero), where a cent amount is produced: 1.13 x 350 cents is 395.5, so 396 (floating point gives 395.49999...).
 */

/** A decimal as an integer count of 10^-decimals units (rounded to that many decimals). */
export function scaled(x: number, decimals: number): bigint {
  return BigInt(Math.round(x * 10 ** decimals));
}

/** n / d rounded half away from zero (d > 0). */
export function divHalfUp(n: bigint, d: bigint): bigint {
  const q = (2n * (n < 0n ? -n : n) + d) / (2n * d);
  return n < 0n ? -q : q;
}

/** Integer cents of a floating amount of cents, half away from zero, tolerant of binary floating-point residue. */
export function roundCents(x: number): number {
  const a = Math.abs(x);
  const r = Math.floor(a + 0.5 + a * 1e-12);
  return x < 0 ? -r : r;
}

/**
 * Splits `total` cents over the parts in proportion to `weights` (largest remainder), so that the integer parts sum
 * to `total` exactly; all-zero weights put everything on the first part.
 */
export function apportionCents(weights: readonly number[], total: number): number[] {
  const n = weights.length;
  if (n === 0) return [];
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (w / sum) * total);
  const out = exact.map((x) => Math.floor(x));
  let rest = total - out.reduce((s, x) => s + x, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; rest > 0; k = (k + 1) % n, rest--) out[order[k]!.i]! += 1;
  return out;
}
