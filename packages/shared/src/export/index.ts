export * from './safe-cell';
