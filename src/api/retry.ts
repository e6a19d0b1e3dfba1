// Retry timing: which statuses are retried, exponential backoff with jitter, and `Retry-After` parsing.
// The wait itself is the clock's `sleep`.

/** Statuses that say "try again later" (rate limit, gateway trouble, temporary unavailability). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/**
 * Statuses a gateway sends in place of the service (bad gateway, gateway timeout): the service
 * behind it may have received the request and applied it, unlike a 429 or 503 it sent itself.
 */
export const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 504]);

export interface BackoffOptions {
  /** Delay before the first retry, before jitter. */
  baseDelayMs: number;
  /** Largest computed delay (the exponential growth stops here). */
  maxDelayMs: number;
  /** Source of randomness in [0, 1); injectable for tests. */
  random?: () => number;
}

/**
 * Delay before retry number `retry` (1 for the first retry): `base * 2^(retry-1)`, capped, with
 * "equal jitter" (half fixed, half random) so that many clients retrying at once spread out while
 * each still waits at least half the nominal delay.
 */
export function backoffDelay(retry: number, options: BackoffOptions): number {
  const nominal = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, retry - 1));
  const random = options.random ?? Math.random;
  return Math.round(nominal / 2 + random() * (nominal / 2));
}

/**
 * `Retry-After` in milliseconds: either delay-seconds (`"120"`) or an HTTP-date (a date in the
 * past gives 0). Undefined when absent or unparseable.
 */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (/^\d+\.\d+$/.test(text)) return Math.ceil(Number(text) * 1000);
  // An HTTP-date names its month (`Wed, 21 Oct 2015 07:28:00 GMT`); Date.parse alone would
  // also take "-5" or "2025" as dates.
  if (!/[A-Za-z]{3}/.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
