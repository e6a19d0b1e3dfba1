// `scan-targets bulk-update` against the sandbox over loopback: every exit code, both formats,
// --dry-run, confirmation, interruption. After every run that reached the service, the sandbox's
// record of what it really changed is compared with what the CLI reported as updated.
import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { mulberry32 } from '../../../src/sandbox/prng';
import { at } from '../../fixtures/at';
import { ManualClock } from '../../fixtures/manualClock';
import { SECRET_VALUE, TOKEN, assertBuilt, hasScript, interruptWhileHeld, runCli, runInTerminal, tempDir, type RunResult } from './helpers';

let sandbox: Sandbox;
/** The sandbox's time: its latency passes only when a test lets it. */
const sandboxClock = new ManualClock();
let ids: string[];
const tmp = tempDir();

interface JsonOutcome {
  updated: string[];
  invalid: string[];
  failed: Array<{ ids: string[]; reason: string; kind: string; status?: number }>;
  unknown: Array<{ ids: string[]; reason: string; kind: string; status?: number }>;
  notSent: string[];
  requests: number;
  validNotApplied: string[];
  diagnostics: Array<{ code: string; document: number; path: string; range: { start: { line: number; character: number } } }>;
  error?: string;
}

before(async () => {
  assertBuilt();
  sandbox = await startSandbox({ token: TOKEN, clock: sandboxClock });
  ids = sandbox.targetIds();
});
after(async () => {
  await sandbox.close();
  tmp.remove();
});
beforeEach(() => sandbox.reset());

function env(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return { SCAN_TARGETS_TOKEN: TOKEN, SCAN_TARGETS_BASE_URL: sandbox.url, SHOP_PASSWORD: SECRET_VALUE, ...extra };
}

/** A target-settings document with these ids and a sensitive password from the environment. */
function doc(targetIds: readonly string[], extra = ''): string {
  return [
    'ids:',
    ...targetIds.map((id) => `  - ${id}`),
    'site:',
    '  name: Shop (staging)',
    '  has_basic_auth: true',
    '  basic_auth:',
    '    username: scanner',
    '    password: ${env:SHOP_PASSWORD}',
    '    password_is_sensitive: true',
    'report_type: owasp',
    extra,
  ].join('\n');
}

function file(name: string, content: string): string {
  return tmp.file(name, content);
}

/** Ids the sandbox really changed, in order, each once. */
function changedIds(): string[] {
  return [...new Set(sandbox.changes.flatMap((c) => c.ids))];
}

function parse(r: RunResult): JsonOutcome {
  assert.equal(r.stdout.trimEnd().split('\n').length, 1, `one JSON line expected:\n${r.stdout}`);
  return JSON.parse(r.stdout) as JsonOutcome;
}

test('all updated: exit 0, text lists every bucket, the sandbox changed exactly the updated ids', async () => {
  const f = file('ok.target-settings.yaml', doc(ids.slice(0, 3)));
  const r = await runCli(['bulk-update', f, '--yes'], { env: env() });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^Bulk update of 3 ids from document 1 of .* \(1 request\):$/m);
  assert.match(r.stdout, /^updated: 3$/m);
  assert.ok(r.stdout.includes(`  ${ids.slice(0, 3).join(' ')}\n`), r.stdout);
  assert.match(r.stdout, /^invalid: 0$/m);
  assert.match(r.stdout, /^failed: 0$/m);
  assert.match(r.stdout, /^not sent: 0$/m);
  assert.deepEqual(changedIds(), ids.slice(0, 3));
  // The settings really sent, with the variable resolved (the sandbox saw it; the output did not).
  const target = sandbox.target(at(ids, 0));
  assert.equal((target?.settings.site as { basic_auth: { password: string } }).basic_auth.password, SECRET_VALUE);
  assert.deepEqual(
    sandbox.requests.map((q) => q.query),
    ['is_id_404_validation=true'],
  );
});

