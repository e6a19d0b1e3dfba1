// `scan-targets entitlements` against the sandbox: text and json, exit 0 / 1 / 2.
import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { FULL_PROFILE, RESTRICTED_PROFILE, startSandbox, type Sandbox } from '../../../src/sandbox';
import { at } from '../../fixtures/at';
import { TOKEN, assertBuilt, runCli, tempDir } from './helpers';
import { ANSI_ESCAPE } from './helpers';

let sandbox: Sandbox;

before(async () => {
  assertBuilt();
  sandbox = await startSandbox({ token: TOKEN });
});
after(() => sandbox.close());
beforeEach(() => sandbox.reset());

function env(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return { SCAN_TARGETS_TOKEN: TOKEN, SCAN_TARGETS_BASE_URL: sandbox.url, ...extra };
}

test('text: the groups of the tree view, exit 0, no colour off a terminal', async () => {
  const r = await runCli(['entitlements'], { env: env() });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^Features \(\d+ of \d+ enabled\)$/m);
  assert.match(r.stdout, /^ {2}\[x\] Bulk updates +allow_bulk$/m);
  assert.doesNotMatch(r.stdout, ANSI_ESCAPE);
  assert.equal(r.stderr, '');
  assert.equal(sandbox.requests.length, 1);
  assert.equal(at(sandbox.requests, 0).path, '/api/v1/account/entitlements/');

  sandbox.setProfile('restricted');
  const restricted = await runCli(['entitlements', '--base-url', sandbox.url], { env: env({ SCAN_TARGETS_BASE_URL: undefined }) });
  assert.equal(restricted.code, 0);
  assert.match(restricted.stdout, /^ {2}\[ \] Scanning 2FA targets +allow_scanning_2fa_targets$/m);
});

test('json: the record as served, which validate --entitlements accepts back', async () => {
  const r = await runCli(['entitlements', '--format', 'json'], { env: env() });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), FULL_PROFILE);

  sandbox.setProfile('restricted');
  const saved = await runCli(['entitlements', '--format', 'json'], { env: env() });
  assert.deepEqual(JSON.parse(saved.stdout), RESTRICTED_PROFILE);
  const tmp = tempDir();
  try {
    const record = tmp.file('restricted.json', saved.stdout);
    const check = await runCli(['validate', '--entitlements', record, `${__dirname}/../../../../test/fixtures/cli/entitled.target-settings.yaml`]);
    assert.equal(check.code, 0, check.stderr);
    assert.match(check.stdout, /warning not-entitled/);
  } finally {
    tmp.remove();
  }
});

test("configuration and auth errors: exit 2 with the client's message", async () => {
  const noToken = await runCli(['entitlements'], { env: env({ SCAN_TARGETS_TOKEN: undefined }) });
  assert.equal(noToken.code, 2);
  assert.match(noToken.stderr, /no API token: set the SCAN_TARGETS_TOKEN environment variable/);
  assert.equal(noToken.stdout, '');

  const noBase = await runCli(['entitlements'], { env: env({ SCAN_TARGETS_BASE_URL: undefined }) });
  assert.equal(noBase.code, 2);
  assert.match(noBase.stderr, /no API base URL: pass --base-url URL or set SCAN_TARGETS_BASE_URL/);

  const badUrl = await runCli(['entitlements', '--base-url', 'ftp://example.com'], { env: env() });
  assert.equal(badUrl.code, 2);
  assert.match(badUrl.stderr, /must start with https:\/\//);

  const wrong = await runCli(['entitlements'], { env: env({ SCAN_TARGETS_TOKEN: 'not-the-token-98765' }) });
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /401|credentials|token/i);
  assert.ok(!wrong.stderr.includes('not-the-token-98765'));

  const notFound = await runCli(['entitlements', '--base-url', sandbox.url.replace('/api/v1', '/v9')], { env: env() });
  assert.equal(notFound.code, 2);
  assert.match(notFound.stderr, /404/);
  assert.equal(notFound.stdout, '');
});

test('service failures: exit 1 (a server error; a record that is not one, naming the field)', async () => {
  sandbox.setFaults({ failNext: [{ status: 500 }] });
  const server = await runCli(['entitlements'], { env: env() });
  assert.equal(server.code, 1, server.stderr);
  assert.match(server.stderr, /500/);
  assert.equal(server.stdout, '');

  const broken: Record<string, unknown> = { ...FULL_PROFILE, max_users: 'many' };
  sandbox.setProfile(broken);
  const invalid = await runCli(['entitlements'], { env: env() });
  assert.equal(invalid.code, 1);
  assert.match(invalid.stderr, /max_users/);
});

test('the token is never an argument', async () => {
  const r = await runCli(['entitlements', '--token', TOKEN], { env: env() });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /Unknown option '--token'/);
});

test('a server that accepts and never answers: --request-timeout bounds the wait and the error names the phase', async () => {
  const accepted: net.Socket[] = [];
  const silent = net.createServer((socket) => {
    accepted.push(socket);
    socket.on('data', () => undefined);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const port = (silent.address() as net.AddressInfo).port;
  try {
    const r = await runCli(['entitlements', '--base-url', `http://127.0.0.1:${port}/api/v1`, '--request-timeout', '300'], { env: env() });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, new RegExp(`127\\.0\\.0\\.1:${port} received the request but did not start answering within 300 ms`));
    assert.match(r.stderr, /--request-timeout on the command line/);
    assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  } finally {
    for (const socket of accepted) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  }
});

test('timeout flags take whole milliseconds', async () => {
  for (const bad of ['soon', '-1', '50']) {
    const r = await runCli(['entitlements', `--connect-timeout=${bad}`], { env: env() });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /--connect-timeout takes a whole number from 100 to 3600000/);
  }
});
