// Loads dist/network.js (see src/network.ts) the first time a command needs the network.
import type * as Network from '../network';

let loaded: typeof Network | undefined;

export function network(): typeof Network {
  // Resolved next to dist/extension.js at run time; scripts/build.mjs keeps it out of this bundle.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('./network.js') as typeof Network;
  return loaded;
}
