// What the extension host and the language server load (src/load/): a bundle compiled with the
// code V8 kept from the last start, kept again once the process has run a while, and no other file
// of the process compiled any differently. (The command line's own use: test/unit/cli/codeCache.test.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { SERVER_NODE_OPTIONS } from '../../../src/server/protocol';
import { StdioLspClient } from '../server/lspClient';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const CODE_CACHE = path.resolve(__dirname, '..', '..', '..', 'src', 'load', 'codeCache.js');
/** Node 22.1 and later keep the command line's cache themselves (in their own format). */
const nodeKeepsIt = typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

/** A folder with a "bundle" that requires a module beside it; the cache folder under its own home. */
function withBundle(run: (dir: string, cacheDir: string) => void): () => void {
  return () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'scan-targets-load-'));
    try {
      writeFileSync(
        path.join(dir, 'bundle.js'),
        "const beside = require('./beside.js');\nexports.answer = () => `bundle ${beside.name} ${__dirname === process.env.DIR}`;\n",
      );
      writeFileSync(path.join(dir, 'beside.js'), "exports.name = 'beside';\n");
      run(dir, path.join(dir, 'home', 'scan-targets', 'code-cache'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

/**
 * What a process prints that loads the bundle with requireWithCodeCache: the bundle's answer, and
 * whether Node's own compile is back; then, `waitMs` later, what `after` prints.
 */
function load(dir: string, options: { keepAfterMs?: number; waitMs?: number; after?: string; disabled?: boolean } = {}): string {
  const script = `
    const Module = require('module');
    const own = Module.prototype._compile;
    const bundle = require(${JSON.stringify(CODE_CACHE)}).requireWithCodeCache(process.env.BUNDLE, process.env, ${options.keepAfterMs ?? 60_000});
    console.log(bundle.answer() + ',', Module.prototype._compile === own ? 'own compile back' : 'compile still replaced');
    setTimeout(() => { ${options.after ?? ''} }, ${options.waitMs ?? 0});`;
  const env = {
    ...process.env,
    XDG_CACHE_HOME: path.join(dir, 'home'),
    NODE_DISABLE_COMPILE_CACHE: options.disabled ? '1' : '',
    BUNDLE: path.join(dir, 'bundle.js'),
    DIR: dir,
  };
  const run = spawnSync(process.execPath, ['-e', script], { env, encoding: 'utf8' });
  assert.equal(run.stderr, '');
  return run.stdout.trim();
}

const LOADED = 'bundle beside true, own compile back';

/** A time `seconds` ago, in whole seconds: a file's modification time holds it exactly. */
function wholeSecondsAgo(seconds: number): Date {
  return new Date((Math.floor(Date.now() / 1000) - seconds) * 1000);
}

test(
  'the bundle runs as Node would run it; its compiled code is kept at exit and taken by the next process; the file beside it compiles as usual',
  withBundle((dir, cacheDir) => {
    assert.equal(load(dir), LOADED);
    const files = readdirSync(cacheDir);
    assert.deepEqual(
      files.map((f) => f.replace(/-[0-9a-f]{8}\.bin$/, '')),
      ['bundle'],
    );
    const file = path.join(cacheDir, files[0]!);
    const kept = readFileSync(file);
    const stamp = kept.subarray(0, kept.indexOf(0x0a) + 1);
    assert.match(stamp.toString('latin1'), /^\S+ v\d+\.\d+\.\d+ \S+ \d+ [\d.]+\n$/, 'the stamp of what the bytes were made for');

    // Taken, not made again (a process that could not use them writes them anew).
    const anHourAgo = wholeSecondsAgo(60 * 60);
    utimesSync(file, anHourAgo, anHourAgo);
    assert.equal(load(dir), LOADED);
    assert.equal(statSync(file).mtimeMs, anHourAgo.getTime(), 'the kept bytes were made again');

    // Damaged bytes are not used, and are replaced.
    writeFileSync(file, Buffer.concat([stamp, Buffer.from('not V8 code at all')]));
    assert.equal(load(dir), LOADED);
    const replaced = readFileSync(file);
    assert.deepEqual(replaced.subarray(0, stamp.length), stamp);
    assert.ok(!replaced.includes('not V8 code at all'), 'the damaged bytes were not replaced');
  }),
);

test(
  'a process that does not exit (the extension host, the language server) keeps its compiled code once it has run a while',
  withBundle((dir, cacheDir) => {
    // Killed, so no exit handler runs: only the delay can keep the bytes.
    const kill = "process.kill(process.pid, 'SIGKILL');";
    const count = `console.log(require('fs').readdirSync(${JSON.stringify(cacheDir)}).length + ' kept');`;
    assert.equal(load(dir, { keepAfterMs: 60_000, waitMs: 500, after: count + kill }), `${LOADED}\n0 kept`);
    assert.equal(load(dir, { keepAfterMs: 50, waitMs: 500, after: count + kill }), `${LOADED}\n1 kept`);
  }),
);

test(
  'nothing is kept with NODE_DISABLE_COMPILE_CACHE',
  withBundle((dir, cacheDir) => {
    assert.equal(load(dir, { disabled: true }), LOADED);
    assert.ok(!existsSync(cacheDir), 'a cache was kept although turned off');
  }),
);

/**
 * Starts a language server, has it answer `initialize`, and shuts it down as an editor does (its
 * compiled code is then kept, at exit).
 */
async function startAndStop(args: readonly string[], home: string): Promise<void> {
  const client = new StdioLspClient(process.execPath, args, () => null, { ...process.env, XDG_CACHE_HOME: home, NODE_DISABLE_COMPILE_CACHE: '' });
  await client.request('initialize', { processId: null, rootUri: null, capabilities: {} });
  await client.request('shutdown', null);
  client.notify('exit', null);
  assert.equal(await client.exited(), 0, client.stderr);
}

for (const [name, args] of [
  [
    "the extension's language server (dist/load/server.js, started with SERVER_NODE_OPTIONS)",
    [...SERVER_NODE_OPTIONS, path.join(ROOT, 'dist', 'load', 'server.js'), '--stdio'],
  ],
  ['dist/load/server.js started with no option', [path.join(ROOT, 'dist', 'load', 'server.js'), '--stdio']],
  ['`scan-targets lsp`', [path.join(ROOT, 'dist', 'cli.js'), 'lsp', '--stdio']],
] as const) {
  test(
    `${name}: the compiled code kept at one start is taken at the next (its V8 flags are set before its bundle is compiled)`,
    { skip: name.startsWith('`') && nodeKeepsIt && 'Node keeps the command line’s cache itself' },
    async () => {
      const home = mkdtempSync(path.join(tmpdir(), 'scan-targets-load-'));
      try {
        const cacheDir = path.join(home, 'scan-targets', 'code-cache');
        await startAndStop(args, home);
        const [file, ...more] = readdirSync(cacheDir).map((f) => path.join(cacheDir, f));
        assert.ok(file !== undefined && more.length === 0, `one file of kept code: ${readdirSync(cacheDir).join(', ')}`);
        // A start whose V8 flags differ from those the bytes were made with refuses them, and makes them again.
        const anHourAgo = wholeSecondsAgo(60 * 60);
        utimesSync(file, anHourAgo, anHourAgo);
        await startAndStop(args, home);
        assert.equal(statSync(file).mtimeMs, anHourAgo.getTime(), 'the kept code was refused and made again');
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
  );
}
