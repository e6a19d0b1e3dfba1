// The one error type the client throws. `kind` says what went wrong (spec section 7 for the
// statuses the service documents, plus the client's own failures), `message` says it to a person:
// what happened and what to do next. Messages and every string field are already redacted (no
// token, no sensitive value); the original low-level error is not attached, only its code.

import type { ApiErrorKind, FieldErrors, FlatFieldError } from '../core/serviceContract';

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

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    init: ApiErrorInit = {},
  ) {
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
    /** The ids the service reported as invalid (`invalid_ids` of the custom 404). */
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
  constructor(
    message: string,
    readonly problems: ResponseProblem[],
    init: ApiErrorInit,
  ) {
    super('invalid-response', message, init);
  }
}

export function isApiError(error: unknown): error is ApiError;
export function isApiError<K extends ApiErrorKind>(error: unknown, kind: K): error is ApiError & { kind: K };
export function isApiError(error: unknown, kind?: ApiErrorKind): boolean {
  return error instanceof ApiError && (kind === undefined || error.kind === kind);
}
