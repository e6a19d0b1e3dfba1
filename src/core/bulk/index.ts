// The bulk update core, shared by the editor command and the command line: selection ->
// ids, the request body (env resolution, masking, refusals), chunked sending with an outcome that
// accounts for every id, and the service's answers put back onto the YAML. Pure: the network is
// an injected `send`, the environment an injected lookup.
export * from './ids';
export * from './selection';
export * from './body';
export * from './preview';
export * from './bodyProblems';
export * from './resolve';
export * from './plan';
export * from './send';
export * from './run';
export * from './outcome';
export * from './mapErrors';
export * from './tracking';
export * from './edits';
export * from './planRun';
