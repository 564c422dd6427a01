import { z } from 'zod';
import { SOE_FORECAST_MESSAGES as M } from './messages';

/** The confidences the IP supply tab offers (the query takes any in (0, 1)). */
export const SUPPLY_CONFIDENCES = [
  { value: 0.5, label: 'P50' },
  { value: 0.8, label: 'P80' },
  { value: 0.9, label: 'P90' },
] as const;

/** Defaults and limits of the IP supply settings (docs/soe-forecast.md "IP supply"). */
export const SUPPLY_DEFAULTS = { confidence: 0.9, leadWeeks: 8, siteStock: 2 } as const;
export const SUPPLY_LEAD_WEEKS_MAX = 104;
export const SUPPLY_SITE_STOCK_MAX = 1000;

const wholeFrom0 = (max: number, message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(0, { error: message })
    .max(max, { error: message });

/** The query of GET /ctpo/soe/{id}/forecast/supply: each field has its own message. */
export const SoeSupplyQuery = z.object({
  /** The shipments cover this quantile of the demand: in (0, 1), 0.9 = P90. */
  confidence: z.coerce
    .number({ error: M.supplyConfidence })
    .gt(0, { error: M.supplyConfidence })
    .lt(1, { error: M.supplyConfidence })
    .default(SUPPLY_DEFAULTS.confidence),
  /** Weeks a shipment takes to reach a site: each month's stock covers the demand this far ahead. */
  leadWeeks: wholeFrom0(SUPPLY_LEAD_WEEKS_MAX, M.supplyLeadWeeks).default(SUPPLY_DEFAULTS.leadWeeks),
  /** Kits each site receives when it activates (its initial stock). */
  siteStock: wholeFrom0(SUPPLY_SITE_STOCK_MAX, M.supplySiteStock).default(SUPPLY_DEFAULTS.siteStock),
});
export type SoeSupplyQuery = z.infer<typeof SoeSupplyQuery>;
export type SoeSupplyQueryInput = z.input<typeof SoeSupplyQuery>;

const kits = z.number().meta({ description: 'Expected kits, 2 decimals' });
const whole = z.number().int().meta({ description: 'Whole kits' });
const quantiles = z.object({ p10: kits, p50: kits, p90: kits });

/** One month of a country's IP supply. */
export const SoeSupplyMonth = z
  .object({
    monthYear: z.string(),
    /** Kits dispensed in the month (quantiles over the replications of the month's kits). */
    dispensed: quantiles,
    /** Kits dispensed to the month's end (p10 <= p50 <= p90, each non-decreasing). */
    cumulative: quantiles,
    /** The plan line's cumulative kits. */
    plan: kits,
    /** The confidence quantile of the cumulative kits at the month's end plus the lead time. */
    required: kits,
    initialStock: whole,
    shipment: whole,
    /** Initial stock and shipments to the month's end (at least `required`). */
    supplied: whole,
  })
  .meta({ id: 'SoeSupplyMonth' });
export type SoeSupplyMonth = z.infer<typeof SoeSupplyMonth>;

/** A country's IP supply; countryIso3 null for all countries (the countries' shipments summed). */
export const SoeSupplyCountry = z
  .object({
    countryIso3: z.string().nullable(),
    name: z.string(),
    sites: z.number().int(),
    months: z.array(SoeSupplyMonth),
    totals: z.object({
      planKits: kits,
      kits: quantiles,
      meanKits: kits,
      initialStock: whole,
      shipped: whole,
      /** shipped + initialStock - meanKits. */
      overage: kits,
      /** The most kits supplied beyond the P50 cumulative kits at any month's end (the safety stock's peak). */
      peakSafetyStock: kits,
    }),
  })
  .meta({ id: 'SoeSupplyCountry' });
export type SoeSupplyCountry = z.infer<typeof SoeSupplyCountry>;

/** GET /ctpo/soe/{id}/forecast/supply: the settings used, the kits per IP visit and the supply per country. */
export const SoeSupply = z
  .object({
    confidence: z.number(),
    leadWeeks: z.number().int(),
    siteStock: z.number().int(),
    /** Replications of the linked run the quantiles are taken over (0: the plan line only). */
    replications: z.number().int(),
    /** Kits per dispensation of each visit with IP; empty when no assessment is flagged IP Administered. */
    kitsPerVisit: z.array(z.object({ visitId: z.number().int(), visitName: z.string(), kits })),
    /** All countries first, then each country of the plan in plan order. */
    countries: z.array(SoeSupplyCountry),
  })
  .meta({ id: 'SoeSupply' });
export type SoeSupply = z.infer<typeof SoeSupply>;
