/** Learning from the portfolio (calibration.md sections 3-4): scoring past forecasts and fitting uncertainty. */
export * from './types';
export * from './scoring';
export { fitPortfolio, predictiveCv, PREDICTIVE_PARAMETERS } from './fit-portfolio';
export { trigamma, gammaCvOfLogVariance } from './fit-startup';
export * from './validation';
export * from './synthetic-portfolio';
export * from './drawn-course';
