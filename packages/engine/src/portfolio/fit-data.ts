/**
 * The portfolio fit's data, checked and flattened (studies -> groups -> sites -> months), with each site-month's
 * exposure at the planned rate without decay, E0 = r_g x sum over the site's open days of seasonal(month) x
 * fatigue(age at mid-day) (zero in pauses; the sum remodel-exposure.ts takes), and the exposure-weighted mean and
 * variance of its age. A decay k then multiplies E0 by e^(-k mean + k^2 var / 2), the first two cumulants of the
 * age within the month (relative error about k^3 x the third central moment / 6: below 1e-8 for k up to 2 per
 * year), so the fit tries many decays without recomputing exposures.
 */
import { monthOfEachDay } from '../forecast/grid';
import { agePieces, groupAgeProfile, type AgePiece } from '../model/age-profile';
import type { CompletedSite, CompletedStudy, PortfolioGroup } from './types';
import { MIN_COMPLETED_STUDIES, PortfolioInputError, PortfolioTooSmallError } from './types';

/** One study group of the fit: its plan group and its actual sites (activation order). */
export interface DataGroup {
  study: CompletedStudy;
  group: PortfolioGroup;
  sites: CompletedSite[];
}

/** The flattened portfolio: groups with a planned rate and at least one site, study by study. */
export interface PortfolioData {
  groups: DataGroup[];
  /** Per study, its groups [studyGroupStart[s], studyGroupStart[s + 1]). */
  studyGroupStart: Int32Array;
  /** Per group, its sites [groupSiteStart[g], groupSiteStart[g + 1]) in the site arrays. */
  groupSiteStart: Int32Array;
  nSites: number;
  /** Per site: activation day, last day of exposure (inclusive), first possible screening day, 1 if open. */
  siteA: Float64Array;
  siteEnd: Float64Array;
  siteFirst: Float64Array;
  siteOpen: Uint8Array;
  /** Per site: its group's planned screening rate per site-day. */
  siteRate: Float64Array;
  /** Per site, its months [siteMonthStart[i], siteMonthStart[i + 1]) from its activation month on. */
  siteMonthStart: Int32Array;
  /** Per site-month: screened, exposure without decay, mean and variance of age (days), first and last + 1 exposed day. */
  monthK: Float64Array;
  monthE0: Float64Array;
  monthAge: Float64Array;
  monthAgeVar: Float64Array;
  monthFrom: Float64Array;
  monthTo: Float64Array;
  screened: number;
}

/** Checks the studies (at least MIN_COMPLETED_STUDIES, every site in a plan group) and groups their sites. */
function dataGroups(studies: readonly CompletedStudy[]): {
  groups: DataGroup[];
  studyGroupStart: Int32Array;
} {
  if (studies.length < MIN_COMPLETED_STUDIES) throw new PortfolioTooSmallError(studies.length);
  const groups: DataGroup[] = [];
  const studyGroupStart = new Int32Array(studies.length + 1);
  studies.forEach((study, s) => {
    studyGroupStart[s] = groups.length;
    const byKey = new Map(study.plan.groups.map((g) => [g.key, [] as CompletedSite[]]));
    for (const site of study.sites) {
      const list = byKey.get(site.group);
      if (!list) throw new PortfolioInputError(study.id, `site group '${site.group}' is not in its plan.`);
      if (!Number.isFinite(site.activationDay) || site.activationDay > study.dataEndDay)
        throw new PortfolioInputError(study.id, `a site of '${site.group}' activates after the data end.`);
      list.push(site);
    }
    for (const group of study.plan.groups) {
      const sites = byKey.get(group.key)!.sort((a, b) => a.activationDay - b.activationDay);
      // A group without a planned rate has no relative rate to learn; without sites, nothing to learn.
      if (group.screenRatePerSiteDay > 0 && sites.length > 0) groups.push({ study, group, sites });
    }
  });
  studyGroupStart[studies.length] = groups.length;
  return { groups, studyGroupStart };
}

/** Prefix sums over days 0..end of w (d + 1/2)^p, p = 0..3, w = seasonal multiplier, 0 in pauses. */
function dayWeights(g: DataGroup): Float64Array[] {
  const { study, group } = g;
  const n = Math.max(0, study.dataEndDay + 1);
  const months = monthOfEachDay(study.plan.day0Ms, n);
  const pauses = study.pauseWindows ?? [];
  const sums = [0, 1, 2, 3].map(() => new Float64Array(n + 1));
  const [s0, s1, s2, s3] = sums as [Float64Array, Float64Array, Float64Array, Float64Array];
  for (let d = 0; d < n; d++) {
    const paused = pauses.some((p) => d >= p.from && d <= p.to);
    const w = paused ? 0 : (group.seasonal[months[d]!] ?? 1);
    const x = d + 0.5;
    s0[d + 1] = s0[d]! + w;
    s1[d + 1] = s1[d]! + w * x;
    s2[d + 1] = s2[d]! + w * x * x;
    s3[d + 1] = s3[d]! + w * x * x * x;
  }
  return sums;
}

