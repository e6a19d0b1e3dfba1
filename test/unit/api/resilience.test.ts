// Retries, Retry-After, bounded attempts, timeouts and cancellation, against the sandbox's
// fault injection over loopback. Time is the tests' own: the client and the sandbox run on manual
// clocks, so a wait is asserted by the timer it sets and passes when the test moves the clock.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { ApiError } from '../../../src/api/errors';
import { createClient, type ApiClient, type ClientOptions, type RetryInfo } from '../../../src/api/client';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { at } from '../../fixtures/at';
import { ManualClock } from '../../fixtures/manualClock';
import { RequestWatch } from '../../fixtures/requestWatch';
import { SECRET_TOKEN, assertNothingLeaked, captured, onTestTime, recordingLogger, rejection, sensitiveBody } from './helpers';

let sandbox: Sandbox;
const clients: ApiClient[] = [];
const logger = recordingLogger();
const watch = new RequestWatch();
/** The sandbox's time: its latency passes only when a test moves it. */
const sandboxClock = new ManualClock();

function client(overrides: Partial<ClientOptions> = {}): ApiClient {
  const c = createClient({ ...onTestTime(sandbox.url, logger), ...overrides });
  clients.push(c);
  return c;
}

before(async () => {
  sandbox = await startSandbox({ token: SECRET_TOKEN, clock: sandboxClock, onRequest: watch.onRequest });
});

after(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await sandbox.close();
});

