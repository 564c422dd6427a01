export * from './messages';
export * from './schemas';
export * from './strategy';
export * from './supply';
