export { logGamma, betaRegularized, gammaRegularizedP, gammaQuantile, bisect } from './special-functions';
export { buildMomentModel, intensityMoments, startupNodes, type MomentModel } from './moments';
export {
  analyticMilestones,
  probabilityAtLeast,
  ANALYTIC_MILESTONE_KEYS,
  type AnalyticMilestoneKey,
  type AnalyticMilestone,
  type AnalyticForecast,
} from './milestones';
