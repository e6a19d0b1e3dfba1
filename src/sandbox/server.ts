// The local sandbox: a stand-in for the scanning service, on node's `http`, for trying the
// extension out and for tests. It serves both operations of the spec under `/api/v1`
// (so clients exercise base-URL joining), checks auth and the request body as the service
// would, keeps an in-memory target store, records every request and every change it applies,
// and can be told to misbehave (latency, error statuses, Retry-After, cut-off or non-JSON
// answers, hangs) deterministically.
//
// Choices where the spec is silent (spec 4.1: "the result when only some ids are valid: not
// shown"):
// - With `is_id_404_validation=true`, any unknown id gives the custom 404 of spec 7.2 and
//   NOTHING is applied (all or nothing).
// - Without it, the update is applied to the known ids only, and the answer is 200 with
//   `{ids}` listing exactly the ids updated (the unknown ones are left out). This is what a
//   `filter(id__in=ids).update(...)` service would do, and it lets a client tell which ids were
//   skipped by comparing the lists.
// - A repeated id is applied once and listed once.
// - Unknown fields are refused (400), as the schema has `additionalProperties: false`.
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { targetSettingsValidate } from '../core/schema/validators';
import { drfErrorsFromAjv, nonFieldErrors } from './drfErrors';
import { DEFAULT_ID_SEED, mulberry32, sandboxTargetIds } from './prng';
import { resolveProfile, type ProfileName } from './profiles';

export const SANDBOX_BASE_PATH = '/api/v1';
export const DEFAULT_SANDBOX_TOKEN = 'sandbox-token';
const ACCEPTED_SCHEMES = new Set(['jwt', 'bearer', 'token']);
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export type SandboxProfile = ProfileName | Record<string, unknown>;

/** A canned answer for the next request (the `failNext` queue). */
export interface InjectedFailure {
  status: number;
  /** `Retry-After` header value: seconds, or an HTTP-date string. */
  retryAfter?: number | string;
  /** Body: an object/array is sent as JSON, a string as is; default `{detail: "..."}`. */
  body?: unknown;
  /** Content type for a string body. Default `text/plain` (JSON for objects). */
  contentType?: string;
}

export interface FaultOptions {
  /** Delay before every answer, in ms. */
  latencyMs?: number;
  /** Probability per status, e.g. `{500: 0.1, 503: 0.2}`; rolled with a seeded PRNG. */
  errorRate?: Partial<Record<number, number>>;
  /** Seed of the errorRate PRNG (default 1): same seed, same sequence of faults. */
  seed?: number;
  /** Queue of canned answers, one per request, in order. */
  failNext?: InjectedFailure[];
  /** The next N requests are processed, then the socket is reset mid-answer (headers and part of the body sent). */
  resetNext?: number;
  /** The next N requests get an HTML error page instead of JSON (status `nonJsonStatus`). */
  nonJsonNext?: number;
  /** Status of the `nonJsonNext` pages. Default 502; 200 gives an HTML page with a success status. */
  nonJsonStatus?: number;
  /** The next N requests are processed, then the answer declares a longer Content-Length than it sends and the connection ends. */
  truncateNext?: number;
  /** The next N requests are never answered (until the sandbox closes). */
  hangNext?: number;
}

export interface SandboxOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Token requests must carry as `<scheme> <token>` (scheme JWT, Bearer or Token). Default `sandbox-token`. */
  token?: string;
  /** Header carrying it (case-insensitive). Default `authorization`. */
  authHeader?: string;
  /** Entitlements served: `full`, `restricted`, or any record (served as is, even if invalid). Default `full`. */
  profile?: SandboxProfile;
  /** Number of seeded demo targets. Default 50. */
  targets?: number;
  /** Seed of the target ids. Default `DEFAULT_ID_SEED`. */
  idSeed?: number;
  faults?: FaultOptions;
  /** Called after each request is answered (for a command line's request log). */
  onRequest?: (record: RequestRecord) => void;
}

export interface RequestRecord {
  /** 1-based request number. */
  n: number;
  method: string;
  /** Path without the query. */
  path: string;
  /** Query string without `?` ('' when none). */
  query: string;
  /** Status sent; 0 when the request was never answered (hang) . */
  status: number;
  /** Number of ids in the body, when it had an `ids` list. */
  idsCount?: number;
  /** The fault applied, if any: `failNext`, `errorRate`, `reset`, `truncate`, `nonJson`, `hang`. */
  fault?: string;
}

export interface ChangeRecord {
  /** Number of the request that made the change (RequestRecord.n). */
  request: number;
  /** Ids the change was applied to, in request order, without repeats. */
  ids: string[];
  /** Body fields applied (every field but `ids`), in body order. */
  fields: string[];
  /** The settings applied (the body without `ids`), deep-copied. */
  settings: Record<string, unknown>;
  /** Whether `is_id_404_validation` was on. */
  validateIds: boolean;
}

export interface TargetRecord {
  id: string;
  /** Settings as last updated: `site` merged field by field, the other fields replaced. */
  settings: Record<string, unknown>;
}

