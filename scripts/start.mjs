// `npm start`: a browser-based VS Code on 127.0.0.1 with the extension loaded, the examples/
// folder open and the local sandbox service running inside it, already connected (base URL set
// and a token stored in secret storage). Prints the URL and runs until Ctrl+C.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { REPO_ROOT, ensureVsCodeHost, startCodeServer, workbenchUrl } from './vscode-host.mjs';

const port = Number(process.env.PORT ?? 8080);
const workDir = path.join(REPO_ROOT, '.vscode-test', 'start');
mkdirSync(workDir, { recursive: true });
const folder = path.join(REPO_ROOT, 'examples');

const { bin } = ensureVsCodeHost();
const server = await startCodeServer({
  bin,
  workDir,
  folder,
  port,
  settings: {
    'workbench.startupEditor': 'none',
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    // A demo profile of its own: the examples folder is this repository's, so it is trusted.
    'security.workspace.trust.enabled': false,
    // Starts the sandbox in the extension host and points base URL and token at it.
    'scanTargets.sandbox.startOnActivation': true,
  },
  log: (text) =>
    process.stdout.write(
      text
        .split('\n')
        .filter((l) => /error/i.test(l))
        .map((l) => `[code-server] ${l}\n`)
        .join(''),
    ),
});
const url = workbenchUrl({ url: server.url, port: server.port, folder, extensionPath: REPO_ROOT });
console.log(
  `\nScan Target Settings is running in VS Code ${'1.100.3'} at:\n\n  ${url}\n\nThe local sandbox service starts with the extension; its URL is in the "Scan Targets" log.\nPress Ctrl+C to stop.`,
);

const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
await server.exited;
