/**
 * Each site's sufficient statistics under a decay setting (per day): its count K, its exposure up to and including
 * its last screening month L (Gb) and after it (Gw), month L's count, exposure and exposed days, where its final
 * silence starts (day and month), its per-month exposures, and the log-probability of its monthly split given K
 * (the multinomial part of its likelihood, which carries most of the information on the decay). Times are days
 * since its activation. Exposures are at the planned rate, uncentred (the centring factor only rescales x).
 */
import { logGamma } from '../analytic/special-functions';
import type { PortfolioData } from './fit-data';

export interface SiteStats {
  /** Per site-month (data.siteMonthStart): exposure at this decay (floored where the site screened). */
  E: Float64Array;
  /** Per site: the months of its final silence [silenceMonth[i], siteMonthStart[i + 1]). */
  silenceMonth: Int32Array;
  /** The data's month layout (shared): per site its months, per month its exposed days [from, to). */
  siteMonthStart: Int32Array;
  monthFrom: Float64Array;
  monthTo: Float64Array;
  siteA: Float64Array;
  K: Float64Array;
  Gb: Float64Array;
  Gw: Float64Array;
  /** Month L: screened, exposure, first exposed day (since activation) and exposed days. */
  kL: Float64Array;
  EL: Float64Array;
  startL: Float64Array;
  lenL: Float64Array;
  /** The final silence: its first day since activation (from the first possible screening when K = 0). */
  silenceFrom: Float64Array;
  /** Days from activation to the end of the site's exposure (end day + 1 - activation). */
  life: Float64Array;
  multinomial: Float64Array;
  /** 1: open (its silence is hazard evidence), 0: closed. */
  open: Uint8Array;
}

/** A month with screenings but (almost) no exposure, e.g. before the planned first-screening delay: half a site-day. */
const EXPOSURE_FLOOR_DAYS = 0.5;

/** The sites' statistics with decay `decayPerDay` (see the file comment). */
export function siteStats(data: PortfolioData, decayPerDay: number): SiteStats {
  const n = data.nSites;
  const f64 = () => new Float64Array(n);
  const { monthK, monthE0, monthAge, monthAgeVar, monthFrom, monthTo, siteMonthStart } = data;
  const E = new Float64Array(monthK.length);
  const st: SiteStats = {
    E,
    silenceMonth: new Int32Array(n),
    siteMonthStart,
    monthFrom,
    monthTo,
    siteA: data.siteA,
    K: f64(),
    Gb: f64(),
    Gw: f64(),
    kL: f64(),
    EL: f64(),
    startL: f64(),
    lenL: f64(),
    silenceFrom: f64(),
    life: f64(),
    multinomial: f64(),
    open: data.siteOpen,
  };
  for (let j = 0; j < E.length; j++)
    E[j] =
      decayPerDay > 0
        ? monthE0[j]! * Math.exp(decayPerDay * (0.5 * decayPerDay * monthAgeVar[j]! - monthAge[j]!))
        : monthE0[j]!;
  for (let i = 0; i < n; i++) {
    const m0 = siteMonthStart[i]!;
    const m1 = siteMonthStart[i + 1]!;
    const a = data.siteA[i]!;
    const floor = EXPOSURE_FLOOR_DAYS * data.siteRate[i]!;
    let last = -1;
    let K = 0;
    for (let j = m0; j < m1; j++)
      if (monthK[j]! > 0) {
        if (E[j]! < floor) E[j] = floor;
        last = j;
        K += monthK[j]!;
      }
    let Gb = 0;
    let Gw = 0;
    for (let j = m0; j < m1; j++) {
      if (j <= last) Gb += E[j]!;
      else Gw += E[j]!;
    }
    let mult = K > 0 ? logGamma(K + 1) : 0;
    for (let j = m0; j <= last; j++) {
      const k = monthK[j]!;
      if (k > 0) mult += k * Math.log(E[j]! / Gb) - logGamma(k + 1);
    }
    const endNext = data.siteEnd[i]! + 1;
    // The silence starts with the month after the last screening month, or at the first possible screening.
    const from =
      last >= 0 ? (last + 1 < m1 ? monthFrom[last + 1]! : endNext) : Math.min(data.siteFirst[i]!, endNext);
    st.K[i] = K;
    st.Gb[i] = Gb;
    st.Gw[i] = Gw;
    if (last >= 0) {
      st.kL[i] = monthK[last]!;
      st.EL[i] = E[last]!;
      st.startL[i] = monthFrom[last]! - a;
      st.lenL[i] = Math.max(0, monthTo[last]! - monthFrom[last]!);
    }
    st.silenceFrom[i] = from - a;
    st.silenceMonth[i] = last >= 0 ? last + 1 : m0;
    st.life[i] = endNext - a;
    st.multinomial[i] = mult;
  }
  return st;
}
