export * from './safe-cell';
export * from './file-name';
