// A real VS Code on a machine without internet: code-server 4.100.3 (VS Code 1.100.3) driven by
// Debian's headless Chromium through playwright-core. Shared by the integration launcher, the
// end-to-end tests and `npm start`. The recipe is the one checked in shared/design.md.
import { spawn, execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM = process.env.SCAN_TARGETS_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Installs code-server and the Debian packages on first use; returns the install folder. */
export function ensureVsCodeHost() {
  const script = path.join(REPO_ROOT, 'scripts', 'install-vscode-host.sh');
  const out = execFileSync('bash', [script], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  const folder = out.trim().split('\n').pop();
  const bin = path.join(folder, 'node_modules', '.bin', 'code-server');
  if (!existsSync(bin)) throw new Error(`code-server is not installed at ${bin}; remove ${folder} and run again`);
  return { folder, bin };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts code-server on 127.0.0.1 with its own user-data and extensions folders.
 * `settings` become the user settings.json. Resolves once the server answers HTTP.
 */
export async function startCodeServer({ bin, workDir, folder, settings = {}, env = {}, port, extraArgs = [], log = () => {} }) {
  const userDataDir = path.join(workDir, 'user-data');
  const extensionsDir = path.join(workDir, 'extensions');
  mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  port ??= await freePort();
  const args = [
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
    ...extraArgs,
    folder,
  ];
  const child = spawn(bin, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  let output = '';
  const collect = (chunk) => {
    const text = chunk.toString();
    output += text;
    log(text);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const state = await Promise.race([exited.then((e) => ({ exited: e })), probe(url)]);
    if (state?.exited) {
      throw new Error(`code-server exited before serving (code ${state.exited.code}, signal ${state.exited.signal}):\n${output.slice(-4000)}`);
    }
    if (state === true) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`code-server did not answer on ${url} within 60 s:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    userDataDir,
    extensionsDir,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

async function probe(url) {
  try {
    const response = await fetch(`${url}/healthz`);
    return response.ok;
  } catch {
    return false;
  }
}

/** Installs a .vsix into an extensions folder the way users do. */
export function installVsix({ bin, extensionsDir, userDataDir, vsix }) {
  execFileSync(bin, ['--extensions-dir', extensionsDir, '--user-data-dir', userDataDir, '--install-extension', vsix, '--force'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
}

export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}; run scripts/install-vscode-host.sh`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** URL that opens `folder` with the extension under development and, optionally, a test module or a file in an editor. */
export function workbenchUrl({ url, port, folder, extensionPath, testsPath, openFile }) {
  const remote = (p) => `vscode-remote://127.0.0.1:${port}${p}`;
  const payload = [];
  if (extensionPath) payload.push(['extensionDevelopmentPath', remote(extensionPath)]);
  if (testsPath) payload.push(['extensionTestsPath', remote(testsPath)]);
  if (openFile) payload.push(['openFile', remote(openFile)]);
  const query = new URLSearchParams({ folder });
  let result = `${url}/?${query.toString()}`;
  if (payload.length > 0) result += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  return result;
}
