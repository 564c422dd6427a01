export * from './completed-study-import-schemas';
export * from './import-manifest';