/**
 * Sums over whole days d in [from, to] of m(x) x^p, p = 0..2, x = d + 1/2 - a the age and m the fatigue table's
 * linear pieces (c0 + c1 x on ages [x0, x1), as remodel-exposure.ts assigns days to pieces), weighted by the
 * days' seasonal weights: from the prefix sums of w (d + 1/2)^q by the binomial expansion in a.
 */
function ageMoments(
  sums: readonly Float64Array[],
  pieces: readonly AgePiece[],
  a: number,
  from: number,
  to: number,
): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  for (const p of pieces) {
    const d0 = Math.max(from, Math.ceil(a + p.x0 - 0.5));
    const d1 = Math.min(to, Math.ceil(a + p.x1 - 0.5) - 1);
    if (d1 < d0) continue;
    const S = sums.map((s) => s[d1 + 1]! - s[d0]!) as [number, number, number, number];
    // Sums of w x^q for q = 0..3, x = (d + 1/2) - a.
    const W = [
      S[0],
      S[1] - a * S[0],
      S[2] - 2 * a * S[1] + a * a * S[0],
      S[3] - 3 * a * S[2] + 3 * a * a * S[1] - a * a * a * S[0],
    ] as [number, number, number, number];
    for (let q = 0; q < 3; q++) out[q]! += p.c0 * W[q]! + p.c1 * W[q + 1]!;
  }
  return out;
}

/** Flattens the studies and computes every site-month's exposure and mean age (see the file comment). */
export function portfolioData(studies: readonly CompletedStudy[]): PortfolioData {
  const { groups, studyGroupStart } = dataGroups(studies);
  const groupSiteStart = new Int32Array(groups.length + 1);
  groups.forEach((g, i) => (groupSiteStart[i + 1] = groupSiteStart[i]! + g.sites.length));
  const nSites = groupSiteStart[groups.length]!;
  const siteMonthStart = new Int32Array(nSites + 1);
  const cols = { K: [] as number[], E0: [] as number[], age: [] as number[], ageVar: [] as number[] };
  const bounds = { from: [] as number[], to: [] as number[] };
  const siteA = new Float64Array(nSites);
  const siteEnd = new Float64Array(nSites);
  const siteFirst = new Float64Array(nSites);
  const siteOpen = new Uint8Array(nSites);
  const siteRate = new Float64Array(nSites);
  let screened = 0;
  let i = 0;
  for (const g of groups) {
    const sums = dayWeights(g);
    const pieces = agePieces(groupAgeProfile(g.group.fatigue, {}));
    const starts = g.study.monthStartDays;
    const rate = g.group.screenRatePerSiteDay;
    for (const site of g.sites) {
      const closed = site.closedDay !== null && site.closedDay !== undefined;
      const end = closed ? Math.min(site.closedDay!, g.study.dataEndDay) : g.study.dataEndDay;
      const a = site.activationDay;
      const first = Math.ceil(a + Math.max(0, g.group.firstScreenDelayDays));
      siteA[i] = a;
      siteEnd[i] = end;
      siteFirst[i] = first;
      siteOpen[i] = closed ? 0 : 1;
      siteRate[i] = rate;
      siteMonthStart[i] = cols.K.length;
      for (let m = 0; m < starts.length; m++) {
        const mEnd = m + 1 < starts.length ? starts[m + 1]! - 1 : g.study.dataEndDay;
        const k = site.screenedByMonth[m] ?? 0;
        screened += k;
        if (mEnd < a && k === 0) continue;
        const from = Math.max(starts[m]!, first);
        const to = Math.min(mEnd, end);
        const [e0, e1, e2] = ageMoments(sums, pieces, a, from, to);
        cols.K.push(k);
        cols.E0.push(rate * e0);
        const mean = e0 > 0 ? e1 / e0 : Math.max(0, 0.5 * (from + to + 1) - a);
        cols.age.push(mean);
        cols.ageVar.push(e0 > 0 ? Math.max(0, e2 / e0 - mean * mean) : 0);
        bounds.from.push(Math.max(starts[m]!, first, a));
        bounds.to.push(Math.max(Math.min(mEnd, end) + 1, Math.max(starts[m]!, first, a)));
      }
      i++;
    }
  }
  siteMonthStart[nSites] = cols.K.length;
  return {
    groups,
    studyGroupStart,
    groupSiteStart,
    nSites,
    siteA,
    siteEnd,
    siteFirst,
    siteOpen,
    siteRate,
    siteMonthStart,
    monthK: Float64Array.from(cols.K),
    monthE0: Float64Array.from(cols.E0),
    monthAge: Float64Array.from(cols.age),
    monthAgeVar: Float64Array.from(cols.ageVar),
    monthFrom: Float64Array.from(bounds.from),
    monthTo: Float64Array.from(bounds.to),
    screened,
  };
}
