// The client over the fetch wire (fetchWire.ts, the browser build's) against the sandbox and plain
// node:http servers over loopback: real HTTP through Node's own `fetch`, the browser's API, never
// a mocked one. Results, retries, timeouts, cancellation, the size cap, a cut-off answer, a
// redirect, an unreachable host, and what is sent. The client and the sandbox run on manual clocks
// where a wait matters, as in resilience.test.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import * as net from 'node:net';
import { ApiError, ApiInvalidIdsError, ApiInvalidResponseError } from '../../../src/api/errors';
import { fetchWire } from '../../../src/api/fetchWire';
import { createHttpClient } from '../../../src/api/httpClient';
import { DEFAULTS, type ApiClient, type ClientOptions, type RetryInfo } from '../../../src/api/options';
import { FULL_PROFILE, startSandbox, type Sandbox } from '../../../src/sandbox';
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
  const c = createHttpClient({ ...onTestTime(sandbox.url, logger), ...overrides }, fetchWire);
  clients.push(c);
  return c;
}

/** A node:http server on loopback for one test; `use` gets its base URL, then it is closed. */
async function withServer(handler: http.RequestListener, use: (baseUrl: string) => Promise<void>): Promise<void> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await use(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/api/v1`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

before(async () => {
  sandbox = await startSandbox({ token: SECRET_TOKEN, clock: sandboxClock, onRequest: watch.onRequest });
});

after(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await sandbox.close();
});

describe('answers', () => {
  test('the entitlements read returns the record, checked against its schema', async () => {
    sandbox.reset();
    assert.deepEqual(await client().getEntitlements(), FULL_PROFILE);
    assert.deepEqual(
      sandbox.requests.map((r) => [r.method, r.path, r.status]),
      [['GET', '/api/v1/account/entitlements/', 200]],
    );
    sandbox.setProfile({ ...FULL_PROFILE, allow_sso: 'yes' });
    const err = await rejection<ApiInvalidResponseError>(client().getEntitlements());
    assert.ok(err instanceof ApiInvalidResponseError);
    assert.match(err.message, /allow_sso must be true or false, found a string/);
  });

  test('a bulk update applies and returns the updated ids', async () => {
    sandbox.reset();
    const ids = sandbox.targetIds().slice(0, 3);
    assert.deepEqual(await client().bulkUpdate({ ids, site: { name: 'Over fetch' } }), { ids, notUpdated: [], attempts: 1 });
    assert.deepEqual(
      sandbox.changes.map((c) => c.ids),
      [ids],
    );
  });

  test('a bulk update with invalid ids gives ApiInvalidIdsError, nothing applied', async () => {
    sandbox.reset();
    const [a] = sandbox.targetIds();
    assert.ok(a);
    const err = await rejection<ApiInvalidIdsError>(client().bulkUpdate({ ids: [a, 'missingId001'], site: { name: 'x' } }));
    assert.ok(err instanceof ApiInvalidIdsError);
    assert.deepEqual(err.invalidIds, ['missingId001']);
    assert.equal(err.status, 404);
    assert.deepEqual(sandbox.changes, []);
  });

  test('what is sent: method, path and query, auth header and scheme, accept, JSON content type, no cookie', async () => {
    const seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
    await withServer(
      (req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString('utf8')));
        req.on('end', () => {
          seen.push({ method: req.method, url: req.url, headers: req.headers, body });
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(req.method === 'GET' ? FULL_PROFILE : { ids: ['a'] }));
        });
      },
      async (baseUrl) => {
        const c = client({ baseUrl: `${baseUrl}/`, authHeader: 'X-Api-Key', authScheme: 'Token' });
        await c.getEntitlements();
        await c.bulkUpdate({ ids: ['a'], site: { name: 'n' } });
      },
    );
    assert.deepEqual(
      seen.map((r) => `${r.method} ${r.url}`),
      ['GET /api/v1/account/entitlements/', 'POST /api/v1/targets/bulk/update/?is_id_404_validation=true'],
    );
    for (const r of seen) {
      assert.equal(r.headers['x-api-key'], `Token ${SECRET_TOKEN}`);
      assert.equal(r.headers.authorization, undefined);
      assert.equal(r.headers.accept, 'application/json');
      assert.equal(r.headers.cookie, undefined);
      assert.notEqual(r.headers['user-agent'], DEFAULTS.userAgent, 'no user-agent of its own (a browser would ask the service to allow it)');
    }
    assert.equal(at(seen, 0).headers['content-type'], undefined);
    assert.equal(at(seen, 1).headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(at(seen, 1).body), { ids: ['a'], site: { name: 'n' } });
  });

  test('a redirect is not followed (the token stays here)', async () => {
    sandbox.reset();
    sandbox.setFaults({ failNext: [{ status: 302, body: '' }] });
    const err = await rejection<ApiError>(client().getEntitlements());
    assert.equal(err.kind, 'unexpected-status');
    assert.match(err.message, /redirected .*does not follow redirects/);
    assert.equal(sandbox.requests.length, 1);
  });

  test('a proxy setting is not used: the browser has its own', async () => {
    sandbox.reset();
    const own = recordingLogger();
    const proxyPort = await freePort();
    const c = client({ logger: own, proxy: { url: `http://127.0.0.1:${proxyPort}`, proxyLoopback: true } });
    assert.deepEqual(await c.getEntitlements(), FULL_PROFILE);
    assert.ok(own.lines.some((l) => /debug: Not using the proxy http:\/\/127\.0\.0\.1:\d+ for http:\/\/127\.0\.0\.1:\d+: in a browser/.test(l)));
  });
});

