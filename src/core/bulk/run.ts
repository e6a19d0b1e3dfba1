// The bulk update runner: sends the chunks of a plan through an injected `send` (the API client in
// both front ends), at most `concurrency` at a time, and accounts for every selected id.
//
// The bucket model: every selected id (repeats removed) ends in EXACTLY ONE of
//
//   updated          the service listed it in a 200 answer's `ids` (spec 2.4): applied.
//   invalid          the service listed it in a custom 404's `invalid_ids` (spec 7.2).
//   validNotApplied  it was in a chunk the service refused because OTHER ids of that chunk were
//                    invalid. With `is_id_404_validation=true` the service applies all or nothing,
//                    so these were not updated; they are not retried automatically (the result
//                    offers "Update the N valid ids now", which sends exactly these).
//   failed           its chunk was sent and did not succeed: network, timeout, 5xx or 429 after the
//                    client's retries, 400 validation (with the field errors), 401, cancelled while
//                    in flight, an answer that does not confirm it ("not confirmed by the service").
//                    Grouped by chunk, each group with its reason; `maybeApplied` says whether the
//                    service may have applied it anyway (a cut-off answer, a cancelled request).
//   notSent          its chunk never went out: the run was cancelled before it, or stopped after
//                    an error that every later chunk would hit too (401, a 400 on the settings,
//                    configuration, an answer that is not the service's).
//
// Ids the service names that were not requested go to `unexpected` (logged; not a bucket).
// The runner sends each chunk at most once (the client's own retries aside) and never re-sends an
// id on its own. `retryIds` (failed + notSent) is what "Retry failed" sends again.

import { Redactor } from '../redact';
import type { ApiErrorKind, BulkUpdateBody, BulkUpdateResult, FlatFieldError } from '../serviceContract';
import { listIds } from './listIds';
import { DEFAULT_CONCURRENCY, normalizeConcurrency, planChunks } from './plan';
import { plural, valueText } from '../wording';

/** What `send` resolves with: the ids the service says it updated (a 200 answer, spec 2.4). */
export interface SendResult {
  readonly ids: readonly string[];
  /** Attempts the request took (for the log). */
  readonly attempts?: number;
}

/**
 * Sends one request. Resolves on a 200; rejects with the client's `ApiError` otherwise (the runner
 * reads `kind`, `message`, `invalidIds`, `fieldErrors`, `maybeApplied`, `status`, `attempts`).
 */
export type SendFn = (body: BulkUpdateBody, signal: AbortSignal | undefined) => Promise<SendResult>;

/** Where the runner writes its per-chunk lines (a LogOutputChannel, or a stderr logger). */
export interface BulkLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  debug?(message: string): void;
}

/** Why a failed group failed: the client's error kind, or one of the runner's own. */
export type FailureKind =
  | Exclude<ApiErrorKind, 'invalid-ids'>
  /** A 200 answer that did not list the id (and no 404 named it invalid). */
  | 'not-confirmed'
  /** A 404 with `is_id_404_validation` that named no id of the chunk. */
  | 'invalid-ids-unmatched'
  /** Anything else `send` threw. */
  | 'error';

export interface FailedGroup {
  readonly ids: readonly string[];
  readonly kind: FailureKind;
  /** For people: what happened (redacted: no secret). */
  readonly reason: string;
  /** 0-based chunk index. */
  readonly chunk: number;
  /** HTTP status of the final answer, when there was one. */
  readonly status?: number;
  /** True when the service may have applied the update anyway (a cut-off answer, a cancel in flight). */
  readonly maybeApplied: boolean;
  /** For `validation`: the service's field errors (paths in the request body), for `mapValidationErrors`. */
  readonly fieldErrors?: readonly FlatFieldError[];
  /** For `validation`: the ids of the chunk in the order sent (an `['ids', i]` error path indexes these). */
  readonly chunkIds?: readonly string[];
}

export type ChunkStatus = 'updated' | 'invalid-ids' | 'failed' | 'not-sent';

