// Puts one chunk's result into the run's buckets: a 200 answer (the ids it confirms, the ones it
// leaves out, the ones nobody asked for) or a failure (invalid ids, cancelled, an error, and whether
// it stops the run). Apart from the runner, which only schedules the chunks and collects reports.

import type { Redactor } from '../redact';
import type { FlatFieldError } from '../serviceContract';
import { listIds } from './listIds';
import type { ChunkReport, FailedGroup, FailureKind, RunStop } from './outcome';
import type { SendResult } from './send';
import { plural, valueText } from '../wording';

/** The run's state the chunk handlers fill in place, and the run's log. */
export interface ChunkContext {
  readonly updated: Set<string>;
  readonly invalid: Set<string>;
  readonly validNotApplied: Set<string>;
  readonly failed: FailedGroup[];
  readonly unknown: FailedGroup[];
  /** Ids already in a failed or an unknown group. */
  readonly groupedIds: Set<string>;
  readonly notSent: Set<string>;
  readonly unexpected: Set<string>;
  /** Set by the first failure after which every later chunk would fail the same way (or a cancel). */
  stopped: RunStop | undefined;
  readonly redactor: Redactor;
  readonly chunkLabel: (i: number) => string;
  /** Requests the run is split into. */
  readonly chunkCount: number;
  readonly log: (level: 'info' | 'warn' | 'error' | 'debug', message: string) => void;
}

/** Kinds after which every later chunk would fail the same way: the run stops sending. */
const FATAL_KINDS: ReadonlySet<string> = new Set(['unauthorized', 'not-found', 'configuration', 'insecure-transport', 'invalid-response']);

/** What the runner reads of a rejected `send` (the client's `ApiError`, or anything thrown). */
export interface ErrorLike {
  kind?: unknown;
  message?: unknown;
  invalidIds?: unknown;
  fieldErrors?: unknown;
  maybeApplied?: unknown;
  status?: unknown;
  attempts?: unknown;
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

/**
 * Puts the ids of a chunk not yet in a group into a failed group, or into an unknown one when the
 * service may have applied them (`maybeApplied`: the request reached it and the answer was lost).
 */
function fail(ctx: ChunkContext, chunk: number, ids: readonly string[], group: Omit<FailedGroup, 'ids' | 'chunk'>, maybeApplied: boolean): void {
  const fresh = ids.filter((id) => !ctx.groupedIds.has(id));
  if (fresh.length === 0) return;
  for (const id of fresh) ctx.groupedIds.add(id);
  (maybeApplied ? ctx.unknown : ctx.failed).push({ ...group, ids: fresh, chunk });
}

/** A 200 answer to chunk `index`: the ids it confirms are updated, the ones it leaves out failed. */
export function classifyAnswer(ctx: ChunkContext, index: number, ids: readonly string[], result: SendResult): ChunkReport {
  // The answer as sent: only its strings can be ids.
  const answered: unknown = result?.ids;
  const returned = Array.isArray(answered) ? answered.filter((id): id is string => typeof id === 'string') : [];
  const confirmed: string[] = [];
  const strays: string[] = [];
  const confirm = (id: string): void => {
    const before = ctx.updated.size;
    ctx.updated.add(id);
    if (ctx.updated.size > before) confirmed.push(id);
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
        ctx.unexpected.add(id);
        strays.push(id);
      }
    }
  }
  if (strays.length > 0) {
    ctx.log(
      'warn',
      `${ctx.chunkLabel(index)}: the service listed ${plural(strays.length, 'id')} that were not requested: ${listIds(strays)}. They are reported, not counted.`,
    );
  }
  // A chunk's ids are distinct (planChunks), so when all of them were confirmed none is missing.
  const missing = confirmed.length === ids.length ? [] : ids.filter((id) => !ctx.updated.has(id));
  if (missing.length > 0) {
    fail(
      ctx,
      index,
      missing,
      {
        kind: 'not-confirmed',
        reason: `not confirmed by the service: its answer did not list ${missing.length === 1 ? 'this id' : 'these ids'} as updated, nor as invalid`,
        status: 200,
      },
      true,
    );
  }
  const attempts = typeof result?.attempts === 'number' ? result.attempts : undefined;
  const report: ChunkReport = {
    index,
    size: ids.length,
    status: missing.length > 0 ? 'unknown' : 'updated',
    updated: confirmed.length,
    invalid: 0,
    validNotApplied: 0,
    failed: 0,
    unknown: missing.length,
    attempts,
    reason: missing.length > 0 ? 'not confirmed by the service' : undefined,
  };
  ctx.log(
    missing.length > 0 ? 'warn' : 'info',
    `${ctx.chunkLabel(index)}: ${confirmed.length} updated${attempts !== undefined && attempts > 1 ? ` after ${attempts} attempts` : ''}` +
      (missing.length > 0 ? `; ${missing.length} not confirmed by the service (${listIds(missing)})` : '') +
      '.',
  );
  return report;
}

