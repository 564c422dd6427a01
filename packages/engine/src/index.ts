export * from './site-id-effort';
export * from './time';
export * from './model/prepared-plan';
export * from './model/calendar';
