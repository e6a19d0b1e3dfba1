// A real second client: Neovim's built-in LSP client (Debian's neovim, installed by
// scripts/install-neovim.sh from `npm test`), set up exactly as docs/editors.md shows
// (test/fixtures/neovim/scan-targets.lua), driven headless by test/fixtures/neovim/check.lua. Its
// log of every message (debug level) holds no `${env:NAME}` value of the file, and goes to
// out/reliability/ for the canary scan.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { CANARY_ENV_SECRETS } from '../../fixtures/canary';
import { CLI, ROOT, assertBuilt } from '../cli/helpers';

const FILE = [
  'ids:',
  '  - 3Sy7TyNMnQ8x',
  'site:',
  '  name: Shop ${env:SHOP_PW}',
  '  url: https://shop.example',
  'report_type: nope',
  'report_fileformt: pdf',
  '',
].join('\n');

interface Result {
  error?: string;
  filetype: string;
  attached: boolean;
  opened: boolean;
  followed: boolean;
  before: Array<{ lnum: number; col: number; code: string; source: string; message: string }>;
  after: Array<{ code: string }>;
  log: string;
  lenses: Array<{ line: number; title: string; command: string }>;
  hover?: string;
  completion: string[];
  actions: string[];
}

test('Neovim, configured as docs/editors.md shows, gets diagnostics that follow edits, CodeLenses, hover, completion and quick fixes', () => {
  assertBuilt();
  const version = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  assert.equal(version.status, 0, 'nvim is installed (scripts/install-neovim.sh, run by npm test, installs it)');
  const dir = mkdtempSync(path.join(tmpdir(), 'nvim-lsp-'));
  try {
    const file = path.join(dir, 'shop.target-settings.yaml');
    const out = path.join(dir, 'out.json');
    writeFileSync(file, FILE);
    const fixtures = path.join(ROOT, 'test', 'fixtures', 'neovim');
    const run = spawnSync('nvim', ['--headless', '--clean', '-c', `luafile ${path.join(fixtures, 'check.lua')}`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 90_000,
      env: {
        ...process.env,
        SCAN_TARGETS_CLI: CLI,
        SCAN_TARGETS_SETUP: path.join(fixtures, 'scan-targets.lua'),
        SCAN_TARGETS_FILE: file,
        SCAN_TARGETS_OUT: out,
        HOME: dir,
        XDG_CACHE_HOME: path.join(dir, 'cache'),
        ...CANARY_ENV_SECRETS,
      },
    });
    assert.equal(run.status, 0, `nvim exited with ${run.status} (${run.signal ?? ''}): ${run.stderr}`);
    const result = JSON.parse(readFileSync(out, 'utf8')) as Result;
    assert.equal(result.error, undefined);
    assert.equal(result.filetype, 'yaml');
    assert.ok(result.attached, 'the client attached to the buffer');
    assert.ok(result.opened, 'diagnostics arrived for the opened file');
    assert.deepEqual(
      result.before.map((d) => [d.lnum, d.col, d.code, d.source]),
      [
        [5, 13, 'invalid-enum', 'scan-targets'],
        [6, 0, 'unknown-property', 'scan-targets'],
      ],
    );
    assert.ok(result.followed, 'the edit cleared the enum error');
    assert.deepEqual(
      result.after.map((d) => d.code),
      ['unknown-property'],
    );
    assert.deepEqual(result.lenses, [
      { line: 0, title: 'Bulk update 1 target', command: 'scanTargets.bulkUpdate' },
      { line: 0, title: 'Preview', command: 'scanTargets.previewBulkUpdate' },
    ]);
    assert.match(result.hover ?? '', /Report type/);
    assert.ok(result.completion.includes('owasp') && result.completion.includes('pci4'), result.completion.join(', '));
    assert.deepEqual(result.actions, ['Rename `report_fileformt` to `report_fileformat`']);

    const log = readFileSync(result.log, 'utf8');
    assert.match(log, /textDocument\/publishDiagnostics/, 'the log holds the messages');
    assert.ok(log.includes('${env:SHOP_PW}'), 'and the file as written');
    assert.ok(!log.includes(CANARY_ENV_SECRETS.SHOP_PW), 'but not the value of its placeholder');
    mkdirSync(path.join(ROOT, 'out', 'reliability'), { recursive: true });
    appendFileSync(path.join(ROOT, 'out', 'reliability', 'lsp-wire.log'), `$ nvim (lsp.log at debug)\n${log}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
