export * from './zip-scan';
