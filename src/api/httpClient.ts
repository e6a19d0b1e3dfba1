// The HTTP client of the scanning service: the entitlements read and the bulk update, over a wire
// it is given (`Wire`, operation.ts): undici's connection pool on Node (transport.ts, through
// client.ts). One wire per client, made on the first request and closed by `close()`. Free of
// `vscode` and of the wire's library: the extension and the command line both build it, passing
// their own settings and logger.
//
// What a request goes through:
//   1. configuration checks, before any network access (`baseUrl.ts`): a parseable http(s) base
//      URL, no token over plain http:// to a non-loopback host ('insecure-transport'), a usable token;
//   2. up to `maxAttempts` attempts (the wire's), each bounded by the connect timeout and the
//      request timeout, all cancellable through the caller's AbortSignal (during a request and
//      during a wait);
//   3. retries on network failures and on 429/502/503/504 (this file), waiting `Retry-After` when
//      the service sends it (capped: a longer wait fails at once, saying so) or an exponential
//      backoff with jitter otherwise (`retry.ts`);
//   4. the final answer mapped to a result checked against its schema, or to one `ApiError`
//      (`answer.ts`, `attemptFailures.ts`).
//
// Nothing secret is logged: log lines carry method, path, status, duration, attempt and id
// count, never a body or a header, and every line and every error message goes through the
// redactor (the token, proxy credentials, the body's sensitive values, credential look-alikes).
import { SleepAborted, sleep, systemClock, type Clock } from '../core/clock';
import { isRecord } from '../core/records';
import { Redactor, sensitiveValuesOf } from '../core/redact';
import { capitalize, plural } from '../core/wording';
import { resultOf, retryAfterTooLong } from './answer';
import { cancelledError, shortReason } from './attemptFailures';
import { assertAuthWords, assertSecureTransport, normalizeBaseUrl } from './baseUrl';
import { ApiError, ApiInvalidIdsError, type ApiErrorInit } from './errors';
import { statusLine } from './httpText';
import type { Endpoint, Operation, Received, Wire, WireFactory } from './operation';
import { resolveOptions, type ApiClient, type BulkUpdateOptions, type ClientOptions, type Logger, type RetryInfo } from './options';
import { checkBulkUpdateResponse, checkEntitlements } from './responseCheck';
import { GATEWAY_STATUSES, RETRY_STATUSES, backoffDelay, parseRetryAfter } from './retry';
import type { BulkUpdateBody, BulkUpdateResponse, BulkUpdateResult, Entitlements } from './types';

/** A client whose attempts go over the wires `wireOf` makes. */
export function createHttpClient(options: ClientOptions, wireOf: WireFactory): ApiClient {
  return new HttpApiClient(options, wireOf);
}

class HttpApiClient implements ApiClient {
  readonly baseUrl: string;
  /** Undefined when the settings are not usable: every request then fails with `configError`. */
  private readonly endpoint: Endpoint | undefined;
  private readonly configError: ApiError | undefined;
  private readonly redactor: Redactor;
  private readonly clock: Clock;
  private wire: Wire | undefined;
  private closed = false;

  constructor(
    private readonly options: ClientOptions,
    private readonly wireOf: WireFactory,
  ) {
    const opts = resolveOptions(options);
    this.clock = options.clock ?? systemClock;
    this.redactor = new Redactor([...(options.secrets ?? []), typeof options.token === 'string' ? options.token : undefined]);
    if (options.proxy?.url) {
      try {
        const proxy = new URL(options.proxy.url);
        this.redactor.add(decodeURIComponent(proxy.password), proxy.password);
      } catch {
        // Reported when the wire is made.
      }
    }
    try {
      const base = normalizeBaseUrl(options.baseUrl);
      assertAuthWords(opts.authHeader, opts.authScheme);
      this.endpoint = { base, baseUrl: base.href.replace(/\/+$/, ''), opts, proxy: options.proxy };
    } catch (err) {
      this.configError = err instanceof ApiError ? err : new ApiError('configuration', 'The client settings are not usable.');
    }
    this.baseUrl = this.endpoint?.baseUrl ?? options.baseUrl.trim().replace(/\/+$/, '');
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
        const invalid = json.invalid_ids.filter((id): id is string => typeof id === 'string');
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
    const wire = this.wire;
    this.wire = undefined;
    await wire?.close();
  }

  // ---------------------------------------------------------------------------------------------

  private log(level: keyof Logger, message: string, redactor: Redactor): void {
    try {
      this.options.logger?.[level](redactor.redactComposed(message));
    } catch {
      // A logger that throws must not turn a request into a failure.
    }
  }

  private getWire(endpoint: Endpoint): Wire {
    this.wire ??= this.wireOf(endpoint, this.clock, this.redactor, (message) => this.log('debug', message, this.redactor));
    return this.wire;
  }

