export * from './messages';
export * from './seasonal-month-names';
// The activation profile and seasonal variation rules live with the engine's input rules, which check them too.
export {
  activationProfileIsValid,
  completeActivationPair,
  hasMoreThanTwoDecimals,
  SEASONAL_VARIATION_DECIMALS,
  SEASONAL_VARIATION_MAX,
  SEASONAL_VARIATION_MIN,
  seasonalVariationIssues,
  seasonalVariationsAreValid,
  validateActivationProfile,
  validateSeasonalVariations,
  type ActivationProfileErrors,
  type ActivationProfilePoint,
  type SeasonalVariationErrors,
  type SeasonalVariationRow,
} from '@predict/engine';
