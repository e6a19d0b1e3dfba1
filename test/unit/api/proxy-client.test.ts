// The client through a real local HTTP proxy: undici's ProxyAgent opens a CONNECT tunnel (also
// for http:// targets), which this test proxy implements with net.connect; absolute-URI
// forwarding is implemented too, in case a client uses it. The proxy records what went through.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import * as net from 'node:net';
import { ApiError } from '../../../src/api/errors';
import { createClient, type ApiClient, type ClientOptions } from '../../../src/api/client';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { ManualClock } from '../../fixtures/manualClock';
import { PROXY_PASSWORD, SECRET_TOKEN, assertNothingLeaked, captured, recordingLogger, rejection } from './helpers';

interface TestProxy {
  url: string;
  port: number;
  /** `CONNECT host:port` targets and forwarded absolute URIs, in order. */
  seen: string[];
  /** Proxy-Authorization headers received. */
  auth: (string | undefined)[];
  close(): Promise<void>;
}

async function startProxy(requiredAuth?: string): Promise<TestProxy> {
  const seen: string[] = [];
  const auth: (string | undefined)[] = [];
  const sockets = new Set<net.Socket>();
  const authorized = (req: http.IncomingMessage): boolean => {
    auth.push(req.headers['proxy-authorization']);
    return requiredAuth === undefined || req.headers['proxy-authorization'] === requiredAuth;
  };
  const server = http.createServer((req, res) => {
    // Forward proxying: the request line carries an absolute URI.
    seen.push(`FORWARD ${req.url}`);
    if (!authorized(req)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    const target = new URL(req.url ?? '');
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`);
    if (!authorized(req)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    auth,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let sandbox: Sandbox;
let proxy: TestProxy;
let authProxy: TestProxy;
const clients: ApiClient[] = [];
const logger = recordingLogger();
const basic = (user: string, pass: string): string => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

function client(overrides: Partial<ClientOptions> = {}): ApiClient {
  const c = createClient({ baseUrl: sandbox.url, token: SECRET_TOKEN, logger, retryBaseDelayMs: 0, requestTimeoutMs: 5_000, ...overrides });
  clients.push(c);
  return c;
}

before(async () => {
  sandbox = await startSandbox({ token: SECRET_TOKEN });
  proxy = await startProxy();
  authProxy = await startProxy(basic('scan', PROXY_PASSWORD));
});

after(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await proxy.close();
  await authProxy.close();
  await sandbox.close();
});

describe('proxy', () => {
  test('requests go through the proxy (CONNECT tunnel) when one is set', async () => {
    proxy.seen.length = 0;
    sandbox.reset();
    const c = client({ proxy: { url: proxy.url, proxyLoopback: true } });
    await c.getEntitlements();
    const result = await c.bulkUpdate({ ids: sandbox.targetIds().slice(0, 2), site: { name: 'via proxy' } });
    assert.equal(result.ids.length, 2);
    assert.ok(proxy.seen.length >= 1);
    assert.ok(
      proxy.seen.every((s) => s === `CONNECT 127.0.0.1:${sandbox.port}` || s.startsWith(`FORWARD http://127.0.0.1:${sandbox.port}/`)),
      proxy.seen.join(', '),
    );
    assert.deepEqual(
      sandbox.requests.map((r) => r.status),
      [200, 200],
    );
    assert.ok(logger.lines.some((l) => l === `debug: Using proxy ${proxy.url} for http://127.0.0.1:${sandbox.port}`));
  });

  test('NO_PROXY matching the host means a direct connection', async () => {
    proxy.seen.length = 0;
    await client({ proxy: { url: proxy.url, proxyLoopback: true, noProxy: `example.com, 127.0.0.1:${sandbox.port}` } }).getEntitlements();
    assert.deepEqual(proxy.seen, []);
  });

  test('loopback targets bypass the proxy by default', async () => {
    proxy.seen.length = 0;
    await client({ proxy: { url: proxy.url } }).getEntitlements();
    assert.deepEqual(proxy.seen, []);
  });

  test('proxy credentials in the URL are sent, and never logged', async () => {
    authProxy.auth.length = 0;
    await client({ proxy: { url: `http://scan:${PROXY_PASSWORD}@127.0.0.1:${authProxy.port}`, proxyLoopback: true } }).getEntitlements();
    assert.equal(authProxy.auth[0], basic('scan', PROXY_PASSWORD));
  });

  test('a proxy refusing the credentials (407) is a network error, not retried', async () => {
    authProxy.seen.length = 0;
    const err = await rejection<ApiError>(
      client({ proxy: { url: `http://scan:wrong-${PROXY_PASSWORD}@127.0.0.1:${authProxy.port}`, proxyLoopback: true } }).getEntitlements(),
    );
    assert.equal(err.kind, 'network');
    assert.equal(authProxy.seen.length, 1);
    assert.match(
      err.message,
      new RegExp(
        `The proxy http://127\\.0\\.0\\.1:${authProxy.port} did not open a connection to 127\\.0\\.0\\.1:${sandbox.port}: it asks for credentials \\(407 Proxy Authentication Required\\)`,
      ),
    );
  });

  test('a proxy that accepts the connection and never tunnels: a timeout naming the phase, the proxy and the host', async () => {
    const accepted: net.Socket[] = [];
    let connected: () => void = () => undefined;
    const connection = new Promise<void>((resolve) => (connected = resolve));
    const silent = net.createServer((socket) => {
      accepted.push(socket);
      socket.on('data', () => undefined);
      connected();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const clock = new ManualClock();
      const read = client({
        clock,
        proxy: { url: `http://127.0.0.1:${port}` },
        baseUrl: 'https://api.example.test/v1',
        connectTimeoutMs: 10_000,
        requestTimeoutMs: 60_000,
        maxAttempts: 1,
      }).getEntitlements();
      await connection;
      await clock.timerSet(10_000);
      clock.advance(10_000);
      const err = await rejection<ApiError>(read);
      assert.equal(err.kind, 'timeout');
      assert.equal(err.code, 'PROXY_TUNNEL_TIMEOUT');
      assert.equal(err.maybeApplied, false);
      assert.match(
        err.message,
        new RegExp(
          `The proxy 127\\.0\\.0\\.1:${port} accepted the connection but did not open a tunnel to api\\.example\\.test within 10000 ms\\. .*raise the connect timeout \\(scanTargets\\.http\\.connectTimeoutMs, or --connect-timeout on the command line\\)`,
        ),
      );
    } finally {
      for (const socket of accepted) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  test('an unreachable proxy is a network error', async () => {
    const dead = await startProxy();
    const deadUrl = dead.url;
    await dead.close();
    const err = await rejection<ApiError>(client({ proxy: { url: deadUrl, proxyLoopback: true }, maxAttempts: 2 }).getEntitlements());
    assert.equal(err.kind, 'network');
    assert.equal(err.attempts, 2);
    assert.match(err.message, new RegExp(`Could not connect to the proxy 127\\.0\\.0\\.1:${dead.port}: the connection was refused\\..*proxy settings`));
  });
});

test('nothing captured in this file contains the token or a proxy password', () => {
  assert.ok(captured.length > 5);
  assertNothingLeaked();
});
