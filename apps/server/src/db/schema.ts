// The database schema as drizzle-kit and the client see it. The tables live in files by domain; this file only
// gathers them, so the domain files import each other (never this file) and no import cycle forms.
export * from './schema-core';
export * from './schema-plans';
export * from './schema-plan-countries';
export * from './schema-soe';
export * from './schema-runs';
export * from './schema-actuals';
export * from './schema-remodel';
export * from './schema-soe-uploads';
export * from './schema-forecast-records';
export * from './schema-calibration';
