// `scan-targets plan` in a git repository the test makes: files committed, then edited in every way
// the plan tells apart (settings changed, ids added, ids and documents removed, a new file, a
// deleted one, a renamed one, a document inserted before others), with and without
// --changed-since; the three formats, the GitHub step summary, the problems that stop a run, and
// the usage errors. Nothing is sent: no service runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { assertBuilt, runCli } from './helpers';

interface JsonUnit {
  document: number;
  documentIndex: number;
  line: number;
  change: string;
  ids: number;
  send: string[];
  added: string[];
  removed: string[];
  fields: string[];
  settings: Record<string, unknown> | null;
  requests: number;
}

interface JsonPlan {
  changedSince: { ref: string; commit: string } | null;
  files: { path: string; base: string; units: JsonUnit[]; removedDocuments: { document: number; ids: string[] }[] }[];
  removedFiles: { path: string; documents: number; ids: number }[];
  problems: { path: string; line: number; column: number; message: string }[];
  totals: { units: number; ids: number; requests: number };
}

function document(ids: readonly string[], name = 'Shop', extra = ''): string {
  return `ids:\n${ids.map((id) => `  - ${id}\n`).join('')}site:\n  name: ${name}\n  url: https://shop.example\n${extra}`;
}

function repo(): { dir: string; git(...args: string[]): string; write(file: string, text: string): void; commit(message: string): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'scan-targets-plan-'));
  const git = (...args: string[]): string =>
    execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: dir } });
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'plan@example.invalid');
  git('config', 'user.name', 'Plan Test');
  const write = (file: string, text: string): void => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  const commit = (message: string): void => {
    git('add', '-A');
    git('commit', '-q', '-m', message);
  };
  return { dir, git, write, commit };
}

async function plan(dir: string, args: readonly string[], env: Record<string, string> = {}): Promise<{ code: number | null; json: JsonPlan; stderr: string }> {
  const result = await runCli(['plan', ...args, '--format', 'json'], { cwd: dir, env });
  return { code: result.code, json: JSON.parse(result.stdout) as JsonPlan, stderr: result.stderr };
}

function unitsOf(json: JsonPlan, file: string): JsonUnit[] {
  const found = json.files.find((f) => f.path === file);
  assert.ok(found, `${file} is in the plan: ${json.files.map((f) => f.path).join(', ')}`);
  return found.units;
}

test('plan: without --changed-since every document of every target-settings file is a unit, ignored files left out', async () => {
  assertBuilt();
  const r = repo();
  try {
    r.write('a.target-settings.yaml', `${document(['a1', 'a2'])}---\n${document(['a3'], 'Other')}`);
    r.write('nested/deeper/target-settings.yml', document(['n1']));
    r.write('ignored/x.target-settings.yaml', document(['i1']));
    r.write('.gitignore', 'ignored/\n');
    r.write('notes.yaml', 'ids: [x]\n');
    r.commit('first');
    const { code, json } = await plan(r.dir, []);
    assert.equal(code, 0);
    assert.deepEqual(
      json.files.map((f) => f.path),
      ['a.target-settings.yaml', 'nested/deeper/target-settings.yml'],
    );
    const units = unitsOf(json, 'a.target-settings.yaml');
    assert.deepEqual(
      units.map((u) => [u.document, u.documentIndex, u.change, u.send]),
      [
        [1, 0, 'everything', ['a1', 'a2']],
        [2, 1, 'everything', ['a3']],
      ],
    );
    assert.equal(units[1]!.line, 8, 'the second document starts on line 8');
    assert.deepEqual(units[0]!.fields, ['site.name', 'site.url']);
    assert.deepEqual(json.totals, { units: 3, ids: 4, requests: 3 });
    assert.equal(json.changedSince, null);
  } finally {
    rmSync(r.dir, { recursive: true, force: true });
  }
});