describe('retries', () => {
  test('503 with Retry-After: 1 waits that second, then retries and succeeds', async () => {
    sandbox.reset();
    sandbox.setFaults({ failNext: [{ status: 503, retryAfter: 1 }] });
    const retries: RetryInfo[] = [];
    const clock = new ManualClock();
    const ids = sandbox.targetIds().slice(0, 2);
    const update = client({ clock, onRetry: (i) => retries.push(i) }).bulkUpdate({ ids, site: { name: 'After 503' } });
    await clock.timerSet(1_000);
    assert.equal(sandbox.requests.length, 1, 'no retry before the wait is over');
    clock.advance(1_000);
    assert.deepEqual(await update, { ids, notUpdated: [], attempts: 2 });
    assert.deepEqual(
      sandbox.requests.map((r) => r.status),
      [503, 200],
    );
    assert.deepEqual(
      retries.map((r) => [r.attempt, r.delayMs, r.retryAfterMs, r.reason]),
      [[1, 1000, 1000, '503 Service Unavailable']],
    );
    assert.deepEqual(
      sandbox.changes.map((c) => [c.request, c.ids]),
      [[2, ids]],
    );
  });

  test('an answer cut off mid-body is a network error saying how much arrived, and is retried', async () => {
    sandbox.reset();
    const ids = sandbox.targetIds().slice(0, 2);
    sandbox.setFaults({ truncateNext: 1 });
    const err = await rejection<ApiError>(client({ maxAttempts: 1 }).bulkUpdate({ ids, site: {} }));
    assert.equal(err.kind, 'network');
    assert.equal(err.status, 200);
    assert.equal(err.maybeApplied, true);
    assert.match(err.message, /broke while the answer to the bulk update was arriving \(status 200 OK, \d+ of \d+ bytes received: "\{"ids"/);

    sandbox.reset();
    sandbox.setFaults({ truncateNext: 1 });
    assert.equal((await client().bulkUpdate({ ids, site: {} })).attempts, 2);
  });
});

describe('timeouts, cancellation, the size cap', () => {
  test('a server that never answers: a timeout, not retried', async () => {
    sandbox.reset();
    sandbox.setFaults({ hangNext: 1 });
    const clock = new ManualClock();
    const read = client({ clock, requestTimeoutMs: 300 }).getEntitlements();
    await watch.until(() => sandbox.requests.some((r) => r.fault === 'hang'));
    await clock.timerSet(300);
    clock.advance(300);
    const err = await rejection<ApiError>(read);
    assert.equal(err.kind, 'timeout');
    assert.equal(err.code, 'headers-timeout');
    assert.equal(err.attempts, 1);
    assert.equal(sandbox.requests.length, 1);
    assert.match(err.message, /The entitlements read timed out: 127\.0\.0\.1:\d+ received the request but did not start answering within 300 ms\./);
    assert.deepEqual(clock.pending(), [], 'the timer is cleared');
  });

  test('an answer that stops halfway: a timeout in the body phase', async () => {
    await withServer(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"ids": [');
      },
      async (baseUrl) => {
        // Real time, short: the headers arrive at once, the rest never.
        const err = await rejection<ApiError>(
          client({ baseUrl, clock: undefined, requestTimeoutMs: 1_000, maxAttempts: 1 }).bulkUpdate({ ids: ['a'], site: {} }),
        );
        assert.equal(err.kind, 'timeout');
        assert.equal(err.code, 'body-timeout');
        assert.equal(err.maybeApplied, true);
        assert.match(err.message, /started answering but the rest of the answer did not arrive within 1000 ms/);
      },
    );
  });

  test('aborting mid-request cancels it', async () => {
    sandbox.reset();
    sandbox.setFaults({ hangNext: 1 });
    const controller = new AbortController();
    const clock = new ManualClock();
    const pending = client({ clock }).bulkUpdate(sensitiveBody(['a']), { signal: controller.signal });
    await watch.until(() => sandbox.requests.some((r) => r.fault === 'hang'));
    controller.abort();
    const err = await rejection<ApiError>(pending);
    assert.equal(err.kind, 'cancelled');
    assert.equal(err.attempts, 1);
    assert.equal(err.maybeApplied, true);
    assert.match(err.message, /The bulk update was cancelled\. It may already have been applied/);
    assert.deepEqual(clock.pending(), [], 'the request timeout is cleared');
  });

  test('aborting once the answer has started cancels it (the body read too)', async () => {
    let wrote!: () => void;
    const headersSent = new Promise<void>((resolve) => (wrote = resolve));
    await withServer(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"ids": [', () => wrote());
      },
      async (baseUrl) => {
        const controller = new AbortController();
        const read = client({ baseUrl }).getEntitlements(controller.signal);
        await headersSent;
        controller.abort();
        const err = await rejection<ApiError>(read);
        assert.equal(err.kind, 'cancelled');
        assert.equal(err.maybeApplied, false);
      },
    );
  });

  test('an answer larger than the cap fails as invalid-response, not retried', async () => {
    let requests = 0;
    const mb = Buffer.alloc(1024 * 1024, 'x');
    await withServer(
      (_req, res) => {
        requests++;
        res.on('error', () => undefined);
        res.writeHead(200, { 'content-type': 'application/json' });
        for (let i = 0; i <= DEFAULTS.maxResponseBytes / mb.length; i++) res.write(mb);
        res.end();
      },
      async (baseUrl) => {
        const err = await rejection<ApiError>(client({ baseUrl }).getEntitlements());
        assert.equal(err.kind, 'invalid-response');
        assert.equal(err.status, 200);
        assert.match(err.message, /The service's answer to the entitlements read is larger than 16 MB/);
        assert.equal(requests, 1);
      },
    );
  });
});

describe('a host that cannot be reached', () => {
  test('a port nothing listens on: a network error worded for a person, retried', async () => {
    const port = await freePort();
    const retries: RetryInfo[] = [];
    const c = client({ baseUrl: `http://127.0.0.1:${port}/api/v1`, maxAttempts: 2, onRetry: (i) => retries.push(i) });
    const read = await rejection<ApiError>(c.getEntitlements());
    assert.equal(read.kind, 'network');
    assert.equal(read.attempts, 2, 'retried');
    assert.equal(read.maybeApplied, false);
    assert.equal(read.code, 'ECONNREFUSED', "Node's cause, where there is one");
    assert.equal(at(retries, 0).reason, 'connection refused (ECONNREFUSED)');

    const update = await rejection<ApiError>(c.bulkUpdate({ ids: ['a'], site: {} }));
    assert.equal(update.kind, 'network');
    assert.equal(update.maybeApplied, true, 'a browser does not say whether the request reached the service');
    assert.match(update.message, /may have been applied; it is safe to send it again/);

    for (const err of [read, update]) {
      assert.ok(err.message.includes(`127.0.0.1:${port}`), err.message);
      assert.match(err.message, /does not allow calls from this editor's origin\. (.* )?Check that the base URL is right and the service is running\./);
      assert.match(err.message, /can be used from VS Code on the desktop or with the scan-targets command line\./);
      assert.doesNotMatch(err.message, /failed to fetch|fetch failed/i);
    }
  });
});

describe('closing', () => {
  test('close() resolves at once and leaves a request in flight to finish', async () => {
    sandbox.reset();
    sandbox.setFaults({ latencyMs: 50 });
    const c = client();
    const read = c.getEntitlements();
    await sandboxClock.timerSet(50);
    await c.close();
    sandboxClock.advance(50);
    assert.deepEqual(await read, FULL_PROFILE);
    assert.equal((await rejection<ApiError>(c.getEntitlements())).kind, 'cancelled', 'a closed client takes no new request');
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
