// Looks for the tests' canary values (test/fixtures/canary.ts: the API tokens and sensitive values
// the tests hand the product) in everything the product wrote during the test run, and fails on
// any, printing where. A leak no single test asserted on still shows here.
//   - the integration run's VS Code logs (output channels are written there as log files), which
//     hold the language client's verbose trace of every message it exchanged with the language
//     server (the scan fails if no suite's logs hold the trace of a bulk update plan: it would
//     have passed without looking),
//   - every file under out/reliability/: the command-line tests append the CLI's output there,
//     and each integration suite writes what it showed that no log holds: the notifications and
//     dialogs as the browser displayed them (integration-<suite>-messages.log) and, after each
//     test, every diagnostic and the text of every preview and virtual document
//     (integration-<suite>-shown.log),
//   - bench/results.md.
// Screenshots are binary and skipped. Writes out/reliability/canaries.json.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPORT = path.join(ROOT, 'out', 'reliability', 'canaries.json');

/** The canaries: every 'CANARY-…' string literal of the fixture, so the two cannot drift apart. */
function canaries() {
  const source = readFileSync(path.join(ROOT, 'test', 'fixtures', 'canary.ts'), 'utf8');
  const found = [...source.matchAll(/'(CANARY-[A-Za-z0-9-]+)'/g)].map((m) => m[1]);
  if (found.length === 0) throw new Error('no canary found in test/fixtures/canary.ts');
  return [...new Set(found)];
}

function* filesUnder(target) {
  if (!existsSync(target)) return;
  if (statSync(target).isFile()) {
    yield target;
    return;
  }
  for (const entry of readdirSync(target, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) yield path.join(entry.parentPath ?? entry.path, entry.name);
  }
}

/**
 * Whether the value at `at` stands in VS Code's own record of the environment it was started in
 * (its server logs the whole environment, `"PATH":"…"` and all, at the trace level), as
 * `"NAME":"value"`. The launcher puts the `${env:NAME}` canaries there, as a user's shell would:
 * VS Code holding its own environment is not the product writing a value.
 */
function inEnvironmentDump(text, at) {
  const lineStart = text.lastIndexOf('\n', at) + 1;
  const lineEnd = text.indexOf('\n', at);
  const line = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd);
  return line.includes('"PATH":"') && /"[A-Za-z_][A-Za-z0-9_]*":"$/.test(text.slice(Math.max(lineStart, at - 100), at));
}

const BINARY = /\.(png|jpe?g|gif|webp|ico|vsix|zip|gz|vscdb|woff2?)$/i;

const runs = path.join(ROOT, '.vscode-test', 'runs');
const targets = [
  ...(existsSync(runs) ? readdirSync(runs).map((suite) => path.join(runs, suite, 'user-data', 'logs')) : []),
  path.join(ROOT, 'out', 'reliability'),
  path.join(ROOT, 'bench', 'results.md'),
];

// A suite that ran but recorded nothing shown would make the scan pass without looking.
const missing = (existsSync(runs) ? readdirSync(runs) : []).flatMap((suite) =>
  ['messages', 'shown'].map((kind) => path.join(ROOT, 'out', 'reliability', `integration-${suite}-${kind}.log`)).filter((file) => !existsSync(file)),
);
if (missing.length > 0) {
  console.error(`scan-canaries: an integration suite ran but did not record what it showed:\n${missing.map((f) => `  ${path.relative(ROOT, f)}`).join('\n')}`);
  process.exit(1);
}

const values = canaries();
let filesScanned = 0;
let tracedPlans = 0;
let bytesScanned = 0;
const hits = [];
for (const target of targets) {
  for (const file of filesUnder(target)) {
    if (BINARY.test(file) || file === REPORT) continue;
    const text = readFileSync(file, 'latin1');
    filesScanned++;
    bytesScanned += text.length;
    if (file.startsWith(runs) && text.includes("Sending request 'scanTargets/planBulkUpdate") && text.includes('Result: ')) tracedPlans++;
    for (const value of values) {
      let at = text.indexOf(value);
      while (at !== -1) {
        if (!inEnvironmentDump(text, at)) hits.push(`${path.relative(ROOT, file)}:${text.slice(0, at).split('\n').length}: ${value}`);
        at = text.indexOf(value, at + value.length);
      }
    }
  }
}

mkdirSync(path.dirname(REPORT), { recursive: true });
writeFileSync(REPORT, JSON.stringify({ filesScanned, bytesScanned, tracedPlans, canariesFound: hits.length }, null, 2) + '\n');
console.log(
  `scan-canaries: ${values.length} canaries, ${filesScanned} files, ${bytesScanned} bytes scanned (${tracedPlans} log files with the language client's trace of a bulk update plan): ${hits.length} found`,
);
if (filesScanned === 0) {
  console.error('scan-canaries: nothing to scan; run the tests first');
  process.exit(1);
}
if (hits.length > 0) {
  console.error(`scan-canaries: a token or sensitive value the tests use was written by the product:\n${hits.map((h) => `  ${h}`).join('\n')}`);
  process.exit(1);
}
if (existsSync(runs) && readdirSync(runs).length > 0 && tracedPlans === 0) {
  console.error("scan-canaries: no integration log holds the language client's verbose trace of a bulk update plan: the protocol was not scanned");
  process.exit(1);
}
