// The HTTP client of the scanning service (spec section 4): the entitlements read and the bulk
// update, on undici. One keep-alive connection pool (an `Agent`, or a `ProxyAgent` when a proxy
// applies) per client, closed by `close()`. Free of `vscode`: the extension and the command line
// both build it, passing their own settings and logger.
//
// What a request goes through:
//   1. configuration checks, before any network access: a parseable http(s) base URL, no token
//      over plain http:// to a non-loopback host ('insecure-transport'), a usable token;
//   2. up to `maxAttempts` attempts, each bounded by the connect timeout and the request timeout,
//      all cancellable through the caller's AbortSignal (during a request and during a wait);
//   3. retries on network failures and on 429/502/503/504, waiting `Retry-After` when the service
//      sends it (capped: a longer wait fails at once, saying so) or an exponential backoff with
//      jitter otherwise;
//   4. the final answer mapped to a result checked against its schema, or to one `ApiError`.
//
// Nothing secret is logged: log lines carry method, path, status, duration, attempt and id
// count, never a body or a header, and every line and every error message goes through the
// redactor (the token, proxy credentials, the body's sensitive values, credential look-alikes).
import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import { contributes } from '../../package.json';
import { ApiError, ApiInvalidIdsError, ApiInvalidResponseError, ApiValidationError, type ApiErrorInit } from './errors';
import { flattenFieldErrors, type FieldErrors } from '../core/serviceContract';
import { describeProxy, isLoopbackHost, selectProxy, type ProxySettings } from './proxy';
import { Redactor, excerpt, sensitiveValuesOf } from '../core/redact';
import { formatFieldPath } from '../core/paths';
import { checkBulkUpdateResponse, checkEntitlements, type CheckResult } from './responseCheck';
import { RETRY_STATUSES, SleepAborted, backoffDelay, parseRetryAfter, sleep } from './retry';
import type { BulkUpdateBody, BulkUpdateResponse, BulkUpdateResult, Entitlements } from './types';
import { plural } from '../core/wording';
import { isRecord } from '../core/records';

