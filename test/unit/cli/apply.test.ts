// `scan-targets apply` against the sandbox over loopback, in a git repository the test makes: the
// sandbox's own record must hold exactly the ids and settings the plan listed; nothing for a run
// that a problem stops; invalid ids named by file and line; every id of every unit accounted for
// when the run is interrupted.
import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { ManualClock } from '../../fixtures/manualClock';
import { SECRET_VALUE, TOKEN, assertBuilt, interruptWhileHeld, runCli } from './helpers';

let sandbox: Sandbox;
const sandboxClock = new ManualClock();
let ids: string[];

before(async () => {
  assertBuilt();
  sandbox = await startSandbox({ token: TOKEN, clock: sandboxClock });
  ids = sandbox.targetIds();
});
after(async () => {
  await sandbox.close();
});
beforeEach(() => sandbox.reset());

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { SCAN_TARGETS_TOKEN: TOKEN, SCAN_TARGETS_BASE_URL: sandbox.url, SHOP_PASSWORD: SECRET_VALUE, ...extra };
}

function document(list: readonly string[], name: string, extra = ''): string {
  return [
    'ids:',
    ...list.map((id) => `  - ${id}`),
    'site:',
    `  name: ${name}`,
    '  has_basic_auth: true',
    '  basic_auth:',
    '    username: scanner',
    '    password: ${env:SHOP_PASSWORD}',
    '    password_is_sensitive: true',
    `report_type: owasp${extra}`,
    '',
  ].join('\n');
}

