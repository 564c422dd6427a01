import type { Forecast, MilestoneKey } from '../forecast/types';
import type { StudyPlanMilestones } from '../plan-line/types';
import { dayToMs } from './periods';
import type { ForecastForResults } from './build-result-sets';

/** Forecast milestone key -> plan-line study milestone. */
export const FORECAST_TO_PLAN_LINE: Partial<Record<MilestoneKey, keyof StudyPlanMilestones>> = {
  fsiv: 'firstSiteActivation',
  lastActivation: 'lastSiteActivation',
  fps: 'firstScreened',
  fpi: 'firstEnrolled',
  enrolled25: 'enrolled25',
  enrolled50: 'enrolled50',
  enrolled75: 'enrolled75',
  lpi: 'lastEnrolled',
  lastTreatment: 'lastCompletedTreatment',
  lplv: 'lastLastVisit',
  fplv: 'firstLastVisit',
};

/**
 * Maps a forecast summary onto what the result sets show: P10/P50/P90 dates (ms at noon UTC of the day the event
 * falls on) per milestone, and the band of cumulative enrolled. The forecast must include levels 10, 50 and 90.
 */
export function forecastForResults(
  forecast: Forecast,
  day0Ms: number,
  /** Per milestone, the level (percent) the plan asks for; the forecast must include it to fill confidenceDate. */
  levelsByMilestone: Partial<Record<keyof StudyPlanMilestones, number>> = {},
): ForecastForResults {
  const idx = (level: number) => forecast.levels.indexOf(level);
  const toMs = (t: number | null | undefined) => (t == null ? null : dayToMs(day0Ms, Math.floor(t)));
  const milestones: NonNullable<ForecastForResults['milestones']> = {};
  for (const [key, target] of Object.entries(FORECAST_TO_PLAN_LINE) as [
    MilestoneKey,
    keyof StudyPlanMilestones,
  ][]) {
    const m = forecast.milestones[key];
    if (!m) continue;
    milestones[target] = {
      p10: toMs(m.quantiles[idx(10)]),
      p50: toMs(m.quantiles[idx(50)]),
      p90: toMs(m.quantiles[idx(90)]),
      confidenceDate: toMs(m.quantiles[idx(levelsByMilestone[target] ?? 50)]),
      probabilityReached: m.probabilityReached,
    };
  }
  const enrolled = forecast.bands.enrolled;
  return {
    milestones,
    horizonMillis: dayToMs(day0Ms, Math.floor(forecast.horizonDays)),
    enrolledBand: {
      days: forecast.gridDays,
      p10: enrolled[idx(10)] ?? [],
      p50: enrolled[idx(50)] ?? [],
      p90: enrolled[idx(90)] ?? [],
    },
  };
}