/** What the client logs through: VS Code's LogOutputChannel fits, so does a stderr logger. */
export interface Logger {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export type TokenProvider = () => string | undefined | Promise<string | undefined>;

export interface RetryInfo {
  method: string;
  /** Path and query of the request. */
  path: string;
  /** The attempt that just failed (1-based). */
  attempt: number;
  maxAttempts: number;
  /** How long the client waits before the next attempt. */
  delayMs: number;
  /** Why: `503 Service Unavailable`, `connection refused (ECONNREFUSED)`, ... */
  reason: string;
  status?: number;
  /** What the service asked for with Retry-After, when it did. */
  retryAfterMs?: number;
}

export interface ClientOptions {
  /** e.g. `https://api.example.com/v1`; trailing slashes are ignored. */
  baseUrl: string;
  /** The API token, or a function that returns it (called once per request, so a replaced token is used at once). */
  token: string | TokenProvider;
  /** Scheme word before the token in the auth header. Default `JWT`. */
  authScheme?: string;
  /** Header carrying `<scheme> <token>`. Default `Authorization`. */
  authHeader?: string;
  /** Time allowed to open a connection (TCP, TLS, proxy tunnel). Default 10 000 ms. */
  connectTimeoutMs?: number;
  /** Time allowed for one whole attempt: connection, headers and body. Default 60 000 ms. */
  requestTimeoutMs?: number;
  /** Attempts per request, first included. Default 4. */
  maxAttempts?: number;
  /** Backoff before the first retry, before jitter. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** Largest computed backoff. Default 8 000 ms. */
  retryMaxDelayMs?: number;
  /** Longest `Retry-After` the client waits; a longer one fails the request at once. Default 60 000 ms. */
  maxRetryAfterMs?: number;
  /** Proxy settings (VS Code's `http.proxy`, or `proxyFromEnv` for the CLI); undefined: direct. */
  proxy?: ProxySettings;
  logger?: Logger;
  userAgent?: string;
  /** Called before each retry wait (after the log line). */
  onRetry?: (info: RetryInfo) => void;
  /** More values to keep out of logs and messages (e.g. resolved `${env:...}` values). */
  secrets?: readonly string[];
  /** Randomness for the backoff jitter; injectable for tests. */
  random?: () => number;
}

export interface BulkUpdateOptions {
  /**
   * Send `is_id_404_validation=true` (default): any unknown id makes the service answer the
   * custom 404, thrown as `ApiInvalidIdsError`. Off: the service updates the ids it
   * knows, and the result lists the others in `notUpdated`.
   */
  validateIds?: boolean;
  signal?: AbortSignal;
  /** Values of this body to keep out of logs and messages, on top of its `*_is_sensitive` ones. */
  sensitiveValues?: readonly string[];
}

export interface ApiClient {
  /** The normalised base URL (no trailing slash). */
  readonly baseUrl: string;
  /** GET {base}/account/entitlements/, checked against the entitlements schema. */
  getEntitlements(signal?: AbortSignal): Promise<Entitlements>;
  /** POST {base}/targets/bulk/update/. */
  bulkUpdate(body: BulkUpdateBody, options?: BulkUpdateOptions): Promise<BulkUpdateResult>;
  /** Closes the connection pool; requests in flight finish first. */
  close(): Promise<void>;
}

const declared = contributes.configuration.properties;

/** The client's defaults; those the user can set are the settings' defaults in the manifest. */
export const DEFAULTS = {
  authScheme: declared['scanTargets.authScheme'].default,
  authHeader: declared['scanTargets.authHeader'].default,
  connectTimeoutMs: declared['scanTargets.http.connectTimeoutMs'].default,
  requestTimeoutMs: declared['scanTargets.http.requestTimeoutMs'].default,
  maxAttempts: declared['scanTargets.http.maxAttempts'].default,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  userAgent: 'scan-target-settings',
  /** Larger answers are refused rather than buffered. */
  maxResponseBytes: 16 * 1024 * 1024,
} as const;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  418: "I'm a teapot",
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusLine(status: number): string {
  const text = STATUS_TEXT[status];
  return text ? `${status} ${text}` : String(status);
}

/**
 * `https://host/v1///` -> `https://host/v1`. Throws a 'configuration' ApiError for anything that
 * is not an absolute http(s) URL without query, fragment or credentials.
 */
export function normalizeBaseUrl(raw: string): URL {
  const text = raw.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ApiError('configuration', "The API base URL is not a valid URL. Set it to the service's address, for example https://api.example.com/v1.");
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ApiError(
      'configuration',
      `The API base URL must start with https:// (found ${url.protocol}//). Set it to the service's address, for example https://api.example.com/v1.`,
    );
  }
  if (url.username || url.password) {
    throw new ApiError(
      'configuration',
      'The API base URL must not contain a user name or password; the API token is sent in a header. Remove the credentials from the URL.',
    );
  }
  if (url.search || url.hash) {
    throw new ApiError('configuration', 'The API base URL must not contain a query (?...) or a fragment (#...). Remove it and try again.');
  }
  return url;
}

/**
 * A token goes over plain http:// only to a loopback address (the local sandbox): anywhere else
 * anyone on the network path could read it. Throws 'insecure-transport' otherwise.
 */
export function assertSecureTransport(url: URL): void {
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ApiError(
      'insecure-transport',
      `Refusing to send the API token to ${url.host} over plain http://: anyone on the network path could read it. ` +
        'Use an https:// base URL. Plain http:// is accepted only for loopback addresses (127.0.0.1, ::1, localhost), such as the local sandbox. Nothing was sent.',
      { attempts: 0 },
    );
  }
}

interface Operation<T> {
  method: 'GET' | 'POST';
  /** Path and query appended to the base URL's path. */
  relativePath: string;
  body?: string;
  /** For log lines: `(25 ids)`. */
  logSuffix: string;
  /** What the request is, in messages: "the entitlements read", "the bulk update". */
  what: string;
  signal?: AbortSignal;
  redactor: Redactor;
  /** Turns a 2xx JSON body into the result, or returns the schema problems. */
  check(body: unknown): CheckResult<T>;
  /** Special handling of an error status (the bulk update's custom 404). */
  special?(status: number, json: unknown, init: ApiErrorInit): ApiError | undefined;
}

