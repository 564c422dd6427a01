export * from './types';
export { runReplications, runForecast, type ForecastOptions } from './run';
export { mergeChunks, mergeChunkSummaries } from './merge';
export {
  summarizeForecast,
  summarizeChunk,
  forecastFromSummary,
  normalizeLevels,
  quantileRank,
  DEFAULT_LEVELS,
  type ChunkSummary,
} from './summarize';
export { columnDistribution, type CountHistograms } from './histograms';
export { canShareMemory, shareChunkSummary } from './share';
export { defaultForecastGrid, monthEndDays, weekEndDays, mergeDays, monthOfEachDay } from './grid';
export { compilePlan, type CompiledPlan } from './compile';
