// The outcome of a bulk run: the buckets every selected id ends in, the accounting check that each
// id is in exactly one, and the outcome as people and `--format json` read it. Apart from the runner
// so that reading an outcome (a summary, a retry, the command line's JSON) needs none of the sending.

// The bucket model: every selected id (repeats removed) ends in EXACTLY ONE of
//
//   updated          the service listed it in a 200 answer's `ids`: applied.
//   invalid          the service listed it in a custom 404's `invalid_ids`.
//   validNotApplied  it was in a chunk the service refused because OTHER ids of that chunk were
//                    invalid. With `is_id_404_validation=true` the service applies all or nothing,
//                    so these were not updated; they are not retried automatically (the result
//                    offers "Update the N Valid Ids", which sends exactly these).
//   failed           its chunk did not succeed and the service did not apply it: refused before
//                    any work (400 validation with the field errors, 401, 429 or 503 after the
//                    client's retries), a connection that never carried the request, a 500.
//                    Grouped by chunk, each group with its reason.
//   unknown          its chunk reached the service but the answer was lost, so the service may
//                    have applied it: a connection cut after sending, a gateway's 502 or 504, a
//                    timeout while waiting for the answer, a cancel while in flight, a 200 answer
//                    that does not list it. Never reported as failed or not applied. Grouped by
//                    chunk like `failed`; sending it again is safe (the update is idempotent).
//   notSent          its chunk never went out: the run was cancelled before it, or stopped after
//                    an error that every later chunk would hit too (401, a 400 on the settings,
//                    configuration, an answer that is not the service's).
//
// Ids the service names that were not requested go to `unexpected` (logged; not a bucket).
// The runner sends each chunk at most once (the client's own retries aside) and never re-sends an
// id on its own. `retryIds` (failed + unknown + notSent) is what "Retry failed" sends again.

import type { ApiErrorKind, FlatFieldError } from '../serviceContract';
import { plural } from '../wording';

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
  /** For `validation`: the service's field errors (paths in the request body), for `mapValidationErrors`. */
  readonly fieldErrors?: readonly FlatFieldError[];
  /** For `validation`: the ids of the chunk in the order sent (an `['ids', i]` error path indexes these). */
  readonly chunkIds?: readonly string[];
}

export type ChunkStatus = 'updated' | 'invalid-ids' | 'failed' | 'unknown' | 'not-sent';

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
  /** Ids of the chunk the service may have applied, its answer lost. */
  readonly unknown: number;
  readonly attempts?: number;
  /** For a failed chunk. */
  readonly reason?: string;
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
  /** Groups the service may have applied (the answer was lost): neither updated nor failed. */
  readonly unknown: readonly FailedGroup[];
  readonly notSent: readonly string[];
  /** Ids the service returned or reported that were not requested in that chunk (not a bucket). */
  readonly unexpected: readonly string[];
  /** Requests made (`send` calls). */
  readonly requests: number;
  readonly chunks: readonly ChunkReport[];
  /** Set when the run stopped before sending every chunk. */
  readonly stopped?: RunStop;
}

/** Every failed id, in the order of the groups. */
export function failedIds(outcome: BulkOutcome): string[] {
  return outcome.failed.flatMap((g) => [...g.ids]);
}

/** Every id the service may have applied, in the order of the groups. */
export function unknownIds(outcome: BulkOutcome): string[] {
  return outcome.unknown.flatMap((g) => [...g.ids]);
}

/** What "Retry failed" sends again: the failed ids, the unknown ones, then the ones not sent. */
export function retryIds(outcome: BulkOutcome): string[] {
  return [...failedIds(outcome), ...unknownIds(outcome), ...outcome.notSent];
}

/**
 * The accounting rule, checked: every selected id in exactly one bucket, and no bucket holding an
 * id that was not selected. Returns the problems found (none for a correct outcome).
 */
export function checkOutcome(outcome: BulkOutcome): string[] {
  const { selected, updated } = outcome;
  if (
    updated.length === selected.length &&
    outcome.invalid.length + outcome.validNotApplied.length + outcome.failed.length + outcome.unknown.length + outcome.notSent.length === 0 &&
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
    ['unknown', unknownIds(outcome)],
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

/**
 * The summary of a run, one sentence per fact and every count exact:
 * `0 of 5 ids updated in 1 request. 1 was rejected by the service as invalid. ...`
 */
export function describeOutcome(outcome: BulkOutcome): string {
  const was = (n: number): string => (n === 1 ? 'was' : 'were');
  const sentences = [`${outcome.updated.length} of ${plural(outcome.selected.length, 'id')} updated in ${plural(outcome.requests, 'request')}.`];
  const invalid = outcome.invalid.length;
  if (invalid > 0) sentences.push(`${invalid} ${was(invalid)} rejected by the service as invalid.`);
  const valid = outcome.validNotApplied.length;
  if (valid > 0) sentences.push(`${plural(valid, 'valid id')} ${was(valid)} not applied, because ${valid === 1 ? 'its' : 'their'} request had an invalid id.`);
  const failed = failedIds(outcome).length;
  if (failed > 0) sentences.push(`${failed} failed and ${was(failed)} not applied.`);
  const unknown = unknownIds(outcome).length;
  if (unknown > 0) sentences.push(`${unknown} may have been applied: the service's answer was lost.`);
  const notSent = outcome.notSent.length;
  if (notSent > 0) sentences.push(`${notSent} ${was(notSent)} not sent.`);
  // A stop that left nothing unsent changed nothing: the counts above say it all.
  if (outcome.stopped?.cause === 'cancelled') sentences.push('The run was cancelled.');
  else if (outcome.stopped && notSent > 0) sentences.push(outcome.stopped.message);
  return sentences.join(' ');
}

/** One group as the command line's `--format json` prints it. */
export interface GroupJson {
  ids: string[];
  reason: string;
  kind: FailureKind;
  status?: number;
}

/**
 * The outcome as the command line's `--format json` prints it:
 * `{updated, invalid, validNotApplied, failed: [{ids, reason, kind, status}], unknown: [...], notSent, requests}`.
 */
export function outcomeToJson(outcome: BulkOutcome): {
  updated: string[];
  invalid: string[];
  validNotApplied: string[];
  failed: GroupJson[];
  unknown: GroupJson[];
  notSent: string[];
  requests: number;
} {
  const group = (g: FailedGroup): GroupJson => ({ ids: [...g.ids], reason: g.reason, kind: g.kind, ...(g.status !== undefined ? { status: g.status } : {}) });
  return {
    updated: [...outcome.updated],
    invalid: [...outcome.invalid],
    validNotApplied: [...outcome.validNotApplied],
    failed: outcome.failed.map(group),
    unknown: outcome.unknown.map(group),
    notSent: [...outcome.notSent],
    requests: outcome.requests,
  };
}
