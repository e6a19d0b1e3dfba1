// Loads dist/repository.js (see src/repository.ts) the first time Apply needs it.
import type * as Repository from '../repository';

let loaded: typeof Repository | undefined;

export function repository(): typeof Repository {
  // Resolved next to dist/extension.js at run time; scripts/build.mjs keeps it out of this bundle.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('./repository.js') as typeof Repository;
  return loaded;
}
