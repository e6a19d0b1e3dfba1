// What each bundle contains (esbuild's metafile): activation loads dist/extension.js only, so the
// YAML parser, Ajv, undici and the sandbox must stay out of it, in the worker and network bundles
// that are loaded when first needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../../..');

interface Metafile {
  inputs: Record<string, unknown>;
}

function buildWithMetafiles(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundles-'));
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--outdir', dir, '--metafile'], { cwd: root, stdio: 'pipe' });
  return dir;
}

function inputsOf(dir: string, bundle: string): string[] {
  const meta = JSON.parse(fs.readFileSync(path.join(dir, `${bundle}.meta.json`), 'utf8')) as Metafile;
  return Object.keys(meta.inputs);
}

const HEAVY = /^node_modules\/(yaml|ajv|ajv-formats|undici)\/|^src\/(api|sandbox)\//;

test('the extension bundle leaves the parser, Ajv, undici and the sandbox to the lazily loaded bundles', () => {
  const dir = buildWithMetafiles();
  try {
    const extension = inputsOf(dir, 'extension.js');
    assert.ok(extension.includes('src/extension.ts'));
    assert.deepEqual(extension.filter((input) => HEAVY.test(input)), []);
    // The network bundle is required by name at run time, next to the extension bundle.
    assert.match(fs.readFileSync(path.join(dir, 'extension.js'), 'utf8'), /require\("\.\/network\.js"\)/);

    const network = inputsOf(dir, 'network.js');
    assert.ok(network.some((input) => input.startsWith('node_modules/undici/')));
    assert.ok(network.some((input) => input.startsWith('src/sandbox/')));
    const worker = inputsOf(dir, 'worker.js');
    assert.ok(worker.some((input) => input.startsWith('node_modules/yaml/')));
    assert.ok(worker.some((input) => input.startsWith('node_modules/ajv/')));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
