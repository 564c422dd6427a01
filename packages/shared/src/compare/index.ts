export * from './messages';
export * from './compare-query';
export * from './compare-schemas';
export * from './lpi-probability';
