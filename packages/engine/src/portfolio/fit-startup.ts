/**
 * Start-up spread from completed studies (calibration.md section 4: lognormal terms on actual / planned offsets).
 *
 * The engine moves a group's activations by (f - 1) x S, f ~ Gamma mean one with CV `startupCv`, S the planned
 * start-up span (regulatory submission to first activation, `startupSpanDays`). So a site's actual start-up span
 * relative to the plan, r = (S + actual - planned activation day) / S, is f for every site of the group. Sites are
 * paired with the plan's activation days by rank within their group (the k-th to activate with the k-th planned),
 * and y = log r follows a one-way random-effects model over the groups of all studies:
 *
 *   y_gi = mu + b_g + e_gi,   b_g ~ N(0, sigma_c^2) (country), e_gi ~ N(0, sigma_s^2) (site),
 *
 * fitted by maximum likelihood (mu profiled out as its GLS mean; the two sds by coordinate Brent; standard errors
 * from the observed information). `startupCv` is the CV of the Gamma factor with Var(log f) = sigma_c^2 (trigamma
 * of its shape), the engine's own parameter; sigma_c^2 / (sigma_c^2 + sigma_s^2) is the share of the log-delay
 * variance shared by the country (the correlation of two sites' log delays). Groups with a span under one day
 * carry no start-up information and are left out; a ratio is floored at half a day over S (a site activated
 * before its submission). Planned sites never activated are not seen (a country so late that no site started
 * before the data end is missing: a small bias toward on-time countries).
 */
import { bisect } from '../analytic/special-functions';
import type { PortfolioData } from './fit-data';
import { covarianceOf, forwardDerivatives } from './fit-newton';
import { coordinateAscent, type Coordinate } from './fit-optimize';
import type { Estimate, StartupFit } from './types';

/** Trigamma psi'(x), x > 0: recurrence up to x >= 10, then the asymptotic series to x^-11 (error < 1e-13 there). */
export function trigamma(x: number): number {
  let acc = 0;
  while (x < 10) {
    acc += 1 / (x * x);
    x += 1;
  }
  const x2 = 1 / (x * x);
  return (
    acc + 1 / x + x2 / 2 + (x2 / x) * (1 / 6 - x2 * (1 / 30 - x2 * (1 / 42 - x2 * (1 / 30 - (5 / 66) * x2))))
  );
}

/** CV of the mean-one Gamma factor whose log has variance v (0 for v = 0). */
export function gammaCvOfLogVariance(v: number): number {
  if (!(v > 0)) return 0;
  // trigamma is decreasing: find the shape k with trigamma(k) = v on a log scale.
  const logK = bisect((lk) => -trigamma(Math.exp(lk)), -v, -20, 40, 1e-12);
  return Math.exp(-0.5 * logK);
}

/** Per study group: the log ratios of its paired sites. */
export function startupObservations(data: PortfolioData): number[][] {
  return data.groups.flatMap(({ group, sites }) => {
    const S = group.startupSpanDays;
    if (!(S >= 1)) return [];
    const planned = group.activationOffsets
      .map((o) => group.milestones.firstSiteActivation + o)
      .sort((a, b) => a - b);
    const n = Math.min(planned.length, sites.length);
    if (n === 0) return [];
    return [sites.slice(0, n).map((s, k) => Math.log(Math.max(S + s.activationDay - planned[k]!, 0.5) / S))];
  });
}

/** The one-way model's log-likelihood at (sigma_c, sigma_s) with mu at its GLS estimate; returns mu too. */
function oneWay(groups: readonly { n: number; mean: number; ss: number }[], sc: number, ss: number) {
  const vc = sc * sc;
  const ve = ss * ss;
  let sw = 0;
  let swy = 0;
  for (const g of groups) {
    const w = g.n / (ve + g.n * vc);
    sw += w;
    swy += w * g.mean;
  }
  const mu = swy / sw;
  let ll = 0;
  for (const g of groups) {
    const d = g.mean - mu;
    ll -=
      0.5 *
      (g.n * Math.log(2 * Math.PI) +
        (g.n - 1) * Math.log(ve) +
        Math.log(ve + g.n * vc) +
        g.ss / ve +
        (g.n * d * d) / (ve + g.n * vc));
  }
  return { ll, mu, sw };
}

const SD_COORDS: Coordinate[] = [
  { lo: 0, hi: 3, tol: 1e-4, width: 0.2 },
  { lo: 1e-4, hi: 3, tol: 1e-5, width: 0.2 },
];

/** Fits the start-up terms (see the file comment); null when no group has a start-up observation. */
export function fitStartup(data: PortfolioData): StartupFit | null {
  const obs = startupObservations(data);
  return obs.length === 0 ? null : fitOneWay(obs);
}

/** The one-way random-effects fit of log ratios, one array per group (see the file comment). */
export function fitOneWay(obs: readonly (readonly number[])[]): StartupFit {
  const groups = obs.map((ys) => {
    const mean = ys.reduce((a, y) => a + y, 0) / ys.length;
    return { n: ys.length, mean, ss: ys.reduce((a, y) => a + (y - mean) ** 2, 0) };
  });
  const f = (x: readonly number[]) => oneWay(groups, x[0]!, x[1]!).ll;
  const best = coordinateAscent(f, [0.2, 0.1], SD_COORDS, 20, 1e-6);
  const [sc, ss] = best.x as [number, number];
  const { H } = forwardDerivatives(f, best.x, best.fx, [1e-4, 1e-4], SD_COORDS);
  // A sd at its bound (no site jitter at all, as in the engine's own model) has no standard error; the other's
  // comes from its own curvature.
  const interior = SD_COORDS.flatMap((c, i) =>
    best.x[i]! > c.lo + 10 * c.tol && best.x[i]! < c.hi - 10 * c.tol ? [i] : [],
  );
  const cov = covarianceOf(H, interior);
  const variance = (i: number) =>
    cov === null || interior.indexOf(i) < 0 ? null : cov[interior.indexOf(i)]![interior.indexOf(i)]!;
  const se0 = variance(0) === null ? null : Math.sqrt(variance(0)!);
  const se1 = variance(1) === null ? null : Math.sqrt(variance(1)!);
  const { mu, sw } = oneWay(groups, sc, ss);
  const cv = (s: number) => gammaCvOfLogVariance(s * s);
  const share = (a: number, b: number) => (a * a) / (a * a + b * b);
  // Delta method on the CV (numerical derivative) and on the share (both sds).
  const dCv = (cv(sc + 1e-4) - cv(Math.max(0, sc - 1e-4))) / (sc + 1e-4 - Math.max(0, sc - 1e-4));
  const dA = (share(sc + 1e-5, ss) - share(sc, ss)) / 1e-5;
  const dB = (share(sc, ss + 1e-5) - share(sc, ss)) / 1e-5;
  const shareSe =
    cov === null || interior.length < 2
      ? null
      : Math.sqrt(Math.max(0, dA * dA * cov[0]![0]! + 2 * dA * dB * cov[0]![1]! + dB * dB * cov[1]![1]!));
  const est = (value: number, s: number | null): Estimate => ({ value, se: s });
  return {
    startupCv: est(cv(sc), se0 === null ? null : Math.abs(dCv) * se0),
    countryShare: est(share(sc, ss), shareSe),
    countryLogSd: est(sc, se0),
    siteLogSd: est(ss, se1),
    meanLogRatio: est(mu, 1 / Math.sqrt(sw)),
    sites: groups.reduce((a, g) => a + g.n, 0),
    groups: groups.length,
    logLikelihood: best.fx,
  };
}