test('json: the documented shape; chunking sends every id exactly once', async () => {
  const f = file('chunks.target-settings.yaml', doc(ids.slice(0, 7)));
  const r = await runCli(['bulk-update', f, '--yes', '--format', 'json', '--chunk-size', '3', '--concurrency', '2'], { env: env() });
  assert.equal(r.code, 0, r.stderr);
  const out = parse(r);
  assert.deepEqual(Object.keys(out).slice(0, 7), ['updated', 'invalid', 'validNotApplied', 'failed', 'unknown', 'notSent', 'requests']);
  assert.deepEqual(out.updated, ids.slice(0, 7));
  assert.deepEqual([out.invalid, out.failed, out.unknown, out.notSent, out.validNotApplied], [[], [], [], [], []]);
  assert.equal(out.requests, 3);
  assert.equal(sandbox.requests.length, 3);
  assert.deepEqual([...changedIds()].sort(), [...out.updated].sort());
  assert.equal(
    sandbox.changes.reduce((n, c) => n + c.ids.length, 0),
    7,
    'no id applied twice',
  );
});

test('invalid ids: exit 3, each with FILE:line:col in text and its position in json; nothing applied', async () => {
  const list = [at(ids, 0), 'NoSuchTarget1', at(ids, 1), 'NoSuchTarget2'];
  const f = file('invalid.target-settings.yaml', doc(list));
  const text = await runCli(['bulk-update', f, '--yes'], { env: env() });
  assert.equal(text.code, 3, text.stderr);
  assert.match(text.stdout, /^invalid: 2$/m);
  assert.ok(text.stdout.includes(`  ${f}:3:5: error invalid-id Target id \`NoSuchTarget1\``), text.stdout);
  assert.ok(text.stdout.includes(`  ${f}:5:5: error invalid-id Target id \`NoSuchTarget2\``), text.stdout);
  assert.match(text.stdout, /^valid, not applied: 2$/m);
  assert.deepEqual(changedIds(), [], 'all or nothing: the request with invalid ids changed nothing');

  sandbox.reset();
  const json = await runCli(['bulk-update', f, '--yes', '--format', 'json'], { env: env() });
  assert.equal(json.code, 3);
  const out = parse(json);
  assert.deepEqual(out.invalid, ['NoSuchTarget1', 'NoSuchTarget2']);
  assert.deepEqual(out.validNotApplied, [ids[0], ids[1]]);
  assert.deepEqual(out.updated, []);
  assert.deepEqual(changedIds(), out.updated);
  const positions = out.diagnostics.filter((d) => d.code === 'invalid-id').map((d) => [d.path, d.range.start.line, d.range.start.character]);
  assert.deepEqual(positions, [
    ['/ids/1', 2, 4],
    ['/ids/3', 4, 4],
  ]);
});

test('--ids sends only those ids; an id not in the document is a usage error naming it', async () => {
  const f = file('subset.target-settings.yaml', doc(ids.slice(0, 4)));
  const r = await runCli(['bulk-update', f, '--yes', '--format', 'json', '--ids', `${ids[1]},${ids[3]}`], { env: env() });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(parse(r).updated, [ids[1], ids[3]]);
  assert.deepEqual(changedIds(), [ids[1], ids[3]]);

  sandbox.reset();
  const bad = await runCli(['bulk-update', f, '--yes', '--ids', `${ids[1]},NotInTheFile`], { env: env() });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /`NotInTheFile`/);
  assert.equal(sandbox.requests.length, 0);
});

test('a failed request: exit 4, its ids with the reason; the other requests still applied', async () => {
  const f = file('fail.target-settings.yaml', doc(ids.slice(0, 4)));
  const args = ['bulk-update', f, '--yes', '--chunk-size', '2', '--concurrency', '1'];
  // Request 1 answered normally, request 2 gets a 500 (not retried): a seed of the error dice
  // whose first roll misses and second roll hits.
  const seed = seedFailingOnly(2);
  sandbox.setFaults({ errorRate: { 500: 0.5 }, seed });
  const json = await runCli([...args, '--format', 'json'], { env: env() });
  assert.equal(json.code, 4, json.stderr);
  const out = parse(json);
  assert.deepEqual(out.updated, ids.slice(0, 2));
  assert.equal(out.failed.length, 1);
  const failed = at(out.failed, 0);
  assert.deepEqual(failed.ids, ids.slice(2, 4));
  assert.equal(failed.kind, 'server');
  assert.match(failed.reason, /500/);
  assert.deepEqual(out.notSent, []);
  assert.deepEqual(changedIds(), out.updated);

  sandbox.reset();
  sandbox.setFaults({ errorRate: { 500: 0.5 }, seed });
  const text = await runCli(args, { env: env() });
  assert.equal(text.code, 4);
  assert.match(text.stdout, /^updated: 2$/m);
  assert.match(text.stdout, /^failed: 2$/m);
  assert.match(text.stdout, /^ {2}request 2 \[500\], 2 ids: /m);
  assert.ok(text.stdout.includes(`    ${ids[2]} ${ids[3]}\n`), text.stdout);
  assert.deepEqual(changedIds(), ids.slice(0, 2));
});

