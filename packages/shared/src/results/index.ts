export * from './result-set-routes';
export * from './result-set-schemas';
export * from './run-settings';
export * from './forecast-records';
export * from './forecast-calibration';