/** One chunk's result, for progress and the log. */
export interface ChunkReport {
  /** 0-based. */
  readonly index: number;
  readonly size: number;
  readonly status: ChunkStatus;
  readonly updated: number;
  readonly invalid: number;
  readonly validNotApplied: number;
  readonly failed: number;
  readonly attempts?: number;
  /** For a failed chunk. */
  readonly reason?: string;
}

export interface BulkProgress {
  readonly chunksDone: number;
  readonly chunksTotal: number;
  /** Ids whose chunk has an answer (or failed). */
  readonly idsDone: number;
  readonly idsTotal: number;
  readonly updated: number;
  readonly invalid: number;
  readonly failed: number;
  /** The chunk that just finished; `undefined` for the first report (before any request). */
  readonly chunk?: ChunkReport;
}

export interface BulkRunOptions {
  /** The selected ids; repeats are sent once. */
  readonly ids: readonly string[];
  /** The settings (the body without `ids`): `PreparedBody.settings`. Not modified. */
  readonly body: Readonly<Record<string, unknown>>;
  /** Ids per request. Default 500. */
  readonly chunkSize?: number;
  /** Requests in flight at once. Default 2. */
  readonly concurrency?: number;
  readonly send: SendFn;
  /** Cancels the run: no new chunk starts; chunks in flight get the signal. */
  readonly signal?: AbortSignal;
  /** After each chunk (and once before the first). Exceptions are ignored. */
  readonly onProgress?: (progress: BulkProgress) => void;
  readonly logger?: BulkLogger;
  /** Values to keep out of reasons and log lines (`PreparedBody.secretValues`). */
  readonly secretValues?: readonly string[];
}

/** Why a run stopped before sending every chunk. */
export interface RunStop {
  /** `cancelled`: the signal fired; `fatal`: an error every later chunk would hit too. */
  readonly cause: 'cancelled' | 'fatal';
  readonly kind?: FailureKind;
  readonly message: string;
}

export interface BulkOutcome {
  /** The ids of the run: each once, in order (the union of the buckets). */
  readonly selected: readonly string[];
  /** Ids that were selected more than once (sent once). */
  readonly duplicates: readonly string[];
  readonly updated: readonly string[];
  readonly invalid: readonly string[];
  readonly validNotApplied: readonly string[];
  readonly failed: readonly FailedGroup[];
  readonly notSent: readonly string[];
  /** Ids the service returned or reported that were not requested in that chunk (not a bucket). */
  readonly unexpected: readonly string[];
  /** Requests made (`send` calls). */
  readonly requests: number;
  readonly chunks: readonly ChunkReport[];
  /** Set when the run stopped before sending every chunk. */
  readonly stopped?: RunStop;
}

/** Kinds after which every later chunk would fail the same way: the run stops sending. */
const FATAL_KINDS: ReadonlySet<string> = new Set(['unauthorized', 'not-found', 'configuration', 'insecure-transport', 'invalid-response']);

interface ErrorLike {
  kind?: unknown;
  message?: unknown;
  invalidIds?: unknown;
  fieldErrors?: unknown;
  maybeApplied?: unknown;
  status?: unknown;
  attempts?: unknown;
}

/**
 * Runs a bulk update: plans the chunks, sends them (at most `concurrency` at once), and returns
 * where every selected id ended. Never rejects because of a request: every failure is in the
 * outcome. Rejects only if `ids` or `body` are unusable (a programming error).
 */
