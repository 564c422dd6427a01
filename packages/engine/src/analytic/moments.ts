/**
 * Mean and variance of the cumulative screening intensity L(t) = theta * sum_i w_i * Lambda_i(t) of the forecast
 * model (section 7) at any time t, without simulation:
 * - theta ~ Gamma(kappa, kappa) (study factor), c_g ~ Gamma(k_c, k_c) per group (country rate factor, shared by
 *   the group's sites; L = theta * sum_g c_g * X_g), w_i = u_i * b_i with u_i ~ Gamma(alpha, alpha) and b_i a
 *   Bernoulli(1 - p) "enrolls at all" indicator (site heterogeneity);
 * - Lambda_i(t) depends on the group's start-up factor f_g ~ Gamma(k, k) through the activation day; the
 *   expectation over f_g uses Q equal-probability bins with their conditional means as nodes (exact mean of f).
 *
 * For a site of group g with activation a, first screening s = a + delay and fatigue (D, drop), the unit-rate
 * cumulative intensity is affine in S(t) = int_0^t season and T(t) = int_0^t tau * season, piecewise in two
 * regimes (before and after the fatigue kink a + D), so evaluating it costs O(1) per site and node.
 */
import { countryRateCvOf, type PreparedPlan } from '../model/prepared-plan';
import { monthOfEachDay } from '../forecast/grid';
import { gammaQuantile, gammaRegularizedP } from './special-functions';

/** Per group: seasonal cumulatives, and per (node, site) the regime constants of Lambda_i(t). */
interface GroupMoments {
  rate: number;
  pass: number;
  season: Float64Array; // per day
  cumS: Float64Array; // S at day boundaries 0..nDays
  cumT: Float64Array; // T at day boundaries
  weights: Float64Array; // per node
  /** Per node x site: start s, kink, and (x, y, z) of both regimes; 8 numbers each. */
  sites: Float64Array;
  nSites: number;
}

export interface MomentModel {
  nDays: number;
  groups: GroupMoments[];
  /** E[theta^2] = 1 + 1/kappa. */
  theta2: number;
  /** E[w] and Var[w] of the site factor. */
  meanW: number;
  varW: number;
  /** Var[c] of the group (country) rate factor (its CV squared; mean 1). */
  varC: number;
}

/** Nodes and weights for E over f ~ Gamma(shape, rate shape): bin conditional means of Q equal-probability bins. */
export function startupNodes(cv: number, q = 16): { nodes: number[]; weights: number[] } {
  if (!(cv > 0)) return { nodes: [1], weights: [1] };
  const k = 1 / (cv * cv);
  const edges = [0];
  for (let j = 1; j < q; j++) edges.push(gammaQuantile(k, j / q) / k);
  edges.push(Infinity);
  const nodes: number[] = [];
  for (let j = 0; j < q; j++) {
    // E[f 1{a < f < b}] = P(k + 1, k b) - P(k + 1, k a) for f ~ Gamma(k, scale 1/k).
    const hi = edges[j + 1] === Infinity ? 1 : gammaRegularizedP(k + 1, k * edges[j + 1]!);
    const lo = gammaRegularizedP(k + 1, k * edges[j]!);
    nodes.push((hi - lo) * q);
  }
  return { nodes, weights: nodes.map(() => 1 / q) };
}

function interp(cum: Float64Array, season: Float64Array, t: number, second: boolean): number {
  const n = season.length;
  if (t <= 0) return 0;
  if (t >= n) return cum[n]!;
  const d = Math.floor(t);
  const s = season[d]!;
  return cum[d]! + (second ? (s * (t * t - d * d)) / 2 : s * (t - d));
}

/**
 * A group's seasonal factor per day and its cumulatives (sum of factors, and of factor x mid-day, per day), by
 * its 12 multipliers. They depend only on those: groups with the same ones share them (W2: one set for 40 groups).
 * Plain loops: Float64Array.from with a map function costs about 10x as much per day.
 */
function seasonalCumulativesOf(months: ArrayLike<number>, nDays: number) {
  const cumulatives = new Map<string, { season: Float64Array; cumS: Float64Array; cumT: Float64Array }>();
  return (seasonal: readonly number[]) => {
    const factors = Array.from({ length: 12 }, (_, m) => seasonal[m] ?? 1);
    const key = factors.join(',');
    const known = cumulatives.get(key);
    if (known) return known;
    const season = new Float64Array(nDays);
    for (let d = 0; d < nDays; d++) season[d] = factors[months[d]!]!;
    const cumS = new Float64Array(nDays + 1);
    const cumT = new Float64Array(nDays + 1);
    for (let d = 0; d < nDays; d++) {
      cumS[d + 1] = cumS[d]! + season[d]!;
      cumT[d + 1] = cumT[d]! + season[d]! * (d + 0.5);
    }
    const made = { season, cumS, cumT };
    cumulatives.set(key, made);
    return made;
  };
}

