// The sandbox's public shapes: its options (fault injection included), the records it keeps of
// requests, changes and targets, and the handle `startSandbox` returns. Apart from the server so the
// other parts (and callers that only configure a sandbox) read them without the HTTP machinery.
import type { Clock } from '../core/clock';
import type { ProfileName } from './profiles';

export const SANDBOX_BASE_PATH = '/api/v1';
export const DEFAULT_SANDBOX_TOKEN = 'sandbox-token';

export type SandboxProfile = ProfileName | Record<string, unknown>;

/** A canned answer for the next request (the `failNext` queue). */
export interface InjectedFailure {
  status: number;
  /** `Retry-After` header value: seconds, or an HTTP-date string. */
  retryAfter?: number | string;
  /** Body: an object/array is sent as JSON, a string as is; default `{detail: "..."}`. */
  body?: unknown;
  /** Content type for a string body. Default `text/plain` (JSON for objects). */
  contentType?: string;
}

export interface FaultOptions {
  /** Delay before every answer, in ms. */
  latencyMs?: number;
  /** Probability per status, e.g. `{500: 0.1, 503: 0.2}`; rolled with a seeded PRNG. */
  errorRate?: Partial<Record<number, number>>;
  /** Seed of the errorRate PRNG (default 1): same seed, same sequence of faults. */
  seed?: number;
  /** Queue of canned answers, one per request, in order. */
  failNext?: InjectedFailure[];
  /** The next N requests are processed, then the socket is reset mid-answer (headers and part of the body sent). */
  resetNext?: number;
  /** The next N requests get an HTML error page instead of JSON (status `nonJsonStatus`). */
  nonJsonNext?: number;
  /** Status of the `nonJsonNext` pages. Default 502; 200 gives an HTML page with a success status. */
  nonJsonStatus?: number;
  /** The next N requests are processed, then the answer declares a longer Content-Length than it sends and the connection ends. */
  truncateNext?: number;
  /** The next N requests are never answered (until the sandbox closes). */
  hangNext?: number;
  /**
   * The next N requests are not processed: once the body is read the connection is reset, nothing
   * applied and nothing answered (a service that dies, or a proxy that drops the request).
   */
  resetBeforeNext?: number;
  /**
   * The next N requests are processed in full (every id applied), then the 200 answer lists only
   * some of them: the last `omitIdsCount` ids are left out. Other answers (a 404, a 400) are sent as they are.
   */
  omitIdsNext?: number;
  /** How many ids an `omitIdsNext` answer leaves out (all of them at most). Default 1. */
  omitIdsCount?: number;
  /**
   * The next N requests are processed at once (any change applied and recorded), then their answer
   * is held `slowMs` on the sandbox's clock: longer than a client's request timeout, it reaches a
   * client that has given up. `close()` drops a held answer.
   */
  slowNext?: number;
  /** How long a `slowNext` answer is held, in ms. Default 120 000. */
  slowMs?: number;
}

export interface SandboxOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Token requests must carry as `<scheme> <token>` (scheme JWT, Bearer or Token). Default `sandbox-token`. */
  token?: string;
  /** Header carrying it (case-insensitive). Default `authorization`. */
  authHeader?: string;
  /** Entitlements served: `full`, `restricted`, or any record (served as is, even if invalid). Default `full`. */
  profile?: SandboxProfile;
  /** Number of seeded demo targets. Default 50. */
  targets?: number;
  /** Seed of the target ids. Default `DEFAULT_ID_SEED`. */
  idSeed?: number;
  /** Also hold the targets of the repository's examples (after the seeded ones), as a person trying the product expects. Default false. */
  exampleTargets?: boolean;
  faults?: FaultOptions;
  /** Keep each request's `ids` in its RequestRecord (off by default: a large selection is kept in full). */
  recordIds?: boolean;
  /** Time for `latencyMs` and `slowMs`; injectable so that tests hold answers and let them go without waiting. */
  clock?: Clock;
  /**
   * Web origins that may call it from a browser (`https://vscode.dev`, `http://127.0.0.1:8080`; `*`
   * for any). Default none: no CORS header, as a service that does not allow cross-origin calls.
   */
  cors?: readonly string[];
  /** Called after each request is answered (for a command line's request log). */
  onRequest?: (record: RequestRecord) => void;
}

export interface RequestRecord {
  /** 1-based request number. */
  n: number;
  method: string;
  /** Path without the query. */
  path: string;
  /** Query string without `?` ('' when none). */
  query: string;
  /** Status sent; 0 when the request was never answered (hang) . */
  status: number;
  /** Number of ids in the body, when it had an `ids` list. */
  idsCount?: number;
  /** The body's `ids` (its strings, in order), with the `recordIds` option only. */
  ids?: string[];
  /**
   * The fault applied, if any: `failNext`, `errorRate`, `reset`, `resetBefore`, `truncate`,
   * `nonJson`, `hang`, `slow`, `omitIds`.
   */
  fault?: string;
}

export interface ChangeRecord {
  /** Number of the request that made the change (RequestRecord.n). */
  request: number;
  /** Ids the change was applied to, in request order, without repeats. */
  ids: string[];
  /** Body fields applied (every field but `ids`), in body order. */
  fields: string[];
  /** The settings applied (the body without `ids`), deep-copied. */
  settings: Record<string, unknown>;
  /** Whether `is_id_404_validation` was on. */
  validateIds: boolean;
}

export interface TargetRecord {
  id: string;
  /** Settings as last updated: `site` merged field by field, the other fields replaced. */
  settings: Record<string, unknown>;
}

export interface Sandbox {
  /** Base URL of the API, e.g. `http://127.0.0.1:41234/api/v1`. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly token: string;
  /** Every change applied, in order. */
  readonly changes: readonly ChangeRecord[];
  /** Every request received, in order. */
  readonly requests: readonly RequestRecord[];
  /** TCP connections accepted so far (shows whether a client reuses its connections). */
  connectionCount(): number;
  /** Ids of the targets in the store, seeded order. */
  targetIds(): string[];
  target(id: string): TargetRecord | undefined;
  /** Replaces the fault options (queues included); the errorRate PRNG restarts from its seed. */
  setFaults(faults: FaultOptions): void;
  setProfile(profile: SandboxProfile): void;
  /** Back to the seeded store, no faults, the initial profile, empty logs. */
  reset(): void;
  /** Stops listening and drops every connection (hung ones included). */
  close(): Promise<void>;
}
