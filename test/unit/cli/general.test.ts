// `scan-targets` as a whole: help, version, usage errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ROOT, assertBuilt, runCli } from './helpers';

const COMMANDS = ['validate', 'bulk-update', 'entitlements', 'sandbox'];

test('dist/cli.js is built and starts with a node shebang', () => {
  assertBuilt();
  const head = readFileSync(path.join(ROOT, 'dist', 'cli.js'), 'utf8').slice(0, 40);
  assert.match(head, /^#!\/usr\/bin\/env node\n/);
});

test('--version prints the version of package.json', async () => {
  const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const r = await runCli(['--version']);
  assert.equal(r.code, 0);
  assert.equal(r.stdout, `${version}\n`);
  assert.equal(r.stderr, '');
});

test('--help lists every command on stdout and exits 0', async () => {
  for (const args of [['--help'], ['-h'], ['help']]) {
    const r = await runCli(args);
    assert.equal(r.code, 0, args.join(' '));
    for (const name of COMMANDS) assert.match(r.stdout, new RegExp(`^  ${name} `, 'm'));
    assert.equal(r.stderr, '');
  }
});

test('each command has --help with its exit codes', async () => {
  for (const name of COMMANDS) {
    const r = await runCli([name, '--help']);
    assert.equal(r.code, 0, name);
    assert.match(r.stdout, new RegExp(`^Usage: scan-targets ${name}`));
    assert.match(r.stdout, /Exit codes:/);
    const viaHelp = await runCli(['help', name]);
    assert.equal(viaHelp.stdout, r.stdout);
  }
});

test('no command: usage on stderr, exit 2', async () => {
  const r = await runCli([]);
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /Usage: scan-targets <command>/);
});

test('an unknown command or global flag is a usage error (exit 2)', async () => {
  const r = await runCli(['frobnicate']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown command "frobnicate"/);
  assert.match(r.stderr, /validate, plan, apply, bulk-update, entitlements, sandbox/);
  const flag = await runCli(['--frobnicate']);
  assert.equal(flag.code, 2);
  assert.match(flag.stderr, /unknown option "--frobnicate"/);
  const help = await runCli(['help', 'frobnicate']);
  assert.equal(help.code, 2);
});

test("an unknown flag of a command is a usage error that points at that command's --help", async () => {
  for (const name of COMMANDS) {
    const r = await runCli([name, '--no-such-flag']);
    assert.equal(r.code, 2, name);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /Unknown option '--no-such-flag'/);
    assert.ok(r.stderr.includes(`Run "scan-targets ${name} --help" for usage.`), r.stderr);
  }
});

test('a bad flag value is a usage error naming the flag', async () => {
  const format = await runCli(['validate', '--format', 'xml', 'x.yaml']);
  assert.equal(format.code, 2);
  assert.match(format.stderr, /--format must be one of text, json, github, sarif \(got "xml"\)/);
  const chunk = await runCli(['bulk-update', 'x.yaml', '--chunk-size', '0']);
  assert.equal(chunk.code, 2);
  assert.match(chunk.stderr, /--chunk-size takes a whole number from 1 to 100000/);
  const missing = await runCli(['validate', '--format']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /--format/);
});