/** Builds the moment model of a plan (screening rates in patients/site/day; Q start-up nodes). */
export function buildMomentModel(plan: PreparedPlan, q = 16): MomentModel {
  const nDays = Math.floor(plan.horizonDays) + 1;
  const months = monthOfEachDay(plan.day0Ms, nDays);
  const u = plan.uncertainty;
  const { nodes, weights } = startupNodes(u.startupCv, q);
  const seasonalCumulatives = seasonalCumulativesOf(months, nDays);
  const groups = plan.groups.map((g): GroupMoments => {
    const { season, cumS, cumT } = seasonalCumulatives(g.seasonal);
    const S = (t: number): number => interp(cumS, season, t, false);
    const T = (t: number): number => interp(cumT, season, t, true);
    const nSites = g.activationOffsets.length;
    const sites = new Float64Array(nodes.length * nSites * 8);
    const fat = g.fatigue && g.fatigue.days > 0 && g.fatigue.finalFactor !== 1 ? g.fatigue : null;
    const D = fat ? fat.days : Infinity;
    const drop = fat ? 1 - fat.finalFactor : 0;
    const delay = Math.max(0, g.firstScreenDelayDays);
    nodes.forEach((f, j) => {
      const shift = (f - 1) * Math.max(0, g.startupSpanDays);
      g.activationOffsets.forEach((off, i) => {
        // Same rounding as the Monte Carlo: sites activate on a calendar day.
        const a = Math.max(0, Math.round(g.milestones.firstSiteActivation + off + shift));
        const s = a + delay;
        const o = (j * nSites + i) * 8;
        const kink = a + D;
        sites[o] = s;
        sites[o + 1] = Math.max(s, kink);
        if (kink > s) {
          // Regime 1: (1 + drop a / D)(S(t) - S(s)) - (drop / D)(T(t) - T(s)).
          const y = 1 + (drop * a) / D;
          const z = -drop / D;
          sites[o + 2] = -y * S(s) - z * T(s);
          sites[o + 3] = y;
          sites[o + 4] = z;
          if (kink < Infinity) {
            // Regime 2: Lambda(kink) + (1 - drop)(S(t) - S(kink)).
            const atKink = sites[o + 2]! + y * S(kink) + z * T(kink);
            sites[o + 5] = atKink - (1 - drop) * S(kink);
            sites[o + 6] = 1 - drop;
          }
        } else {
          sites[o + 5] = -(1 - drop) * S(s);
          sites[o + 6] = 1 - drop;
        }
        sites[o + 7] = 0;
      });
    });
    return {
      rate: Math.max(0, g.screenRatePerSiteDay),
      pass: 1 - g.screenFailRate,
      season,
      cumS,
      cumT,
      weights: Float64Array.from(weights),
      sites,
      nSites,
    };
  });
  const p = u.nonEnrollingProbability;
  const alpha = u.siteRateCv > 0 ? 1 / (u.siteRateCv * u.siteRateCv) : Infinity;
  const meanW = 1 - p;
  const varW = (1 - p) * (1 + 1 / alpha) - meanW * meanW;
  const theta2 = u.studyRateCv > 0 ? 1 + u.studyRateCv * u.studyRateCv : 1;
  const countryCv = countryRateCvOf(u);
  const varC = countryCv > 0 ? countryCv * countryCv : 0;
  return { nDays, groups, theta2, meanW, varW, varC };
}

/** Mean and variance of L(t) for the screened (pass = false) or enrolled-at-screening (pass = true) process. */
export function intensityMoments(
  model: MomentModel,
  t: number,
  pass: boolean,
): { mean: number; variance: number } {
  let mean = 0;
  let varX = 0;
  for (const g of model.groups) {
    const S = interp(g.cumS, g.season, t, false);
    const T = interp(g.cumT, g.season, t, true);
    const r = g.rate * (pass ? g.pass : 1);
    let eA = 0;
    let eA2 = 0;
    let eB = 0;
    const nNodes = g.weights.length;
    for (let j = 0; j < nNodes; j++) {
      let A = 0;
      let B = 0;
      for (let i = 0, o = j * g.nSites * 8; i < g.nSites; i++, o += 8) {
        if (t <= g.sites[o]!) continue;
        const L =
          t <= g.sites[o + 1]!
            ? g.sites[o + 2]! + g.sites[o + 3]! * S + g.sites[o + 4]! * T
            : g.sites[o + 5]! + g.sites[o + 6]! * S;
        A += L;
        B += L * L;
      }
      const w = g.weights[j]!;
      eA += w * A;
      eA2 += w * A * A;
      eB += w * B;
    }
    const mg = r * model.meanW * eA;
    const vg = r * r * (model.varW * eB + model.meanW * model.meanW * Math.max(0, eA2 - eA * eA));
    // c_g X_g with c_g independent of X_g, E[c] = 1: Var = (1 + Var c) Var X_g + Var c E[X_g]^2.
    mean += mg;
    varX += (1 + model.varC) * vg + model.varC * mg * mg;
  }
  // L = theta X with theta independent of X, E[theta] = 1: Var L = E[theta^2](Var X + E[X]^2) - E[X]^2.
  return { mean, variance: Math.max(0, model.theta2 * (varX + mean * mean) - mean * mean) };
}
