// Entry of dist/load/server.js, the language server process the extension starts: dist/server.js,
// compiled with the code V8 kept from the last start (codeCache.ts). (`scan-targets lsp` has the
// same through the command line's own cache.)
import * as path from 'path';
import { setFlagsFromString } from 'v8';
import { SERVER_V8_FLAGS } from '../server/v8Flags';
import { requireWithCodeCache } from './codeCache';

// Before the bundle is compiled, whatever options the process was started with (v8Flags.ts).
for (const flag of SERVER_V8_FLAGS) setFlagsFromString(flag);
requireWithCodeCache(path.join(__dirname, '..', 'server.js'));
