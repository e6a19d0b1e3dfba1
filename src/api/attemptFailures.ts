// What a failed attempt means, said to a person: a cancellation, a timeout, or a network failure
// (refused, DNS, connect timeout, reset, proxy tunnel, TLS; a browser's failed fetch), an answer
// too large or cut off, each with whether a retry can help and whether a bulk update may already
// have been applied.
import { excerpt } from '../core/redact';
import { capitalize } from '../core/wording';
import { ApiError, type ApiErrorInit } from './errors';
import { statusLine } from './httpText';
import type { AttemptOutcome, Endpoint, Operation } from './operation';
import { DEFAULTS } from './options';
import { describeProxy, selectProxy } from './proxy';

/** The code of the error a proxy tunnel that did not open in time fails with (tunnel.ts). */
export const PROXY_TUNNEL_TIMEOUT = 'PROXY_TUNNEL_TIMEOUT';

/** Where each timeout is set, as messages name it: the editor's setting and the command line's flag. */
export const CONNECT_TIMEOUT_NAMES = 'scanTargets.http.connectTimeoutMs, or --connect-timeout on the command line';
export const REQUEST_TIMEOUT_NAMES = 'scanTargets.http.requestTimeoutMs, or --request-timeout on the command line';

/** The phase a request was in when its time ran out, once it was sent. */
export type WaitPhase = 'headers' | 'body';

export function timeoutError<T>(endpoint: Endpoint, op: Operation<T>, init: ApiErrorInit, phase: WaitPhase): ApiError {
  const waited =
    phase === 'headers'
      ? `${endpoint.base.host} received the request but did not start answering within ${endpoint.opts.requestTimeoutMs} ms`
      : `${endpoint.base.host} started answering but the rest of the answer did not arrive within ${endpoint.opts.requestTimeoutMs} ms`;
  const proxy = proxyOf(endpoint);
  return new ApiError(
    'timeout',
    `${capitalize(op.what)} timed out: ${waited}${proxy ? ` (through the proxy ${proxy})` : ''}. ` +
      (op.method === 'POST' ? 'The update may have been applied; it is safe to send it again. ' : '') +
      `Try again later, or raise the request timeout (${REQUEST_TIMEOUT_NAMES}).`,
    { ...init, code: phase === 'headers' ? 'headers-timeout' : 'body-timeout', maybeApplied: op.method === 'POST' },
  );
}

/** The proxy requests to `endpoint` go through, as messages show it (no credentials), if any. */
function proxyOf(endpoint: Endpoint): string | undefined {
  const url = selectProxy(endpoint.base, endpoint.proxy)?.url;
  return url === undefined ? undefined : describeProxy(url);
}

