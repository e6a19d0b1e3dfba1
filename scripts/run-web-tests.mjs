// Runs the browser suite (test/web) inside a real VS Code in the browser: code-server 4.100.3's web
// worker extension host in headless Chromium, where the extension loads from its `browser` entry
// (the user settings make it a web extension: `remote.extensionKind`), its language server runs in
// a nested Worker, and its requests go through `fetch`.
//
// On this machine, beside code-server: two sandboxes (one answering the workbench's origin with
// CORS, one sending no CORS header, as a service that does not allow browsers) and a small results
// server the suite posts each result to (the worker's console is not visible from here). The suite
// learns their addresses from web-test.json in the workspace copy. It fails loudly when the host
// never starts or no test runs, and when the workbench's own exit code (`codeAutomationExit`)
// disagrees with the results.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { SUITE_SETTINGS, countResult } from './suite-results.mjs';
import { REPO_ROOT, ensureVsCodeHost, freePort, launchChromium, startCodeServer, workbenchUrl } from './vscode-host.mjs';

const EXTENSION_ID = 'scantargets.scan-target-settings';
const START_TIMEOUT_MS = 120_000;
const SUITE_TIMEOUT_MS = 10 * 60_000;
const verbose = process.argv.includes('--verbose');
const grep = process.env.SCAN_TARGETS_TEST_GREP;

for (const built of ['dist/web/extension.js', 'dist/web/server.js', 'out/src/sandbox/index.js']) {
  if (!existsSync(path.join(REPO_ROOT, built))) fail(`${built} is missing: run \`npm run build\` and \`npm run compile-tests\` first`);
}
const { startSandbox } = createRequire(import.meta.url)(path.join(REPO_ROOT, 'out', 'src', 'sandbox', 'index.js'));

// The suite, bundled for the browser: Node's `assert` replaced by a browser one.
const testsDir = path.join(REPO_ROOT, 'out', 'web-tests');
await esbuild.build({
  entryPoints: [path.join(REPO_ROOT, 'test', 'web', 'index.ts')],
  outfile: path.join(testsDir, 'index.js'),
  bundle: true,
  platform: 'browser',
  format: 'cjs',
  target: 'es2022',
  external: ['vscode'],
  alias: { assert: './test/web/assert.ts', 'node:assert/strict': './test/web/assert.ts' },
  sourcemap: 'inline',
  logLevel: 'warning',
});

const { bin } = ensureVsCodeHost();
// Not under .vscode-test/runs/: those are the integration suites, whose logs and shown texts
// scripts/scan-canaries.mjs scans for the canary secrets they run with. A browser has no
// environment to hold them, so this suite runs with none.
const workDir = path.join(REPO_ROOT, '.vscode-test', 'web-run');
rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });
const folder = path.join(workDir, 'workspace');
cpSync(path.join(REPO_ROOT, 'test', 'fixtures', 'workspace'), folder, { recursive: true });

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const sandboxes = {
  sandbox: await startSandbox({ cors: [origin], exampleTargets: true, token: randomToken() }),
  noCorsSandbox: await startSandbox({ exampleTargets: true, token: randomToken() }),
};
const results = [];
let resultArrived = () => {};
const resultsServer = createServer((req, res) => {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-headers', 'content-type');
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.method === 'OPTIONS') return res.writeHead(204).end();
  if (req.method === 'GET' && url.pathname.startsWith('/requests/')) {
    const sandbox = sandboxes[url.pathname.slice('/requests/'.length)];
    if (!sandbox) return res.writeHead(404).end();
    return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ requests: sandbox.requests, changes: sandbox.changes }));
  }
  if (req.method === 'POST' && url.pathname === '/results') {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      results.push(JSON.parse(body));
      resultArrived();
      res.writeHead(204).end();
    });
    return;
  }
  res.writeHead(404).end();
});
await new Promise((resolve) => resultsServer.listen(0, '127.0.0.1', resolve));
const helper = `http://127.0.0.1:${resultsServer.address().port}`;
const address = (name) => ({
  url: sandboxes[name].url,
  token: sandboxes[name].token,
  targetIds: sandboxes[name].targetIds(),
  requestsUrl: `${helper}/requests/${name}`,
});
writeFileSync(
  path.join(folder, 'web-test.json'),
  JSON.stringify({ resultsUrl: `${helper}/results`, grep, sandbox: address('sandbox'), noCorsSandbox: address('noCorsSandbox') }, null, 2),
);

