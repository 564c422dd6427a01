/** What the actuals computation reads: an extract's sites and monthly counts as of a day. */

/** An extract site as the computation reads it. */
export interface ActualSite {
  /** The CTMS site number (links a site to its screening totals). */
  siteNumber?: string;
  siteGroupId: number;
  siteActivatedDate: string | null;
  siteStatus: string;
}
/** An extract's counts of one site group in one month (month = first day, YYYY-MM-DD). */
export interface GroupMonth {
  siteGroupId: number;
  month: string;
  screened: number;
  enrolled: number;
  completedTreatment: number;
  droppedOut: number;
}

/** One extract site's screening up to the as-of day (months as first days, YYYY-MM-DD). */
export interface SiteScreening {
  siteNumber: string;
  screened: number;
  /** The last month with a screening; null: never screened. */
  lastScreenedMonth: string | null;
  /** The last month with any count (screened, enrolled, completed, dropped out, follow-up); null: none. */
  lastActiveMonth: string | null;
}

export interface ActualsData {
  asOfMs: number;
  sites: readonly ActualSite[];
  months: readonly GroupMonth[];
  /** Per-site screening (the engine's per-site actuals); absent: the group totals stand for the sites. */
  siteScreening?: readonly SiteScreening[];
}

export interface ComputeOptions {
  /** Replications of the LPI forecast (0: the deterministic remodel plan line only). */
  lpiReplications: number;
  seed: number;
}
