// Entry of dist/web/server.js: the language server in a browser's Worker, for the extension's
// browser build (src/web/extension.ts). The same server as on Node; what differs is the host: no
// environment (a `${env:NAME}` placeholder cannot be resolved in a browser, and the diagnostics
// say so), the code pages where the client says they are, and the browser's own scheduling.
import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import { noEnvironment } from '../core/envPlaceholders';
import { startServer } from './server';

// A message posted to ourselves runs after the messages already queued, like Node's setImmediate,
// without the clamped delay of nested timers.
const soon = new MessageChannel();
const queue = new Map<number, () => void>();
let next = 0;
soon.port1.onmessage = (event: MessageEvent<number>) => {
  const work = queue.get(event.data);
  queue.delete(event.data);
  work?.();
};

const worker = self as unknown as DedicatedWorkerGlobalScope;
startServer(createConnection(ProposedFeatures.all, new BrowserMessageReader(worker), new BrowserMessageWriter(worker)), {
  envState: noEnvironment,
  codePages: undefined,
  runSoon: (work) => {
    const id = next++;
    queue.set(id, work);
    soon.port2.postMessage(id);
    return () => queue.delete(id);
  },
  onUnhandledRejection: (report) =>
    worker.addEventListener('unhandledrejection', (event) => {
      event.preventDefault();
      report(event.reason);
    }),
});
