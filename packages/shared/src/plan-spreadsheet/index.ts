export * from './template-layout';
export * from './parsed-plan-schema';
export * from './sheet-values';
export * from './zip-inspection';
export * from './read-plan-sheets';
export * from './plan-to-sheets';
export * from './validate-parsed-plan';
