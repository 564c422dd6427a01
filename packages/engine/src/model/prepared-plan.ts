/**
 * The contract between the input side of the engine (schema, milestone chain, scenario resolution) and the
 * enrollment processes (plan line, Monte Carlo, analytic path). Everything here is resolved: no optional
 * either-or inputs, rates already converted, all times in days since day 0 (the CRO project start date).
 *
 * Units: days (calendar days since day 0), patients/site/day for intensities, probabilities in [0, 1].
 */

/** Pause: when the N-th patient is enrolled (study-wide or in one group), screening stops for `days` days. */
export interface PreparedPause {
  afterEnrolled: number;
  days: number;
}

/** One site group (country) of the plan, ready for the enrollment processes. */
export interface PreparedGroup {
  /** Stable key for results (site group id as text). */
  key: string;
  /** Site group name as the result tables show it (e.g. 'Germany', 'USA - Central'). */
  name: string;
  countryIso3: string;
  /** Region for the region charts. */
  region: string;
  /** Plan-line start-up chain of this group, days since day 0 (after overrides). */
  milestones: {
    siteIdFinish: number;
    protocolFinal: number;
    regulatorySubmission: number;
    firstRegulatoryApproval: number;
    /** First site initiated (FSIV, first activation). */
    firstSiteActivation: number;
  };
  /**
   * Days after first activation at which each site activates on the plan line (ascending, first is 0), from the
   * activation profile (linear between points; site j activates the first day the curve reaches j) or one every
   * 30 days without a profile. Length = number of sites in this group.
   */
  activationOffsets: number[];
  /** Days from a site's activation to its first possible screening (timeFirstPatientScreenDays). */
  firstScreenDelayDays: number;
  /** Screening intensity of one site at activation, patients/site/day (r_g / 30.4375, enrollment rate / (1 - sf)). */
  screenRatePerSiteDay: number;
  /** Calendar-month multipliers, January = 0, each in [0, 1], not all zero. */
  seasonal: number[];
  /** Site fatigue: the rate falls linearly to `finalFactor` x the initial rate over `days` days after activation. */
  fatigue: { days: number; finalFactor: number } | null;
  /**
   * The span the Monte Carlo start-up delay factor scales (regulatory submission -> first activation), days. The
   * group's activations move by (factor - 1) x this span.
   */
  startupSpanDays: number;
  /** Screen fail and drop-out probabilities of this group. */
  screenFailRate: number;
  dropOutRate: number;
  /** Group caps: this group stops screening at its cap (upper bounds of patients screened / enrolled). */
  caps: { screened: number | null; enrolled: number | null };
  /** Country-level pause, counted on this group's enrolled patients. */
  pause: PreparedPause | null;
  /**
   * Optional (remodel projections): no site screens before this day (days since day 0): the day after the as-of
   * date, or the end of a pause under way then. Sites keep their activation days, so site ages (fatigue) continue.
   */
  screenFromDay?: number;
}

/**
 * The remodel's evidence for the Monte Carlo (calibration.md section 2): the joint posterior of the hyper-parameters
 * on a grid and, per group and site, what the actuals say. A replication draws a grid cell (study factor theta,
 * country shape, site shape), then each group's rate multiplier x_g from Gamma(countryShape, countryShape / theta)
 * x the group's likelihood on the x grid (the prior alone without data), then each actual site's
 * factor u ~ Gamma(siteShape + k, siteShape + r x G) and, with probability 1 - activeProb, zero (inactive). Group
 * rate per site-day = screenRatePerSiteDay x x_g; sites not yet active draw u ~ Gamma(siteShape, siteShape).
 */
/** A stated shape at least this large means no spread (JSON has no Infinity). */
export const STATED_NO_SPREAD = 1e12;

export interface RemodelEvidence {
  /**
   * Grid cells: theta (cell centre), its log-width, the country shape (0 = no spread), the site-shape index;
   * cumulative weights.
   */
  theta: number[];
  thetaLogWidth: number;
  countryShape: number[];
  siteShapeIndex: number[];
  cdf: number[];
  /** The site shapes the index refers to (0 = no spread). */
  siteShapes: number[];
  /**
   * The log grid of x (cell j centred on xMin e^((j + 1/2) xStep)) and, per group and site shape (group-major), the
   * cells [rowFrom, rowTo) where the group's likelihood matters (none: no data) with its log-likelihood there, from
   * logLik[rowOffset].
   */
  xMin: number;
  xStep: number;
  rowFrom: number[];
  rowTo: number[];
  rowOffset: number[];
  logLik: number[];
  /**
   * Per group: 0 when its rate level is learned from the actuals; else the shape s of a stated rate (rate 'other',
   * Remodel (D)): x_g ~ Gamma(s, s), the plan's prior spread around the stated rate, whatever the others show.
   */
  statedShape: number[];
  /** Per site (plan order, group by group): patients screened, intensity-weighted exposure (site-days), P(active). */
  siteEvents: number[];
  siteExposure: number[];
  /**
   * The inactivation hazard's posterior grid (per day) and its cumulative weights; per grid point (point-major), each
   * site's probability of being active at the as-of date.
   */
  hazardPerDay: number[];
  hazardCdf: number[];
  siteActiveProb: number[];
  /** 1 for an actual site (activation day fixed), 0 for a site still to activate (start-up uncertainty applies). */
  siteFixed: number[];
  /**
   * Per site: its activation day before the start-up factor, not clamped to the as-of date (a group overdue at the
   * as-of date draws its start-up factor given that it has not started by then).
   */
  sitePlanned: number[];
  /** First day a site still to activate may activate (the day after the as-of date). */
  activateFromDay: number;
}

