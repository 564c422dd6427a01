/** The result sets of a remodel plan: the plan's tables over the assembled curves, with the Go Forward columns. */
import type { SimulationInput } from '../input/schema';
import type { PreparedPlan } from '../model/prepared-plan';
import { applyForecast, buildResultSets, type ForecastForResults } from '../results/build-result-sets';
import type { ResultSets } from '../results/result-sets';
import type { RemodelGroupInfo, RemodelResult } from './remodel-types';

/**
 * The 13 result sets of a remodel plan (tables describe the baseline plan's groups with the assembled curves);
 * the summary rows get 'Screen Rate Go Forward' and 'Enrollment Rate Go Forward' (patients/site/month, 2 decimals,
 * Overall weighted by go-forward sites).
 */
export function remodelResultSets(
  input: SimulationInput,
  remodel: RemodelResult,
  forecast?: ForecastForResults,
): ResultSets {
  const shown: PreparedPlan = { ...remodel.baseline, horizonDays: remodel.planLine.horizonDays };
  const sets = buildResultSets(input, shown, remodel.planLine);
  const r2 = (x: number) => Math.round(x * 100) / 100;
  const sites = remodel.groups.reduce((s, g) => s + g.sitesGoForward, 0);
  const weighted = (f: (g: RemodelGroupInfo) => number) =>
    sites > 0 ? remodel.groups.reduce((s, g) => s + f(g) * g.sitesGoForward, 0) / sites : 0;
  sets.summaryTable.forEach((row, k) => {
    const g = remodel.groups[k];
    row['Screen Rate Go Forward'] = r2(g ? g.screenRateGoForward : weighted((x) => x.screenRateGoForward));
    row['Enrollment Rate Go Forward'] = r2(
      g ? g.enrollmentRateGoForward : weighted((x) => x.enrollmentRateGoForward),
    );
  });
  // The forecast of the whole plan (remodelForecastChunk of the projection's replications, summarised and mapped).
  if (forecast) applyForecast(sets, forecast, remodel.baseline.day0Ms, remodel.planLine);
  return sets;
}
