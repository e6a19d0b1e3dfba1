// What the client is built from and what it offers: its options and their defaults (those a user
// can set are the settings' defaults in the manifest), the logger and token provider it is given,
// and the `ApiClient` interface the extension and the command line program against.
import { contributes } from '../../package.json';
import type { Clock } from '../core/clock';
import type { ProxySettings } from './proxy';
import type { BulkUpdateBody, BulkUpdateResult, Entitlements } from './types';

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
  /** Whether an attempt so far may have been applied (its answer lost): the retry sends it again. */
  maybeApplied: boolean;
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
  /** Time for the retry waits, the request timeout and the log's durations; injectable for tests. */
  clock?: Clock;
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

/** The options with every default applied and every number made usable. */
export type ResolvedOptions = Required<Omit<ClientOptions, 'proxy' | 'logger' | 'onRetry' | 'secrets' | 'random' | 'token' | 'clock'>>;

export function resolveOptions(options: ClientOptions): ResolvedOptions {
  return {
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
}

function positive(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

function nonNegative(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}