/** A seed for `errorRate: {500: 0.5}` whose first `n - 1` rolls miss and roll `n` hits. */
function seedFailingOnly(n: number): number {
  for (let seed = 1; seed < 10_000; seed++) {
    const roll = mulberry32(seed);
    const rolls = Array.from({ length: n }, () => roll());
    if (rolls.slice(0, -1).every((r) => r >= 0.5) && at(rolls, n - 1) < 0.5) return seed;
  }
  throw new Error('no seed found');
}

test('interrupted with SIGINT: the remaining ids are not sent, the outcome is printed, exit 4', async () => {
  const list = ids.slice(0, 6);
  const f = file('interrupt.target-settings.yaml', doc(list));
  sandbox.setFaults({ latencyMs: 300 });
  const r = await runCli(['bulk-update', f, '--yes', '--format', 'json', '--chunk-size', '1', '--concurrency', '1'], {
    env: env(),
    // The first request waits in the sandbox's latency until the command has taken the interrupt.
    onSpawn: interruptWhileHeld(sandboxClock, 300),
  });
  assert.equal(r.code, 4, r.stderr);
  assert.match(r.stderr, /Interrupted \(SIGINT\)/);
  const out = parse(r);
  assert.equal(out.requests, 1, 'no request starts after the interrupt');
  assert.deepEqual(out.updated, list.slice(0, 1), 'the request in flight was waited for');
  assert.deepEqual(out.notSent, list.slice(1));
  assert.deepEqual([out.failed, out.unknown], [[], []]);
  assert.deepEqual(changedIds(), list.slice(0, 1));
});

test('interrupted twice: the request in flight is given up on and its ids are unknown; the report is still printed', async () => {
  const list = ids.slice(0, 4);
  const f = file('interrupt-twice.target-settings.yaml', doc(list));
  sandbox.setFaults({ latencyMs: 300 });
  const r = await runCli(['bulk-update', f, '--yes', '--format', 'json', '--chunk-size', '2', '--concurrency', '1'], {
    env: env(),
    onSpawn: (child) => {
      // The first request is held in the sandbox's latency and never let go.
      void sandboxClock.timerSet(300).then(() => child.kill('SIGINT'));
      child.stderr?.on('data', (chunk: Buffer | string) => {
        if (String(chunk).includes('Interrupted (SIGINT)')) child.kill('SIGINT');
      });
    },
  });
  assert.equal(r.code, 4, r.stderr);
  assert.match(r.stderr, /Interrupted again \(SIGINT\): giving up on the requests in flight; their ids are reported as unknown/);
  const out = parse(r);
  assert.deepEqual(
    out.unknown.map((g) => [g.kind, g.ids]),
    [['cancelled', list.slice(0, 2)]],
  );
  assert.deepEqual(out.notSent, list.slice(2));
  assert.deepEqual([out.updated, out.failed], [[], []]);
});

test('errors in the document stop the run before sending: exit 1', async () => {
  const f = file('invalid-doc.target-settings.yaml', doc(ids.slice(0, 2), 'fail_fast: sometimes'));
  const r = await runCli(['bulk-update', f, '--yes'], { env: env() });
  assert.equal(r.code, 1, r.stderr);
  assert.ok(r.stderr.includes(`${f}:12:12: error `), r.stderr);
  assert.match(r.stderr, /nothing was sent/);
  assert.equal(sandbox.requests.length, 0);

  const json = await runCli(['bulk-update', f, '--yes', '--format', 'json'], { env: env() });
  assert.equal(json.code, 1);
  const out = parse(json);
  assert.equal(out.requests, 0);
  assert.ok(out.diagnostics.some((d) => d.path === '/fail_fast'));
  assert.equal(sandbox.requests.length, 0);
});

