// The command bundles' compiled code kept between runs (src/cli/codeCache.ts): written in the
// user's cache folder after a run, taken by the next, and never a reason for a run to differ.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { assertBuilt, fixture, runCli } from './helpers';

/** Node 22.1 and later keep the cache themselves (in their own format, in the same folder). */
const nodeKeepsIt = typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

function withCacheHome(run: (home: string, cacheDir: string) => Promise<void>): () => Promise<void> {
  return async () => {
    assertBuilt();
    const home = mkdtempSync(path.join(tmpdir(), 'scan-targets-cache-'));
    try {
      await run(home, path.join(home, 'scan-targets', 'code-cache'));
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  };
}

const validate = (home: string, extra: Record<string, string> = {}) =>
  runCli(['validate', '--format', 'json', fixture('errors.target-settings.yaml')], {
    env: { XDG_CACHE_HOME: home, NODE_DISABLE_COMPILE_CACHE: undefined, ...extra },
  });

test(
  "validate's compiled code is kept after a run, in a folder only the user can write, and the next run with it says the same",
  withCacheHome(async (home, cacheDir) => {
    const first = await validate(home);
    assert.equal(first.code, 1, first.stderr);
    assert.match(first.stdout, /"errors":[1-9]/);
    assert.ok(existsSync(cacheDir), 'no cache folder');
    if (process.getuid !== undefined) assert.equal(statSync(cacheDir).mode & 0o077, 0, 'the cache folder is open to others');
    const files = readdirSync(cacheDir);
    assert.ok(files.length > 0, 'nothing kept');
    if (!nodeKeepsIt) {
      assert.deepEqual(
        files.map((f) => f.replace(/-[0-9a-f]{8}\.bin$/, '')),
        ['validate'],
      );
      const kept = readFileSync(path.join(cacheDir, files[0]!));
      assert.match(kept.toString('latin1', 0, kept.indexOf(0x0a)), /^\S+ v\d+\.\d+\.\d+ \S+ \d+ [\d.]+$/, 'the stamp of what the bytes were made for');
    }
    const second = await validate(home);
    assert.deepEqual([second.code, second.stdout, second.stderr], [first.code, first.stdout, first.stderr]);
  }),
);

test(
  'kept bytes that are damaged or made for another build are not used, and are replaced',
  { skip: nodeKeepsIt && 'Node keeps the cache itself' },
  withCacheHome(async (home, cacheDir) => {
    const reference = await validate(home);
    const [name] = readdirSync(cacheDir);
    const file = path.join(cacheDir, name!);
    const good = readFileSync(file);
    const stamp = good.subarray(0, good.indexOf(0x0a) + 1);
    for (const bad of [
      Buffer.concat([stamp, Buffer.from('not V8 code at all')]),
      Buffer.concat([Buffer.from('0.0.0 v1.0.0 x64 1 1\n'), good.subarray(stamp.length)]),
    ]) {
      writeFileSync(file, bad);
      const run = await validate(home);
      assert.deepEqual([run.code, run.stdout, run.stderr], [reference.code, reference.stdout, reference.stderr]);
      assert.deepEqual(readFileSync(file).subarray(0, stamp.length), stamp, 'the bytes were not made again');
    }
  }),
);

test(
  'no cache with NODE_DISABLE_COMPILE_CACHE, nor in a folder others can write',
  withCacheHome(async (home, cacheDir) => {
    const off = await validate(home, { NODE_DISABLE_COMPILE_CACHE: '1' });
    assert.equal(off.code, 1, off.stderr);
    assert.ok(!existsSync(cacheDir), 'a cache was kept although turned off');
    if (process.getuid === undefined || nodeKeepsIt) return;
    mkdirSync(cacheDir, { recursive: true });
    chmodSync(cacheDir, 0o777);
    const shared = await validate(home);
    assert.equal(shared.code, 1, shared.stderr);
    assert.deepEqual(readdirSync(cacheDir), [], 'bytes kept in a folder others can write');
  }),
);

test(
  'a run that writes bytes removes those no run has used for 30 days, and a run that uses bytes says so',
  { skip: nodeKeepsIt && 'Node keeps the cache itself' },
  withCacheHome(async (home, cacheDir) => {
    const daysAgo = (days: number): Date => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
    // An install elsewhere, unused for two months; another used last week; a run that died while writing; a file of someone else.
    const kept = { 'validate-0badc0de.bin': 60, 'validate-0000beef.bin': 7, 'validate-0badc0de.bin.123.partial': 60, 'notes.txt': 60 };
    for (const [name, days] of Object.entries(kept)) {
      writeFileSync(path.join(cacheDir, name), 'x');
      utimesSync(path.join(cacheDir, name), daysAgo(days), daysAgo(days));
    }
    const first = await validate(home);
    assert.equal(first.code, 1, first.stderr);
    const ours = readdirSync(cacheDir).filter((f) => !(f in kept));
    assert.equal(ours.length, 1, 'the bytes of this run');
    assert.deepEqual(
      readdirSync(cacheDir)
        .filter((f) => f in kept)
        .sort(),
      ['notes.txt', 'validate-0000beef.bin'],
    );
    // The next run uses the bytes: when they were last marked more than a day ago, it marks them again.
    const file = path.join(cacheDir, ours[0]!);
    utimesSync(file, daysAgo(3), daysAgo(3));
    const second = await validate(home);
    assert.deepEqual([second.code, second.stdout], [first.code, first.stdout]);
    assert.ok(Date.now() - statSync(file).mtimeMs < 60_000, 'the bytes used were not marked');
  }),
);
