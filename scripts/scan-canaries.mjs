// Looks for the tests' canary values (test/fixtures/canary.ts: the API tokens and sensitive values
// the tests hand the product) in everything the product wrote during the test run, and fails on
// any, printing where. A leak no single test asserted on still shows here.
//   - the integration run's VS Code logs (output channels are written there as log files),
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
let bytesScanned = 0;
const hits = [];
for (const target of targets) {
  for (const file of filesUnder(target)) {
    if (BINARY.test(file) || file === REPORT) continue;
    const text = readFileSync(file, 'latin1');
    filesScanned++;
    bytesScanned += text.length;
    for (const value of values) {
      let at = text.indexOf(value);
      while (at !== -1) {
        const line = text.slice(0, at).split('\n').length;
        hits.push(`${path.relative(ROOT, file)}:${line}: ${value}`);
        at = text.indexOf(value, at + value.length);
      }
    }
  }
}

mkdirSync(path.dirname(REPORT), { recursive: true });
writeFileSync(REPORT, JSON.stringify({ filesScanned, bytesScanned, canariesFound: hits.length }, null, 2) + '\n');
console.log(`scan-canaries: ${values.length} canaries, ${filesScanned} files, ${bytesScanned} bytes scanned: ${hits.length} found`);
if (filesScanned === 0) {
  console.error('scan-canaries: nothing to scan; run the tests first');
  process.exit(1);
}
if (hits.length > 0) {
  console.error(`scan-canaries: a token or sensitive value the tests use was written by the product:\n${hits.map((h) => `  ${h}`).join('\n')}`);
  process.exit(1);
}
