/** The remodel's Poisson-Gamma update of a group's screening rate (simulation model section 6). */

/** Poisson-Gamma conjugate update: Gamma(alpha, beta) prior, k events in `exposure` -> Gamma(alpha + k, beta + exposure). */
export function gammaPosterior(
  prior: { shape: number; rate: number },
  events: number,
  exposure: number,
): { shape: number; rate: number } {
  return { shape: prior.shape + events, rate: prior.rate + exposure };
}

/**
 * Shape of the prior on a group's rate: the group-level CV combines the study and country factors,
 * cv^2 = (1 + cv_study^2)(1 + cv_country^2) - 1 (the CV of a product of independent mean-one factors).
 */
export function priorShape(studyRateCv: number, countryRateCv: number): number {
  const cv2 = (1 + studyRateCv ** 2) * (1 + countryRateCv ** 2) - 1;
  return cv2 > 0 ? 1 / cv2 : Infinity;
}