describe('retries', () => {
  test('503 with Retry-After: 1 waits that second, and only then retries', async () => {
    sandbox.reset();
    sandbox.setFaults({ failNext: [{ status: 503, retryAfter: 1 }] });
    const retries: RetryInfo[] = [];
    const clock = new ManualClock();
    const read = client({ clock, onRetry: (i) => retries.push(i) }).getEntitlements();
    await clock.timerSet(1_000);
    assert.equal(sandbox.requests.length, 1, 'no retry before the wait is over');
    clock.advance(999);
    assert.equal(sandbox.requests.length, 1);
    clock.advance(1);
    await read;
    assert.deepEqual(
      sandbox.requests.map((r) => r.status),
      [503, 200],
    );
    assert.equal(retries.length, 1);
    const retry = at(retries, 0);
    assert.deepEqual(
      { attempt: retry.attempt, delayMs: retry.delayMs, retryAfterMs: retry.retryAfterMs, status: retry.status, reason: retry.reason },
      { attempt: 1, delayMs: 1000, retryAfterMs: 1000, status: 503, reason: '503 Service Unavailable' },
    );
    assert.ok(
      logger.lines.some((l) =>
        /warn: GET \/api\/v1\/account\/entitlements\/: 503 Service Unavailable; retrying in 1000 ms \(Retry-After\) \(attempt 2\/4 next\)/.test(l),
      ),
    );
  });

  test('429 with an HTTP-date Retry-After is honoured', async () => {
    sandbox.reset();
    const clock = new ManualClock();
    sandbox.setFaults({ failNext: [{ status: 429, retryAfter: new Date(clock.now() - 5_000).toUTCString() }] });
    const retries: RetryInfo[] = [];
    await client({ clock, onRetry: (i) => retries.push(i) }).getEntitlements();
    assert.equal(at(retries, 0).retryAfterMs, 0);
    assert.deepEqual(
      sandbox.requests.map((r) => r.status),
      [429, 200],
    );
  });

  test('502 and 504 are retried with backoff, then succeed', async () => {
    sandbox.reset();
    sandbox.setFaults({ failNext: [{ status: 502 }, { status: 504 }] });
    const retries: RetryInfo[] = [];
    await client({ onRetry: (i) => retries.push(i) }).getEntitlements();
    assert.deepEqual(
      sandbox.requests.map((r) => r.status),
      [502, 504, 200],
    );
    assert.deepEqual(
      retries.map((r) => r.attempt),
      [1, 2],
    );
    assert.ok(retries.every((r) => r.retryAfterMs === undefined && r.delayMs >= 2 && r.delayMs <= 20));
  });

  test('attempts are bounded: a lasting 502 fails after maxAttempts', async () => {
    sandbox.reset();
    sandbox.setFaults({ failNext: Array.from({ length: 6 }, () => ({ status: 502 })) });
    const err = await rejection<ApiError>(client({ maxAttempts: 3 }).getEntitlements());
    assert.equal(err.kind, 'unexpected-status');
    assert.equal(err.status, 502);
    assert.equal(err.attempts, 3);
    assert.equal(sandbox.requests.length, 3);
    assert.match(err.message, /unavailable or overloaded \(502 Bad Gateway: "Bad gateway\."\) and still was after 3 attempts\. Try again later\./);
  });

  test('maxAttempts: 1 means no retry', async () => {
    sandbox.reset();
    sandbox.setFaults({ failNext: [{ status: 503, retryAfter: 1 }] });
    const err = await rejection<ApiError>(client({ maxAttempts: 1 }).getEntitlements());
    assert.equal(err.kind, 'unexpected-status');
    assert.equal(sandbox.requests.length, 1);
    assert.equal(err.retryAfterMs, 1000);
  });

  test('a 502 HTML page is retried, then reported with an excerpt', async () => {
    sandbox.reset();
    sandbox.setFaults({ nonJsonNext: 2, nonJsonStatus: 502 });
    const err = await rejection<ApiError>(client({ maxAttempts: 2 }).getEntitlements());
    assert.equal(err.kind, 'unexpected-status');
    assert.equal(sandbox.requests.length, 2);
    assert.match(err.message, /502 Bad Gateway\) and still was after 2 attempts.*Body \(text\/html; charset=utf-8\): "<!DOCTYPE html>/);
  });

  test('a Retry-After longer than the cap fails at once, saying so', async () => {
    sandbox.reset();
    sandbox.setFaults({ failNext: [{ status: 429, retryAfter: 120 }] });
    const clock = new ManualClock();
    const err = await rejection<ApiError>(client({ clock, maxRetryAfterMs: 60_000 }).bulkUpdate({ ids: sandbox.targetIds().slice(0, 1), site: {} }));
    assert.deepEqual(clock.pending(), [], 'no wait was started');
    assert.equal(err.kind, 'unexpected-status');
    assert.equal(err.retryAfterMs, 120_000);
    assert.equal(sandbox.requests.length, 1);
    assert.match(err.message, /asked to wait 120 s before trying again \(Retry-After\), longer than the 60 s this client waits\..*Try again after \d{4}-/);
  });

  test('400, 401, 404 and 500 are not retried', async () => {
    for (const status of [400, 401, 404, 500]) {
      sandbox.reset();
      sandbox.setFaults({ failNext: [{ status, body: { detail: 'no' } }] });
      await rejection(client().getEntitlements());
      assert.equal(sandbox.requests.length, 1, `status ${status}`);
    }
  });

  test('connection refused is retried, then reported as a network error', async () => {
    const port = await freePort();
    const retries: RetryInfo[] = [];
    const err = await rejection<ApiError>(
      client({ baseUrl: `http://127.0.0.1:${port}/api/v1`, maxAttempts: 3, onRetry: (i) => retries.push(i) }).getEntitlements(),
    );
    assert.equal(err.kind, 'network');
    assert.equal(err.code, 'ECONNREFUSED');
    assert.equal(err.attempts, 3);
    assert.equal(err.maybeApplied, false);
    assert.deepEqual(
      retries.map((r) => r.reason),
      ['connection refused (ECONNREFUSED)', 'connection refused (ECONNREFUSED)'],
    );
    assert.match(err.message, /Could not connect to 127\.0\.0\.1:\d+: the connection was refused\. Check that the service \(or the local sandbox\) is running/);
  });
});