interface Received {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

type AttemptOutcome = { type: 'response'; response: Received } | { type: 'failure'; error: ApiError; retryable: boolean };

export function createClient(options: ClientOptions): ApiClient {
  return new HttpApiClient(options);
}

class HttpApiClient implements ApiClient {
  readonly baseUrl: string;
  private readonly base: URL | undefined;
  private readonly configError: ApiError | undefined;
  private readonly redactor: Redactor;
  private dispatcher: Dispatcher | undefined;
  private closed = false;
  private readonly opts: Required<Omit<ClientOptions, 'proxy' | 'logger' | 'onRetry' | 'secrets' | 'random' | 'token'>>;

  constructor(private readonly options: ClientOptions) {
    this.opts = {
      baseUrl: options.baseUrl,
      authScheme: options.authScheme?.trim() || DEFAULTS.authScheme,
      authHeader: options.authHeader?.trim() || DEFAULTS.authHeader,
      connectTimeoutMs: positive(options.connectTimeoutMs, DEFAULTS.connectTimeoutMs),
      requestTimeoutMs: positive(options.requestTimeoutMs, DEFAULTS.requestTimeoutMs),
      maxAttempts: Math.max(1, Math.floor(positive(options.maxAttempts, DEFAULTS.maxAttempts))),
      retryBaseDelayMs: nonNegative(options.retryBaseDelayMs, DEFAULTS.retryBaseDelayMs),
      retryMaxDelayMs: nonNegative(options.retryMaxDelayMs, DEFAULTS.retryMaxDelayMs),
      maxRetryAfterMs: nonNegative(options.maxRetryAfterMs, DEFAULTS.maxRetryAfterMs),
      userAgent: options.userAgent?.trim() || DEFAULTS.userAgent,
    };
    this.redactor = new Redactor([...(options.secrets ?? []), typeof options.token === 'string' ? options.token : undefined]);
    if (options.proxy?.url) {
      try {
        const proxy = new URL(options.proxy.url);
        this.redactor.add(decodeURIComponent(proxy.password), proxy.password);
      } catch {
        // Reported when the dispatcher is built.
      }
    }
    let base: URL | undefined;
    let configError: ApiError | undefined;
    try {
      base = normalizeBaseUrl(options.baseUrl);
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(this.opts.authHeader)) {
        throw new ApiError('configuration', 'The authentication header name is not a valid HTTP header name. Set it to a name such as Authorization.');
      }
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(this.opts.authScheme)) {
        throw new ApiError('configuration', 'The authentication scheme must be a single word such as JWT, Bearer or Token.');
      }
    } catch (err) {
      configError = err instanceof ApiError ? err : new ApiError('configuration', 'The client settings are not usable.');
    }
    this.base = base;
    this.configError = configError;
    this.baseUrl = base ? base.href.replace(/\/+$/, '') : options.baseUrl.trim().replace(/\/+$/, '');
  }

  async getEntitlements(signal?: AbortSignal): Promise<Entitlements> {
    const { value } = await this.run<Entitlements>({
      method: 'GET',
      relativePath: '/account/entitlements/',
      logSuffix: '',
      what: 'the entitlements read',
      signal,
      redactor: this.redactor,
      check: checkEntitlements,
    });
    return value;
  }

  async bulkUpdate(body: BulkUpdateBody, options: BulkUpdateOptions = {}): Promise<BulkUpdateResult> {
    const validateIds = options.validateIds ?? true;
    const requested = Array.isArray(body?.ids) ? body.ids : [];
    const redactor = this.redactor.with([...sensitiveValuesOf(body), ...(options.sensitiveValues ?? [])]);
    let payload: string;
    try {
      payload = JSON.stringify(body);
    } catch {
      throw new ApiError(
        'configuration',
        'The bulk update body cannot be written as JSON (it contains a cycle or a value JSON cannot hold). Nothing was sent.',
      );
    }
    const { value, attempts } = await this.run<BulkUpdateResponse>({
      method: 'POST',
      relativePath: `/targets/bulk/update/${validateIds ? '?is_id_404_validation=true' : ''}`,
      body: payload,
      logSuffix: ` (${plural(requested.length, 'id')})`,
      what: 'the bulk update',
      signal: options.signal,
      redactor,
      check: checkBulkUpdateResponse,
      special: (status, json, init) => {
        // The custom 404 of a bulk update: {detail, is_id_404_validation: true, invalid_ids}.
        if (status !== 404 || !isRecord(json) || !Array.isArray(json.invalid_ids)) return undefined;
        const invalid = json.invalid_ids.filter((id): id is string => typeof id === 'string').map((id) => redactor.redact(id));
        const shown = invalid.slice(0, 10).join(', ');
        const more = invalid.length > 10 ? ` and ${invalid.length - 10} more` : '';
        return new ApiInvalidIdsError(
          `The service rejected the bulk update: ${invalid.length} of the ${requested.length} ids ${invalid.length === 1 ? 'is not a valid target' : 'are not valid targets'} (${shown}${more}). ` +
            'Remove or correct those ids and send again, or send without id validation to update only the valid ones.',
          invalid,
          init,
        );
      },
    });
    const updated = new Set(value.ids);
    return { ids: value.ids, notUpdated: requested.filter((id) => !updated.has(id)), attempts };
  }

  async close(): Promise<void> {
    this.closed = true;
    const dispatcher = this.dispatcher;
    this.dispatcher = undefined;
    await dispatcher?.close();
  }

  // ---------------------------------------------------------------------------------------------

  private log(level: keyof Logger, message: string, redactor: Redactor): void {
    try {
      this.options.logger?.[level](redactor.redact(message));
    } catch {
      // A logger that throws must not turn a request into a failure.
    }
  }

  private getDispatcher(): Dispatcher {
    if (this.dispatcher) return this.dispatcher;
    const connectTimeout = this.opts.connectTimeoutMs;
    const common = {
      keepAliveTimeout: 30_000,
      headersTimeout: this.opts.requestTimeoutMs,
      bodyTimeout: this.opts.requestTimeoutMs,
    };
    const proxy = this.base ? selectProxy(this.base, this.options.proxy) : undefined;
    if (proxy) {
      try {
        this.dispatcher = new ProxyAgent({
          ...common,
          uri: proxy.url,
          proxyTls: { timeout: connectTimeout, rejectUnauthorized: proxy.strictSSL },
          requestTls: { timeout: connectTimeout, rejectUnauthorized: proxy.strictSSL },
          connect: { timeout: connectTimeout },
        });
      } catch {
        throw new ApiError(
          'configuration',
          `The proxy URL ${this.redactor.redact(describeProxy(proxy.url))} is not usable. Correct the proxy setting (http.proxy, or HTTPS_PROXY for the command line) and try again.`,
        );
      }
      this.log('debug', `Using proxy ${describeProxy(proxy.url)} for ${this.base?.origin}${proxy.strictSSL ? '' : ' (certificate checks off)'}`, this.redactor);
    } else {
      this.dispatcher = new Agent({ ...common, connect: { timeout: connectTimeout } });
    }
    return this.dispatcher;
  }

  private async resolveToken(): Promise<string> {
    let token: string | undefined;
    try {
      token = typeof this.options.token === 'function' ? await this.options.token() : this.options.token;
    } catch (err) {
      const reason = err instanceof Error ? this.redactor.redact(err.message) : 'unknown error';
      throw new ApiError('configuration', `Could not read the API token (${reason}). Set the token again and retry. Nothing was sent.`);
    }
    token = token?.trim();
    if (!token) {
      throw new ApiError('configuration', `No API token is set for ${this.base?.origin ?? 'the service'}. Set the API token and try again. Nothing was sent.`);
    }
    this.redactor.add(token);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(token) || /\s/.test(token)) {
      throw new ApiError(
        'configuration',
        'The API token contains a space, a line break or a control character. Set the token again, pasting the token only (without the scheme word). Nothing was sent.',
      );
    }
    return token;
  }

  private async run<T>(op: Operation<T>): Promise<{ value: T; attempts: number }> {
    const method = op.method;
    const fullPath = `${this.base?.pathname.replace(/\/+$/, '') ?? ''}${op.relativePath}`;
    const init: ApiErrorInit = { method, path: fullPath, attempts: 0 };
    try {
      if (this.configError) throw this.configError;
      if (!this.base) throw new ApiError('configuration', 'The API base URL is not set.');
      assertSecureTransport(this.base);
      if (this.closed) {
        throw new ApiError('cancelled', 'The connection to the service was closed (its settings changed). Run the command again.', init);
      }
      if (op.signal?.aborted) throw cancelledError(op, init, false);
      const token = await this.resolveToken();
      op.redactor.add(token);
      const dispatcher = this.getDispatcher();

      // Retrying is safe for both operations: the entitlements read is a GET, and the bulk update
      // is idempotent: it sets the same settings on the same ids, so applying it twice leaves the
      // targets in the same state as applying it once (the response is the list of ids updated,
      // which is also the same). A retried POST after a lost or cut-off answer therefore cannot
      // do harm, and a retried POST after a 429/502/503/504 is what the service asks for. The
      // sandbox's change log lets the tests show that a retry neither loses nor changes an update.
      const max = this.opts.maxAttempts;
      for (let attempt = 1; ; attempt++) {
        const attemptInit = { ...init, attempts: attempt };
        this.log('debug', `${method} ${fullPath}${op.logSuffix}: attempt ${attempt}/${max}`, op.redactor);
        const started = Date.now();
        const outcome = await this.attempt(op, dispatcher, fullPath, token, attemptInit);
        const ms = Date.now() - started;

        let retryReason: string | undefined;
        let retryAfterMs: number | undefined;
        let status: number | undefined;
        if (outcome.type === 'response') {
          status = outcome.response.status;
          this.log('info', `${method} ${fullPath}${op.logSuffix} -> ${status} in ${ms} ms (attempt ${attempt}/${max})`, op.redactor);
          if (!RETRY_STATUSES.has(status)) return this.finish(op, outcome.response, attemptInit);
          retryAfterMs = parseRetryAfter(outcome.response.headers['retry-after']);
          if (retryAfterMs !== undefined && retryAfterMs > this.opts.maxRetryAfterMs) {
            throw this.retryAfterTooLong(op, outcome.response, retryAfterMs, attemptInit);
          }
          if (attempt >= max) return this.finish(op, outcome.response, attemptInit);
          retryReason = statusLine(status);
        } else {
          this.log(
            'debug',
            `${method} ${fullPath}${op.logSuffix}: attempt ${attempt}/${max} failed after ${ms} ms [${outcome.error.kind}${outcome.error.code ? ` ${outcome.error.code}` : ''}]`,
            op.redactor,
          );
          if (!outcome.retryable || attempt >= max) throw outcome.error;
          retryReason = outcome.error.code ? `${shortReason(outcome.error)} (${outcome.error.code})` : shortReason(outcome.error);
        }

        const delayMs =
          retryAfterMs ??
          backoffDelay(attempt, {
            baseDelayMs: this.opts.retryBaseDelayMs,
            maxDelayMs: this.opts.retryMaxDelayMs,
            random: this.options.random,
          });
        const info: RetryInfo = { method, path: fullPath, attempt, maxAttempts: max, delayMs, reason: retryReason, status, retryAfterMs };
        this.log(
          'warn',
          `${method} ${fullPath}${op.logSuffix}: ${retryReason}; retrying in ${delayMs} ms` +
            `${retryAfterMs !== undefined ? ' (Retry-After)' : ''} (attempt ${attempt + 1}/${max} next)`,
          op.redactor,
        );
        try {
          this.options.onRetry?.(info);
        } catch {
          // A callback failure must not change the request's outcome.
        }
        try {
          await sleep(delayMs, op.signal);
        } catch (err) {
          if (err instanceof SleepAborted) throw cancelledError(op, attemptInit, outcome.type === 'response' || outcome.error.maybeApplied);
          throw err;
        }
      }
    } catch (err) {
      if (err instanceof ApiError) {
        this.log(err.kind === 'cancelled' ? 'info' : 'warn', `${method} ${fullPath}${op.logSuffix} failed [${err.kind}]: ${err.message}`, op.redactor);
        throw err;
      }
      // Anything unforeseen still leaves as an ApiError with a redacted message.
      const message = err instanceof Error ? err.message : String(err);
      throw new ApiError('network', op.redactor.redact(`${capitalize(op.what)} failed unexpectedly: ${message}`), init);
    }
  }

  /** One attempt: never throws; the outcome says whether to retry. */
  private async attempt<T>(op: Operation<T>, dispatcher: Dispatcher, fullPath: string, token: string, init: ApiErrorInit): Promise<AttemptOutcome> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('request timeout'));
    }, this.opts.requestTimeoutMs);
    const onAbort = (): void => controller.abort(op.signal?.reason);
    op.signal?.addEventListener('abort', onAbort, { once: true });
    if (op.signal?.aborted) onAbort();

    let status: number | undefined;
    let received = 0;
    let expected: number | undefined;
    const chunks: Buffer[] = [];
    try {
      const headers: Record<string, string> = {
        accept: 'application/json',
        'user-agent': this.opts.userAgent,
        [this.opts.authHeader.toLowerCase()]: `${this.opts.authScheme} ${token}`,
      };
      if (op.body !== undefined) headers['content-type'] = 'application/json';
      const res = await dispatcher.request({
        origin: this.base!.origin,
        path: fullPath,
        method: op.method,
        headers,
        body: op.body,
        signal: controller.signal,
        headersTimeout: this.opts.requestTimeoutMs,
        bodyTimeout: this.opts.requestTimeoutMs,
      });
      status = res.statusCode;
      const length = Number(headerValue(res.headers['content-length']));
      expected = Number.isFinite(length) ? length : undefined;
      for await (const chunk of res.body) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        received += buf.length;
        if (received > DEFAULTS.maxResponseBytes) {
          res.body.destroy();
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
        chunks.push(buf);
      }
      return { type: 'response', response: { status, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') } };
    } catch (err) {
      const sent = status !== undefined;
      if (op.signal?.aborted) return { type: 'failure', retryable: false, error: cancelledError(op, init, true) };
      if (timedOut) return { type: 'failure', retryable: false, error: this.timeoutError(op, init, sent) };
      if (status !== undefined) {
        // Headers arrived, then the connection broke (reset, or closed before Content-Length
        // bytes): a transient network failure, retried like one.
        const partial = Buffer.concat(chunks).toString('utf8');
        const got = expected !== undefined ? `${received} of ${expected} bytes` : `${received} bytes`;
        return {
          type: 'failure',
          retryable: true,
          error: new ApiError(
            'network',
            `The connection to ${this.base!.host} broke while the answer to ${op.what} was arriving (status ${statusLine(status)}, ${got} received` +
              `${partial ? `: "${excerpt(partial, op.redactor)}"` : ''}). ` +
              (op.method === 'POST' ? 'The update may have been applied; it is safe to send it again. ' : '') +
              'Try again; if it keeps happening, check your network or proxy.',
            { ...init, status, code: errorCode(err) ?? 'truncated-response', maybeApplied: true },
          ),
        };
      }
      return this.networkFailure(op, err, init);
    } finally {
      clearTimeout(timer);
      op.signal?.removeEventListener('abort', onAbort);
    }
  }

  private timeoutError<T>(op: Operation<T>, init: ApiErrorInit, sent: boolean): ApiError {
    return new ApiError(
      'timeout',
      `${capitalize(op.what)} timed out: ${this.base!.host} did not answer within ${this.opts.requestTimeoutMs} ms. ` +
        (op.method === 'POST' ? 'The update may or may not have been applied; it is safe to send it again. ' : '') +
        'Try again later, or raise the request timeout setting.',
      { ...init, code: 'request-timeout', maybeApplied: sent || op.method === 'POST' },
    );
  }

  private networkFailure<T>(op: Operation<T>, err: unknown, init: ApiErrorInit): AttemptOutcome {
    const code = errorCode(err);
    const rawMessage = err instanceof Error ? err.message : String(err);
    const proxyUrl = this.base ? selectProxy(this.base, this.options.proxy)?.url : undefined;
    // Through a proxy, the connection the client opens is the proxy's: a refusal or a DNS failure
    // is the proxy's (trouble beyond it comes back as a non-200 answer to CONNECT).
    const host = proxyUrl ? `the proxy ${describeProxy(proxyUrl).replace(/^[a-z]+:\/\//, '')}` : this.base!.host;
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
          `Could not find ${proxyUrl ? host : `the host ${this.base!.hostname}`} (DNS lookup failed). Check that ${settingsRight}, and your network.`,
          false,
          false,
        );
      case 'EAI_AGAIN':
        return fail('network', `The DNS lookup of ${proxyUrl ? host : this.base!.hostname} failed temporarily. Check your network and try again.`, true, false);
      case 'UND_ERR_CONNECT_TIMEOUT':
      case 'ETIMEDOUT':
        return fail(
          'timeout',
          `Could not connect to ${host} within ${this.opts.connectTimeoutMs} ms. Check that ${settingsRight} and ${networkNote}, or raise the connect timeout setting.`,
          true,
          false,
        );
      case 'UND_ERR_HEADERS_TIMEOUT':
      case 'UND_ERR_BODY_TIMEOUT':
        return { type: 'failure', retryable: false, error: this.timeoutError(op, init, true) };
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
      const proxy = this.options.proxy?.url ? describeProxy(this.options.proxy.url) : 'the proxy';
      const detail =
        m?.[1] === '407'
          ? 'it asks for credentials (407 Proxy Authentication Required); put them in the proxy URL'
          : `it answered ${m ? statusLine(Number(m[1])) : 'with an error'} to the tunnel request`;
      return fail('network', `The proxy ${proxy} did not open a connection to ${this.base!.host}: ${detail}. Check the proxy settings.`, false, false);
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

  private retryAfterTooLong<T>(op: Operation<T>, response: Received, retryAfterMs: number, init: ApiErrorInit): ApiError {
    const seconds = Math.ceil(retryAfterMs / 1000);
    const cap = Math.round(this.opts.maxRetryAfterMs / 1000);
    const when = new Date(Date.now() + retryAfterMs).toISOString();
    return new ApiError(
      'unexpected-status',
      `The service answered ${statusLine(response.status)} to ${op.what} and asked to wait ${seconds} s before trying again (Retry-After), ` +
        `longer than the ${cap} s this client waits. ${op.method === 'POST' ? 'The update was probably not applied. ' : ''}Try again after ${when}.`,
      { ...init, status: response.status, retryAfterMs, detail: detailOf(parseJson(response.text), op.redactor) },
    );
  }

  /** The final answer: a checked result or an ApiError. */
  private finish<T>(op: Operation<T>, response: Received, init: ApiErrorInit): { value: T; attempts: number } {
    const { status, text } = response;
    const errInit: ApiErrorInit = { ...init, status, maybeApplied: status >= 200 && status < 300 };
    const json = parseJson(text);
    const contentType = headerValue(response.headers['content-type']) ?? 'no content type';
    const bodyNote = (): string => (text.trim() === '' ? 'The body was empty.' : `Body (${contentType}): "${excerpt(text, op.redactor)}"`);

    if (status >= 200 && status < 300) {
      if (text.trim() === '' || json === undefined) {
        throw new ApiInvalidResponseError(
          `The service answered ${statusLine(status)} to ${op.what}, but ${text.trim() === '' ? 'with an empty body' : `not with JSON. ${bodyNote()}`}. ` +
            'Check that the base URL points at the API (not a web page or a login portal) and try again.',
          [{ path: [], message: text.trim() === '' ? 'empty body' : 'not JSON' }],
          errInit,
        );
      }
      const result = op.check(json.value);
      if (result.extras.length > 0) {
        this.log('debug', `${op.method} ${init.path}: ignoring fields the schema does not know: ${result.extras.join(', ')}`, op.redactor);
      }
      if (!result.ok) {
        const problems = result.problems.map((p) => ({ path: p.path, message: op.redactor.redact(p.message) }));
        const listed = problems
          .slice(0, 5)
          .map((p) => p.message)
          .join('; ');
        const more = problems.length > 5 ? `; and ${problems.length - 5} more` : '';
        throw new ApiInvalidResponseError(
          `The service's answer to ${op.what} does not match the specification: ${listed}${more}. ` +
            'Check that the base URL points at the right service, or update the extension.',
          problems,
          errInit,
        );
      }
      return { value: result.value as T, attempts: init.attempts ?? 1 };
    }

    const special = op.special?.(status, json?.value, { ...errInit, detail: detailOf(json?.value, op.redactor) });
    if (special) throw special;

    const detail = detailOf(json?.value, op.redactor);
    const quoted = detail !== undefined ? `: "${excerpt(detail, op.redactor)}"` : '';
    const attemptsNote = (init.attempts ?? 1) > 1 ? ` after ${init.attempts} attempts` : '';

    if (status === 400 && json !== undefined && isRecord(json.value)) {
      const raw = redactDeep(json.value, op.redactor) as FieldErrors;
      const flat = flattenFieldErrors(raw);
      const listed = flat
        .slice(0, 5)
        .map((f) => `${f.path.length === 0 ? '' : `\`${formatFieldPath(f.path)}\`: `}${f.messages.join(' ')}`)
        .join('; ');
      const more = flat.length > 5 ? `; and ${flat.length - 5} more` : '';
      throw new ApiValidationError(
        `The service rejected ${op.what} as invalid (${statusLine(400)}): ${(listed || 'no reason given').replace(/\.$/, '')}${more}. ` +
          `Correct ${flat.length === 1 ? 'this' : 'these'} and send again${op.method === 'POST' ? '; nothing was updated' : ''}.`,
        raw,
        flat,
        { ...errInit, detail },
      );
    }
    if (status === 401 || status === 403) {
      throw new ApiError(
        'unauthorized',
        `The service refused the credentials for ${op.what} (${statusLine(status)}${quoted}). ` +
          `Set a valid API token for ${this.base!.origin}, and check that the authentication scheme (${this.opts.authScheme}) and header (${this.opts.authHeader}) are what the service expects.`,
        { ...errInit, detail },
      );
    }
    if (status === 404) {
      throw new ApiError(
        'not-found',
        `The service answered ${statusLine(404)} to ${op.method} ${init.path}${quoted}. ` +
          `Check the base URL (${this.baseUrl}): requests go to {base URL}${op.relativePath.replace(/\?.*$/, '')}.${detail === undefined ? ` ${bodyNote()}` : ''}`,
        { ...errInit, detail },
      );
    }
    if (status === 500) {
      throw new ApiError(
        'server',
        `The service failed with an internal error while handling ${op.what} (${statusLine(500)}${quoted})${attemptsNote}. ` +
          `${op.method === 'POST' ? 'The update may not have been applied. ' : ''}Try again later; if it persists, contact the service's support.`,
        { ...errInit, detail },
      );
    }
    if (RETRY_STATUSES.has(status)) {
      const busy = status === 429 ? 'is limiting the request rate' : 'is unavailable or overloaded';
      throw new ApiError(
        'unexpected-status',
        `The service ${busy} (${statusLine(status)}${quoted}) and still was${attemptsNote || ' on the only attempt allowed'}. ` +
          `${op.method === 'POST' ? 'The update was probably not applied; it is safe to send it again. ' : ''}Try again later.${detail === undefined ? ` ${bodyNote()}` : ''}`,
        { ...errInit, detail, retryAfterMs: parseRetryAfter(response.headers['retry-after']) },
      );
    }
    if (status >= 300 && status < 400) {
      const location = headerValue(response.headers.location);
      const where = location ? ` to ${excerpt(location.replace(/\?.*$/, ''), op.redactor, 120)}` : '';
      throw new ApiError(
        'unexpected-status',
        `The service redirected ${op.what} (${statusLine(status)})${where}. The client does not follow redirects, so that the token is never sent elsewhere. ` +
          'Set the base URL to the final address of the API.',
        { ...errInit, detail },
      );
    }
    throw new ApiError(
      'unexpected-status',
      `The service answered ${op.what} with ${statusLine(status)}, which the client does not expect${quoted}. ` +
        `${detail === undefined ? `${bodyNote()} ` : ''}Check the base URL and any proxy in between, and try again.`,
      { ...errInit, detail },
    );
  }
}

function cancelledError<T>(op: Operation<T>, init: ApiErrorInit, maybeSent: boolean): ApiError {
  return new ApiError(
    'cancelled',
    `${capitalize(op.what)} was cancelled.` +
      (op.method === 'POST' && maybeSent
        ? ' It may already have been applied; the update is idempotent, so it is safe to send it again.'
        : ' Nothing more was sent.'),
    { ...init, code: 'cancelled', maybeApplied: op.method === 'POST' && maybeSent },
  );
}

function shortReason(error: ApiError): string {
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
    default:
      return error.status !== undefined ? `answer cut off (${statusLine(error.status)})` : 'network error';
  }
}

function errorCode(err: unknown): string | undefined {
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

function parseJson(text: string): { value: unknown } | undefined {
  if (text.trim() === '') return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

function detailOf(value: unknown, redactor: Redactor): string | undefined {
  return isRecord(value) && typeof value.detail === 'string' ? redactor.redact(value.detail) : undefined;
}

function redactDeep(value: unknown, redactor: Redactor): unknown {
  if (typeof value === 'string') return redactor.redact(value);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redactor));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, redactor)]));
  return value;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function positive(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

function nonNegative(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}