export function networkFailure<T>(endpoint: Endpoint, op: Operation<T>, err: unknown, init: ApiErrorInit): AttemptOutcome {
  const code = errorCode(err);
  const rawMessage = err instanceof Error ? err.message : String(err);
  const proxyUrl = selectProxy(endpoint.base, endpoint.proxy)?.url;
  // Through a proxy, the connection the client opens is the proxy's: a refusal or a DNS failure
  // is the proxy's (trouble beyond it comes back as a non-200 answer to CONNECT).
  const host = proxyUrl ? `the proxy ${describeProxy(proxyUrl).replace(/^[a-z]+:\/\//, '')}` : endpoint.base.host;
  /** "the base URL is right" / "the base URL and proxy settings are right". */
  const settingsRight = proxyUrl ? 'the base URL and proxy settings are right' : 'the base URL is right';
  const networkNote = proxyUrl ? 'your network and proxy settings' : 'your network';
  const firstLine = (rawMessage.split('\n')[0] ?? '').trim();
  const shortRaw = firstLine.length <= 120 && !/error:[0-9A-F]{8}:/.test(firstLine) ? firstLine : undefined;
  const fail = (kind: 'network' | 'timeout', text: string, retryable: boolean, maybeApplied: boolean): AttemptOutcome => ({
    type: 'failure',
    retryable,
    error: new ApiError(kind, op.redactor.redact(text), { ...init, code, maybeApplied }),
  });
  switch (code) {
    case 'ECONNREFUSED':
      return fail(
        'network',
        `Could not connect to ${host}: the connection was refused. Check that the service (or the local sandbox) is running and ${settingsRight}.`,
        true,
        false,
      );
    case 'ENOTFOUND':
      return fail(
        'network',
        `Could not find ${proxyUrl ? host : `the host ${endpoint.base.hostname}`} (DNS lookup failed). Check that ${settingsRight}, and your network.`,
        false,
        false,
      );
    case 'EAI_AGAIN':
      return fail(
        'network',
        `The DNS lookup of ${proxyUrl ? host : endpoint.base.hostname} failed temporarily. Check your network and try again.`,
        true,
        false,
      );
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return fail(
        'timeout',
        `Could not connect to ${host} within ${endpoint.opts.connectTimeoutMs} ms. Check that ${settingsRight} and ${networkNote}, or raise the connect timeout (${CONNECT_TIMEOUT_NAMES}).`,
        true,
        false,
      );
    case PROXY_TUNNEL_TIMEOUT:
      return fail(
        'timeout',
        `${host.charAt(0).toUpperCase()}${host.slice(1)} accepted the connection but did not open a tunnel to ${endpoint.base.host} within ${endpoint.opts.connectTimeoutMs} ms. ` +
          `Check the proxy settings and that the proxy can reach the service, or raise the connect timeout (${CONNECT_TIMEOUT_NAMES}).`,
        true,
        false,
      );
    case 'UND_ERR_HEADERS_TIMEOUT':
      return { type: 'failure', retryable: false, error: timeoutError(endpoint, op, init, 'headers') };
    case 'UND_ERR_BODY_TIMEOUT':
      return { type: 'failure', retryable: false, error: timeoutError(endpoint, op, init, 'body') };
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENETDOWN':
      return fail('network', `Could not reach ${host}: the network is unreachable (${code}). Check ${networkNote}.`, true, false);
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return fail(
        'network',
        `The connection to ${host} closed before an answer arrived. ${op.method === 'POST' ? 'The update may or may not have been applied; it is safe to send it again. ' : ''}Try again; if it keeps happening, check ${networkNote}.`,
        true,
        true,
      );
    default:
      break;
  }
  if (/Proxy response \((\d+)\)|Proxy Authentication Required|proxy/i.test(rawMessage)) {
    const m = /\((\d{3})\)/.exec(rawMessage);
    const proxy = endpoint.proxy?.url ? describeProxy(endpoint.proxy.url) : 'the proxy';
    const detail =
      m?.[1] === '407'
        ? 'it asks for credentials (407 Proxy Authentication Required); put them in the proxy URL'
        : `it answered ${m ? statusLine(Number(m[1])) : 'with an error'} to the tunnel request`;
    return fail('network', `The proxy ${proxy} did not open a connection to ${endpoint.base.host}: ${detail}. Check the proxy settings.`, false, false);
  }
  if (code && (/^(CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_TLS_|ERR_SSL_|EPROTO$)/.test(code) || /certificate/i.test(rawMessage))) {
    if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'EPROTO') {
      return fail(
        'network',
        `The TLS handshake with ${host} failed (${code}): the server does not seem to speak TLS on that port. Check that the base URL's scheme (https:// or http://) and port are right.`,
        false,
        false,
      );
    }
    return fail(
      'network',
      `The TLS connection to ${host} failed${shortRaw ? `: ${shortRaw}` : ''} (${code ?? 'TLS error'}). Check the base URL; if a proxy or company firewall inspects TLS, its certificate must be trusted (or, at your own risk, turn off strict certificate checking: http.proxyStrictSSL in VS Code).`,
      false,
      false,
    );
  }
  return fail(
    'network',
    `${capitalize(op.what)} could not reach ${host}: ${shortRaw ?? 'network error'}${code ? ` (${code})` : ''}. Check ${networkNote} and try again.`,
    true,
    true,
  );
}