test('plan --changed-since: only what changed is sent, and what was removed is listed', async () => {
  const r = repo();
  try {
    r.write('same.target-settings.yaml', document(['s1', 's2']));
    r.write('edited.target-settings.yaml', `${document(['e1', 'e2', 'e3'])}---\n${document(['e4'], 'Second')}`);
    r.write('shrunk.target-settings.yaml', `${document(['k1'])}---\n${document(['k2'], 'Second')}---\n${document(['k3', 'k4'], 'Third')}`);
    r.write('appended.target-settings.yaml', document(['p1']));
    r.write('inserted.target-settings.yaml', `${document(['q1'])}---\n${document(['q2'], 'Later')}`);
    r.write('gone.target-settings.yaml', `${document(['g1', 'g2'])}---\n${document(['g3'], 'G')}`);
    r.write('old-name.target-settings.yaml', document(['r1']));
    r.commit('base');
    const base = r.git('rev-parse', 'HEAD').trim();
    // Settings changed in document 1 (an id removed too), ids added to document 2; the last document of another file removed.
    r.write('edited.target-settings.yaml', `${document(['e1', 'e2'], 'Shop', 'report_type: owasp\n')}---\n${document(['e4', 'e6', 'e7'], 'Second')}`);
    r.write('shrunk.target-settings.yaml', `${document(['k1'])}---\n${document(['k2'], 'Second')}`);
    r.write('appended.target-settings.yaml', `${document(['p1'])}---\n${document(['p2'], 'New')}`);
    r.write('inserted.target-settings.yaml', `${document(['q0'], 'Before')}---\n${document(['q1'])}---\n${document(['q2'], 'Later')}`);
    r.write('brand-new.target-settings.yaml', document(['b1']));
    rmSync(path.join(r.dir, 'gone.target-settings.yaml'));
    r.git('mv', 'old-name.target-settings.yaml', 'new-name.target-settings.yaml');
    // Half of it committed, half left in the work tree: both count.
    r.git('add', 'edited.target-settings.yaml');
    r.git('commit', '-q', '-m', 'edit');

    const { code, json } = await plan(r.dir, ['--changed-since', base.slice(0, 10)]);
    assert.equal(code, 0);
    assert.deepEqual(json.changedSince, { ref: base.slice(0, 10), commit: base });
    assert.deepEqual(
      unitsOf(json, 'same.target-settings.yaml').map((u) => [u.change, u.send]),
      [['unchanged', []]],
    );
    assert.deepEqual(
      unitsOf(json, 'edited.target-settings.yaml').map((u) => [u.change, u.send, u.added, u.removed]),
      [
        ['settings changed', ['e1', 'e2'], [], ['e3']],
        ['ids added', ['e6', 'e7'], ['e6', 'e7'], []],
      ],
    );
    assert.deepEqual(unitsOf(json, 'edited.target-settings.yaml')[0]!.fields, ['site.name', 'site.url', 'report_type']);
    assert.deepEqual(
      unitsOf(json, 'shrunk.target-settings.yaml').map((u) => [u.change, u.send]),
      [
        ['unchanged', []],
        ['unchanged', []],
      ],
    );
    assert.deepEqual(json.files.find((f) => f.path === 'shrunk.target-settings.yaml')!.removedDocuments, [
      { document: 3, documentIndex: 2, ids: ['k3', 'k4'] },
    ]);
    assert.deepEqual(
      unitsOf(json, 'appended.target-settings.yaml').map((u) => [u.change, u.send]),
      [
        ['unchanged', []],
        ['new document', ['p2']],
      ],
    );
    // A document inserted before others: from it on, everything is sent.
    assert.deepEqual(
      unitsOf(json, 'inserted.target-settings.yaml').map((u) => [u.change, u.send]),
      [
        ['unsure', ['q0']],
        ['unsure', ['q1']],
        ['unsure', ['q2']],
      ],
    );
    assert.deepEqual(
      unitsOf(json, 'brand-new.target-settings.yaml').map((u) => [u.change, u.send]),
      [['new file', ['b1']]],
    );
    assert.deepEqual(
      unitsOf(json, 'new-name.target-settings.yaml').map((u) => [u.change, u.send]),
      [['unsure', ['r1']]],
    );
    assert.deepEqual(json.removedFiles, [{ path: 'gone.target-settings.yaml', documents: 2, ids: 3 }]);
    assert.deepEqual(json.totals, { units: 8, ids: 10, requests: 8 });
  } finally {
    rmSync(r.dir, { recursive: true, force: true });
  }
});

