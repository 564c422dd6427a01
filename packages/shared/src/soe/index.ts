export * from './constants';
export * from './soe-schemas';
