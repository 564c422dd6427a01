export * from './types';
export { runReplications, runForecast, type ForecastOptions } from './run';
export { mergeChunks } from './merge';
export { summarizeForecast, normalizeLevels, quantileRank, DEFAULT_LEVELS } from './summarize';
export { defaultForecastGrid, monthEndDays, weekEndDays, mergeDays, monthOfEachDay } from './grid';
export { compilePlan, type CompiledPlan } from './compile';