export async function runBulkUpdate(options: BulkRunOptions): Promise<BulkOutcome> {
  const plan = planChunks(options.ids, options.chunkSize);
  const concurrency = normalizeConcurrency(options.concurrency ?? DEFAULT_CONCURRENCY);
  const { signal, logger } = options;
  const redactor = new Redactor(options.secretValues ?? []);
  const total = plan.chunks.length;
  const chunkLabel = (i: number): string => `Chunk ${i + 1}/${total} (${plural(plan.chunks[i]?.length ?? 0, 'id')})`;
  const log = (level: 'info' | 'warn' | 'error' | 'debug', message: string): void => {
    try {
      logger?.[level]?.(redactor.redact(message));
    } catch {
      // A failing logger must not change the outcome.
    }
  };

  const updated = new Set<string>();
  const invalid = new Set<string>();
  const validNotApplied = new Set<string>();
  const failed: FailedGroup[] = [];
  const failedIds = new Set<string>();
  const notSent = new Set<string>();
  const unexpected = new Set<string>();
  const reports: ChunkReport[] = [];
  let requests = 0;
  let idsDone = 0;
  let stopped: RunStop | undefined;
  const started = new Array<boolean>(total).fill(false);
  // The settings without any `ids` key (a caller passing a document's whole value must not
  // override the chunk's ids), ids first as in the spec's listing.
  const settings = Object.fromEntries(Object.entries(options.body).filter(([key]) => key !== 'ids'));

  const progress = (chunk?: ChunkReport): void => {
    try {
      options.onProgress?.({
        chunksDone: reports.length,
        chunksTotal: total,
        idsDone,
        idsTotal: plan.ids.length,
        updated: updated.size,
        invalid: invalid.size,
        failed: failedIds.size,
        chunk,
      });
    } catch {
      // A failing progress callback must not change the outcome.
    }
  };

  const dupNote = plan.duplicates.length > 0 ? `; ${plan.duplicates.length} repeated ${plan.duplicates.length === 1 ? 'id is' : 'ids are'} sent once` : '';
  log(
    'info',
    `Bulk update: ${plural(plan.ids.length, 'id')} in ${plural(total, 'request')} of up to ${plan.chunkSize}, ${Math.min(concurrency, Math.max(total, 1))} at a time${dupNote}.`,
  );
  progress();

  const fail = (chunk: number, ids: readonly string[], group: Omit<FailedGroup, 'ids' | 'chunk'>): void => {
    const fresh = ids.filter((id) => !failedIds.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) failedIds.add(id);
    failed.push({ ...group, ids: fresh, chunk });
  };

  const handle = async (index: number, ids: readonly string[]): Promise<void> => {
    started[index] = true;
    requests++;
    let report: ChunkReport;
    try {
      const result = await options.send({ ids: [...ids], ...settings } as BulkUpdateBody, signal);
      // The answer as sent: only its strings can be ids.
      const answered: unknown = result?.ids;
      const returned = Array.isArray(answered) ? answered.filter((id): id is string => typeof id === 'string') : [];
      const confirmed: string[] = [];
      const strays: string[] = [];
      const confirm = (id: string): void => {
        const before = updated.size;
        updated.add(id);
        if (updated.size > before) confirmed.push(id);
      };
      if (returned.length === ids.length && returned.every((id, i) => id === ids[i])) {
        // The usual answer: exactly the ids sent, in order (no lookups needed to match them).
        for (const id of ids) confirm(id);
      } else {
        const requested = new Set(ids);
        for (const id of returned) {
          if (requested.has(id)) {
            confirm(id);
          } else {
            unexpected.add(id);
            strays.push(id);
          }
        }
      }
      if (strays.length > 0) {
        log(
          'warn',
          `${chunkLabel(index)}: the service listed ${plural(strays.length, 'id')} that were not requested: ${listIds(strays)}. They are reported, not counted.`,
        );
      }
      // A chunk's ids are distinct (planChunks), so when all of them were confirmed none is missing.
      const missing = confirmed.length === ids.length ? [] : ids.filter((id) => !updated.has(id));
      if (missing.length > 0) {
        fail(index, missing, {
          kind: 'not-confirmed',
          reason: `not confirmed by the service: its answer did not list ${missing.length === 1 ? 'this id' : 'these ids'} as updated, nor as invalid`,
          maybeApplied: true,
          status: 200,
        });
      }
      const attempts = typeof result?.attempts === 'number' ? result.attempts : undefined;
      report = {
        index,
        size: ids.length,
        status: missing.length > 0 ? 'failed' : 'updated',
        updated: confirmed.length,
        invalid: 0,
        validNotApplied: 0,
        failed: missing.length,
        attempts,
        reason: missing.length > 0 ? 'not confirmed by the service' : undefined,
      };
      log(
        missing.length > 0 ? 'warn' : 'info',
        `${chunkLabel(index)}: ${confirmed.length} updated${attempts !== undefined && attempts > 1 ? ` after ${attempts} attempts` : ''}` +
          (missing.length > 0 ? `; ${missing.length} not confirmed by the service (${listIds(missing)})` : '') +
          '.',
      );
    } catch (err) {
      report = classifyFailure(index, ids, err as ErrorLike);
    }
    idsDone += ids.length;
    reports.push(report);
    progress(report);
  };

  const classifyFailure = (index: number, ids: readonly string[], err: ErrorLike): ChunkReport => {
    const requested = new Set(ids);
    const kind = typeof err?.kind === 'string' ? err.kind : 'error';
    const message = redactor.redact(typeof err?.message === 'string' ? err.message : valueText(err));
    const status = typeof err?.status === 'number' ? err.status : undefined;
    const attempts = typeof err?.attempts === 'number' && err.attempts > 0 ? err.attempts : undefined;
    const maybeApplied = err?.maybeApplied === true;
    const base = { index, size: ids.length, updated: 0, attempts };

    if (kind === 'invalid-ids' && Array.isArray(err.invalidIds)) {
      const named = (err.invalidIds as unknown[]).filter((id): id is string => typeof id === 'string');
      const bad = named.filter((id) => requested.has(id));
      const strays = named.filter((id) => !requested.has(id));
      for (const id of strays) unexpected.add(id);
      if (strays.length > 0) {
        log(
          'warn',
          `${chunkLabel(index)}: the service named ${plural(strays.length, 'invalid id')} that were not requested: ${listIds(strays)}. They are reported, not counted.`,
        );
      }
      if (bad.length === 0) {
        fail(index, ids, {
          kind: 'invalid-ids-unmatched',
          reason: 'the service answered that ids were invalid (404, is_id_404_validation) but named none of the ids sent; nothing was applied',
          status,
          maybeApplied: false,
        });
        log('warn', `${chunkLabel(index)}: 404 invalid ids, but none of the ids sent was named; the chunk failed and nothing was applied.`);
        return { ...base, status: 'failed', invalid: 0, validNotApplied: 0, failed: ids.length, reason: 'invalid ids not named' };
      }
      const badSet = new Set(bad);
      for (const id of bad) invalid.add(id);
      const valid = ids.filter((id) => !badSet.has(id));
      for (const id of valid) validNotApplied.add(id);
      log(
        'warn',
        `${chunkLabel(index)}: refused, ${plural(bad.length, 'invalid id')} (${listIds(bad, 20)})` +
          (valid.length > 0
            ? `; the ${valid.length} valid ${valid.length === 1 ? 'id was' : 'ids were'} not applied (the service applies all or nothing).`
            : '.'),
      );
      return { ...base, status: 'invalid-ids', invalid: bad.length, validNotApplied: valid.length, failed: 0 };
    }

    if (kind === 'cancelled' && !maybeApplied) {
      // The request never went out: as good as a chunk that never started.
      for (const id of ids) notSent.add(id);
      log('info', `${chunkLabel(index)}: cancelled before it was sent.`);
      return { ...base, status: 'not-sent', invalid: 0, validNotApplied: 0, failed: 0, reason: 'cancelled' };
    }

    const failureKind = (KNOWN_KINDS.has(kind) ? kind : 'error') as FailureKind;
    const fieldErrors = kind === 'validation' && Array.isArray(err.fieldErrors) ? (err.fieldErrors as FlatFieldError[]) : undefined;
    const reason = kind === 'cancelled' ? `cancelled while in flight; ${maybeApplied ? 'the service may have applied it' : 'not applied'}` : message;
    fail(index, ids, {
      kind: failureKind,
      reason,
      status,
      maybeApplied,
      ...(fieldErrors !== undefined ? { fieldErrors, chunkIds: [...ids] } : {}),
    });
    log(
      kind === 'cancelled' ? 'info' : 'error',
      `${chunkLabel(index)}: failed [${kind}${status !== undefined ? ` ${status}` : ''}${attempts !== undefined && attempts > 1 ? `, ${attempts} attempts` : ''}]: ${reason}`,
    );

    // Stop sending when every later chunk would hit the same error.
    const settingsError = kind === 'validation' && (fieldErrors === undefined || fieldErrors.some((f) => f.path[0] !== 'ids'));
    if (!stopped && kind !== 'cancelled' && (FATAL_KINDS.has(kind) || settingsError)) {
      stopped = {
        cause: 'fatal',
        kind: failureKind,
        message: `Stopped after ${chunkLabel(index).toLowerCase()} failed (${kind}): the remaining requests would fail the same way.`,
      };
      log('warn', stopped.message);
    }
    return { ...base, status: 'failed', invalid: 0, validNotApplied: 0, failed: ids.length, reason };
  };

  let next = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      if (signal?.aborted && !stopped) {
        stopped = { cause: 'cancelled', message: 'The run was cancelled: requests not yet sent were not sent.' };
        log('info', stopped.message);
      }
      if (stopped) return;
      const index = next++;
      const chunk = plan.chunks[index];
      if (chunk === undefined) return; // every chunk is taken
      await handle(index, chunk);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, () => worker()));

  // Chunks that never started.
  plan.chunks.forEach((chunk, i) => {
    if (!started[i]) for (const id of chunk) notSent.add(id);
  });

  // Each bucket in the order of the selection. (The sets hold selected ids only, each in one set.)
  const inOrder = (bucket: ReadonlySet<string>): string[] =>
    bucket.size === 0 ? [] : bucket.size === plan.ids.length ? [...plan.ids] : plan.ids.filter((id) => bucket.has(id));
  const outcome: BulkOutcome = {
    selected: plan.ids,
    duplicates: plan.duplicates,
    updated: inOrder(updated),
    invalid: inOrder(invalid),
    validNotApplied: inOrder(validNotApplied),
    failed: failed.sort((a, b) => a.chunk - b.chunk),
    notSent: inOrder(notSent),
    unexpected: [...unexpected],
    requests,
    chunks: reports.sort((a, b) => a.index - b.index),
    ...(stopped ? { stopped } : {}),
  };
  const problems = checkOutcome(outcome);
  if (problems.length > 0) {
    // Cannot happen by construction; said loudly if it ever does, rather than dropped.
    log('error', `Bulk update accounting problem: ${problems.join('; ')}`);
  }
  log('info', `Bulk update finished: ${describeOutcome(outcome)}`);
  return outcome;
}