const server = await startCodeServer({
  bin,
  workDir,
  folder,
  port,
  settings: {
    ...SUITE_SETTINGS,
    // Run it as a web extension: in the browser's worker, from its `browser` entry.
    'remote.extensionKind': { [EXTENSION_ID]: ['web'] },
    'security.workspace.trust.enabled': false,
  },
  log: verbose ? (t) => process.stderr.write(`[code-server] ${t}`) : undefined,
});
const browser = await launchChromium();
const consoleLines = [];
let exitCode;
let failed = true;
try {
  const page = await browser.newPage();
  page.on('console', (m) => consoleLines.push(`[${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => consoleLines.push(`[pageerror] ${e.message}`));
  // The workbench calls it with the test run's outcome once `run()` of the suite settles.
  await page.exposeFunction('codeAutomationExit', (code) => {
    exitCode = code;
    resultArrived();
  });
  const url = workbenchUrl({ url: server.url, port, folder, extensionPath: REPO_ROOT, testsPath: path.join(testsDir, 'index') });
  console.log(`[web] ${server.url} (folder ${folder})`);
  await page.goto(url);
  const counts = await collectResults();
  failed = counts.failed > 0;
} catch (err) {
  console.error(`[web] ${err.message}`);
  console.error(`--- code-server output (tail) ---\n${server.output().slice(-3000)}`);
  console.error(`--- browser console (tail) ---\n${consoleLines.slice(-60).join('\n')}`);
} finally {
  if (verbose) console.error(`--- browser console ---\n${consoleLines.join('\n')}`);
  await browser.close();
  await server.stop();
  resultsServer.close();
  await Promise.all(Object.values(sandboxes).map((s) => s.close()));
}
process.exit(failed ? 1 : 0);

/** Prints each result as it arrives, until the suite ends and the workbench reports its exit code. */
async function collectResults() {
  const started = Date.now();
  const counts = { passed: 0, failed: 0, pending: 0 };
  let seen = 0;
  let startRecord;
  let end;
  for (;;) {
    for (const record of results.slice(seen)) {
      if (countResult(record, counts)) continue;
      if (record.event === 'start') {
        startRecord = record;
        console.log(`[web] VS Code ${record.vscodeVersion} in the browser's worker extension host`);
      } else if (record.event === 'end') {
        end = record;
      }
    }
    seen = results.length;
    if (end !== undefined && exitCode !== undefined) {
      const ran = counts.passed + counts.failed;
      console.log(
        `\nweb: ${counts.passed} passed, ${counts.failed} failed${counts.pending ? `, ${counts.pending} skipped` : ''} (workbench exit code ${exitCode})`,
      );
      if (ran === 0) throw new Error('no test ran');
      if ((exitCode === 0) !== (counts.failed === 0)) throw new Error(`the workbench's exit code ${exitCode} disagrees with the results`);
      return counts;
    }
    if (exitCode !== undefined && end === undefined && startRecord === undefined) {
      throw new Error(`the suite ended with exit code ${exitCode} before reporting anything (it could not load, or could not reach ${helper})`);
    }
    const elapsed = Date.now() - started;
    if (!startRecord && elapsed > START_TIMEOUT_MS) throw new Error(`the web extension host did not start the suite within ${START_TIMEOUT_MS / 1000} s`);
    if (elapsed > SUITE_TIMEOUT_MS) throw new Error(`the suite did not finish within ${SUITE_TIMEOUT_MS / 60_000} min`);
    await new Promise((resolve) => {
      resultArrived = resolve;
      setTimeout(resolve, 1000);
    });
  }
}

function randomToken() {
  return randomBytes(24).toString('hex');
}

function fail(message) {
  console.error(`run-web-tests: ${message}`);
  process.exit(1);
}
