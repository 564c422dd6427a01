export * from './validate-admin-site-group';
export * from './site-group-schemas';
export * from './reference-data-schemas';
export * from './seed-data-schemas';
