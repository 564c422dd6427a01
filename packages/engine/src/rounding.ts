/** Rounds to `decimals` decimals, half away from zero (the 1e-9 absorbs binary fractions such as 1.005). */
export const roundTo = (n: number, decimals: number) =>
  (Math.sign(n) * Math.round(Math.abs(n) * 10 ** decimals + 1e-9)) / 10 ** decimals;

/** Rounds to 2 decimals, half away from zero (spec/2: numeric fields are rounded to 2 decimals). */
export const round2 = (n: number) => roundTo(n, 2);
