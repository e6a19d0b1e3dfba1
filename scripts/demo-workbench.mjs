// The workbench `npm start` opens, shared with the first-run end-to-end test: VS Code in the
// browser with the extension under development, a folder of examples, the getting-started example
// open, and the local sandbox started by the extension and connected (base URL and token).
import path from 'node:path';
import { mkdirSync, readFileSync } from 'node:fs';
import { REPO_ROOT, ensureVsCodeHost, startCodeServer, workbenchUrl } from './vscode-host.mjs';

export const GETTING_STARTED = 'getting-started.target-settings.yaml';

/**
 * Harmless values for the `${env:NAME}` references of the examples, given to the extension host
 * unless the environment already sets them, so that every example can be sent to the sandbox.
 */
export function exampleEnv() {
  const values = JSON.parse(readFileSync(path.join(REPO_ROOT, 'scripts', 'example-env.json'), 'utf8'));
  return Object.fromEntries(Object.entries(values).filter(([name]) => process.env[name] === undefined));
}

/** Starts code-server on `folder` (examples/ by default); resolves with the server and the URL to open. */
export async function startDemoWorkbench({ workDir, folder = path.join(REPO_ROOT, 'examples'), port, log, settings = {} }) {
  const { bin } = ensureVsCodeHost();
  mkdirSync(workDir, { recursive: true });
  const server = await startCodeServer({
    bin,
    workDir,
    folder,
    port,
    env: exampleEnv(),
    settings: {
      'workbench.startupEditor': 'none',
      'telemetry.telemetryLevel': 'off',
      'update.mode': 'none',
      // A demo profile of its own: the examples folder is this repository's, so it is trusted.
      'security.workspace.trust.enabled': false,
      // examples/ sits inside this repository: no offer to open the repository around it.
      'git.openRepositoryInParentFolders': 'never',
      // Starts the sandbox in the extension host and points base URL and token at it.
      'scanTargets.sandbox.startOnActivation': true,
      ...settings,
    },
    log,
  });
  const url = workbenchUrl({ url: server.url, port: server.port, folder, extensionPath: REPO_ROOT, openFile: path.join(folder, GETTING_STARTED) });
  return { server, url };
}
