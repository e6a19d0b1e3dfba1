// Runs the integration suites inside a real VS Code (code-server 4.100.3 = VS Code 1.100.3) in
// headless Chromium. Each suite gets its own server, user data and copy of the fixture workspace:
//   trusted     workspace trust off, so the workspace is trusted;
//   restricted  workspace trust on; test mode refuses the trust dialog, so Restricted Mode.
// It reports every test, fails when any fails, and fails loudly when the host never starts or
// no test runs: it never reports green without running the suite.
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SUITE_SETTINGS, countResult, indent } from './suite-results.mjs';
import { REPO_ROOT, ensureVsCodeHost, startCodeServer, launchChromium, workbenchUrl } from './vscode-host.mjs';

const SUITES = {
  trusted: { 'security.workspace.trust.enabled': false },
  restricted: { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never' },
};
/**
 * The `${env:NAME}` values the suites' files use (CANARY_ENV_SECRETS of test/fixtures/canary.ts),
 * set in VS Code's environment as a user's shell would: the extension host and the language
 * server it starts inherit them.
 */
const ENV_SECRETS = Object.fromEntries(
  [...readFileSync(path.join(REPO_ROOT, 'test', 'fixtures', 'canary.ts'), 'utf8').matchAll(/^\s+(\w+): '(CANARY-[^']+)',$/gm)].map((m) => [m[1], m[2]]),
);
if (Object.keys(ENV_SECRETS).length === 0) fail('no CANARY_ENV_SECRETS found in test/fixtures/canary.ts');
/** Ours: the extension's id, its log folder, its bundles or tests (by path), or this checkout. */
const OURS = [
  'scan-target-settings',
  'scantargets',
  '/dist/load/',
  '/dist/extension.js',
  '/dist/network.js',
  '/dist/server.js',
  '/out/test/integration/',
  REPO_ROOT,
];
const UNHANDLED = /rejected promise not handled|unhandled/i;
const START_TIMEOUT_MS = 120_000;
const SUITE_TIMEOUT_MS = 15 * 60_000;

// `--check-logs DIR`: only the check of a logs folder below (to try it on a folder by hand).
const checkLogsAt = process.argv.indexOf('--check-logs');
if (checkLogsAt !== -1) {
  const problems = unhandledInLogs(path.resolve(process.argv[checkLogsAt + 1] ?? '.'));
  for (const p of problems) console.error(p);
  console.log(`${problems.length} unhandled rejection(s) of ours in the logs`);
  process.exit(problems.length > 0 ? 1 : 0);
}

const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const suites = only.length > 0 ? only : Object.keys(SUITES);
const verbose = process.argv.includes('--verbose');

if (!existsSync(path.join(REPO_ROOT, 'dist', 'extension.js'))) fail('dist/extension.js is missing: run `npm run build` first');
if (!existsSync(path.join(REPO_ROOT, 'out', 'test', 'integration', 'runSuite.js'))) fail('compiled tests are missing: run `npm run compile-tests` first');

const { bin } = ensureVsCodeHost();
const totals = { passed: 0, failed: 0, pending: 0 };
for (const suite of suites) {
  if (!SUITES[suite]) fail(`unknown suite "${suite}"; known: ${Object.keys(SUITES).join(', ')}`);
  const result = await runSuite(suite);
  totals.passed += result.passed;
  totals.failed += result.failed;
  totals.pending += result.pending;
  // The extension host logs a rejected promise nobody handled and goes on: the tests would pass.
  const problems = unhandledInLogs(path.join(REPO_ROOT, '.vscode-test', 'runs', suite, 'user-data', 'logs'));
  if (problems.length > 0) {
    totals.failed++;
    console.log(`[${suite}] ✘ ${problems.length} unhandled rejection(s) or error(s) of the extension in the VS Code logs:\n${problems.map(indent).join('\n')}`);
  } else console.log(`[${suite}] no unhandled rejection of the extension in the VS Code logs`);
}
console.log(`\nintegration: ${totals.passed} passed, ${totals.failed} failed${totals.pending ? `, ${totals.pending} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);

async function runSuite(suite) {
  const workDir = path.join(REPO_ROOT, '.vscode-test', 'runs', suite);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const folder = path.join(workDir, 'workspace');
  cpSync(path.join(REPO_ROOT, 'test', 'fixtures', 'workspace'), folder, { recursive: true });
  const resultsFile = path.join(workDir, 'results.jsonl');

  const server = await startCodeServer({
    bin,
    workDir,
    folder,
    settings: { ...SUITE_SETTINGS, ...SUITES[suite] },
    env: { ...ENV_SECRETS, SCAN_TARGETS_TEST_RESULTS: resultsFile },
    // Every log at the trace level, the extension's included: the language client then traces
    // every message it exchanges with the server (`scanTargets.trace.server` is verbose here).
    extraArgs: ['--log', 'trace'],
    log: verbose ? (t) => process.stderr.write(`[code-server] ${t}`) : undefined,
  });
  const browser = await launchChromium();
  const consoleLines = [];
  try {
    const page = await browser.newPage();
    page.on('console', (m) => consoleLines.push(`[${m.type()}] ${m.text()}`));
    page.on('pageerror', (e) => consoleLines.push(`[pageerror] ${e.message}`));
    const shown = await recordMessagesShown(page);
    const url = workbenchUrl({
      url: server.url,
      port: server.port,
      folder,
      extensionPath: REPO_ROOT,
      testsPath: path.join(REPO_ROOT, 'out', 'test', 'integration', suite, 'index'),
    });
    console.log(`\n[${suite}] ${url.split('?')[0]} (folder ${folder})`);
    await page.goto(url);
    const counts = await collectResults(suite, resultsFile, server);
    writeMessagesShown(suite, shown);
    return counts;
  } catch (err) {
    console.error(`[${suite}] ${err.message}`);
    console.error(`--- code-server output (tail) ---\n${server.output().slice(-3000)}`);
    console.error(`--- browser console (tail) ---\n${consoleLines.slice(-40).join('\n')}`);
    return { passed: 0, failed: 1, pending: 0 };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Follows the results file until the suite ends; prints each result as it arrives. */
async function collectResults(suite, resultsFile, server) {
  const started = Date.now();
  let seen = 0;
  let startRecord;
  const counts = { passed: 0, failed: 0, pending: 0 };
  let serverExit;
  server.exited.then((e) => (serverExit = e));
  for (;;) {
    const lines = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8').split('\n').filter(Boolean) : [];
    for (const line of lines.slice(seen)) {
      const record = JSON.parse(line);
      if (countResult(record, counts)) continue;
      if (record.event === 'start') {
        startRecord = record;
        console.log(`[${suite}] VS Code ${record.vscodeVersion}, workspace ${record.trusted ? 'trusted' : 'untrusted (Restricted Mode)'}`);
      } else if (record.event === 'crash') {
        throw new Error(`the suite crashed before running:\n${record.error}`);
      } else if (record.event === 'end') {
        const ran = counts.passed + counts.failed;
        console.log(`[${suite}] ${ran} test(s) run in VS Code ${startRecord?.vscodeVersion}: ${counts.passed} passed, ${counts.failed} failed`);
        if (ran === 0) throw new Error('no test ran');
        return counts;
      }
    }
    seen = lines.length;
    if (serverExit) throw new Error(`code-server exited during the run (code ${serverExit.code})`);
    const elapsed = Date.now() - started;
    if (!startRecord && elapsed > START_TIMEOUT_MS) throw new Error(`the extension host did not start the suite within ${START_TIMEOUT_MS / 1000} s`);
    if (elapsed > SUITE_TIMEOUT_MS) throw new Error(`the suite did not finish within ${SUITE_TIMEOUT_MS / 60_000} min`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/**
 * Records the text of every notification and dialog the workbench shows, as the user sees it, so
 * the canary scan covers messages too (they are in the browser, not in any log). Returns the list,
 * filled as the suite runs.
 */
async function recordMessagesShown(page) {
  /* global document, window, MutationObserver -- the init script runs in the workbench page */
  const shown = [];
  await page.exposeFunction('__scanTargetsShown', (kind, text) => shown.push(`${kind}: ${text}`));
  await page.addInitScript(() => {
    const SELECTORS = { notification: '.notification-list-item-message', dialog: '.dialog-message-text, .dialog-message-detail' };
    const last = new WeakMap();
    let pending = false;
    const check = () => {
      pending = false;
      for (const [kind, selector] of Object.entries(SELECTORS)) {
        for (const element of document.querySelectorAll(selector)) {
          const text = element.textContent ?? '';
          if (text && last.get(element) !== text) {
            last.set(element, text);
            window.__scanTargetsShown(kind, text);
          }
        }
      }
    };
    new MutationObserver(() => {
      if (!pending) {
        pending = true;
        setTimeout(check, 50);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return shown;
}

function writeMessagesShown(suite, shown) {
  const file = path.join(REPO_ROOT, 'out', 'reliability', `integration-${suite}-messages.log`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, shown.map((line) => `${line}\n`).join(''));
  console.log(`[${suite}] ${shown.length} notification and dialog text(s) recorded for the canary scan`);
}

function fail(message) {
  console.error(`run-integration: ${message}`);
  process.exit(1);
}

/**
 * Entries of the VS Code logs under `dir` (a timestamped line and the lines that follow it, such as
 * a stack) that report an unhandled rejection or error and mention the extension; as
 * `file: entry` strings.
 */
function unhandledInLogs(dir) {
  if (!existsSync(dir)) return [];
  const problems = [];
  for (const file of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!file.isFile() || !file.name.endsWith('.log')) continue;
    const full = path.join(file.parentPath ?? file.path, file.name);
    const entries = [];
    for (const line of readFileSync(full, 'utf8').split('\n')) {
      if (/^\d{4}-\d\d-\d\d[ T]\d\d:\d\d/.test(line) || entries.length === 0) entries.push(line);
      else entries[entries.length - 1] += `\n${line}`;
    }
    const ourFile = OURS.some((o) => full.includes(o));
    for (const entry of entries) {
      if (!UNHANDLED.test(entry)) continue;
      if (ourFile || OURS.some((o) => entry.includes(o))) problems.push(`${path.relative(REPO_ROOT, full)}: ${entry.slice(0, 2000)}`);
    }
  }
  return problems;
}
