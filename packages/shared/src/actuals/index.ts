export * from './constants';
export * from './messages';
export * from './ctms-extract-schemas';
export * from './actuals-schemas';
export * from './indicator';
export * from './remodel-schemas';
