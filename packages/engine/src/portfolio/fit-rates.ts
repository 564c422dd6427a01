/**
 * The rate model's log marginal likelihood as a function of the five rate settings, with the expensive parts
 * cached: the sites' statistics depend on the decay only, the groups' negative-binomial rows on (decay, site CV),
 * their full rows on the hazard too, and the study and country CVs only change the quadrature over the rows
 * (fit-marginal.ts). A coordinate search that moves one setting at a time rebuilds only what that setting changes.
 */
import { centringFactor, groupAgeProfile } from '../model/age-profile';
import type { PortfolioData } from './fit-data';
import { logStudyMarginal, type StudyMode } from './fit-marginal';
import { groupRow, nbRow, type GroupRow, type NbRow } from './fit-rows';
import { siteStats, type SiteStats } from './fit-site-stats';
import type { RateSettings } from './types';

const DAYS_PER_YEAR = 365.25;

export class RateLikelihood {
  evaluations = 0;
  rebuilds = 0;
  private stats: { decay: number; st: SiteStats } | null = null;
  private nb: { key: string; rows: NbRow[] } | null = null;
  private rows: { key: string; rows: GroupRow[]; constant: number } | null = null;
  /** Per study, the last peak of its integrand: a warm start (the value depends on it only within the quadrature error, ~1e-4 per study). */
  private readonly modes: (StudyMode | undefined)[] = [];

  constructor(private readonly data: PortfolioData) {}

  /** log L of the monthly counts at these settings (hazard and decay per year). */
  logLikelihood(p: RateSettings): number {
    this.evaluations++;
    const { rows, constant } = this.rowsFor(p.siteDecayPerYear, p.siteRateCv, p.siteInactivationPerYear);
    const h = p.siteInactivationPerYear / DAYS_PER_YEAR;
    const logC = Math.log(centringFactor(groupAgeProfile(null, { siteDecayPerYear: p.siteDecayPerYear }), h));
    const start = this.data.studyGroupStart;
    let ll = constant;
    for (let s = 0; s + 1 < start.length; s++) {
      const mode = (this.modes[s] ??= { t: 0, curvature: 1 });
      ll += logStudyMarginal(rows, start[s]!, start[s + 1]!, p.studyRateCv, p.countryRateCv, logC, mode);
    }
    return ll;
  }

  private statsFor(decay: number): SiteStats {
    if (this.stats?.decay !== decay) this.stats = { decay, st: siteStats(this.data, decay / DAYS_PER_YEAR) };
    return this.stats.st;
  }

  private nbFor(decay: number, alpha: number): NbRow[] {
    const key = `${decay}|${alpha}`;
    if (this.nb?.key === key) return this.nb.rows;
    const st = this.statsFor(decay);
    const bounds = this.data.groupSiteStart;
    const rows: NbRow[] = [];
    for (let g = 0; g + 1 < bounds.length; g++) rows.push(nbRow(st, bounds[g]!, bounds[g + 1]!, alpha));
    this.nb = { key, rows };
    return rows;
  }

  private rowsFor(
    decay: number,
    siteCv: number,
    hazardPerYear: number,
  ): { rows: GroupRow[]; constant: number } {
    const key = `${decay}|${siteCv}|${hazardPerYear}`;
    if (this.rows?.key === key) return this.rows;
    this.rebuilds++;
    const alpha = siteCv > 0 ? 1 / (siteCv * siteCv) : Infinity;
    const nb = this.nbFor(decay, alpha);
    const st = this.statsFor(decay);
    const h = hazardPerYear / DAYS_PER_YEAR;
    const bounds = this.data.groupSiteStart;
    const rows: GroupRow[] = [];
    let constant = 0;
    for (let g = 0; g + 1 < bounds.length; g++) {
      const r = groupRow(nb[g]!, st, bounds[g]!, bounds[g + 1]!, alpha, h);
      constant += r.constant;
      rows.push(r);
    }
    this.rows = { key, rows, constant };
    return this.rows;
  }
}
