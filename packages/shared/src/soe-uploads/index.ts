export * from './messages';
export * from './site-cost-names';
export * from './types';
export * from './upload-call-schemas';
export * from './readers';
