// Entry of dist/network.js: the parts of the extension that talk over the network (the undici
// client with its response checks, and the local sandbox service). They are a bundle of their
// own, loaded on first use (src/editor/network.ts), so activation does not pay for loading them.
export { createClient } from './api/client';
export { proxySettingsFor } from './api/proxy';
export { startSandbox } from './sandbox';
export type { Sandbox, SandboxOptions } from './sandbox';
