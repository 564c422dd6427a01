import { z } from 'zod';

/**
 * The uncertainty settings a finished run's forecast used (the engine's `forecast.uncertainty`, defaults filled in),
 * stored with the run. Every field is optional: a run stored before the settings were kept shows those its input
 * named (the plan's values when it was requested), a combination plan's run none; a remodel run adds the spread
 * it estimated from the actuals.
 */
export const RunUncertainty = z
  .object({
    studyRateCv: z.number().optional().describe('Study-level rate factor: CV'),
    startupCv: z.number().optional().describe('Per-group start-up delay factor: CV'),
    siteRateCv: z.number().optional().describe('Per-site rate factor: CV'),
    nonEnrollingProbability: z.number().optional().describe('Probability that a site never enrolls'),
    countryRateCv: z.number().optional().describe('Per-country (site group) rate factor: CV'),
    siteInactivationPerYear: z
      .number()
      .optional()
      .describe('Hazard per site-year that an active site falls silent for good'),
    siteRampUpDays: z.number().optional().describe('Days a new site takes to reach its rate (0: no ramp-up)'),
    siteRampUpStart: z.number().optional().describe('Share of its rate a new site starts at, with a ramp-up'),
    siteDecayPerYear: z.number().optional().describe("Decay of a site's relative rate per year of site age"),
    estimatedSiteRateCv: z
      .number()
      .optional()
      .describe(
        "Remodel runs: the site rate CV the remodel estimated from the actuals (the posterior's mean)",
      ),
    estimatedCountryRateCv: z
      .number()
      .optional()
      .describe(
        "Remodel runs: the country rate CV the remodel estimated from the actuals (the posterior's mean)",
      ),
  })
  .meta({ id: 'RunUncertainty' });
export type RunUncertainty = z.infer<typeof RunUncertainty>;

/** GET /ctpo/results/settings/plan/{planId}: the settings of the plan's latest finished run. */
export const SimulationRunSettings = z
  .object({
    simOptRunId: z.number().int(),
    /**
     * `run`: stored with the run, as its forecast used them; `request`: a run stored before that, the settings its
     * input named; null uncertainty: none known (a combination plan's run).
     */
    source: z.enum(['run', 'request']).nullable(),
    uncertainty: RunUncertainty.nullable(),
    /**
     * The calibration version whose fitted settings the run used (Parameter Summary: "Calibration version N");
     * null: the plan's own settings (a pinned plan, no approved version, or a run before calibration versions).
     * Always sent by the server (optional for readers of older answers).
     */
    calibrationVersion: z.number().int().nullable().optional(),
  })
  .meta({ id: 'SimulationRunSettings' });
export type SimulationRunSettings = z.infer<typeof SimulationRunSettings>;

/** The path of SimulationRunSettings (under /ctpo, like the result sets). */
export const RUN_SETTINGS_PATH = '/ctpo/results/settings/plan/{planId}';
export const runSettingsUrl = (planId: number) => RUN_SETTINGS_PATH.replace('{planId}', String(planId));

/** The keys of RunUncertainty, for code that picks them out of stored JSON. */
export const RUN_UNCERTAINTY_KEYS = Object.keys(RunUncertainty.shape) as (keyof RunUncertainty)[];