/** A rejected `send` for chunk `index`: invalid ids, a cancel, or a failure (which may stop the run). */
export function classifyFailure(ctx: ChunkContext, index: number, ids: readonly string[], err: ErrorLike): ChunkReport {
  const requested = new Set(ids);
  const kind = typeof err?.kind === 'string' ? err.kind : 'error';
  // The client's errors were masked when made, and list ids and counts that must stay exact; any
  // other error's text is masked in full.
  const text = typeof err?.message === 'string' ? err.message : valueText(err);
  const message = ctx.redactor.redact(text);
  const status = typeof err?.status === 'number' ? err.status : undefined;
  const attempts = typeof err?.attempts === 'number' && err.attempts > 0 ? err.attempts : undefined;
  const maybeApplied = err?.maybeApplied === true;
  const base = { index, size: ids.length, updated: 0, unknown: 0, attempts };

  if (kind === 'invalid-ids' && Array.isArray(err.invalidIds)) {
    const named = (err.invalidIds as unknown[]).filter((id): id is string => typeof id === 'string');
    const bad = named.filter((id) => requested.has(id));
    const strays = named.filter((id) => !requested.has(id));
    for (const id of strays) ctx.unexpected.add(id);
    if (strays.length > 0) {
      ctx.log(
        'warn',
        `${ctx.chunkLabel(index)}: the service named ${plural(strays.length, 'invalid id')} that were not requested: ${listIds(strays)}. They are reported, not counted.`,
      );
    }
    if (bad.length === 0) {
      fail(
        ctx,
        index,
        ids,
        {
          kind: 'invalid-ids-unmatched',
          reason: 'the service answered that ids were invalid (404, is_id_404_validation) but named none of the ids sent; nothing was applied',
          status,
        },
        false,
      );
      ctx.log('warn', `${ctx.chunkLabel(index)}: 404 invalid ids, but none of the ids sent was named; the chunk failed and nothing was applied.`);
      return { ...base, status: 'failed', invalid: 0, validNotApplied: 0, failed: ids.length, reason: 'invalid ids not named' };
    }
    const badSet = new Set(bad);
    for (const id of bad) ctx.invalid.add(id);
    const valid = ids.filter((id) => !badSet.has(id));
    for (const id of valid) ctx.validNotApplied.add(id);
    ctx.log(
      'warn',
      `${ctx.chunkLabel(index)}: refused, ${plural(bad.length, 'invalid id')} (${listIds(bad, 20)})` +
        (valid.length > 0
          ? `; the ${valid.length} valid ${valid.length === 1 ? 'id was' : 'ids were'} not applied (the service applies all or nothing).`
          : '.'),
    );
    return { ...base, status: 'invalid-ids', invalid: bad.length, validNotApplied: valid.length, failed: 0 };
  }

  if (kind === 'cancelled' && !maybeApplied) {
    // The request never went out: as good as a chunk that never started.
    for (const id of ids) ctx.notSent.add(id);
    ctx.log('info', `${ctx.chunkLabel(index)}: cancelled before it was sent.`);
    return { ...base, status: 'not-sent', invalid: 0, validNotApplied: 0, failed: 0, reason: 'cancelled' };
  }

  const failureKind = (KNOWN_KINDS.has(kind) ? kind : 'error') as FailureKind;
  const fieldErrors = kind === 'validation' && Array.isArray(err.fieldErrors) ? (err.fieldErrors as FlatFieldError[]) : undefined;
  const reason = kind === 'cancelled' ? `cancelled while in flight; ${maybeApplied ? 'the service may have applied it' : 'not applied'}` : message;
  fail(ctx, index, ids, { kind: failureKind, reason, status, ...(fieldErrors !== undefined ? { fieldErrors, chunkIds: [...ids] } : {}) }, maybeApplied);
  ctx.log(
    kind === 'cancelled' ? 'info' : 'error',
    `${ctx.chunkLabel(index)}: ${maybeApplied ? 'unknown, the service may have applied it' : 'failed'} [${kind}${status !== undefined ? ` ${status}` : ''}${attempts !== undefined && attempts > 1 ? `, ${attempts} attempts` : ''}]: ${reason}`,
  );

  // Stop sending when every later chunk would hit the same error.
  const settingsError = kind === 'validation' && (fieldErrors === undefined || fieldErrors.some((f) => f.path[0] !== 'ids'));
  if (!ctx.stopped && kind !== 'cancelled' && (FATAL_KINDS.has(kind) || settingsError)) {
    ctx.stopped = {
      cause: 'fatal',
      kind: failureKind,
      message: `Stopped after ${ctx.chunkLabel(index).toLowerCase()} failed (${kind}): the remaining requests would fail the same way.`,
    };
    // With one request there is nothing left to stop: the failure itself is the whole story.
    if (ctx.chunkCount > 1) ctx.log('warn', ctx.stopped.message);
  }
  return maybeApplied
    ? { ...base, status: 'unknown', invalid: 0, validNotApplied: 0, failed: 0, unknown: ids.length, reason }
    : { ...base, status: 'failed', invalid: 0, validNotApplied: 0, failed: ids.length, reason };
}
