// Writes the reliability figures of docs/reliability.md from what the suites recorded in
// out/reliability/ (fuzz.json, faults.json, canaries.json), between its markers, so
// the figures are the last run's and never typed by hand. A suite that did not run leaves its
// line saying so. Run at the end of `npm test` and `npm run test:soak`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'out', 'reliability');
const START = '<!-- reliability:start (written by scripts/reliability-figures.mjs) -->';
const END = '<!-- reliability:end -->';

function read(name) {
  const file = join(dir, name);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const n = (value) => (typeof value === 'number' ? value.toLocaleString('en-US') : '?');
const fuzz = read('fuzz.json');
const faults = read('faults.json');
const canaries = read('canaries.json');

const rows = [
  '| suite | last run |',
  '|---|---|',
  fuzz
    ? `| fuzz (fast-check, seed ${fuzz.seed ?? '?'}) | ${n(fuzz.inputs)} mutated files through parsing, validation, completion, hover and quick fixes; ${n(fuzz.cliInputs)} through \`scan-targets validate\`; no exception, every range inside its document |`
    : '| fuzz | not run in the last test run |',
  faults
    ? `| fault matrix | ${n(faults.runs)} bulk updates, ${n(faults.ids)} ids, ${n(faults.faultsInjected)} faults injected; ${n(faults.idsAccountedFor)} ids accounted for, each in exactly one bucket and matching what the sandbox changed; mismatches: ${n(faults.mismatches)} |`
    : '| fault matrix | not run in the last test run |',
  canaries
    ? `| canaries | ${n(canaries.filesScanned)} files (${n(canaries.bytesScanned)} bytes) the product wrote during the tests scanned; canaries found: ${n(canaries.canariesFound)} |`
    : '| canaries | not run in the last test run |',
];

const readmePath = join(root, 'docs', 'reliability.md');
const readme = readFileSync(readmePath, 'utf8');
const start = readme.indexOf(START);
const end = readme.indexOf(END);
if (start < 0 || end < start) {
  console.error('docs/reliability.md has no reliability markers; nothing written.');
  process.exit(1);
}
const next = `${readme.slice(0, start + START.length)}\n${rows.join('\n')}\n${readme.slice(end)}`;
if (next !== readme) writeFileSync(readmePath, next);
console.log(rows.slice(2).join('\n'));
