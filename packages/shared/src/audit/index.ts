export * from './audit-trail-schemas';
export * from './audit-diff';
