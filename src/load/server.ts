// Entry of dist/load/server.js, the language server process the extension starts: dist/server.js,
// compiled with the code V8 kept from the last start (codeCache.ts). (`scan-targets lsp` has the
// same through the command line's own cache.)
import * as path from 'path';
import { setFlagsFromString } from 'v8';
import { setServerV8Flags } from '../server/v8Flags';
import { requireWithCodeCache } from './codeCache';

// Before the bundle is compiled, whatever options the process was started with (v8Flags.ts).
setServerV8Flags(setFlagsFromString);
requireWithCodeCache(path.join(__dirname, '..', 'server.js'));