test('an OBFUSCATED_ value is refused before sending, wherever it stands and in any case: exit 1', async () => {
  for (const mask of ['OBFUSCATED_abc123', 'pre-obfuscated_ABC123']) {
    const content = doc(ids.slice(0, 2)).replace('${env:SHOP_PASSWORD}', mask);
    const f = file('obfuscated.target-settings.yaml', content);
    const r = await runCli(['bulk-update', f, '--yes'], { env: env() });
    assert.equal(r.code, 1, r.stderr);
    assert.ok(r.stderr.includes(`${f}:9:15: error obfuscated-value`), r.stderr);
    assert.match(r.stderr, /masked secret \(OBFUSCATED_…\)/);
    assert.equal(sandbox.requests.length, 0);
    const dry = await runCli(['bulk-update', f, '--dry-run'], { env: env() });
    assert.equal(dry.code, 1, 'refused in a dry run too');
  }
});

test('a ${env:NAME} variable that is not set: exit 2 naming the variable and field, nothing sent', async () => {
  const f = file('env.target-settings.yaml', doc(ids.slice(0, 2)));
  for (const value of [undefined, '']) {
    const r = await runCli(['bulk-update', f, '--yes'], { env: env({ SHOP_PASSWORD: value }) });
    assert.equal(r.code, 2, r.stderr);
    assert.ok(r.stderr.includes(`${f}:9:15: error ${value === undefined ? 'missing-env' : 'empty-env'}`), r.stderr);
    assert.match(r.stderr, /SHOP_PASSWORD used in `site\.basic_auth\.password`/);
  }
  assert.equal(sandbox.requests.length, 0);
});

test('--dry-run prints the masked body, sends nothing, needs no token', async () => {
  const list = ids.slice(0, 5);
  const f = file('dry.target-settings.yaml', doc(list));
  const r = await runCli(['bulk-update', f, '--dry-run', '--chunk-size', '2'], { env: { SHOP_PASSWORD: SECRET_VALUE } });
  assert.equal(r.code, 0, r.stderr);
  const body = JSON.parse(r.stdout) as { ids: string[]; site: { basic_auth: { password: string } }; report_type: string };
  assert.deepEqual(body.ids, list);
  assert.equal(body.site.basic_auth.password, '••••••');
  assert.equal(body.report_type, 'owasp');
  assert.match(r.stderr, /Dry run: nothing was sent\. .*5 ids in 3 requests of up to 2 ids/);
  assert.match(r.stderr, /Fields changed: site\.name, site\.has_basic_auth, site\.basic_auth, report_type/);
  assert.deepEqual(sandbox.requests, []);

  const json = await runCli(['bulk-update', f, '--dry-run', '--format', 'json'], { env: env() });
  assert.equal(json.code, 0);
  const out = JSON.parse(json.stdout) as { dryRun: boolean; requests: number; body: { site: { basic_auth: { password: string } } } };
  assert.equal(out.dryRun, true);
  assert.equal(out.requests, 1);
  assert.equal(out.body.site.basic_auth.password, '••••••');
  assert.deepEqual(sandbox.requests, []);
});

test('without --yes and stdin not a terminal: refused, exit 2, nothing sent', async () => {
  const f = file('confirm.target-settings.yaml', doc(ids.slice(0, 2)));
  const ignored = await runCli(['bulk-update', f], { env: env() });
  assert.equal(ignored.code, 2);
  assert.match(ignored.stderr, /stdin is not a terminal.*pass --yes/);
  const piped = await runCli(['bulk-update', f], { env: env(), input: 'y\n' });
  assert.equal(piped.code, 2, 'an answer piped in is not a confirmation');
  assert.equal(sandbox.requests.length, 0);
});

