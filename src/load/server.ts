// Entry of dist/load/server.js, the language server process the extension starts: dist/server.js,
// compiled with the code V8 kept from the last start (codeCache.ts). (`scan-targets lsp` has the
// same through the command line's own cache.)
import * as path from 'path';
import { requireWithCodeCache } from './codeCache';

requireWithCodeCache(path.join(__dirname, '..', 'server.js'));
