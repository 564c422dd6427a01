/**
 * Inputs of the Schedule of Events cost functions (design/soe-costing.md). Money is integer minor units (cents) of the
 * currency of its level; multipliers and percentages are decimals (12.5 = 12.5 %). These lists are the one definition:
 * packages/shared/src/soe/constants.ts derives its own from them (the engine imports nothing from shared).
 */

/** Visit phases (the visit's category). */
export const VISIT_PHASES = ['Screening', 'Treatment', 'Follow Up', 'Close Out', 'Unscheduled'] as const;
/** A visit phase. */
export type VisitPhase = (typeof VISIT_PHASES)[number];

/** True for a visit phase. */
export const isVisitPhase = (value: string): value is VisitPhase =>
  (VISIT_PHASES as readonly string[]).includes(value);

/** Interval types of visitStudyDay (visitIntervalType), shortest first. */
export const INTERVAL_TYPES = ['Hour', 'Day', 'Week', 'Month', 'Year'] as const;
/** visitIntervalType: the unit of visitStudyDay. */
export type IntervalType = (typeof INTERVAL_TYPES)[number];
/** The length of each interval type, days (design section 4). */
export const INTERVAL_DAYS: Readonly<Record<IntervalType, number>> = {
  Hour: 1 / 24,
  Day: 1,
  Week: 7,
  Month: 30.4375,
  Year: 365.25,
};
/** True for an interval type. */
export const isIntervalType = (value: string): value is IntervalType =>
  (INTERVAL_TYPES as readonly string[]).includes(value);

/** Assessment types in the visit x assessment grid. */
export const GRID_TYPES = ['Procedure', 'Non Procedure'] as const;
/** True for an assessment type that appears in the visit x assessment grid. */
export const isGridType = (type: string): type is (typeof GRID_TYPES)[number] =>
  (GRID_TYPES as readonly string[]).includes(type);
/** Site-cost assessment types: site fees, never in the grid (design section 4). */
export const SITE_FEE_TYPES = [
  '1x at Activation',
  '1x at Close',
  'Recurring Monthly',
  'Recurring Quarterly',
  'Recurring Yearly',
  'Adhoc',
] as const;
/** A site-fee assessment type. */
export type SiteFeeType = (typeof SITE_FEE_TYPES)[number];
/** True for a site-fee assessment type. */
export const isSiteFeeType = (value: string): value is SiteFeeType =>
  (SITE_FEE_TYPES as readonly string[]).includes(value);

/** A visit at study level; cost fields are the study-level values (null = unset). */
export interface SoeCostVisit {
  visitId: number;
  visitName: string;
  category: VisitPhase;
  /** visitStudyDay in the SOE's interval type; null for Unscheduled. Day 1 is the enrollment day. */
  studyDay: number | null;
  /** Visit overhead, percent (0-100, decimals allowed); null = unset (0). */
  overheadPct: number | null;
  /** The visit's own fixed cost, cents; null = unset (0). */
  visitCostCents: number | null;
  /** Clinical strategy: 100% SDR/SDV time, minutes (miEstSDRSDV). */
  miEstSDRSDV?: number | null;
  /** Clinical strategy: CRA sampled visit (miSampleVisit, 0/1). */
  miSampleVisit?: number | null;
  /** Data management counts; Unique / Non Unique default to the grid's counts when null. */
  dmUniqueCRFs?: number | null;
  dmNonUniqueCRFs?: number | null;
  dmIntegratedEpro?: number | null;
  dmPaperEpro?: number | null;
  dmCentralLab?: number | null;
  dmLocalLab?: number | null;
}

/** An assessment at study level; `costCents` is the study-level default cost (null = unset, 0). */
export interface SoeCostAssessment {
  assessmentId: number;
  name: string;
  /** Procedure, Non Procedure, or a site-fee type; any other type is ignored by the cost functions. */
  type: string;
  costCents: number | null;
  /** Visit overhead applies to this assessment (overhead = 1). */
  overhead: boolean;
  /** Pass-through cost (exclude = 1): reported as Exclude Cost, never in totals. */
  exclude: boolean;
  /** Investigational product given (ipAdministered = 1): each ticked visit is a dispensation (IP supply). */
  ipAdministered?: boolean;
}

/** A ticked grid cell (mappingAssessmentVisit = 1); unticked cells are not listed. */
export interface SoeCostMapping {
  visitId: number;
  assessmentId: number;
  /** Decimal multiplier; null = the default 1 of a ticked cell. */
  multiplier: number | null;
  uniqueNonUnique: 'U' | 'N' | null;
}

/** Values a country (siteId 1) or site (siteId > 1) sets itself; an absent or null value inherits from above. */
export interface SoeLevelValues {
  siteGroupId: number;
  siteId: number;
  /** Name shown in messages, e.g. 'FRA' or 'Site 1001'. */
  label: string;
  /** ISO 4217 code of this level's amounts; null = the currency (and rate) of the level above. */
  currency: string | null;
  /** Units of `currency` per one unit of the SOE currency; null or <= 0 = unset. */
  exchangeRate: number | null;
  visits: {
    visitId: number;
    overheadPct?: number | null;
    visitCostCents?: number | null;
    /** Contract visit total, cents: sites only (ignored at country level); replaces the computed total. */
    visitCostTotalCents?: number | null;
  }[];
  assessments: { assessmentId: number; costCents?: number | null }[];
}

/** An SOE's cost inputs: the study level (visits, assessments, grid) plus country and site values. */
export interface SoeCostInput {
  /** The SOE currency (ISO 4217); study-level amounts are in it. */
  currency: string;
  /** visitIntervalType of visitStudyDay. */
  intervalType: IntervalType;
  visits: SoeCostVisit[];
  assessments: SoeCostAssessment[];
  mapping: SoeCostMapping[];
  /** Country and site levels; a site without its own entry uses its country's values. */
  levels: SoeLevelValues[];
}

/** A level: study (siteGroupId 0), country (siteId 1) or site (siteId > 1). */
export interface SoeLevelKey {
  siteGroupId: number;
  siteId: number;
}

/** Where a resolved value comes from. */
export type ValueSource = 'study' | 'country' | 'site';

/** The six totals rows of one visit at one level (spec/2 section 3), plus the pass-through Exclude Cost. */
export interface VisitTotals {
  visitId: number;
  visitName: string;
  /** Sum of the multipliers of the visit's ticked grid cells (decimal). */
  assessmentCount: number;
  /** Sum of multiplier x cost over non-excluded grid assessments, cents (half-up). */
  assessmentCostCents: number;
  /** Visit overhead % x the Assessment Cost of overhead = 1 assessments, cents (half-up). */
  visitOverheadCents: number;
  /** Assessment Cost + Visit Overhead + visit cost, or a site contract's visit total, cents. */
  totalVisitCostCents: number;
  /** Ticked cells marked U / N. */
  uniqueCrfs: number;
  nonUniqueCrfs: number;
  /** Sum of multiplier x cost over excluded (pass-through) assessments, cents (half-up); never in the totals. */
  excludeCostCents: number;
  /** True when the site contract's visit total replaced the computed total. */
  contractTotal: boolean;
  /**
   * The same amounts unrounded (cents, from the exact sums of inherited amounts converted without rounding): the
   * forecast multiplies these by occurrences and rounds once per month cell.
   */
  exact: { assessmentCost: number; totalVisitCost: number; excludeCost: number };
}