export function cancelledError<T>(op: Operation<T>, init: ApiErrorInit, maybeSent: boolean): ApiError {
  return new ApiError(
    'cancelled',
    `${capitalize(op.what)} was cancelled.` +
      (op.method === 'POST' && maybeSent
        ? ' It may already have been applied; the update is idempotent, so it is safe to send it again.'
        : ' Nothing more was sent.'),
    { ...init, code: 'cancelled', maybeApplied: op.method === 'POST' && maybeSent },
  );
}

export function shortReason(error: ApiError): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return 'connection closed';
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return 'connect timeout';
    case PROXY_TUNNEL_TIMEOUT:
      return 'proxy tunnel timeout';
    default:
      return error.status !== undefined ? `answer cut off (${statusLine(error.status)})` : 'network error';
  }
}

export function errorCode(err: unknown): string | undefined {
  let e: unknown = err;
  const seen = new Set<unknown>();
  let first: string | undefined;
  while (e instanceof Error && !seen.has(e)) {
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      // Prefer the root cause's errno code (ECONNREFUSED) over undici's wrapper code.
      if (/^E[A-Z]+$/.test(code) || /^(CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_TLS_|ERR_SSL_)/.test(code)) return code;
      first ??= code;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return first;
}

/**
 * A `fetch` that failed before any answer came (fetchWire.ts). A browser says only "Failed to
 * fetch", the same whether the host could not be reached or the service answered without allowing
 * the editor's origin (CORS), in which case the answer is withheld after the service has handled
 * the request. So the message names both, a retry may help (a service restarting), and a bulk
 * update may have been applied. `origin` is the editor's, when it has one (a browser's).
 */
export function fetchFailure<T>(endpoint: Endpoint, op: Operation<T>, err: unknown, init: ApiErrorInit, origin: string | undefined): AttemptOutcome {
  const maybeApplied = op.method === 'POST';
  return {
    type: 'failure',
    retryable: true,
    error: new ApiError(
      'network',
      op.redactor.redact(
        `${capitalize(op.what)} could not reach ${endpoint.base.host}, or the service does not allow calls from this editor's origin${origin ? ` (${origin})` : ''}. ` +
          (maybeApplied
            ? 'The browser does not say whether the request reached the service, so the update may have been applied; it is safe to send it again. '
            : '') +
          'Check that the base URL is right and the service is running. ' +
          'A service that does not allow calls from a browser can be used from VS Code on the desktop or with the scan-targets command line.',
      ),
      { ...init, code: errorCode(err), maybeApplied },
    ),
  };
}

/** An answer larger than `DEFAULTS.maxResponseBytes`: refused, not retried (another attempt gets the same). */
export function answerTooLarge<T>(op: Operation<T>, init: ApiErrorInit, status: number): AttemptOutcome {
  return {
    type: 'failure',
    retryable: false,
    error: new ApiError(
      'invalid-response',
      `The service's answer to ${op.what} is larger than ${DEFAULTS.maxResponseBytes / 1024 / 1024} MB, far more than the specification allows. Check the base URL points at the API.`,
      { ...init, status, maybeApplied: true },
    ),
  };
}

/**
 * Headers arrived, then the connection broke (reset, or closed before Content-Length bytes): a
 * transient network failure, retried like one. `got` says how much arrived: `120 of 300 bytes`.
 */
export function answerBroke<T>(
  endpoint: Endpoint,
  op: Operation<T>,
  err: unknown,
  init: ApiErrorInit,
  status: number,
  got: string,
  partial: string,
): AttemptOutcome {
  return {
    type: 'failure',
    retryable: true,
    error: new ApiError(
      'network',
      `The connection to ${endpoint.base.host} broke while the answer to ${op.what} was arriving (status ${statusLine(status)}, ${got} received` +
        `${partial ? `: "${excerpt(partial, op.redactor)}"` : ''}). ` +
        (op.method === 'POST' ? 'The update may have been applied; it is safe to send it again. ' : '') +
        'Try again; if it keeps happening, check your network or proxy.',
      { ...init, status, code: errorCode(err) ?? 'truncated-response', maybeApplied: true },
    ),
  };
}
