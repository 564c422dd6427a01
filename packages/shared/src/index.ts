export * from './constants';
export * from './search';
export * from './roles';
export * from './schemas/common';
export * from './schemas/studies';
export * from './schemas/favorites';
export * from './schemas/user';
export * from './plan';
