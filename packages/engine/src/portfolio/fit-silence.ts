/**
 * What a site's end of record says about its inactivation (calibration.md section 2, "inactivity as evidence",
 * made exact for monthly counts). The site stops at tau = its activation + Exp(h). Given its counts, tau is after
 * the start of its last screening month L (it screened in L), so, relative to the negative binomial of its count K
 * over its exposure Gb up to the end of month L (site factor integrated out, shape alpha, n = alpha + K):
 *
 *   phi(x) = e^(-h life) rho(Gw)                                          active to the end of its data
 *          + sum over the silence's months j of int_j h e^(-h t) rho(G(t)) dt      stopped in month j
 *          + int over month L of h e^(-h t) sigma^kL rho(-EL (1 - sigma)) dt      stopped after its last screening
 *
 * rho(D) = ((alpha + x Gb) / (alpha + x (Gb + D)))^n is the Poisson-Gamma factor of D more exposure (e^(-x D)
 * without site spread), G(t) the exposure accrued in the silence by t (linear within each month, as sigma is the
 * share of month L's exposure by t). Within a silent month the integral of rho is closed-form and e^(-h t) is
 * taken where rho puts the stop (its value at the midpoint was 0.3% off for a site expecting 1.5 screenings a
 * month, since rho falls within the month); month L's integral by 6-point Gauss-Legendre. A site that never
 * screened has Gb = 0, its silence from its first possible screening, and 1 - e^(-h s0) for a stop before it.
 *
 * The remodel's silenceTerms (remodel-silence.ts) is the first two lines with the site active to the end of
 * month L and exposure accruing linearly over the whole silence: on synthetic portfolios from the engine's model
 * (true decay 0.10 per year, inactivation 0.2) the first convention gave a fitted decay of 0.13 and the second
 * 0.108 (8 standard errors), since a declining exposure makes an early stop likelier than a linear one says.
 */
import { gaussLegendre01 } from './quadrature';
import type { SiteStats } from './fit-site-stats';

const GL_MONTH = gaussLegendre01(6);
const NL = GL_MONTH.x.length;
/** The silence's months are summed until what is left is below this share of the sum. */
const NEGLIGIBLE = 1e-13;

/** Per-site constants of phi for (alpha, h), then log phi at any x (`at`). */
export class SiteSilence {
  private readonly monthW = new Float64Array(NL);
  private st: SiteStats | null = null;
  private alpha = Infinity;
  private n = 0;
  private Gb = 0;
  private Gw = 0;
  private EL = 0;
  private logSurvive = 0;
  private monthWeight = 0;
  private before = 0;
  /** The silence's months [j0, j1): per month h x days x e^(-h t_start), h x days, and the days left after it. */
  private j0 = 0;
  private j1 = 0;
  private hazardW = new Float64Array(64);
  private monthHazard = new Float64Array(64);
  private daysLeft = new Float64Array(64);

  /** Loads site i of `st` for site shape alpha (Infinity: none) and hazard h per day. */
  load(st: SiteStats, i: number, alpha: number, h: number): void {
    const K = st.K[i]!;
    this.st = st;
    this.alpha = alpha;
    this.n = alpha + K;
    this.Gb = st.Gb[i]!;
    this.Gw = st.Gw[i]!;
    this.EL = st.EL[i]!;
    this.logSurvive = -h * st.life[i]!;
    this.before = K > 0 ? 0 : -Math.expm1(-h * st.silenceFrom[i]!);
    this.j0 = st.silenceMonth[i]!;
    this.j1 = h > 0 ? st.siteMonthStart[i + 1]! : this.j0;
    const m = this.j1 - this.j0;
    if (m > this.hazardW.length) {
      this.hazardW = new Float64Array(m);
      this.monthHazard = new Float64Array(m);
      this.daysLeft = new Float64Array(m);
    }
    const a = st.siteA[i]!;
    const end = a + st.life[i]!;
    for (let j = this.j0; j < this.j1; j++) {
      const from = st.monthFrom[j]!;
      const to = st.monthTo[j]!;
      this.hazardW[j - this.j0] = h * (to - from) * Math.exp(-h * (from - a));
      this.monthHazard[j - this.j0] = h * (to - from);
      this.daysLeft[j - this.j0] = end - to;
    }
    const len = st.lenL[i]!;
    this.monthWeight = K > 0 && h > 0 && len > 0 ? h * len * Math.exp(-h * st.startL[i]!) : 0;
    if (this.monthWeight > 0)
      for (let j = 0; j < NL; j++) {
        const s = GL_MONTH.x[j]!;
        this.monthW[j] = GL_MONTH.w[j]! * Math.exp(-h * len * s + st.kL[i]! * Math.log(s));
      }
  }

  /** log phi(x) of the loaded site. */
  at(x: number): number {
    const poisson = this.alpha === Infinity;
    // 1 + G / B is the Poisson-Gamma base: rho(G) = (1 + G / B)^-n with B = alpha / x + Gb.
    const B = this.alpha / x + this.Gb;
    const logActive = this.logSurvive - (poisson ? x * this.Gw : this.n * Math.log1p(this.Gw / B));
    let rest = this.before + this.silence(x, B, poisson);
    if (this.monthWeight > 0) {
      let s = 0;
      const q = poisson ? x * this.EL : this.EL / B;
      for (let j = 0; j < NL; j++) {
        const d = 1 - GL_MONTH.x[j]!;
        s += this.monthW[j]! * Math.exp(poisson ? q * d : -this.n * Math.log1p(-q * d));
      }
      rest += this.monthWeight * s;
    }
    if (!(rest > 0)) return logActive;
    return rest > 1e-300 ? Math.log(rest + Math.exp(logActive)) : Math.max(logActive, Math.log(rest));
  }

  /**
   * Sum over the silence's months of int h e^(-h t) rho(G(t)) dt (0 without a hazard): per month h x days x
   * e^(-h t_start) x the mean of rho over the month x e^(-h days s), s the month's share of time by which rho has
   * fallen halfway in the log (rho taken exponential within the month: exact without site spread).
   */
  private silence(x: number, B: number, poisson: boolean): number {
    const E = this.st!.E;
    const n = this.n;
    let rho = 1; // rho at the month's start
    let G = 0;
    let sum = 0;
    for (let j = this.j0; j < this.j1; j++) {
      const e = E[j]!;
      const k = j - this.j0;
      // c = log(rho at the start / rho at the end); mean of rho over the month (1 - (1 + u)^(1 - n)) / (u (n - 1)).
      let c: number;
      let mean: number;
      if (poisson) {
        c = x * e;
        mean = c > 1e-12 ? -Math.expm1(-c) / c : 1;
      } else {
        const u = e / (B + G);
        const l = Math.log1p(u);
        c = n * l;
        const m = 1 - n;
        mean = u > 1e-12 ? (Math.abs(m) > 1e-12 ? Math.expm1(m * l) / (m * u) : l / u) : 1;
      }
      // Where in the month the stop falls under rho: the mean of a truncated exponential of rate c on [0, 1].
      const at = c > 1e-6 ? 1 / c - 1 / Math.expm1(c) : 0.5 - c / 12;
      sum += this.hazardW[k]! * rho * mean * Math.exp(-this.monthHazard[k]! * at);
      rho *= Math.exp(-c);
      G += e;
      if (rho * (1 + this.daysLeft[k]!) < NEGLIGIBLE * sum) break;
    }
    return sum;
  }
}