const KNOWN_KINDS: ReadonlySet<string> = new Set([
  'validation',
  'unauthorized',
  'not-found',
  'server',
  'unexpected-status',
  'network',
  'timeout',
  'cancelled',
  'invalid-response',
  'insecure-transport',
  'configuration',
]);

/** Every failed id, in the order of the groups. */
export function failedIds(outcome: BulkOutcome): string[] {
  return outcome.failed.flatMap((g) => [...g.ids]);
}

/** What "Retry failed" sends again: the failed ids, then the ones not sent. */
export function retryIds(outcome: BulkOutcome): string[] {
  return [...failedIds(outcome), ...outcome.notSent];
}

export type Bucket = 'updated' | 'invalid' | 'validNotApplied' | 'failed' | 'notSent';

/** The bucket of each selected id. */
export function bucketOf(outcome: BulkOutcome): Map<string, Bucket> {
  const map = new Map<string, Bucket>();
  const put = (ids: readonly string[], bucket: Bucket): void => {
    for (const id of ids) if (!map.has(id)) map.set(id, bucket);
  };
  put(outcome.updated, 'updated');
  put(outcome.invalid, 'invalid');
  put(outcome.validNotApplied, 'validNotApplied');
  put(failedIds(outcome), 'failed');
  put(outcome.notSent, 'notSent');
  return map;
}