test('on a terminal it asks; "y" runs, anything else declines (exit 4, nothing sent)', async (t) => {
  if (!hasScript()) {
    t.skip('`script` (util-linux) is not available to give the CLI a terminal');
    return;
  }
  const f = file('tty.target-settings.yaml', doc(ids.slice(0, 2)));
  const prompt = '[y/N]';
  const no = await runInTerminal(['bulk-update', f], { env: env(), prompt, answer: 'n\r' });
  assert.equal(no.code, 4, no.output);
  assert.match(
    no.output,
    new RegExp(
      `Update 2 targets at ${sandbox.url.replace(/[.]/g, '\\.')} \\(fields: site\\.name, site\\.has_basic_auth, site\\.basic_auth, report_type\\)\\? \\[y/N\\]`,
    ),
  );
  assert.match(no.output, /Cancelled: nothing was sent\./);
  assert.equal(sandbox.requests.length, 0);

  const yes = await runInTerminal(['bulk-update', f], { env: env(), prompt, answer: 'y\r' });
  assert.equal(yes.code, 0, yes.output);
  assert.deepEqual(changedIds(), ids.slice(0, 2));
});

test('configuration and auth errors: exit 2', async () => {
  const f = file('config.target-settings.yaml', doc(ids.slice(0, 2)));
  const noToken = await runCli(['bulk-update', f, '--yes'], { env: env({ SCAN_TARGETS_TOKEN: undefined }) });
  assert.equal(noToken.code, 2);
  assert.match(noToken.stderr, /no API token: set the SCAN_TARGETS_TOKEN environment variable/);

  const noBase = await runCli(['bulk-update', f, '--yes'], { env: env({ SCAN_TARGETS_BASE_URL: undefined }) });
  assert.equal(noBase.code, 2);
  assert.match(noBase.stderr, /no API base URL/);

  const insecure = await runCli(['bulk-update', f, '--yes', '--base-url', 'http://api.example.com/v1'], { env: env() });
  assert.equal(insecure.code, 2);
  assert.match(insecure.stderr, /Refusing to send the API token to api\.example\.com over plain http/);

  const wrongToken = await runCli(['bulk-update', f, '--yes', '--format', 'json'], { env: env({ SCAN_TARGETS_TOKEN: 'wrong-token-123456' }) });
  assert.equal(wrongToken.code, 2, wrongToken.stderr);
  assert.ok(!wrongToken.stdout.includes('wrong-token-123456') && !wrongToken.stderr.includes('wrong-token-123456'));
  const out = parse(wrongToken);
  assert.equal(out.failed[0]?.kind, 'unauthorized');

  const notFound = await runCli(['bulk-update', f, '--yes', '--base-url', sandbox.url.replace('/api/v1', '/nope')], { env: env() });
  assert.equal(notFound.code, 2, notFound.stdout);
  assert.deepEqual(changedIds(), []);
});

test('several documents: --document picks one (from 1); without it a usage error lists them', async () => {
  const f = file('multi.target-settings.yaml', `${doc(ids.slice(0, 2))}\n---\n${doc(ids.slice(2, 5))}`);
  const none = await runCli(['bulk-update', f, '--yes'], { env: env() });
  assert.equal(none.code, 2);
  assert.match(none.stderr, /holds 2 YAML documents.*--document N \(from 1\)/s);
  assert.match(none.stderr, /--document 1 {2}\(line 1, 2 ids\)/);
  assert.match(none.stderr, /--document 2 {2}\(line 14, 3 ids\)/);

  const second = await runCli(['bulk-update', f, '--yes', '--document', '2', '--format', 'json'], { env: env() });
  assert.equal(second.code, 0, second.stderr);
  assert.deepEqual(parse(second).updated, ids.slice(2, 5));
  assert.deepEqual(changedIds(), ids.slice(2, 5));

  const third = await runCli(['bulk-update', f, '--yes', '--document', '3'], { env: env() });
  assert.equal(third.code, 2);
  assert.match(third.stderr, /--document 3: .* holds 2 documents, numbered from 1 to 2/);
});

test('FILE missing, a directory, or more than one: exit 2', async () => {
  const missing = await runCli(['bulk-update', `${tmp.dir}/nope.yaml`, '--yes'], { env: env() });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /nope\.yaml: no such file/);
  const dir = await runCli(['bulk-update', tmp.dir, '--yes'], { env: env() });
  assert.equal(dir.code, 2);
  assert.match(dir.stderr, /is a directory/);
  const two = await runCli(['bulk-update', 'a.yaml', 'b.yaml'], { env: env() });
  assert.equal(two.code, 2);
  assert.match(two.stderr, /one file at a time/);
  assert.equal(sandbox.requests.length, 0);
});
