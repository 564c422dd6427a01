/**
 * A site's relative intensity by its age (days since activation), calibration.md section 1: the plan's fatigue
 * table f(x) = 1 - drop x / D (then 1 - drop) times the forecast's ramp-up and decay terms,
 *
 *   m(x) = f(x) x ramp(x) x e^(-k x),   ramp(x) = r0 + (1 - r0) min(1, x / R)
 *
 * (a site starts at r0 of its rate and reaches it after R days; k per day of further decay). The Monte Carlo adds
 * intensities as linear pieces, so m is taken exactly at breakpoints (0, R, D, and with decay, or ramp-up and
 * fatigue together, ages 15 x sqrt(2)^n up
 * to 15 years) and linearly between them: exact for the fatigue table and the ramp alone, within 0.2% of the
 * product's integral elsewhere (the chord of e^(-k x) over [x, x sqrt 2]). Constant after the last breakpoint.
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

const LAST_AGE = 15 * 365.25;

/** m(x) of a profile (see the file comment). */
export function ageFactor(p: AgeProfile, x: number): number {
  const f =
    Number.isFinite(p.fatigueDays) && p.fatigueDays > 0
      ? 1 - p.fatigueDrop * Math.min(1, x / p.fatigueDays)
      : 1;
  const ramp =
    p.rampDays > 0 && p.rampStart < 1 ? p.rampStart + (1 - p.rampStart) * Math.min(1, x / p.rampDays) : 1;
  return f * ramp * (p.decayPerDay > 0 ? Math.exp(-p.decayPerDay * x) : 1);
}

/** The pieces of m(x) from age 0: linear between breakpoints, the last one open-ended. */
export function agePieces(p: AgeProfile): AgePiece[] {
  const breaks = new Set<number>([0]);
  const ramp = p.rampDays > 0 && p.rampStart < 1;
  const fatigue = Number.isFinite(p.fatigueDays) && p.fatigueDays > 0;
  // A curved product (decay, or ramp-up x fatigue) needs the geometric breakpoints; a single linear term does not.
  // Without decay the product is curved only until both the ramp and the fatigue have ended.
  const curvedTo = p.decayPerDay > 0 ? LAST_AGE : Math.max(p.rampDays, p.fatigueDays);
  if (p.decayPerDay > 0 || (ramp && fatigue)) for (let x = 15; x < curvedTo; x *= Math.SQRT2) breaks.add(x);
  if (ramp) breaks.add(p.rampDays);
  if (fatigue) breaks.add(p.fatigueDays);
  const xs = [...breaks].filter((x) => x <= LAST_AGE).sort((a, b) => a - b);
  const out: AgePiece[] = [];
  for (let i = 0; i < xs.length; i++) {
    const x0 = xs[i]!;
    const y0 = ageFactor(p, x0);
    if (i + 1 === xs.length) {
      out.push({ x0, x1: Infinity, c0: y0, c1: 0 });
      break;
    }
    const x1 = xs[i + 1]!;
    const c1 = (ageFactor(p, x1) - y0) / (x1 - x0);
    out.push({ x0, x1, c0: y0 - c1 * x0, c1 });
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

/** The reference span of the centring, days: the planned rate is a site's mean over its first year. */
export const CENTRING_DAYS = 365;

/**
 * The factor on a site's rate that keeps the planned rate its mean over its first CENTRING_DAYS when the forecast's
 * own age terms are on (ramp-up, decay, inactivation at `hazardPerDay`): 1 / the mean of ramp(x) e^(-k x) e^(-h x)
 * over the span (midpoint rule, one point a day). The plan's fatigue table is the planner's own statement and is
 * not centred. 1 when the terms are off.
 */
export function centringFactor(p: AgeProfile, hazardPerDay: number): number {
  const ramp = p.rampDays > 0 && p.rampStart < 1;
  if (!ramp && !(p.decayPerDay > 0) && !(hazardPerDay > 0)) return 1;
  const unplanned: AgeProfile = { ...p, fatigueDays: Infinity, fatigueDrop: 0 };
  let sum = 0;
  for (let d = 0; d < CENTRING_DAYS; d++) {
    const x = d + 0.5;
    sum += ageFactor(unplanned, x) * Math.exp(-Math.max(0, hazardPerDay) * x);
  }
  return CENTRING_DAYS / sum;
}
