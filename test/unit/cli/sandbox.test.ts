// `scan-targets sandbox` as a child process: it prints where it listens, serves the other
// commands, logs each request on stderr, and stops cleanly on SIGINT / SIGTERM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { RESTRICTED_PROFILE } from '../../../src/sandbox';
import { CLI, ROOT, TOKEN, assertBuilt, cleanEnv, runCli, tempDir, waitForChild } from './helpers';

interface Running {
  child: ChildProcess;
  url: string;
  token: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

async function startCli(args: string[], env: Record<string, string | undefined> = {}): Promise<Running> {
  const child = spawn(process.execPath, [CLI, 'sandbox', ...args], { cwd: ROOT, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  await waitForChild(child, () => /\n/.test(out) || child.exitCode !== null, 'the sandbox to print its address');
  const [, url, token] = /^Sandbox listening at (http:\/\/\S+) \(token: (.+)\)$/m.exec(out) ?? [];
  assert.ok(url && token, `unexpected output:\n${out}\n${err}`);
  return { child, url, token, stdout: () => out, stderr: () => err, exited };
}

test('setup: the CLI is built', () => assertBuilt());

test('starts on a free loopback port with a random token, serves the other commands, logs requests, stops on SIGINT', async () => {
  const sbx = await startCli(['--port', '0', '--profile', 'restricted']);
  try {
    assert.match(sbx.url, /^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    assert.match(sbx.token, /^sbx-[A-Za-z0-9_-]{20,}$/);
    const r = await runCli(['entitlements', '--format', 'json'], { env: { SCAN_TARGETS_BASE_URL: sbx.url, SCAN_TARGETS_TOKEN: sbx.token } });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), RESTRICTED_PROFILE);
    await waitForChild(sbx.child, () => sbx.stderr().includes('GET /api/v1/account/entitlements/ 200'), 'the request log line');
  } finally {
    sbx.child.kill('SIGINT');
  }
  assert.equal(await sbx.exited, 0);
  assert.match(sbx.stderr(), /SIGINT: stopping the sandbox/);
});

test('uses SCAN_TARGETS_TOKEN when set and does not print it; stops on SIGTERM', async () => {
  const sbx = await startCli([], { SCAN_TARGETS_TOKEN: TOKEN });
  try {
    assert.equal(sbx.token, 'from $SCAN_TARGETS_TOKEN');
    const r = await runCli(['entitlements'], { env: { SCAN_TARGETS_BASE_URL: sbx.url, SCAN_TARGETS_TOKEN: TOKEN } });
    assert.equal(r.code, 0, r.stderr);
  } finally {
    sbx.child.kill('SIGTERM');
  }
  assert.equal(await sbx.exited, 0);
  assert.ok(!sbx.stdout().includes(TOKEN) && !sbx.stderr().includes(TOKEN));
});

test('--token, --profile FILE.json and --error-rate are applied', async () => {
  const tmp = tempDir();
  const profile = tmp.file('profile.json', JSON.stringify({ ...RESTRICTED_PROFILE, max_users: 77 }));
  const sbx = await startCli(['--token', 'my-sandbox-token', '--profile', profile, '--error-rate', '503=1', '--seed', '3']);
  try {
    assert.equal(sbx.token, 'my-sandbox-token');
    const env = { SCAN_TARGETS_BASE_URL: sbx.url, SCAN_TARGETS_TOKEN: 'my-sandbox-token' };
    // Every answer is a 503 with Retry-After: 1, so the client retries and gives up: exit 1.
    const failing = await runCli(['entitlements'], { env, timeoutMs: 60_000 });
    assert.equal(failing.code, 1, failing.stderr);
    assert.match(failing.stderr, /retry: GET \/api\/v1\/account\/entitlements\/: 503 Service Unavailable; attempt 2 of 4/);
    assert.match(sbx.stderr(), /503 \[fault: errorRate\]/);
  } finally {
    sbx.child.kill('SIGINT');
    tmp.remove();
  }
  assert.equal(await sbx.exited, 0);

  const tmp2 = tempDir();
  const profile2 = tmp2.file('profile.json', JSON.stringify({ ...RESTRICTED_PROFILE, max_users: 77 }));
  const ok = await startCli(['--profile', profile2]);
  try {
    const r = await runCli(['entitlements', '--format', 'json'], { env: { SCAN_TARGETS_BASE_URL: ok.url, SCAN_TARGETS_TOKEN: ok.token } });
    assert.equal((JSON.parse(r.stdout) as { max_users: number }).max_users, 77);
  } finally {
    ok.child.kill('SIGINT');
    tmp2.remove();
  }
  assert.equal(await ok.exited, 0);
});

test('usage errors: exit 2', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['--error-rate', '503'], /--error-rate: "503" is not STATUS=RATE/],
    [['--error-rate', '200=0.5'], /not an error status/],
    [['--error-rate', '500=0.7,503=0.7'], /add up to 1\.4, more than 1/],
    [['--port', '70000'], /--port takes a whole number from 0 to 65535/],
    [['--profile', 'gold'], /--profile gold: no such file/],
    [['extra'], /unexpected argument "extra"/],
  ];
  for (const [args, message] of cases) {
    const r = await runCli(['sandbox', ...args]);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.stderr, message);
  }
});

test('a port already in use: exit 2 saying so', async () => {
  const sbx = await startCli([]);
  try {
    const port = new URL(sbx.url).port;
    const r = await runCli(['sandbox', '--port', port]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, new RegExp(`port ${port} is already in use`));
  } finally {
    sbx.child.kill('SIGINT');
  }
  assert.equal(await sbx.exited, 0);
});

test('--cors: the origins a browser may call it from; anything but an origin is a usage error', async () => {
  const sbx = await startCli(['--cors', 'http://127.0.0.1:8080', '--cors', 'https://vscode.dev/']);
  try {
    for (const origin of ['http://127.0.0.1:8080', 'https://vscode.dev']) {
      const answer = await fetch(`${sbx.url}/account/entitlements/`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
      assert.equal(answer.headers.get('access-control-allow-origin'), origin);
    }
  } finally {
    sbx.child.kill('SIGTERM');
  }
  assert.equal(await sbx.exited, 0);
  for (const bad of ['vscode.dev', 'https://vscode.dev/some/path']) {
    const r = await runCli(['sandbox', '--cors', bad]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, new RegExp(`--cors ${bad.replace(/[./]/g, '\\$&')}: .*origin`));
  }
});