describe('retrying the bulk update (idempotent) neither loses nor doubles an update', () => {
  test('a 503 before processing: applied exactly once', async () => {
    sandbox.reset();
    const ids = sandbox.targetIds().slice(0, 5);
    sandbox.setFaults({ failNext: [{ status: 503, retryAfter: 0 }] });
    const result = await client().bulkUpdate({ ids, site: { name: 'After 503' } });
    assert.deepEqual(result, { ids, notUpdated: [], attempts: 2 });
    assert.deepEqual(
      sandbox.changes.map((c) => [c.request, c.ids]),
      [[2, ids]],
    );
  });

  test('a connection reset after processing: retried, the same update applied again, same final state', async () => {
    sandbox.reset();
    const ids = sandbox.targetIds().slice(0, 3);
    sandbox.setFaults({ resetNext: 1 });
    const retries: RetryInfo[] = [];
    const result = await client({ onRetry: (i) => retries.push(i) }).bulkUpdate(
      { ids, site: { name: 'After reset' }, report_type: 'pci' },
      { validateIds: true },
    );
    assert.deepEqual(result.ids, ids);
    assert.equal(result.attempts, 2);
    assert.equal(retries.length, 1);
    assert.deepEqual(
      sandbox.requests.map((r) => [r.status, r.fault]),
      [
        [200, 'reset'],
        [200, undefined],
      ],
    );
    // Two applications of the identical settings to the identical ids: nothing lost, nothing different.
    assert.equal(sandbox.changes.length, 2);
    const [first, second] = [at(sandbox.changes, 0), at(sandbox.changes, 1)];
    assert.deepEqual(first.ids, second.ids);
    assert.deepEqual(first.settings, second.settings);
    for (const id of ids) {
      const target = sandbox.target(id)!;
      assert.equal((target.settings.site as Record<string, unknown>).name, 'After reset');
      assert.equal(target.settings.report_type, 'pci');
    }
  });

  test('a truncated answer (Content-Length not reached) is a network error saying how much arrived', async () => {
    sandbox.reset();
    const ids = sandbox.targetIds().slice(0, 2);
    sandbox.setFaults({ truncateNext: 1 });
    const err = await rejection<ApiError>(client({ maxAttempts: 1 }).bulkUpdate({ ids, site: {} }));
    assert.equal(err.kind, 'network');
    assert.equal(err.status, 200);
    assert.equal(err.maybeApplied, true);
    assert.match(err.message, /broke while the answer to the bulk update was arriving \(status 200 OK, \d+ of \d+ bytes received: "\{"ids"/);
    assert.match(err.message, /may have been applied; it is safe to send it again/);
  });

  test('a truncated answer is retried like any broken connection', async () => {
    sandbox.reset();
    const ids = sandbox.targetIds().slice(0, 2);
    sandbox.setFaults({ truncateNext: 1 });
    const result = await client().bulkUpdate({ ids, site: {} });
    assert.equal(result.attempts, 2);
    assert.deepEqual(
      sandbox.changes.map((c) => c.ids),
      [ids, ids],
    );
  });

  test('errorRate faults (seeded): every id ends up updated exactly as asked', async () => {
    sandbox.reset();
    sandbox.setFaults({ errorRate: { 502: 0.3, 503: 0.2 }, seed: 7 });
    const all = sandbox.targetIds().slice(0, 20);
    const c = client({ maxAttempts: 10, maxRetryAfterMs: 1_000, retryMaxDelayMs: 5 });
    for (let i = 0; i < all.length; i += 5) {
      const chunk = all.slice(i, i + 5);
      const result = await c.bulkUpdate({ ids: chunk, site: { name: `chunk ${i / 5}` } });
      assert.deepEqual(result.ids, chunk);
    }
    assert.ok(
      sandbox.requests.some((r) => r.fault === 'errorRate'),
      'some faults were injected',
    );
    assert.deepEqual(
      sandbox.changes.flatMap((c) => c.ids),
      all,
    );
  });
});

describe('timeouts and cancellation', () => {
  test('a hung request times out after requestTimeoutMs and is not retried', async () => {
    sandbox.reset();
    sandbox.setFaults({ hangNext: 1 });
    const clock = new ManualClock();
    const read = client({ clock, requestTimeoutMs: 300 }).getEntitlements();
    await watch.until(() => sandbox.requests.some((r) => r.fault === 'hang'));
    await clock.timerSet(300);
    clock.advance(300);
    const err = await rejection<ApiError>(read);
    assert.equal(err.kind, 'timeout');
    assert.equal(err.attempts, 1);
    assert.equal(sandbox.requests.length, 1);
    assert.match(
      err.message,
      /The entitlements read timed out: 127\.0\.0\.1:\d+ received the request but did not start answering within 300 ms\. Try again later, or raise the request timeout \(scanTargets\.http\.requestTimeoutMs, or --request-timeout on the command line\)\./,
    );
  });

  test('a hung bulk update times out saying it may have been applied', async () => {
    sandbox.reset();
    sandbox.setFaults({ hangNext: 1 });
    const clock = new ManualClock();
    const update = client({ clock, requestTimeoutMs: 300 }).bulkUpdate({ ids: ['a'], site: {} });
    await watch.until(() => sandbox.requests.some((r) => r.fault === 'hang'));
    clock.advance(300);
    const err = await rejection<ApiError>(update);
    assert.equal(err.kind, 'timeout');
    assert.equal(err.maybeApplied, true);
    assert.match(err.message, /The update may have been applied; it is safe to send it again/);
  });

  test('aborting mid-request cancels it', async () => {
    sandbox.reset();
    sandbox.setFaults({ hangNext: 1 });
    const controller = new AbortController();
    const pending = client().bulkUpdate(sensitiveBody(['a']), { signal: controller.signal });
    await watch.until(() => sandbox.requests.some((r) => r.fault === 'hang'));
    controller.abort();
    const err = await rejection<ApiError>(pending);
    assert.equal(err.kind, 'cancelled');
    assert.equal(err.attempts, 1);
    assert.match(err.message, /The bulk update was cancelled\. It may already have been applied; the update is idempotent, so it is safe to send it again\./);
  });

  test('aborting during a backoff wait cancels without another attempt', async () => {
    sandbox.reset();
    sandbox.setFaults({ failNext: [{ status: 503, retryAfter: 30 }] });
    const controller = new AbortController();
    const clock = new ManualClock();
    const read = client({ clock }).getEntitlements(controller.signal);
    await clock.timerSet(30_000);
    controller.abort();
    const err = await rejection<ApiError>(read);
    assert.equal(err.kind, 'cancelled');
    assert.deepEqual(clock.pending(), [], 'the wait was given up');
    assert.equal(sandbox.requests.length, 1);
  });

  test('an already-aborted signal sends nothing', async () => {
    sandbox.reset();
    const err = await rejection<ApiError>(client().getEntitlements(AbortSignal.abort()));
    assert.equal(err.kind, 'cancelled');
    assert.equal(err.attempts, 0);
    assert.equal(sandbox.requests.length, 0);
    assert.match(err.message, /Nothing more was sent/);
  });

  test('an answer held by latency below the timeout is taken', async () => {
    sandbox.reset();
    sandbox.setFaults({ latencyMs: 50 });
    const clock = new ManualClock();
    const read = client({ clock, requestTimeoutMs: 2_000 }).getEntitlements();
    await sandboxClock.timerSet(50);
    clock.advance(50);
    sandboxClock.advance(50);
    await read;
    assert.deepEqual(
      sandbox.requests.map((r) => r.status),
      [200],
    );
  });
});

test('nothing captured in this file contains the token or a sensitive value', () => {
  assert.ok(captured.length > 20);
  assertNothingLeaked();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
