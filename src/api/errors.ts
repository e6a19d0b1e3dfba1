// The one error type the client throws. `kind` says what went wrong (spec section 7 for the
// statuses the service documents, plus the client's own failures), `message` says it to a person:
// what happened and what to do next. Messages and every string field are already redacted (no
// token, no sensitive value); the original low-level error is not attached, only its code.

export type ApiErrorKind =
  /** 400: the service rejected fields of the request (spec 7.1). */
  | 'validation'
  /** 401 (and 403): the credentials were refused (spec 5, 7.1). */
  | 'unauthorized'
  /** 404 `{detail}` (spec 7.1): usually a wrong base URL. */
  | 'not-found'
  /** Bulk update custom 404 with `invalid_ids` (spec 7.2). */
  | 'invalid-ids'
  /** 500 `{detail}` (spec 7.1). */
  | 'server'
  /** Any other status, including 429/502/503/504 once retries are used up, and 3xx. */
  | 'unexpected-status'
  /** The connection could not be made or broke (refused, reset, DNS, TLS, proxy, cut-off body). */
  | 'network'
  /** The connect timeout or the request timeout elapsed. */
  | 'timeout'
  /** The caller's AbortSignal fired. */
  | 'cancelled'
  /** A 2xx answer whose body is empty, not JSON, or does not match its schema. */
  | 'invalid-response'
  /** A token would have gone over plain http:// to a non-loopback host; nothing was sent. */
  | 'insecure-transport'
  /** The client's own settings are unusable (no token, malformed base URL); nothing was sent. */
  | 'configuration';

export interface ApiErrorInit {
  status?: number;
  method?: string;
  /** Path and query of the request (never the token; no host). */
  path?: string;
  /** Attempts made, including the last one (0 when nothing was sent). */
  attempts?: number;
  /** The service's `detail` text, when it sent one (redacted). */
  detail?: string;
  /** Milliseconds the service asked to wait (Retry-After), when it did. */
  retryAfterMs?: number;
  /** Low-level error code (`ECONNREFUSED`, `UND_ERR_CONNECT_TIMEOUT`, ...), when there was one. */
  code?: string;
  /** True when the request may have reached the service (so it may have been applied). */
  maybeApplied?: boolean;
}

export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly status?: number;
  readonly method?: string;
  readonly path?: string;
  readonly attempts: number;
  readonly detail?: string;
  readonly retryAfterMs?: number;
  readonly code?: string;
  readonly maybeApplied: boolean;

  constructor(readonly kind: ApiErrorKind, message: string, init: ApiErrorInit = {}) {
    super(message);
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.attempts = init.attempts ?? 0;
    this.detail = init.detail;
    this.retryAfterMs = init.retryAfterMs;
    this.code = init.code;
    this.maybeApplied = init.maybeApplied ?? false;
  }
}

/** The raw 400 body: field -> messages, or field -> nested errors (objects or lists of them). */
export type FieldErrors = { [field: string]: FieldErrorValue };
export type FieldErrorValue = string[] | string | FieldErrors | FieldErrorValue[];

export interface FlatFieldError {
  /** Path of the field in the request body; `[]` for `non_field_errors` of the body itself. */
  path: (string | number)[];
  messages: string[];
}

export class ApiValidationError extends ApiError {
  override readonly name = 'ApiValidationError';
  override readonly kind = 'validation' as const;
  constructor(
    message: string,
    /** The 400 body as the service sent it (redacted strings). */
    readonly errors: FieldErrors,
    /** The same, flattened: one entry per field that has messages. */
    readonly fieldErrors: FlatFieldError[],
    init: ApiErrorInit,
  ) {
    super('validation', message, init);
  }
}

export class ApiInvalidIdsError extends ApiError {
  override readonly name = 'ApiInvalidIdsError';
  override readonly kind = 'invalid-ids' as const;
  constructor(
    message: string,
    /** The ids the service reported as invalid (spec 7.2 `invalid_ids`). */
    readonly invalidIds: string[],
    init: ApiErrorInit,
  ) {
    super('invalid-ids', message, init);
  }
}

export interface ResponseProblem {
  /** Path of the offending field in the response body (`[]` for the body itself). */
  path: (string | number)[];
  message: string;
}

export class ApiInvalidResponseError extends ApiError {
  override readonly name = 'ApiInvalidResponseError';
  override readonly kind = 'invalid-response' as const;
  constructor(message: string, readonly problems: ResponseProblem[], init: ApiErrorInit) {
    super('invalid-response', message, init);
  }
}

export function isApiError(error: unknown): error is ApiError;
export function isApiError<K extends ApiErrorKind>(error: unknown, kind: K): error is ApiError & { kind: K };
export function isApiError(error: unknown, kind?: ApiErrorKind): boolean {
  return error instanceof ApiError && (kind === undefined || error.kind === kind);
}

/**
 * Flattens a 400 body: `{site: {name: ["..."]}}` gives `[{path: ['site', 'name'], messages}]`;
 * lists of objects (`headers: [{}, {name: [...]}]`) and index-keyed objects (`ids: {"1": [...]}`)
 * both give numeric path segments; `non_field_errors` belongs to the object that holds it.
 */
export function flattenFieldErrors(errors: FieldErrorValue, base: (string | number)[] = []): FlatFieldError[] {
  const out: FlatFieldError[] = [];
  const visit = (node: FieldErrorValue, path: (string | number)[]): void => {
    if (typeof node === 'string') {
      push(path, [node]);
      return;
    }
    if (Array.isArray(node)) {
      if (node.every((m) => typeof m === 'string')) {
        if (node.length > 0) push(path, node as string[]);
        return;
      }
      node.forEach((item, i) => {
        if (typeof item === 'string') push(path, [item]);
        else visit(item, [...path, i]);
      });
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'non_field_errors' || key === 'detail') visit(value, path);
      else visit(value, [...path, /^\d+$/.test(key) ? Number(key) : key]);
    }
  };
  const push = (path: (string | number)[], messages: string[]): void => {
    const existing = out.find((e) => samePath(e.path, path));
    if (existing) existing.messages.push(...messages);
    else out.push({ path, messages: [...messages] });
  };
  visit(errors, base);
  return out;
}

function samePath(a: (string | number)[], b: (string | number)[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

/** `site.headers[1].name`; the body itself is `(request body)`. */
export function formatPath(path: (string | number)[]): string {
  if (path.length === 0) return '(request body)';
  return path.reduce<string>((acc, seg) => (typeof seg === 'number' ? `${acc}[${seg}]` : acc === '' ? seg : `${acc}.${seg}`), '');
}
