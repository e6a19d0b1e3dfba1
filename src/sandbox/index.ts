// Public surface of the local sandbox service (free of `vscode`).
export * from './server';
export * from './types';
export { FULL_PROFILE, RESTRICTED_PROFILE } from './profiles';
export { sandboxTargetIds } from './prng';