export interface Sandbox {
  /** Base URL of the API, e.g. `http://127.0.0.1:41234/api/v1`. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly token: string;
  /** Every change applied, in order. */
  readonly changes: readonly ChangeRecord[];
  /** Every request received, in order. */
  readonly requests: readonly RequestRecord[];
  /** TCP connections accepted so far (shows whether a client reuses its connections). */
  connectionCount(): number;
  /** Ids of the targets in the store, seeded order. */
  targetIds(): string[];
  target(id: string): TargetRecord | undefined;
  /** Replaces the fault options (queues included); the errorRate PRNG restarts from its seed. */
  setFaults(faults: FaultOptions): void;
  setProfile(profile: SandboxProfile): void;
  /** Back to the seeded store, no faults, the initial profile, empty logs. */
  reset(): void;
  /** Stops listening and drops every connection (hung ones included). */
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body: string;
  contentType: string;
  headers?: Record<string, string>;
}

function json(status: number, value: unknown, headers?: Record<string, string>): Answer {
  return { status, body: JSON.stringify(value), contentType: 'application/json', headers };
}

const DEFAULT_FAULT_DETAIL: Record<number, string> = {
  429: 'Request was throttled.',
  500: 'A server error occurred.',
  502: 'Bad gateway.',
  503: 'Service temporarily unavailable, try again later.',
  504: 'Gateway timeout.',
};

