/**
 * Texts of the forecast page (spec/2 sections 2 and 9, design/soe-costing.md section 5). Spec texts are word for word;
 * those marked "ours" fill gaps the spec leaves.
 */
export const SOE_FORECAST_MESSAGES = {
  noResults: 'No Results Found',
  /** 409: no linked plan, a deleted plan, or a plan without a finished run (ours, design section 5). */
  noPlan:
    'This SOE has no linked enrollment plan. Link an enrollment plan with a finished simulation run in Edit SOE to see the forecast.',
  noRun:
    'The linked enrollment plan has no finished simulation run. Run its simulation, or link an enrollment plan with a finished simulation run in Edit SOE, to see the forecast.',
  /** 409: the run is of a combination of plans (ours). */
  combinationPlan:
    'The linked enrollment plan is a combination of plans, which has no cost forecast. Link one of its plans in Edit SOE to see the forecast.',
  /** 409: the run's stored input no longer reads (ours). */
  unreadableRun:
    "The linked plan's latest simulation run cannot be read by this version. Run the plan's simulation again to see the forecast.",
  exportTitle: 'Export Tables',
  exportFailed: 'The export failed. Please try again.', // ours
  /** The IP supply tab (ours, docs/soe-forecast.md "IP supply"): its query's rules and its empty state. */
  supplyConfidence: 'The confidence has to be above 0 and below 1 (0.9 is P90).',
  supplyLeadWeeks: 'The lead time has to be a whole number of weeks from 0 to 104.',
  supplySiteStock: 'The initial stock per site has to be a whole number of kits from 0 to 1,000.',
  supplyNoIp:
    'No assessment of this SOE is flagged IP Administered, so nothing is dispensed. In Edit SOE, tick IP Administered on the study drug assessment and tick that assessment at the dosing visits (its multiplier is the kits per dispensation).',
  supplyExport: 'Export Supply',
} as const;

/** The forecast tables in page and export order; each is a sheet of the export (spec/2 section 9). */
export const SOE_FORECAST_TABLES = [
  'Cost Summary',
  'Cost Detail',
  'Clinical Strategy',
  'Data Management',
  'Investigator Grants',
] as const;
export type SoeForecastTable = (typeof SOE_FORECAST_TABLES)[number];

/** Export column width (spec/2 section 9). */
export const SOE_FORECAST_EXPORT_COLUMN_WIDTH = 15;
