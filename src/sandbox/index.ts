// Public surface of the local sandbox service (free of `vscode`).
export * from './server';
export { FULL_PROFILE, RESTRICTED_PROFILE, PROFILES, resolveProfile, type ProfileName } from './profiles';
export { DEFAULT_ID_SEED, sandboxTargetIds } from './prng';
export { drfErrorsFromAjv, type DrfErrors } from './drfErrors';
