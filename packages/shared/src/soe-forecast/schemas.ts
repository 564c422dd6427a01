import { z } from 'zod';

const money = z.number().meta({ description: 'Decimal amount (2 decimals) in the SOE currency' });
const count = z.number().meta({ description: 'Expected count (not rounded; the page truncates)' });

/** The count and money columns of a cost row (design/soe-costing.md section 5). */
const CostCells = {
  siteCount: count,
  subjectCount: count,
  visitCount: count,
  assessmentCount: count,
  visitCost: money,
  assessmentCost: money,
  excludeCost: money,
  siteCost: money,
  totalCost: money,
};

/** A Cost Summary row (GET /ctpo/soe/{id}/summary): Detail rows per group, a SubTotal per group, one Total. */
export const SoeCostSummaryRow = z
  .object({
    /** null on the Total row. */
    siteGroupId: z.number().int().nullable(),
    siteGroupName: z.string(),
    dataSet: z.enum(['Detail', 'SubTotal', 'Total']),
    /** A contracted site, or 1 for the sites at country costs; null on SubTotal and Total rows. */
    siteId: z.number().int().nullable(),
    /** The contracted site's number; null for the country row, SubTotal and Total. */
    siteNumber: z.string().nullable(),
    ...CostCells,
  })
  .meta({ id: 'SoeCostSummaryRow' });
export type SoeCostSummaryRow = z.infer<typeof SoeCostSummaryRow>;

/** A Cost Detail row (GET /ctpo/soe/{id}/detail): a Cost Summary row of one calendar month ('Jan 2024'). */
export const SoeCostDetailRow = SoeCostSummaryRow.extend({ monthYear: z.string() }).meta({
  id: 'SoeCostDetailRow',
});
export type SoeCostDetailRow = z.infer<typeof SoeCostDetailRow>;

/** An Investigator Grants row (GET /ctpo/soe/{id}/rfp/summary); the money columns sum to totalCost. */
export const SoeGrantsRow = z
  .object({
    siteGroupId: z.number().int(),
    siteGroupName: z.string(),
    numberOfSites: count,
    screenFails: money,
    completedTreatment: money,
    dropOutOfTreatment: money,
    patientsCompleteFollowUp: money,
    siteFees: money,
    totalCost: money,
  })
  .meta({ id: 'SoeGrantsRow' });
export type SoeGrantsRow = z.infer<typeof SoeGrantsRow>;

/** A Clinical Strategy or Data Management row (GET /ctpo/soe/{id}/rfp/detail). */
export const SoeStrategyRow = z
  .object({ rowLabel: z.string(), visitName: z.string(), visitValue: z.number() })
  .meta({ id: 'SoeStrategyRow' });
export type SoeStrategyRow = z.infer<typeof SoeStrategyRow>;

/** Cumulative total cost by month (GET /ctpo/soe/{id}/forecast/chart), decimal amounts in the SOE currency. */
export const SoeForecastChart = z
  .object({
    currency: z.string(),
    points: z.array(
      z.object({
        monthYear: z.string(),
        /**
         * P10 / P50 / P90: per-month quantiles of the cumulative costs of the run's replications, each costed on its
         * own enrollment (p10 <= p50 <= p90, each non-decreasing).
         */
        p10: money,
        p50: money,
        p90: money,
        /** With the plan line (the tables' enrollment): the last point is the Cost Summary total. */
        plan: money,
      }),
    ),
  })
  .meta({ id: 'SoeForecastChart' });
export type SoeForecastChart = z.infer<typeof SoeForecastChart>;
