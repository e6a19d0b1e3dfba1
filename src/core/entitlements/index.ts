export * from './types';
export * from './labels';
export * from './groups';
export * from './rules';
