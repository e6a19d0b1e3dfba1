// The wire in a browser: one attempt of a request over the global `fetch` (the web worker's, in the
// extension's browser build; Node 20 has the same, which the tests use), bounded by the request
// timeout and the caller's signal, its answer read up to a size cap. An attempt never throws: it
// comes back as the answer or as a failure that says whether a retry can help, as undici's wire
// (transport.ts) does. Nothing here may need Node: no undici, no Node built-in, no Node global.
//
// Where it differs from undici's wire, because a browser decides:
// - The connections and the proxy are the browser's: `endpoint.proxy` (VS Code's `http.proxy`) is
//   not used, and there is no pool to close.
// - fetch has no connect timeout: the request timeout bounds the whole attempt, connecting included.
// - A failure before any answer is only `TypeError: Failed to fetch`, whether the host is down or
//   the service answered without allowing the editor's origin (CORS; the browser then withholds
//   the answer, after the service handled the request): `fetchFailure` says both, and that a bulk
//   update may have been applied.
// - Redirects are not followed (`redirect: 'manual'`), as undici does not: the token is never sent
//   elsewhere. Node's fetch then gives the 3xx itself, judged by answer.ts as any 3xx; a browser
//   gives an opaque redirect (status 0, no Location), reported here in the same words. Not
//   `redirect: 'error'`: that is the same bare network failure as an unreachable host.
// - No `user-agent` header: Chromium drops it, and Firefox sends it but then asks in its CORS
//   preflight whether that header is allowed, which a service that allows only its auth header and
//   content-type (the sandbox does) refuses, failing every call.
// - Of the answer's headers a browser shows only those the service exposes (CORS): Retry-After
//   reaches the retry loop when the service lists it in Access-Control-Expose-Headers (the sandbox
//   does); otherwise the loop's own backoff applies.
import type { Clock } from '../core/clock';
import { boundAttempt } from './attemptBounds';
import { answerBroke, answerTooLarge, fetchFailure } from './attemptFailures';
import { ApiError, type ApiErrorInit } from './errors';
import { DEFAULTS } from './options';
import type { AttemptOutcome, Endpoint, Operation, WireFactory } from './operation';
import { describeProxy, selectProxy } from './proxy';

/** Attempts over `fetch`; the browser keeps the connections, so closing releases nothing. */
export const fetchWire: WireFactory = (endpoint, clock, _redactor, log) => {
  const proxy = selectProxy(endpoint.base, endpoint.proxy);
  if (proxy)
    log(`Not using the proxy ${describeProxy(proxy.url)} for ${endpoint.base.origin}: in a browser, requests go through the browser's own proxy settings`);
  // Messages must not name a proxy the requests do not go through.
  const direct: Endpoint = { ...endpoint, proxy: undefined };
  return {
    attempt: (op, fullPath, token, init) => fetchAttempt(direct, clock, op, fullPath, token, init),
    // The client closes its wire only when no request uses it; nothing in flight is aborted.
    close: () => Promise.resolve(),
  };
};

/** One attempt: never throws; the outcome says whether to retry. */
async function fetchAttempt<T>(
  endpoint: Endpoint,
  clock: Clock,
  op: Operation<T>,
  fullPath: string,
  token: string,
  init: ApiErrorInit,
): Promise<AttemptOutcome> {
  const bounds = boundAttempt(endpoint, clock, op, init);

  let status: number | undefined;
  let received = 0;
  let expected: number | undefined;
  let text = '';
  // As undici's wire reads bytes: a BOM is kept (JSON.parse refuses it on either wire), bad UTF-8 becomes U+FFFD.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  try {
    const headers: Record<string, string> = {
      accept: 'application/json',
      [endpoint.opts.authHeader.toLowerCase()]: `${endpoint.opts.authScheme} ${token}`,
    };
    if (op.body !== undefined) headers['content-type'] = 'application/json';
    const request: RequestInit & { cache: 'no-store' } = {
      method: op.method,
      headers,
      body: op.body,
      signal: bounds.signal,
      // The token is the only credential: no cookie or HTTP authentication of the browser's goes along.
      credentials: 'omit',
      redirect: 'manual',
      // Every answer from the service itself, as undici gets it (Node's fetch has no cache, so its
      // RequestInit type does not name the option).
      cache: 'no-store',
    };
    const res = await fetch(`${endpoint.base.origin}${fullPath}`, request);
    if (res.type === 'opaqueredirect') return redirected(op, init);
    status = res.status;
    const answerHeaders = headersOf(res.headers);
    expected = declaredLength(answerHeaders);
    // No body at all (a 204): the empty text.
    const reader: ReadableStreamDefaultReader<Uint8Array> | undefined = res.body?.getReader();
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > DEFAULTS.maxResponseBytes) {
        await reader.cancel().catch(() => undefined);
        return answerTooLarge(op, init, status);
      }
      text += decoder.decode(value, { stream: true });
    }
    text += decoder.decode();
    return { type: 'response', response: { status, headers: answerHeaders, text } };
  } catch (err) {
    const stopped = bounds.stopped(status !== undefined);
    if (stopped) return stopped;
    if (status !== undefined) {
      const got = expected !== undefined ? `${received} of ${expected} bytes` : `${received} bytes`;
      return answerBroke(endpoint, op, err, init, status, got, text + decoder.decode());
    }
    return fetchFailure(endpoint, op, err, init, editorOrigin());
  } finally {
    bounds.release();
  }
}

/** The answer's headers by lower-case name (a repeated header's values joined by `, `, as fetch gives them). */
function headersOf(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name.toLowerCase()] = value;
  });
  return out;
}

/** The body's length in bytes as the service declared it, when fetch does not decompress it (then the count differs). */
function declaredLength(headers: Record<string, string>): number | undefined {
  const encoding = headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') return undefined;
  const length = Number(headers['content-length']);
  return headers['content-length'] !== undefined && Number.isFinite(length) ? length : undefined;
}

/** A browser's redirect, which hides its status and Location: refused as answer.ts refuses a 3xx. */
function redirected<T>(op: Operation<T>, init: ApiErrorInit): AttemptOutcome {
  return {
    type: 'failure',
    retryable: false,
    error: new ApiError(
      'unexpected-status',
      `The service redirected ${op.what} (the browser does not show where to). The client does not follow redirects, so that the token is never sent elsewhere. ` +
        'Set the base URL to the final address of the API.',
      init,
    ),
  };
}

/** The origin the browser sends requests from (the editor's), when there is one: in Node there is none. */
function editorOrigin(): string | undefined {
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  return typeof origin === 'string' && origin !== 'null' ? origin : undefined;
}