/**
 * The accounting rule, checked: every selected id in exactly one bucket, and no bucket holding an
 * id that was not selected. Returns the problems found (none for a correct outcome).
 */
export function checkOutcome(outcome: BulkOutcome): string[] {
  const { selected, updated } = outcome;
  if (
    updated.length === selected.length &&
    outcome.invalid.length + outcome.validNotApplied.length + outcome.failed.length + outcome.notSent.length === 0 &&
    updated.every((id, i) => id === selected[i])
  ) {
    // Everything updated: `updated` is `selected` (each id once), so each id is in one bucket.
    return [];
  }
  const problems: string[] = [];
  // The bucket each selected id was found in so far ('' for none yet).
  const bucket = new Map<string, string>();
  for (const id of outcome.selected) bucket.set(id, '');
  const lists: Array<[string, readonly string[]]> = [
    ['updated', outcome.updated],
    ['invalid', outcome.invalid],
    ['validNotApplied', outcome.validNotApplied],
    ['failed', failedIds(outcome)],
    ['notSent', outcome.notSent],
  ];
  for (const [name, ids] of lists) {
    for (const id of ids) {
      const before = bucket.get(id);
      if (before === undefined) problems.push(`${name} holds an id that was not selected`);
      else if (before !== '') problems.push(`an id is in both ${before} and ${name}`);
      else bucket.set(id, name);
    }
  }
  let missing = 0;
  for (const name of bucket.values()) if (name === '') missing++;
  if (missing > 0) problems.push(`${missing} selected ${missing === 1 ? 'id is' : 'ids are'} in no bucket`);
  return problems;
}

