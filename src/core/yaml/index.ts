// The YAML layer of core/: parsing with positions, node lookup, JSON pointers, the parse cache.
export * from './parse';
export * from './parsedDocument';
export * from './parsedFile';
export { MAX_FLOW_DEPTH } from './slice';
export * from './nodes';
export * from './cache';
export { composeChanges, type TextChange } from './textChange';