function htmlPage(status: number): string {
  return `<!DOCTYPE html>\n<html><head><title>${status} Error</title></head>\n<body><h1>${status} Error</h1><p>The upstream server is not available. Please try again later.</p><hr><address>sandbox-proxy</address></body></html>\n`;
}

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

  const seedStore = (): void => {
    store.clear();
    sandboxTargetIds(targetCount, idSeed).forEach((id, i) => {
      store.set(id, { id, settings: { site: { name: `Demo target ${i + 1}`, url: `https://target-${i + 1}.sandbox.example` } } });
    });
  };
  const applyFaults = (f: FaultOptions): void => {
    faults = { ...f, failNext: [...(f.failNext ?? [])] };
    faultRandom = mulberry32(f.seed ?? 1);
  };
  seedStore();
  applyFaults(options.faults ?? {});

  /** The fault for this request, consumed from the queues (one per request). */
  const takeFault = (): string | undefined => {
    const take = (key: 'hangNext' | 'resetNext' | 'truncateNext' | 'nonJsonNext'): boolean => {
      const n = faults[key] ?? 0;
      if (n <= 0) return false;
      faults[key] = n - 1;
      return true;
    };
    if (take('hangNext')) return 'hang';
    if (take('resetNext')) return 'reset';
    if (take('truncateNext')) return 'truncate';
    if (take('nonJsonNext')) return 'nonJson';
    if (faults.failNext && faults.failNext.length > 0) return 'failNext';
    if (faults.errorRate) {
      const roll = faultRandom();
      let cumulative = 0;
      for (const [status, p] of Object.entries(faults.errorRate).sort(([a], [b]) => Number(a) - Number(b))) {
        cumulative += p ?? 0;
        if (roll < cumulative) return `errorRate:${status}`;
      }
    }
    return undefined;
  };

  const authorized = (req: http.IncomingMessage): Answer | undefined => {
    const raw = req.headers[authHeader];
    const value = Array.isArray(raw) ? raw[0] : raw;
    const challenge = { 'www-authenticate': 'JWT realm="api"' };
    if (!value) return json(401, { detail: 'Authentication credentials were not provided.' }, challenge);
    const [, scheme, credentials] = /^(\S+)\s+(\S+)$/.exec(value.trim()) ?? [];
    if (scheme === undefined || credentials === undefined || !ACCEPTED_SCHEMES.has(scheme.toLowerCase()) || !sameSecret(credentials, token)) {
      return json(401, { detail: 'Incorrect authentication credentials.' }, challenge);
    }
    return undefined;
  };

  const bulkUpdate = (n: number, req: http.IncomingMessage, url: URL, raw: Buffer): Answer => {
    const [mediaType = ''] = (req.headers['content-type'] ?? '').split(';');
    const contentType = mediaType.trim().toLowerCase();
    if (contentType !== '' && contentType !== 'application/json') {
      return json(415, { detail: `Unsupported media type "${contentType}" in request.` });
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch (err) {
      return json(400, nonFieldErrors(`JSON parse error - ${err instanceof Error ? err.message : 'invalid JSON'}`));
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      const got = body === null ? 'NoneType' : Array.isArray(body) ? 'list' : typeof body === 'string' ? 'str' : typeof body === 'number' ? 'int' : 'bool';
      return json(400, nonFieldErrors(`Invalid data. Expected a dictionary, but got ${got}.`));
    }
    // The body schema's validator, generated at build time (core/schema/validators.ts).
    const validate = targetSettingsValidate;
    if (!validate(body)) return json(400, drfErrorsFromAjv(validate.errors ?? [], body));

    const record = body as Record<string, unknown> & { ids: string[] };
    const validateIds = ['true', 'True', '1', 'yes'].includes(url.searchParams.get('is_id_404_validation') ?? '');
    const ids = [...new Set(record.ids)];
    const unknown = ids.filter((id) => !store.has(id));
    if (unknown.length > 0 && validateIds) {
      // Spec 7.2; all or nothing: nothing is applied.
      return json(404, { detail: 'Not found.', is_id_404_validation: true, invalid_ids: unknown });
    }
    const known = ids.filter((id) => store.has(id));
    const settings = structuredClone(Object.fromEntries(Object.entries(record).filter(([k]) => k !== 'ids')));
    // The targets of one request share these values: stored settings are only ever replaced (a
    // field, or `site` by a merged copy), never changed in place, and reads return clones.
    for (const id of known) {
      const target = store.get(id)!;
      for (const [field, value] of Object.entries(settings)) {
        const current = target.settings[field];
        target.settings[field] = field === 'site' && isPlainObject(current) && isPlainObject(value) ? { ...current, ...value } : value;
      }
    }
    if (known.length > 0) changes.push({ request: n, ids: known, fields: Object.keys(settings), settings, validateIds });
    return json(200, { ids: known });
  };

  const route = (n: number, req: http.IncomingMessage, url: URL, raw: Buffer): Answer => {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const endpoints: Record<string, string> = {
      [`${SANDBOX_BASE_PATH}/account/entitlements/`]: 'GET',
      [`${SANDBOX_BASE_PATH}/targets/bulk/update/`]: 'POST',
    };
    const allowed = endpoints[path];
    if (!allowed) return json(404, { detail: 'Not found.' });
    if (method !== allowed) return json(405, { detail: `Method "${method}" not allowed.` }, { allow: allowed });
    const denied = authorized(req);
    if (denied) return denied;
    if (allowed === 'GET') return json(200, profile);
    return bulkUpdate(n, req, url, raw);
  };

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

    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch {
      send(res, json(413, { detail: 'Request body too large.' }));
      finish(413);
      return;
    }
    entry.idsCount = idsCountOf(raw);
    if (faults.latencyMs && faults.latencyMs > 0) await delay(faults.latencyMs);
    if (res.destroyed) return;

    const fault = takeFault();
    if (fault === 'hang') {
      finish(0, 'hang');
      return; // never answered; close() destroys the socket
    }
    if (fault === 'failNext') {
      const f = faults.failNext!.shift()!;
      const headers: Record<string, string> = {};
      if (f.retryAfter !== undefined) headers['retry-after'] = String(f.retryAfter);
      const answer: Answer =
        f.body === undefined
          ? json(f.status, { detail: DEFAULT_FAULT_DETAIL[f.status] ?? `Injected status ${f.status}.` }, headers)
          : typeof f.body === 'string'
            ? { status: f.status, body: f.body, contentType: f.contentType ?? 'text/plain; charset=utf-8', headers }
            : json(f.status, f.body, headers);
      send(res, answer);
      finish(f.status, 'failNext');
      return;
    }
    if (fault === 'nonJson') {
      const status = faults.nonJsonStatus ?? 502;
      send(res, { status, body: htmlPage(status), contentType: 'text/html; charset=utf-8' });
      finish(status, 'nonJson');
      return;
    }
    if (fault?.startsWith('errorRate:')) {
      const status = Number(fault.slice('errorRate:'.length));
      send(
        res,
        json(
          status,
          { detail: DEFAULT_FAULT_DETAIL[status] ?? `Injected status ${status}.` },
          status === 429 || status === 503 ? { 'retry-after': '1' } : undefined,
        ),
      );
      finish(status, 'errorRate');
      return;
    }

    const answer = route(n, req, url, raw);
    if (fault === 'reset' || fault === 'truncate') {
      // Processed (any change is applied and recorded), then the answer is cut off.
      const bytes = Buffer.from(answer.body, 'utf8');
      res.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': String(bytes.length + 64) });
      res.write(bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2))), () => {
        const socket = res.socket;
        if (!socket) return;
        if (fault === 'reset' && typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
        else if (fault === 'reset') socket.destroy();
        else socket.end();
      });
      finish(answer.status, fault);
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
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const s of sockets) s.destroy();
      });
      return closed;
    },
  };
}

function send(res: http.ServerResponse, answer: Answer): void {
  if (res.destroyed) return;
  const bytes = Buffer.from(answer.body, 'utf8');
  res.writeHead(answer.status, { ...answer.headers, 'content-type': answer.contentType, 'content-length': String(bytes.length) });
  res.end(bytes);
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        failed = true;
        reject(new Error('too large'));
        return;
      }
      if (!failed) chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
    });
  });
}

function idsCountOf(raw: Buffer): number | undefined {
  if (raw.length === 0) return undefined;
  try {
    const body = JSON.parse(raw.toString('utf8')) as unknown;
    return isPlainObject(body) && Array.isArray(body.ids) ? body.ids.length : undefined;
  } catch {
    return undefined;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
