export * from './messages';
export * from './site-cost-names';
export * from './types';
