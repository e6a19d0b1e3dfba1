// `npm run bench`: every benchmark of issue 9 in one run, printed as a Markdown table and written
// to bench/results.md with the date and the machine. Figures only: nothing here is a test.
// Only talks to 127.0.0.1 (the local sandbox); stops by itself (a watchdog ends a stuck run).
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { benchActivation } from './activation';
import { benchBulk } from './bulk';
import { ROOT, label, log, ms, ratio, verdict } from './common';
import { benchCompletion } from './completion';
import { benchKeystroke } from './keystroke';
import { benchMemory } from './memory';
import { benchValidation } from './validation';

const WATCHDOG_MS = 12 * 60_000;

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

async function main(): Promise<void> {
  const watchdog = setTimeout(() => {
    process.stderr.write('[bench] watchdog: the bench took too long and was stopped\n');
    process.exit(2);
  }, WATCHDOG_MS);
  watchdog.unref();
  const started = Date.now();
  if (!fs.existsSync(path.join(ROOT, 'dist', 'worker.js')) || !fs.existsSync(path.join(ROOT, 'dist', 'extension.js'))) {
    throw new Error('dist/ is missing: run `npm run build` first (npm run bench does)');
  }

  const validation = await benchValidation();
  const completion = await benchCompletion();
  const keystroke = await benchKeystroke();
  const activation = await benchActivation();
  const bulk = await benchBulk();
  const memory = benchMemory();

  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const out: string[] = [];
  out.push('# Benchmarks');
  out.push('');
  out.push(
    `${new Date().toISOString().slice(0, 10)} · Node ${process.version} · ${cpu} · ${os.cpus().length} cores · ${os.platform()} ${os.arch()} · yaml-language-server ${pkgVersion('yaml-language-server')} · yaml ${pkgVersion('yaml')}`,
  );
  out.push('');
  out.push('Medians after a warm-up. Generated files: N sandbox ids plus the usual `site` and settings blocks. `npm run bench` regenerates this file.');
  out.push('');

  out.push('## Targets');
  out.push('');
  out.push('| target | measured | goal | status |');
  out.push('|---|---|---|---|');
  for (const r of validation.filter((v) => v.n >= 10_000)) {
    out.push(`| validation, ${label(r.n)} ids vs yaml-language-server | ${ratio(r.ours / r.yls)} (${ms(r.ours)} vs ${ms(r.yls)}) | ≤ 0.2x | ${verdict(r.ours / r.yls <= 0.2)} |`);
    out.push(`| diagnostics identical to the full reference path, ${label(r.n)} ids | ${r.identical ? 'yes' : 'NO'} | identical | ${verdict(r.identical)} |`);
  }
  for (const r of completion.filter((c) => c.n >= 10_000)) {
    const worst = Math.max(r.oursEdit / r.ylsEdit, r.oursCached / r.ylsCached);
    out.push(`| completion, ${label(r.n)} ids, ${r.where} (worse of edit / unchanged) | ${ratio(worst)} | ≤ 0.1x | ${verdict(worst <= 0.1)} |`);
  }
  const k100 = keystroke.find((k) => k.n === 100_000)!;
  out.push(`| longest extension-host block per edit, 100,000 ids | ${ms(k100.blockMax)} | ≤ 20 ms | ${verdict(k100.blockMax <= 20)} |`);
  for (const a of activation) {
    out.push(`| bundle size, ${a.bundle} | ${(a.bytes / 1024).toFixed(0)} KB | < 400 KB | ${verdict(a.bytes < 400 * 1024)} |`);
    out.push(`| activation (load + activate), ${a.bundle} | ${ms(a.totalMs)} | < 30 ms | ${verdict(a.totalMs < 30)} |`);
    out.push(`| no schema compiled at activation, ${a.bundle} | ${a.compiledAtActivation ? `compiled (${a.functionsBuilt} generated functions)` : 'none compiled'} | none | ${verdict(!a.compiledAtActivation)} |`);
  }
  for (const b of bulk) {
    out.push(`| bulk update end to end vs raw requests, ${label(b.n)} ids | ${ratio(b.endToEnd / b.raw)} (${ms(b.endToEnd)} vs ${ms(b.raw)}) | ≤ 1.2x | ${verdict(b.endToEnd / b.raw <= 1.2)} |`);
  }
  out.push('');

  out.push('## 1. Validation (parse + schema + rules + positions)');
  out.push('');
  out.push('| ids | ours (`validateText`) | ours, typing elsewhere | ours, fast path off | yaml-language-server `doValidation` | ratio | floor: `yaml` parseAllDocuments + LineCounter | floor: `JSON.parse` | diagnostics (ours / yls) | identical to full path |');
  out.push('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of validation) {
    out.push(`| ${label(r.n)} | ${ms(r.ours)} | ${ms(r.oursTypingElsewhere)} | ${ms(r.oursFullParse)} | ${ms(r.yls)} | ${ratio(r.ours / r.yls)} | ${ms(r.yamlFloor)} | ${ms(r.jsonFloor)} | ${r.diagnostics} / ${r.ylsDiagnostics} | ${r.identical ? 'yes' : 'NO'} |`);
  }
  out.push('');
  out.push('Every run validates a new text. "Ours" (and yaml-language-server, and "fast path off"): one letter of an id in the middle of the list changed, so nothing of the list is reused; this is the figure the target compares. "Typing elsewhere": one letter of `site.name` changed, so the unchanged list and its nodes are reused. "Fast path off" is the same code with the `ids` fast path disabled (every node from the `yaml` parse), the reference the diagnostics are compared with.');
  out.push('');

  out.push('## 2. Completion');
  out.push('');
  out.push('| ids | cursor | ours after an edit | yls after an edit | ratio | ours, unchanged version | yls, unchanged version | ratio | items (ours / yls) |');
  out.push('|---:|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of completion) {
    out.push(`| ${label(r.n)} | ${r.where} | ${ms(r.oursEdit)} | ${ms(r.ylsEdit)} | ${ratio(r.oursEdit / r.ylsEdit)} | ${ms(r.oursCached)} | ${ms(r.ylsCached)} | ${ratio(r.oursCached / r.ylsCached)} | ${r.oursItems} / ${r.ylsItems} |`);
  }
  out.push('');
  out.push('"After an edit": a new version through the ParseCache (one character of `site.name` changed, so the unchanged `ids` list and its nodes are reused), as the worker does; for yaml-language-server a new document version.');
  out.push('');

  out.push('## 3. Keystroke cost on the extension host');
  out.push('');
  out.push('| ids | edits | main thread blocked per edit: max | median | diagnostics back (worker, not blocking): median | max |');
  out.push('|---:|---:|---:|---:|---:|---:|');
  for (const r of keystroke) {
    out.push(`| ${label(r.n)} | ${r.edits} | ${ms(r.blockMax)} | ${ms(r.blockMedian)} | ${ms(r.latencyMedian)} | ${ms(r.latencyMax)} |`);
  }
  out.push('');
  out.push('Blocked: building the new text (as `getText` does) and `postMessage` of a validate request to the real language worker (`dist/worker.js` in a `worker_threads` Worker); each edit replaces one letter of an id in the middle of the list. Diagnostics back: from the edit until the worker answers.');
  out.push('');

  out.push('## 4. Activation');
  out.push('');
  out.push('| bundle | size | load (`require`) | `activate()` | total | schema compiled at activation | subscriptions |');
  out.push('|---|---:|---:|---:|---:|---|---:|');
  for (const a of activation) {
    out.push(`| ${a.bundle} | ${(a.bytes / 1024).toFixed(0)} KB | ${ms(a.loadMs)} | ${ms(a.activateMs)} | ${ms(a.totalMs)} | ${a.compiledAtActivation ? `yes (${a.functionsBuilt} \`new Function\`)` : 'no'} | ${a.subscriptions} |`);
  }
  out.push('');
  out.push('Each figure is the median of fresh Node processes loading the bundle with a stand-in `vscode` module. Schema compilation is detected by counting `new Function` calls (how Ajv compiles) and by looking for ajv in `require.cache`.');
  out.push('');

  out.push('## 5. Bulk update against the local sandbox');
  out.push('');
  out.push('| ids | requests | end to end (plan, client, outcome) | raw undici requests | ratio | rounds | ids updated | before it: parse + validate |');
  out.push('|---:|---:|---:|---:|---:|---|---:|---:|');
  for (const b of bulk) {
    out.push(`| ${label(b.n)} | ${b.requests} | ${ms(b.endToEnd)} | ${ms(b.raw)} | ${ratio(b.endToEnd / b.raw)} | ${ratio(b.roundRatios[0])} – ${ratio(b.roundRatios[1])} | ${label(b.updated)} | ${ms(b.prepare)} |`);
  }
  out.push('');
  out.push('Both send the same chunks (500 ids) with the same concurrency (2) to the sandbox on 127.0.0.1 (on a thread of its own, as the service runs elsewhere) with `is_id_404_validation=true`. End to end starts from a file already parsed and validated, as in the editor, where live validation has done that before the command runs (the worker plans on the parse and the diagnostics it keeps for that version); that work, fresh in each round, is the last column. The figures are noisy: "rounds" gives the lowest and highest ratio of single rounds.');
  out.push('');

  out.push('## 6. Peak memory, 100,000-id file');
  out.push('');
  out.push('| parse | peak RSS (maxRSS) | peak heap used | baseline RSS | baseline heap |');
  out.push('|---|---:|---:|---:|---:|');
  for (const m of memory) {
    out.push(`| ${m.mode} | ${mb(m.maxRss)} | ${mb(m.heapPeak)} | ${mb(m.baseRss)} | ${mb(m.baseHeap)} |`);
  }
  out.push('');
  out.push('A fresh process parses and validates the file through a ParseCache, then a one-character edit of it (both parses kept alive).');
  out.push('');
  out.push(`Whole bench: ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  out.push('');

  const markdown = out.join('\n');
  process.stdout.write(markdown);
  fs.writeFileSync(path.join(ROOT, 'bench', 'results.md'), markdown);
  log('written to bench/results.md');
}

function pkgVersion(name: string): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`[bench] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
