// One request as the client's parts see it: what is sent and how its answer is judged
// (`Operation`), the answer as received (`Received`), what one attempt came to (`AttemptOutcome`),
// the client's settled facts every part reads (`Endpoint`), and the wire attempts go over (`Wire`).
import type { Clock } from '../core/clock';
import type { Redactor } from '../core/redact';
import type { ApiError, ApiErrorInit } from './errors';
import type { ResolvedOptions } from './options';
import type { ProxySettings } from './proxy';
import type { CheckResult } from './responseCheck';

export interface Operation<T> {
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

export interface Received {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export type AttemptOutcome = { type: 'response'; response: Received } | { type: 'failure'; error: ApiError; retryable: boolean };

/** Where requests go and how: a checked base URL, the options with their defaults, the proxy settings. */
export interface Endpoint {
  readonly base: URL;
  /** The base URL as written in messages (no trailing slash). */
  readonly baseUrl: string;
  readonly opts: ResolvedOptions;
  readonly proxy: ProxySettings | undefined;
}

/** How attempts reach the service: undici's connection pool on Node (transport.ts). */
export interface Wire {
  /** One attempt, bounded by the request timeout and the operation's signal: never throws. */
  attempt<T>(op: Operation<T>, fullPath: string, token: string, init: ApiErrorInit): Promise<AttemptOutcome>;
  /** Releases the connections. */
  close(): Promise<void>;
}

/** Makes a client's wire on its first request; may throw a 'configuration' ApiError (an unusable proxy). */
export type WireFactory = (endpoint: Endpoint, clock: Clock, redactor: Redactor, log: (message: string) => void) => Wire;
