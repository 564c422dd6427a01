/**
 * A site's relative intensity by its age (days since activation), calibration.md section 1: the plan's fatigue
 * table f(x) = 1 - drop x / D (then 1 - drop), plus the forecast's ramp-up and decay terms, added:
 *
 *   m(x) = f(x) - (1 - r0) max(0, 1 - x / R) - delta x
 *
 * (a site starts at r0 of its rate and reaches it after R days; delta per day of further decay), cut at its first
 * zero (m rises, then falls, so it stays zero after). The terms add instead of multiplying so that each piece stays
 * linear in the age and the Monte Carlo's level/slope accumulation stays exact; the difference from a product is
 * second order (the ramp's shortfall x the fatigue's drop, both small early in a site's life).
 */

/** The age profile's settings, days and fractions. */
export interface AgeProfile {
  /** Fatigue length D (Infinity: no fatigue) and drop 1 - final factor. */
  fatigueDays: number;
  fatigueDrop: number;
  /** Ramp-up length R (0: none) and the starting fraction r0 of the rate. */
  rampDays: number;
  rampStart: number;
  /** Further decay of the relative rate per day of site age (0: none). */
  decayPerDay: number;
}

/** One linear piece of m(x) = c0 + c1 x on ages [x0, x1). */
export interface AgePiece {
  x0: number;
  x1: number;
  c0: number;
  c1: number;
}

/** True when the profile is the fatigue table alone (no ramp-up, no decay). */
export function isFatigueOnly(p: AgeProfile): boolean {
  return !(p.rampDays > 0 && p.rampStart < 1) && !(p.decayPerDay > 0);
}

/** The pieces of m(x) from age 0, the last one open-ended or ending at m's first zero. */
export function agePieces(p: AgeProfile): AgePiece[] {
  const ramp = p.rampDays > 0 && p.rampStart < 1;
  const breaks = [0];
  if (ramp) breaks.push(p.rampDays);
  if (Number.isFinite(p.fatigueDays) && p.fatigueDays > 0) breaks.push(p.fatigueDays);
  breaks.sort((a, b) => a - b);
  breaks.push(Infinity);
  const out: AgePiece[] = [];
  for (let i = 0; i + 1 < breaks.length; i++) {
    const x0 = breaks[i]!;
    const x1 = breaks[i + 1]!;
    if (!(x1 > x0)) continue;
    let c0 = 1;
    let c1 = p.decayPerDay > 0 ? -p.decayPerDay : 0;
    if (Number.isFinite(p.fatigueDays) && p.fatigueDays > 0 && x0 < p.fatigueDays)
      c1 -= p.fatigueDrop / p.fatigueDays;
    else if (Number.isFinite(p.fatigueDays) && p.fatigueDays > 0) c0 -= p.fatigueDrop;
    if (ramp && x0 < p.rampDays) {
      c0 -= 1 - p.rampStart;
      c1 += (1 - p.rampStart) / p.rampDays;
    }
    const end = c0 + c1 * x1;
    if (c1 < 0 && !(end > 0)) {
      // The first zero: m is unimodal, nothing after it.
      const zero = -c0 / c1;
      if (zero > x0) out.push({ x0, x1: zero, c0, c1 });
      return out;
    }
    if (c0 + c1 * x0 > 0 || end > 0) out.push({ x0, x1, c0, c1 });
  }
  return out;
}

/** A group's age profile: its fatigue table and the plan's ramp-up and decay settings. */
export function groupAgeProfile(
  fatigue: { days: number; finalFactor: number } | null,
  u: { siteRampUpDays?: number; siteRampUpStart?: number; siteDecayPerYear?: number },
): AgeProfile {
  const hasFatigue = fatigue !== null && fatigue.days > 0 && fatigue.finalFactor !== 1;
  return {
    fatigueDays: hasFatigue ? fatigue.days : Infinity,
    fatigueDrop: hasFatigue ? 1 - fatigue.finalFactor : 0,
    rampDays: Math.max(0, u.siteRampUpDays ?? 0),
    rampStart: Math.min(1, Math.max(0, u.siteRampUpStart ?? 0.5)),
    decayPerDay: Math.max(0, u.siteDecayPerYear ?? 0) / 365.25,
  };
}
