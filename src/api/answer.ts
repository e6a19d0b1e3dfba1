// The final answer of a request, judged: a 2xx body checked against its schema becomes the result;
// any other status becomes the one `ApiError` that says what happened and what to do. Every text
// taken from the answer goes through the request's redactor first.
import { flattenFieldErrors, type FieldErrors } from '../core/serviceContract';
import { formatFieldPath } from '../core/paths';
import { excerpt, type Redactor } from '../core/redact';
import { isRecord } from '../core/records';
import { ApiError, ApiInvalidResponseError, ApiValidationError, type ApiErrorInit } from './errors';
import { headerValue, statusLine } from './httpText';
import type { Endpoint, Operation, Received } from './operation';
import { GATEWAY_STATUSES, RETRY_STATUSES, parseRetryAfter } from './retry';

export function retryAfterTooLong<T>(
  endpoint: Endpoint,
  now: number,
  op: Operation<T>,
  response: Received,
  retryAfterMs: number,
  init: ApiErrorInit,
): ApiError {
  const seconds = Math.ceil(retryAfterMs / 1000);
  const cap = Math.round(endpoint.opts.maxRetryAfterMs / 1000);
  const when = new Date(now + retryAfterMs).toISOString();
  return new ApiError(
    'unexpected-status',
    `The service answered ${statusLine(response.status)} to ${op.what} and asked to wait ${seconds} s before trying again (Retry-After), ` +
      `longer than the ${cap} s this client waits. ${op.method === 'POST' ? 'The update was probably not applied. ' : ''}Try again after ${when}.`,
    { ...init, status: response.status, retryAfterMs, detail: detailOf(parseJson(response.text), op.redactor) },
  );
}

/** The final answer: a checked result or an ApiError. */
export function resultOf<T>(
  endpoint: Endpoint,
  log: (message: string) => void,
  op: Operation<T>,
  response: Received,
  init: ApiErrorInit,
): { value: T; attempts: number } {
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
      log(`${op.method} ${init.path}: ignoring fields the schema does not know: ${result.extras.join(', ')}`);
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
      `The service at ${endpoint.base.origin} refused the API token for ${op.what} (${statusLine(status)}${quoted}). ` +
        `Set a valid API token for ${endpoint.base.origin}, and check that the authentication scheme (${endpoint.opts.authScheme}) and header (${endpoint.opts.authHeader}) are what the service expects.`,
      { ...errInit, detail },
    );
  }
  if (status === 404) {
    throw new ApiError(
      'not-found',
      `The service answered ${statusLine(404)} to ${op.method} ${init.path}${quoted}. ` +
        `Check the base URL (${endpoint.baseUrl}): requests go to {base URL}${op.relativePath.replace(/\?.*$/, '')}.${detail === undefined ? ` ${bodyNote()}` : ''}`,
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
    const throughGateway = op.method === 'POST' && GATEWAY_STATUSES.has(status);
    const applied = throughGateway
      ? 'A gateway answered in place of the service, so the update may have been applied; sending it again is safe, it sets the same values. '
      : op.method === 'POST'
        ? 'The update was not applied; it is safe to send it again. '
        : '';
    throw new ApiError(
      'unexpected-status',
      `The service ${busy} (${statusLine(status)}${quoted}) and still was${attemptsNote || ' on the only attempt allowed'}. ` +
        `${applied}Try again later.${detail === undefined ? ` ${bodyNote()}` : ''}`,
      { ...errInit, detail, retryAfterMs: parseRetryAfter(response.headers['retry-after']), maybeApplied: throughGateway },
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