test('plan: problems anywhere stop the run (exit 1), each with its file and line; unchanged documents are not checked', async () => {
  const r = repo();
  try {
    r.write('ok.target-settings.yaml', document(['o1']));
    r.write('bad.target-settings.yaml', `${document(['b1'])}report_type: nope\n`);
    r.write('broken.target-settings.yaml', 'ids:\n  - [b1\nsite: {\n');
    r.write('env.target-settings.yaml', `${document(['v1'])}authentication:\n  basic_auth:\n    username: u\n    password: \${env:PLAN_TEST_UNSET}\n`);
    r.commit('base');
    const text = await runCli(['plan'], { cwd: r.dir });
    assert.equal(text.code, 1, text.stderr);
    assert.match(text.stderr, /^bad\.target-settings\.yaml:6:14: error .*report_type/m);
    assert.match(text.stderr, /^env\.target-settings\.yaml:1:1: error .*PLAN_TEST_UNSET/m);
    assert.match(text.stderr, /^broken\.target-settings\.yaml:\d+:\d+: error /m);
    assert.match(text.stderr, /\d+ problems would stop the run: nothing would be sent/);
    assert.match(text.stdout, /^Plan: \d+ documents? to send, .* \(every document\)\.$/m);

    // The same files, unchanged since HEAD: nothing to send, nothing to check.
    const { code, json } = await plan(r.dir, ['--changed-since', 'HEAD']);
    assert.equal(code, 0);
    assert.deepEqual(json.problems, []);
    assert.deepEqual(json.totals, { units: 0, ids: 0, requests: 0 });
  } finally {
    rmSync(r.dir, { recursive: true, force: true });
  }
});

test('plan --format markdown: a table per file, id lists collapsed, also appended to GITHUB_STEP_SUMMARY', async () => {
  const r = repo();
  try {
    r.write(
      't.target-settings.yaml',
      `${document(['m1', 'm2'])}---\n${document(['m3'], 'Two')}authentication:\n  basic_auth:\n    username: u\n    password: hunter2-secret\n`,
    );
    r.commit('base');
    const summary = path.join(r.dir, 'summary.md');
    writeFileSync(summary, '# Earlier step\n');
    const result = await runCli(['plan', '--format', 'markdown'], { cwd: r.dir, env: { GITHUB_STEP_SUMMARY: summary } });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^#### `t\.target-settings\.yaml`$/m);
    assert.match(result.stdout, /^\| 1 \| 1 \| everything \| 2 \| 0 \| 0 \| `site\.name`, `site\.url` \|$/m);
    assert.match(result.stdout, /<summary>Document 2: ids to send \(1\)<\/summary>/);
    assert.ok(!result.stdout.includes('hunter2-secret'), 'a sensitive value is never shown');
    assert.equal(readFileSync(summary, 'utf8'), `# Earlier step\n${result.stdout}`);
  } finally {
    rmSync(r.dir, { recursive: true, force: true });
  }
});

test('plan: usage errors (exit 2): no such path, no such revision, --changed-since outside a work tree', async () => {
  const r = repo();
  const outside = mkdtempSync(path.join(tmpdir(), 'scan-targets-plan-outside-'));
  try {
    r.write('t.target-settings.yaml', document(['u1']));
    r.commit('base');
    const missing = await runCli(['plan', 'nowhere'], { cwd: r.dir });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /no such file or folder: nowhere/);
    // The all-zero name CI systems give for the commit before a new branch's first push: everything is sent.
    const zeros = await runCli(['plan', '--changed-since', '0'.repeat(40), '--format', 'json'], { cwd: r.dir });
    assert.equal(zeros.code, 0, zeros.stderr);
    assert.match(zeros.stderr, /names no commit/);
    assert.deepEqual(
      (JSON.parse(zeros.stdout) as JsonPlan).files[0]!.units.map((u) => u.change),
      ['everything'],
    );
    const noRef = await runCli(['plan', '--changed-since', 'no-such-branch'], { cwd: r.dir });
    assert.equal(noRef.code, 2);
    assert.match(noRef.stderr, /--changed-since no-such-branch: no such revision/);
    writeFileSync(path.join(outside, 'o.target-settings.yaml'), document(['x1']));
    renameSync(path.join(outside, 'o.target-settings.yaml'), path.join(outside, 'p.target-settings.yaml'));
    const notGit = await runCli(['plan', '--changed-since', 'HEAD'], { cwd: outside });
    assert.equal(notGit.code, 2);
    assert.match(notGit.stderr, /inside a git work tree/);
    // Outside a work tree, without --changed-since, folders are walked.
    const walked = await runCli(['plan'], { cwd: outside });
    assert.equal(walked.code, 0, walked.stderr);
    assert.match(walked.stdout, /^p\.target-settings\.yaml$/m);
  } finally {
    rmSync(r.dir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  }
});
