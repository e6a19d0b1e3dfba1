// The YAML layer of core/: parsing with positions, node lookup, JSON pointers.
export * from './parse';
export * from './parsedDocument';
export * from './parsedFile';
export { MAX_FLOW_DEPTH } from './slice';
export * from './nodes';
export { composeChanges, type TextChange } from './textChange';
export { indexesOfParsedItems, indexesOutside, type KnownIds, type LongIdsList } from './fastIds';
export { repeatedItems } from './repeatedIds';
export { flat, sameText, type Text } from './text';
export { MAX_CHUNK, ChunkedText } from './chunkedText';
export { upperBound, type Holding, type RepeatedItem } from './idsText';