/** One line for a summary notification: `498 updated, 2 invalid, 0 failed`. */
export function describeOutcome(outcome: BulkOutcome): string {
  const parts = [`${outcome.updated.length} updated`];
  if (outcome.invalid.length > 0) parts.push(`${outcome.invalid.length} invalid`);
  if (outcome.validNotApplied.length > 0) parts.push(`${outcome.validNotApplied.length} valid but not applied (their request had invalid ids)`);
  const nFailed = failedIds(outcome).length;
  if (nFailed > 0) parts.push(`${nFailed} failed`);
  if (outcome.notSent.length > 0) parts.push(`${outcome.notSent.length} not sent`);
  const of = `of ${plural(outcome.selected.length, 'id')}`;
  const req = `${plural(outcome.requests, 'request')}`;
  const stop = outcome.stopped ? ` ${outcome.stopped.cause === 'cancelled' ? 'Cancelled.' : outcome.stopped.message}` : '';
  return `${parts.join(', ')} (${of}, ${req}).${stop}`;
}

/** Options of {@link clientSend}. */
export interface ClientSendOptions {
  /** Values to keep out of the client's log lines and messages (`PreparedBody.secretValues`). */
  readonly secretValues?: readonly string[];
}

/**
 * A {@link SendFn} over the API client (`createClient(...)`): `is_id_404_validation=true`, the
 * run's signal, and the body's secret values handed to the client's redactor.
 */
export function clientSend(
  client: {
    bulkUpdate(body: BulkUpdateBody, options?: { validateIds?: boolean; signal?: AbortSignal; sensitiveValues?: readonly string[] }): Promise<BulkUpdateResult>;
  },
  options: ClientSendOptions = {},
): SendFn {
  return (body, signal) => client.bulkUpdate(body, { validateIds: true, signal, sensitiveValues: options.secretValues });
}

/**
 * The outcome as the command line's `--format json` prints it:
 * `{updated, invalid, validNotApplied, failed: [{ids, reason, kind}], notSent, requests}`.
 */
export function outcomeToJson(outcome: BulkOutcome): {
  updated: string[];
  invalid: string[];
  validNotApplied: string[];
  failed: Array<{ ids: string[]; reason: string; kind: FailureKind; maybeApplied: boolean }>;
  notSent: string[];
  requests: number;
} {
  return {
    updated: [...outcome.updated],
    invalid: [...outcome.invalid],
    validNotApplied: [...outcome.validNotApplied],
    failed: outcome.failed.map((g) => ({ ids: [...g.ids], reason: g.reason, kind: g.kind, maybeApplied: g.maybeApplied })),
    notSent: [...outcome.notSent],
    requests: outcome.requests,
  };
}
