// Which request goes where: the two endpoints under the base path and their methods, and the token
// check in front of both (scheme JWT, Bearer or Token; compared in constant time). The entitlements
// read answers the profile as it is; the bulk update has its own file.
import type * as http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { bulkUpdate } from './bulkUpdate';
import { json, type Answer } from './httpAnswer';
import { SANDBOX_BASE_PATH, type ChangeRecord, type TargetRecord } from './types';

const ACCEPTED_SCHEMES = new Set(['jwt', 'bearer', 'token']);
/** Path -> the one method it serves. A Map, so that no path can find a property of `Object.prototype`. */
const ENDPOINTS: ReadonlyMap<string, string> = new Map([
  [`${SANDBOX_BASE_PATH}/account/entitlements/`, 'GET'],
  [`${SANDBOX_BASE_PATH}/targets/bulk/update/`, 'POST'],
]);

/** What a request is answered from: the auth settings and the sandbox's current state. */
export interface RouteContext {
  readonly token: string;
  /** The auth header's name, lower case. */
  readonly authHeader: string;
  readonly profile: Record<string, unknown>;
  readonly store: Map<string, TargetRecord>;
  readonly changes: ChangeRecord[];
}

/** A 401 answer, or `undefined` when the request carries the token. */
function authorized(req: http.IncomingMessage, authHeader: string, token: string): Answer | undefined {
  const raw = req.headers[authHeader];
  const value = Array.isArray(raw) ? raw[0] : raw;
  const challenge = { 'www-authenticate': 'JWT realm="api"' };
  if (!value) return json(401, { detail: 'Authentication credentials were not provided.' }, challenge);
  const [, scheme, credentials] = /^(\S+)\s+(\S+)$/.exec(value.trim()) ?? [];
  if (scheme === undefined || credentials === undefined || !ACCEPTED_SCHEMES.has(scheme.toLowerCase()) || !sameSecret(credentials, token)) {
    return json(401, { detail: 'Incorrect authentication credentials.' }, challenge);
  }
  return undefined;
}

export function route(ctx: RouteContext, n: number, req: http.IncomingMessage, url: URL, raw: Buffer): Answer {
  const method = req.method ?? 'GET';
  const path = url.pathname;
  const allowed = ENDPOINTS.get(path);
  if (!allowed) return json(404, { detail: 'Not found.' });
  if (method !== allowed) return json(405, { detail: `Method "${method}" not allowed.` }, { allow: allowed });
  const denied = authorized(req, ctx.authHeader, ctx.token);
  if (denied) return denied;
  if (allowed === 'GET') return json(200, ctx.profile);
  return bulkUpdate(n, req, url, raw, ctx.store, ctx.changes);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