  private async resolveToken(endpoint: Endpoint): Promise<string> {
    let token: string | undefined;
    try {
      token = typeof this.options.token === 'function' ? await this.options.token() : this.options.token;
    } catch (err) {
      const reason = err instanceof Error ? this.redactor.redact(err.message) : 'unknown error';
      throw new ApiError('configuration', `Could not read the API token (${reason}). Set the token again and retry. Nothing was sent.`);
    }
    token = token?.trim();
    if (!token) {
      throw new ApiError('configuration', `No API token is set for ${endpoint.base.origin}. Set the API token and try again. Nothing was sent.`);
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
    const endpoint = this.endpoint;
    const fullPath = `${endpoint?.base.pathname.replace(/\/+$/, '') ?? ''}${op.relativePath}`;
    const init: ApiErrorInit = { method, path: fullPath, attempts: 0 };
    /** Whether an attempt so far reached the service and lost its answer: the update may be applied. */
    let mayHaveApplied = false;
    try {
      if (!endpoint) throw this.configError ?? new ApiError('configuration', 'The API base URL is not set.');
      assertSecureTransport(endpoint.base);
      if (this.closed) {
        throw new ApiError('cancelled', 'The connection to the service was closed (its settings changed). Run the command again.', init);
      }
      if (op.signal?.aborted) throw cancelledError(op, init, false);
      const token = await this.resolveToken(endpoint);
      op.redactor.add(token);
      const wire = this.getWire(endpoint);

      // Retrying is safe for both operations: the entitlements read is a GET, and the bulk update
      // is idempotent: it sets the same settings on the same ids, so applying it twice leaves the
      // targets in the same state as applying it once (the response is the list of ids updated,
      // which is also the same). A retried POST after a lost or cut-off answer therefore cannot
      // do harm, and a retried POST after a 429/502/503/504 is what the service asks for. The
      // sandbox's change log lets the tests show that a retry neither loses nor changes an update.
      const { maxAttempts: max, maxRetryAfterMs, retryBaseDelayMs, retryMaxDelayMs } = endpoint.opts;
      for (let attempt = 1; ; attempt++) {
        const attemptInit = { ...init, attempts: attempt };
        this.log('debug', `${method} ${fullPath}${op.logSuffix}: attempt ${attempt}/${max}`, op.redactor);
        const started = this.clock.now();
        const outcome = await wire.attempt(op, fullPath, token, attemptInit);
        const ms = this.clock.now() - started;

        let retryReason: string | undefined;
        let retryAfterMs: number | undefined;
        let status: number | undefined;
        if (op.method === 'POST' && (outcome.type === 'response' ? GATEWAY_STATUSES.has(outcome.response.status) : outcome.error.maybeApplied)) {
          mayHaveApplied = true;
        }
        if (outcome.type === 'response') {
          status = outcome.response.status;
          this.log('info', `${method} ${fullPath}${op.logSuffix} -> ${status} in ${ms} ms (attempt ${attempt}/${max})`, op.redactor);
          if (!RETRY_STATUSES.has(status)) return this.resultOf(endpoint, op, outcome.response, attemptInit);
          retryAfterMs = parseRetryAfter(outcome.response.headers['retry-after'], this.clock.now());
          if (retryAfterMs !== undefined && retryAfterMs > maxRetryAfterMs) {
            throw retryAfterTooLong(endpoint, this.clock.now(), op, outcome.response, retryAfterMs, attemptInit);
          }
          if (attempt >= max) return this.resultOf(endpoint, op, outcome.response, attemptInit);
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
            baseDelayMs: retryBaseDelayMs,
            maxDelayMs: retryMaxDelayMs,
            random: this.options.random,
          });
        const info: RetryInfo = {
          method,
          path: fullPath,
          attempt,
          maxAttempts: max,
          delayMs,
          reason: retryReason,
          status,
          retryAfterMs,
          maybeApplied: mayHaveApplied,
        };
        this.log(
          'warn',
          `${method} ${fullPath}${op.logSuffix}: ${retryReason}; retrying in ${delayMs} ms` +
            `${retryAfterMs !== undefined ? ' (Retry-After)' : ''} (attempt ${attempt + 1}/${max} next)` +
            (mayHaveApplied ? '. The update may already have been applied; it is sent again because it sets the same values on the same ids.' : ''),
          op.redactor,
        );
        try {
          this.options.onRetry?.(info);
        } catch {
          // A callback failure must not change the request's outcome.
        }
        try {
          await sleep(delayMs, op.signal, this.clock);
        } catch (err) {
          if (err instanceof SleepAborted) throw cancelledError(op, attemptInit, mayHaveApplied);
          throw err;
        }
      }
    } catch (caught) {
      const err = caught instanceof ApiError && mayHaveApplied ? mayHaveBeenApplied(caught) : caught;
      if (err instanceof ApiError) {
        this.log(err.kind === 'cancelled' ? 'info' : 'warn', `${method} ${fullPath}${op.logSuffix} failed [${err.kind}]: ${err.message}`, op.redactor);
        throw err;
      }
      // Anything unforeseen still leaves as an ApiError with a redacted message.
      const message = err instanceof Error ? err.message : String(err);
      throw new ApiError('network', op.redactor.redact(`${capitalize(op.what)} failed unexpectedly: ${message}`), init);
    }
  }

  private resultOf<T>(endpoint: Endpoint, op: Operation<T>, response: Received, init: ApiErrorInit): { value: T; attempts: number } {
    return resultOf(endpoint, (message) => this.log('debug', message, op.redactor), op, response, init);
  }
}

/**
 * The final error of a request one of whose earlier attempts may have been applied: said so, and
 * marked so, whatever the last attempt met. The service's own refusals of the body (a 400, invalid
 * ids) are left as they are: the earlier attempt carried the same body and was refused the same way.
 */
function mayHaveBeenApplied(err: ApiError): ApiError {
  if (err.maybeApplied || err.constructor !== ApiError) return err;
  return new ApiError(err.kind, `${err.message} An earlier attempt reached the service and its answer was lost, so the update may have been applied.`, {
    status: err.status,
    method: err.method,
    path: err.path,
    attempts: err.attempts,
    detail: err.detail,
    retryAfterMs: err.retryAfterMs,
    code: err.code,
    maybeApplied: true,
  });
}
