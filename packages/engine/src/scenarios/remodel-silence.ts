/**
 * A site's silence as evidence (calibration.md section 2, inactivity as evidence): whether a site that has screened
 * nobody for a while is still active, under the inactivation hazard.
 */
/** The silence of a site: what its data say under hazard h per day (see activeProbability). */
export interface SiteSilence {
  silentDays: number;
  silentExposure: number;
  exposureBefore: number;
  k: number;
  lambda: number;
  alpha: number;
}

/**
 * The two ways a site's silence can have happened (calibration.md section 2, inactivity as evidence), hazard h per
 * day: still active, e^(-h T) P(no screening in the window | active), with its rate's posterior from before the
 * silence (shape alpha + k, rate alpha + lambda Gb): P = (1 + lambda Gw / (alpha + lambda Gb))^-(alpha + k); or
 * stopped at t ~ h e^(-h t) within the window (silent exposure ~ linear in t, 16-point midpoint rule).
 */
export function silenceTerms(h: number, s: SiteSilence): { active: number; inactive: number } {
  const { silentDays: T, silentExposure: Gw, exposureBefore: Gb, k, lambda, alpha } = s;
  if (!(T > 0)) return { active: 1, inactive: 0 };
  // No exposure to read the silence by: survival alone.
  if (!(Gw > 0) || !(lambda > 0)) return { active: Math.exp(-h * T), inactive: 1 - Math.exp(-h * T) };
  const noEvents = (g: number) =>
    alpha === Infinity
      ? Math.exp(-lambda * g)
      : Math.exp(-(alpha + k) * Math.log1p((lambda * g) / (alpha + lambda * Gb)));
  const active = Math.exp(-h * T) * noEvents(Gw);
  let inactive = 0;
  const n = 16;
  for (let i = 0; i < n; i++) {
    const t = ((i + 0.5) * T) / n;
    inactive += h * Math.exp(-h * t) * noEvents((Gw * t) / T) * (T / n);
  }
  return { active, inactive };
}

/** Probability that a silent site is still active at the as-of date, hazard h per day (1 without a hazard). */
export function activeProbability(input: SiteSilence & { hazardPerDay: number }): number {
  if (!(input.hazardPerDay > 0)) return 1;
  const { active, inactive } = silenceTerms(input.hazardPerDay, input);
  return active + inactive > 0 ? active / (active + inactive) : 1;
}
