import { z } from 'zod';
import {
  ACTUALS_IMPACT_UNITS,
  ACTUALS_ROW_TYPES,
  ACTUALS_STATUSES,
  ACTUALS_VALUE_KINDS,
  CENTRAL_LOCAL_VALUES,
} from './constants';
import { CtmsExtractSummary } from './ctms-extract-schemas';

/** Planned / actual value: YYYY-MM-DD for date rows, else a number (see valueKind); null when unknown. */
const value = z.union([z.string(), z.number()]).nullable();

/**
 * One row of the Study Actuals table (spec/3 section 3: rowtype, planned, actuals, planned_v_Actual_Indicators,
 * toolTips; the rest is ours so the screen needs no parsing). Rows come in ACTUALS_ROW_TYPES order.
 */
export const ActualsRow = z
  .object({
    rowtype: z.enum(ACTUALS_ROW_TYPES),
    valueKind: z.enum(ACTUALS_VALUE_KINDS),
    planned: value,
    actuals: value,
    /** Impact: days late (+) / early (-) for date rows, % of planned for counts and the enrollment rate, points for rates. */
    planned_v_Actual_Indicators: z.number().nullable(),
    impactUnit: z.enum(ACTUALS_IMPACT_UNITS),
    /** actuals - planned in the row's own unit (count, fraction or patients/site/month); null for date rows. */
    difference: z.number().nullable(),
    /** Colour of the impact (ACTUALS_COLOUR_THRESHOLDS); null when either side is unknown. */
    status: z.enum(ACTUALS_STATUSES).nullable(),
    /** Tooltip text; the first row's holds the as-of timestamp (spec/3: the screen shows no icon on that row). */
    toolTips: z.string().nullable(),
    /** The extract's as-of time (ISO 8601, UTC), the same on every row; gates REMODEL and VIEW SITE LIST. */
    timestamp: z.string(),
  })
  .meta({ id: 'ActualsRow' });
export type ActualsRow = z.infer<typeof ActualsRow>;

/**
 * Answer of GET /ctpo/actuals/study/{studyId} and GET /ctpo/loadactuals/study/{studyId}. state says why rows are
 * missing: 'noBaselinePlan' (show NO_BASELINE_PLAN_MESSAGE), 'noRun' (the Baseline Plan has no finished run:
 * NO_BASELINE_RUN_MESSAGE), 'noExtract' (NO_EXTRACT_MESSAGE); 'ready' has the rows.
 */
export const ActualsResponse = z
  .object({
    studyId: z.number().int(),
    state: z.enum(['ready', 'noBaselinePlan', 'noRun', 'noExtract']),
    baselinePlan: z.object({ studyPlanId: z.number().int(), studyPlanName: z.string() }).nullable(),
    extract: CtmsExtractSummary.nullable(),
    rows: z.array(ActualsRow),
  })
  .meta({ id: 'ActualsResponse' });
export type ActualsResponse = z.infer<typeof ActualsResponse>;

/**
 * One row of the View Site List dialog (spec/3 section 3, Remodel site row): GET
 * /ctpo/remodel/study/{studyId}/sites/included and .../sites/notincluded answer a list of these. Dates YYYY-MM-DD.
 */
export const SiteRow = z
  .object({
    projectId: z.string(),
    siteNumber: z.string(),
    piName: z.string().nullable(),
    /** 'Site Number - PI' as the column shows it ('1001 - Dr Smith', or the number alone without a PI). */
    siteNumberPi: z.string(),
    country: z.string().nullable(),
    countryIso3: z.string().nullable(),
    centralLocal: z.enum(CENTRAL_LOCAL_VALUES).nullable(),
    siteGroupName: z.string().nullable(),
    siteSelectedDate: z.string().nullable(),
    siteActivatedDate: z.string().nullable(),
    /** Projected activation for sites not active yet (the CTMS forecast); null once activated. */
    siteActivationForecastDate: z.string().nullable(),
    siteStatus: z.string().nullable(),
  })
  .meta({ id: 'SiteRow' });
export type SiteRow = z.infer<typeof SiteRow>;
export const SiteListResponse = z.array(SiteRow).meta({ id: 'SiteListResponse' });
export type SiteListResponse = z.infer<typeof SiteListResponse>;

/** Answer of POST .../CtmsExtract and its upload: the stored extract. */
export const CtmsExtractLoadResponse = z
  .object({ message: z.string(), extract: CtmsExtractSummary })
  .meta({ id: 'CtmsExtractLoadResponse' });
export type CtmsExtractLoadResponse = z.infer<typeof CtmsExtractLoadResponse>;