function repo(): { dir: string; write(file: string, text: string): void; commit(): string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'scan-targets-apply-'));
  const git = (...args: string[]): string =>
    execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' } });
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'apply@example.invalid');
  git('config', 'user.name', 'Apply Test');
  return {
    dir,
    write: (file, text) => writeFileSync(path.join(dir, file), text),
    commit: () => {
      git('add', '-A');
      git('commit', '-q', '-m', 'change');
      return git('rev-parse', 'HEAD').trim();
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

interface JsonApply {
  plan: { units?: unknown; totals: { units: number; ids: number; requests: number }; problems: unknown[] };
  units: {
    path: string;
    document: number;
    documentIndex: number;
    updated: string[];
    invalid: string[];
    notSent: string[];
    diagnostics: { range: { start: { line: number } } }[];
  }[];
  exitCode: number;
}

/** What the sandbox changed: for each request, its ids and the settings' site name. */
function changes(): Array<[string[], unknown]> {
  return sandbox.changes.map((c) => [c.ids, (c.settings.site as { name?: unknown } | undefined)?.name]);
}

test('apply --changed-since: the sandbox receives exactly what the plan listed, unit by unit', async () => {
  const r = repo();
  try {
    r.write('a.target-settings.yaml', `${document(ids.slice(0, 3), 'A1')}---\n${document(ids.slice(3, 5), 'A2')}`);
    r.write('b.target-settings.yaml', document(ids.slice(5, 7), 'B'));
    const base = r.commit();
    // Document 1 of a: settings changed; document 2 of a: one id added; b: unchanged; c: new.
    r.write('a.target-settings.yaml', `${document(ids.slice(0, 3), 'A1 renamed')}---\n${document(ids.slice(3, 6), 'A2')}`);
    r.write('c.target-settings.yaml', document(ids.slice(8, 9), 'C'));
    const planned = await runCli(['plan', '--changed-since', base, '--format', 'json'], { cwd: r.dir, env: env() });
    assert.equal(planned.code, 0, planned.stderr);
    assert.equal(sandbox.changes.length, 0, 'plan sends nothing');

    const result = await runCli(['apply', '--changed-since', base, '--yes', '--format', 'json'], { cwd: r.dir, env: env() });
    assert.equal(result.code, 0, result.stderr);
    const out = JSON.parse(result.stdout) as JsonApply;
    assert.deepEqual(out.plan, JSON.parse(planned.stdout), 'apply sends the plan that plan showed');
    assert.deepEqual(
      out.units.map((u) => [u.path, u.document, u.updated]),
      [
        ['a.target-settings.yaml', 1, ids.slice(0, 3)],
        ['a.target-settings.yaml', 2, ids.slice(5, 6)],
        ['c.target-settings.yaml', 1, ids.slice(8, 9)],
      ],
    );
    assert.deepEqual(changes(), [
      [ids.slice(0, 3), 'A1 renamed'],
      [ids.slice(5, 6), 'A2'],
      [ids.slice(8, 9), 'C'],
    ]);
    // The password went to the service, resolved, and to no output (runCli checks every output).
    assert.equal((sandbox.changes[0]!.settings.site as { basic_auth: { password: string } }).basic_auth.password, SECRET_VALUE);
  } finally {
    r.remove();
  }
});

test('apply: one problem anywhere and nothing is sent (exit 1), every problem listed', async () => {
  const r = repo();
  try {
    r.write('good.target-settings.yaml', document(ids.slice(0, 2), 'Good'));
    r.write('bad.target-settings.yaml', document(ids.slice(2, 3), 'Bad').replace('report_type: owasp', 'report_type: nope'));
    r.write('obfuscated.target-settings.yaml', document(ids.slice(3, 4), 'Obf'));
    r.commit();
    const result = await runCli(['apply', '--yes'], { cwd: r.dir, env: env({ SHOP_PASSWORD: 'OBFUSCATED_abc' }) });
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /^bad\.target-settings\.yaml:10:14: error .*report_type/m);
    assert.match(result.stderr, /^good\.target-settings\.yaml:1:1: error .*OBFUSCATED_/m);
    assert.match(result.stderr, /nothing would be sent/);
    assert.deepEqual(sandbox.changes, []);
  } finally {
    r.remove();
  }
});

test('apply: invalid ids named by file and line (exit 3); without --yes and no terminal, nothing is sent (exit 2)', async () => {
  const r = repo();
  try {
    r.write('x.target-settings.yaml', document([ids[0]!, 'NoSuchTarget1', ids[1]!], 'X'));
    r.commit();
    const refused = await runCli(['apply'], { cwd: r.dir, env: env() });
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(refused.stderr, /stdin is not a terminal/);
    assert.deepEqual(sandbox.changes, []);

    const result = await runCli(['apply', '--yes'], { cwd: r.dir, env: env() });
    assert.equal(result.code, 3, result.stderr);
    assert.match(result.stdout, /invalid: 1/);
    assert.match(result.stdout, /x\.target-settings\.yaml:3:5: .*NoSuchTarget1/);
    assert.deepEqual(sandbox.changes, [], 'all or nothing: a request with an invalid id changes nothing');
  } finally {
    r.remove();
  }
});

test('apply interrupted with SIGINT: the units not started are not sent, every id is reported, exit 4', async () => {
  const r = repo();
  try {
    r.write('i.target-settings.yaml', `${document(ids.slice(0, 2), 'I1')}---\n${document(ids.slice(2, 4), 'I2')}`);
    r.commit();
    sandbox.setFaults({ latencyMs: 300 });
    const result = await runCli(['apply', '--yes', '--format', 'json'], {
      cwd: r.dir,
      env: env(),
      // The first request waits in the sandbox's latency until the command has taken the interrupt.
      onSpawn: interruptWhileHeld(sandboxClock, 300),
    });
    assert.equal(result.code, 4, result.stderr);
    const out = JSON.parse(result.stdout) as JsonApply;
    assert.deepEqual(
      out.units.map((u) => [u.document, u.updated, u.notSent]),
      [
        [1, ids.slice(0, 2), []],
        [2, [], ids.slice(2, 4)],
      ],
    );
    assert.deepEqual(changes(), [[ids.slice(0, 2), 'I1']]);
  } finally {
    r.remove();
  }
});

test('apply: after the service refuses the token, no later unit is sent (exit 2), and each says why', async () => {
  const r = repo();
  try {
    r.write('t.target-settings.yaml', `${document(ids.slice(0, 1), 'T1')}---\n${document(ids.slice(1, 2), 'T2')}`);
    r.commit();
    const result = await runCli(['apply', '--yes', '--format', 'json'], { cwd: r.dir, env: env({ SCAN_TARGETS_TOKEN: 'not-the-sandbox-token' }) });
    assert.equal(result.code, 2, result.stderr);
    const out = JSON.parse(result.stdout) as JsonApply & { units: { stopped?: { cause: string } }[] };
    assert.equal(out.units.length, 2);
    assert.equal(out.units[1]!.stopped?.cause, 'skipped');
    assert.deepEqual(out.units[1]!.notSent, ids.slice(1, 2));
    assert.equal(sandbox.requests.length, 1, 'one request, refused');
    assert.deepEqual(sandbox.changes, []);
  } finally {
    r.remove();
  }
});
