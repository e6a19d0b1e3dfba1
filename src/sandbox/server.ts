// The local sandbox: a stand-in for the scanning service on node's `http`, for trying the extension
// out and for tests. This file starts it and runs each request: records it, reads the body, applies
// latency and the request's fault, routes it and answers; and keeps the state `reset()` restores.
// The routes and auth, the bulk update, the faults and the target store have files of their own.
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { applyCors, isPreflight } from './cors';
import { cutOff, errorRateAnswer, failNextAnswer, nonJsonAnswer, omitIdsAnswer, resetConnection, takeFault } from './faults';
import { json, readBody, send } from './httpAnswer';
import { DEFAULT_ID_SEED, mulberry32 } from './prng';
import { resolveProfile } from './profiles';
import { route } from './routes';
import { isRecord } from '../core/records';
import { sleep } from '../core/clock';
import { seedTargets } from './store';
import {
  DEFAULT_SANDBOX_TOKEN,
  SANDBOX_BASE_PATH,
  type ChangeRecord,
  type FaultOptions,
  type RequestRecord,
  type Sandbox,
  type SandboxOptions,
  type TargetRecord,
} from './types';

/** Starts a sandbox listening on `host:port` (a free port by default), seeded and without faults. */
/** How long a `slowNext` answer is held by default: longer than the client's default request timeout. */
const DEFAULT_SLOW_MS = 120_000;

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? DEFAULT_SANDBOX_TOKEN;
  const authHeader = (options.authHeader ?? 'authorization').toLowerCase();
  const initialProfile = options.profile ?? 'full';
  const targetCount = options.targets ?? 50;
  const idSeed = options.idSeed ?? DEFAULT_ID_SEED;
  resolveProfile(initialProfile); // fail early on an unknown profile name

  let profile: Record<string, unknown> = resolveProfile(initialProfile);
  const store = new Map<string, TargetRecord>();
  const changes: ChangeRecord[] = [];
  const requests: RequestRecord[] = [];
  let faults: FaultOptions = {};
  let faultRandom = mulberry32(1);
  let requestCount = 0;
  const sockets = new Set<Socket>();
  let connectionTotal = 0;
  /** Fires on `close()`: a held `slowNext` answer is dropped. */
  const closing = new AbortController();

  const seedStore = (): void => seedTargets(store, targetCount, idSeed, options.exampleTargets === true);
  const applyFaults = (f: FaultOptions): void => {
    faults = { ...f, failNext: [...(f.failNext ?? [])] };
    faultRandom = mulberry32(f.seed ?? 1);
  };
  seedStore();
  applyFaults(options.faults ?? {});

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      // A bug here must answer like a failing service, not crash the process hosting the sandbox.
      if (!res.headersSent) send(res, json(500, { detail: `Sandbox error: ${err instanceof Error ? err.message : String(err)}` }));
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  server.on('connection', (socket: Socket) => {
    connectionTotal++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const n = ++requestCount;
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const entry: RequestRecord = { n, method: req.method ?? 'GET', path: url.pathname, query: url.search.replace(/^\?/, ''), status: 0 };
    requests.push(entry);
    const finish = (status: number, fault?: string): void => {
      entry.status = status;
      if (fault) entry.fault = fault;
      try {
        options.onRequest?.({ ...entry });
      } catch {
        // A failing observer must not break the sandbox.
      }
    };

    const cors = options.cors ?? [];
    applyCors(req, res, cors, authHeader);
    if (cors.length > 0 && isPreflight(req)) {
      // A browser asks before a cross-origin call: answered at once, with no fault and no token.
      res.writeHead(204).end();
      finish(204);
      return;
    }

    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch {
      send(res, json(413, { detail: 'Request body too large.' }));
      finish(413);
      return;
    }
    const ids = idsOf(raw);
    entry.idsCount = ids?.length;
    if (options.recordIds && ids) entry.ids = ids.filter((id): id is string => typeof id === 'string');
    if (faults.latencyMs && faults.latencyMs > 0) await sleep(faults.latencyMs, undefined, options.clock);
    if (res.destroyed) return;

    const fault = takeFault(faults, faultRandom);
    if (fault === 'hang') {
      finish(0, 'hang');
      return; // never answered; close() destroys the socket
    }
    if (fault === 'resetBefore') {
      // Not processed: nothing applied, nothing answered.
      finish(0, 'resetBefore');
      resetConnection(res);
      return;
    }
    if (fault === 'failNext') {
      const f = faults.failNext!.shift()!;
      send(res, failNextAnswer(f));
      finish(f.status, 'failNext');
      return;
    }
    if (fault === 'nonJson') {
      const status = faults.nonJsonStatus ?? 502;
      send(res, nonJsonAnswer(status));
      finish(status, 'nonJson');
      return;
    }
    if (fault?.startsWith('errorRate:')) {
      const status = Number(fault.slice('errorRate:'.length));
      send(res, errorRateAnswer(status));
      finish(status, 'errorRate');
      return;
    }

    const answer = route({ token, authHeader, profile, store, changes }, n, req, url, raw);
    if (fault === 'reset' || fault === 'truncate') {
      // Processed (any change is applied and recorded), then the answer is cut off.
      cutOff(res, answer, fault);
      finish(answer.status, fault);
      return;
    }
    if (fault === 'slow') {
      // Processed; the answer leaves only after `slowMs` of the clock (dropped if the sandbox closes first).
      try {
        await sleep(faults.slowMs ?? DEFAULT_SLOW_MS, closing.signal, options.clock);
      } catch {
        finish(0, 'slow');
        return;
      }
      send(res, answer);
      finish(answer.status, 'slow');
      return;
    }
    if (fault === 'omitIds') {
      const short = omitIdsAnswer(answer, faults.omitIdsCount ?? 1);
      send(res, short);
      finish(short.status, 'omitIds');
      return;
    }
    send(res, answer);
    finish(answer.status);
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closed: Promise<void> | undefined;

  return {
    url: `http://${urlHost}:${port}${SANDBOX_BASE_PATH}`,
    host,
    port,
    token,
    changes,
    requests,
    connectionCount: () => connectionTotal,
    targetIds: () => [...store.keys()],
    target: (id) => {
      const t = store.get(id);
      return t ? structuredClone(t) : undefined;
    },
    setFaults: applyFaults,
    setProfile: (p) => {
      profile = resolveProfile(p);
    },
    reset: () => {
      seedStore();
      applyFaults({});
      profile = resolveProfile(initialProfile);
      changes.length = 0;
      requests.length = 0;
      requestCount = 0;
    },
    close: () => {
      closing.abort();
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const s of sockets) s.destroy();
      });
      return closed;
    },
  };
}

function idsOf(raw: Buffer): unknown[] | undefined {
  if (raw.length === 0) return undefined;
  try {
    const body = JSON.parse(raw.toString('utf8')) as unknown;
    return isRecord(body) && Array.isArray(body.ids) ? body.ids : undefined;
  } catch {
    return undefined;
  }
}