/** Advanced uncertainty settings of the forecast (simulation model section 7); CVs are coefficients of variation. */
export interface UncertaintySettings {
  /** Study-level rate factor theta ~ Gamma(k, k): CV (default 0.20). */
  studyRateCv: number;
  /** Per-group start-up delay factor ~ Gamma(k, k): CV (default 0.25). */
  startupCv: number;
  /** Per-site rate factor ~ Gamma(a, a): CV (default 0.8). */
  siteRateCv: number;
  /** Probability that a site never enrolls (default 0). */
  nonEnrollingProbability: number;
  /**
   * Per-group (country) rate factor ~ Gamma(k, k), shared by the group's sites: CV (default 0.6 when absent, see
   * DEFAULT_UNCERTAINTY). 0 = no country term.
   */
  countryRateCv?: number;
  /**
   * Hazard of an active site falling silent for good, per site-year (default 0.2, see DEFAULT_UNCERTAINTY): after an
   * exponential time from its activation the site recruits nothing. The site's rate is centred so that the planned
   * rate stays its mean over its first year (age-profile.ts); 0 = sites never stop.
   */
  siteInactivationPerYear?: number;
  /**
   * Site ramp-up (model/age-profile.ts): a site starts at `siteRampUpStart` of its rate and reaches it after
   * `siteRampUpDays` days (default 0: none; start default 0.5).
   */
  siteRampUpDays?: number;
  siteRampUpStart?: number;
  /** Decay of a site's relative rate per year of site age beyond the plan's fatigue table (default 0). */
  siteDecayPerYear?: number;
}

/**
 * Defaults of the uncertainty settings, chosen by calibration (docs/calibration.md, "Default settings"): against
 * the realistic truth (studies with inactive sites, drift, shared start-up delays and month-of-year effects the plan
 * does not list), `siteInactivationPerYear` 0.2 with `countryRateCv` 0.6 bring the baseline's P10-P90 coverage to
 * 77-84% on every plan scored (three seeds pooled), where the earlier 0 and 0.5 gave 57-71% with the true LPI late.
 * Enrollment rates differ between countries well beyond site-to-site noise (between-country heterogeneity of
 * recruitment rates is well documented), and sites that fall silent are common in multi-centre trials. Ramp-up and
 * decay stay off: with the hazard on they moved no plan's coverage by more than the noise, at 2.5x the cost.
 */
export const DEFAULT_UNCERTAINTY: Required<UncertaintySettings> = {
  studyRateCv: 0.2,
  startupCv: 0.25,
  siteRateCv: 0.8,
  nonEnrollingProbability: 0,
  countryRateCv: 0.6,
  siteInactivationPerYear: 0.2,
  siteRampUpDays: 0,
  siteRampUpStart: 0.5,
  siteDecayPerYear: 0,
};

/** The country (group) rate CV of a settings object: the default (0.6) when absent. */
export function countryRateCvOf(u: UncertaintySettings): number {
  return u.countryRateCv ?? DEFAULT_UNCERTAINTY.countryRateCv;
}

/** A whole plan, resolved. */
export interface PreparedPlan {
  /** Day 0 (the CRO project start date) in ms since the epoch, at noon UTC. */
  day0Ms: number;
  /** Last day simulated (inclusive), days since day 0: until TMF close or 15 years, whichever is first. */
  horizonDays: number;
  /**
   * Last day of the forecast grid's week ends (days since day 0); month ends run on to the horizon. The weekly
   * tables and charts end at the plan line's last visit, a week before it, and the horizon's room for the slow tail
   * needs no weekly points: W2's grid has 336 days instead of 821, and its replications' count storage shrinks
   * alike. Absent: the horizon.
   */
  weeklyGridEndDay?: number;
  groups: PreparedGroup[];
  /** Study-wide targets: screening stops when targetScreened are screened (competitive enrollment). */
  targetScreened: number;
  /** Enrolled target (NUM_SUBJECTS_ENROLLED, or targetScreened x (1 - screen fail rate), rounded). */
  targetEnrolled: number;
  /** Days from screening to enrollment (screeningPeriodDuration). */
  screeningDays: number;
  /** Days from enrollment to completed treatment (treatmentDuration). */
  treatmentDays: number;
  /** Days from completed treatment to completed follow-up (followUpDuration, 0 when none). */
  followUpDays: number;
  /** Study-level pause on the study-wide enrolled count. */
  pause: PreparedPause | null;
  uncertainty: UncertaintySettings;
  /**
   * Optional (added by the input side): share of patients completing treatment who do not complete follow-up,
   * derived from NUM_SUBJECTS_COMPLETED (1 - completed / treated). Absent = 0.
   */
  followUpLossRate?: number;
  /** Optional: close-out spans after TFED (= LPLV), days; absent = 0. Used for the TMF close milestone. */
  closeOutDays?: { tfedToDbLock: number; dbLockToCsr: number; csrToTmfClose: number };
  /**
   * Optional: scenario B, the multiplier the plan line needed on every group's rate to fit the overall enrollment
   * duration (already applied to screenRatePerSiteDay). Absent or 1 in scenario A.
   */
  planLineRateMultiplier?: number;
  /** Optional (remodel projections): the actuals' evidence for the Monte Carlo. */
  remodelEvidence?: RemodelEvidence;
}
