export * from './site-id-effort';
export * from './time';
