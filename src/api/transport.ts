// The wire: the connection pool (direct, or through a proxy) and one attempt of a request, bounded
// by the request timeout and the caller's signal, its answer read up to a size cap. An attempt
// never throws: it comes back as the answer or as a failure that says whether a retry can help.
import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import type { Clock } from '../core/clock';
import type { Redactor } from '../core/redact';
import { boundAttempt } from './attemptBounds';
import { answerBroke, answerTooLarge, networkFailure } from './attemptFailures';
import { ApiError, type ApiErrorInit } from './errors';
import { headerValue } from './httpText';
import { DEFAULTS } from './options';
import type { AttemptOutcome, Endpoint, Operation, WireFactory } from './operation';
import { describeProxy, selectProxy } from './proxy';
import { tunnelPoolFactory } from './tunnel';

/** Attempts over undici: one connection pool per client, closed with it. */
export const undiciWire: WireFactory = (endpoint, clock, redactor, log) => {
  const dispatcher = createDispatcher(endpoint, clock, redactor, log);
  return {
    attempt: (op, fullPath, token, init) => sendAttempt(endpoint, clock, dispatcher, op, fullPath, token, init),
    close: () => dispatcher.close(),
  };
};

/**
 * The connection pool for `endpoint`: through the proxy its settings select, or direct. Throws a
 * 'configuration' ApiError for a proxy URL undici cannot use; logs which proxy it goes through.
 */
function createDispatcher(endpoint: Endpoint, clock: Clock, redactor: Redactor, log: (message: string) => void): Dispatcher {
  const { connectTimeoutMs, requestTimeoutMs } = endpoint.opts;
  const common = { keepAliveTimeout: 30_000, headersTimeout: requestTimeoutMs, bodyTimeout: requestTimeoutMs };
  const proxy = selectProxy(endpoint.base, endpoint.proxy);
  if (!proxy) return new Agent({ ...common, connect: { timeout: connectTimeoutMs } });
  let dispatcher: Dispatcher;
  try {
    dispatcher = new ProxyAgent({
      ...common,
      uri: proxy.url,
      proxyTls: { timeout: connectTimeoutMs, rejectUnauthorized: proxy.strictSSL },
      requestTls: { timeout: connectTimeoutMs, rejectUnauthorized: proxy.strictSSL },
      connect: { timeout: connectTimeoutMs },
      clientFactory: tunnelPoolFactory(clock, connectTimeoutMs),
    });
  } catch {
    throw new ApiError(
      'configuration',
      `The proxy URL ${redactor.redact(describeProxy(proxy.url))} is not usable. Correct the proxy setting (http.proxy, or HTTPS_PROXY for the command line) and try again.`,
    );
  }
  log(`Using proxy ${describeProxy(proxy.url)} for ${endpoint.base.origin}${proxy.strictSSL ? '' : ' (certificate checks off)'}`);
  return dispatcher;
}

/** One attempt: never throws; the outcome says whether to retry. */
async function sendAttempt<T>(
  endpoint: Endpoint,
  clock: Clock,
  dispatcher: Dispatcher,
  op: Operation<T>,
  fullPath: string,
  token: string,
  init: ApiErrorInit,
): Promise<AttemptOutcome> {
  const bounds = boundAttempt(endpoint, clock, op, init);

  let status: number | undefined;
  let received = 0;
  let expected: number | undefined;
  const chunks: Buffer[] = [];
  try {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': endpoint.opts.userAgent,
      [endpoint.opts.authHeader.toLowerCase()]: `${endpoint.opts.authScheme} ${token}`,
    };
    if (op.body !== undefined) headers['content-type'] = 'application/json';
    const res = await dispatcher.request({
      origin: endpoint.base.origin,
      path: fullPath,
      method: op.method,
      headers,
      body: op.body,
      signal: bounds.signal,
      headersTimeout: endpoint.opts.requestTimeoutMs,
      bodyTimeout: endpoint.opts.requestTimeoutMs,
    });
    status = res.statusCode;
    const length = Number(headerValue(res.headers['content-length']));
    expected = Number.isFinite(length) ? length : undefined;
    for await (const chunk of res.body) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      received += buf.length;
      if (received > DEFAULTS.maxResponseBytes) {
        res.body.destroy();
        return answerTooLarge(op, init, status);
      }
      chunks.push(buf);
    }
    return { type: 'response', response: { status, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') } };
  } catch (err) {
    const stopped = bounds.stopped(status !== undefined);
    if (stopped) return stopped;
    if (status !== undefined) {
      const got = expected !== undefined ? `${received} of ${expected} bytes` : `${received} bytes`;
      return answerBroke(endpoint, op, err, init, status, got, Buffer.concat(chunks).toString('utf8'));
    }
    return networkFailure(endpoint, op, err, init);
  } finally {
    bounds.release();
  }
}
