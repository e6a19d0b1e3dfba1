// The service's two operations as core/ sees them (spec section 2 and 7): what a bulk update sends
// and gets back, the 400 body that names the fields it refused, and the kinds of failure a call can
// end in. The HTTP client (api/) produces these; the bulk run and the messages (core/) read them.

/** Bulk update request body: `ids`, `site`, and the body-level settings. */
export interface BulkUpdateBody {
  ids: string[];
  site: Record<string, unknown>;
  [field: string]: unknown;
}

/** Bulk update response body. */
export interface BulkUpdateResponse {
  ids: string[];
}

export interface BulkUpdateResult {
  /** The ids the service says it updated, in its order. */
  ids: string[];
  /**
   * Requested ids missing from the answer. Always empty when `validateIds` is on (the service
   * answers 404 instead); with it off, these are the ids the service skipped.
   */
  notUpdated: string[];
  /** Attempts the request took (1 when it succeeded at once). */
  attempts: number;
}

/** How a call to the service failed: the statuses the service documents (spec 7), plus the client's own failures. */
export type ApiErrorKind =
  /** 400: the service rejected fields of the request. */
  | 'validation'
  /** 401 (and 403): the credentials were refused (spec 5, 7.1). */
  | 'unauthorized'
  /** 404 `{detail}`: usually a wrong base URL. */
  | 'not-found'
  /** Bulk update custom 404 with `invalid_ids`. */
  | 'invalid-ids'
  /** 500 `{detail}`. */
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

/** The raw 400 body: field -> messages, or field -> nested errors (objects or lists of them). */
export type FieldErrors = { [field: string]: FieldErrorValue };
export type FieldErrorValue = string[] | string | FieldErrors | FieldErrorValue[];

/** A 400 error of one field. */
export interface FlatFieldError {
  /** Path of the field in the request body; `[]` for `non_field_errors` of the body itself. */
  readonly path: readonly (string | number)[];
  readonly messages: readonly string[];
}

/**
 * Flattens a 400 body: `{site: {name: ["..."]}}` gives `[{path: ['site', 'name'], messages}]`;
 * lists of objects (`headers: [{}, {name: [...]}]`) and index-keyed objects (`ids: {"1": [...]}`)
 * both give numeric path segments; `non_field_errors` belongs to the object that holds it.
 */
export function flattenFieldErrors(errors: FieldErrorValue, base: (string | number)[] = []): FlatFieldError[] {
  const out: { path: (string | number)[]; messages: string[] }[] = [];
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

function samePath(a: readonly (string | number)[], b: readonly (string | number)[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}
