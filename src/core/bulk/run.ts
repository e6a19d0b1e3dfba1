// The bulk update runner: sends the chunks of a plan through an injected `send` (the API client in
// both front ends), at most `concurrency` at a time, and accounts for every selected id. The buckets
// and the outcome are in `outcome.ts`, the reading of each chunk's answer in `chunkAnswer.ts`.

import { Redactor } from '../redact';
import type { BulkUpdateBody } from '../serviceContract';
import { classifyAnswer, classifyFailure, type ChunkContext, type ErrorLike } from './chunkAnswer';
import { checkOutcome, describeOutcome, type BulkOutcome, type ChunkReport, type FailedGroup } from './outcome';
import { DEFAULT_CONCURRENCY, normalizeConcurrency, planChunks } from './plan';
import type { SendFn } from './send';
import { plural } from '../wording';

/** Where the runner writes its per-chunk lines (a LogOutputChannel, or a stderr logger). */
export interface BulkLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  debug?(message: string): void;
}

/**
 * After a first cancel (Ctrl+C, Cancel), how long the requests in flight may take before the
 * command line and the editor give up on them.
 */
export const IN_FLIGHT_WAIT_LIMIT_MS = 30_000;

export interface BulkProgress {
  readonly chunksDone: number;
  readonly chunksTotal: number;
  /** Ids whose chunk has an answer (or failed). */
  readonly idsDone: number;
  readonly idsTotal: number;
  readonly updated: number;
  readonly invalid: number;
  readonly failed: number;
  /** Ids the service may have applied, the answer lost. */
  readonly unknown: number;
  /** The chunk that just finished; `undefined` for the first report (before any request). */
  readonly chunk?: ChunkReport;
}

export interface BulkRunOptions {
  /** The selected ids; repeats are sent once. */
  readonly ids: readonly string[];
  /** The settings (the body without `ids`), placeholders resolved: `ResolvedBody.settings`. Not modified. */
  readonly body: Readonly<Record<string, unknown>>;
  /** Ids per request. Default 500. */
  readonly chunkSize?: number;
  /** Requests in flight at once. Default 2. */
  readonly concurrency?: number;
  readonly send: SendFn;
  /** Cancels the run: no new chunk starts; chunks in flight get the signal unless `inFlightSignal` is given. */
  readonly signal?: AbortSignal;
  /**
   * Aborts the requests in flight, for callers that stop in two steps: `signal` first stops new
   * chunks and lets the ones in flight finish, this one then gives up on them (their ids end unknown).
   */
  readonly inFlightSignal?: AbortSignal;
  /** After each chunk (and once before the first). Exceptions are ignored. */
  readonly onProgress?: (progress: BulkProgress) => void;
  readonly logger?: BulkLogger;
  /** Values to keep out of reasons and log lines (`ResolvedBody.secretValues`). */
  readonly secretValues?: readonly string[];
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
      logger?.[level]?.(redactor.redactComposed(message));
    } catch {
      // A failing logger must not change the outcome.
    }
  };

  const updated = new Set<string>();
  const invalid = new Set<string>();
  const validNotApplied = new Set<string>();
  const failed: FailedGroup[] = [];
  const unknown: FailedGroup[] = [];
  const groupedIds = new Set<string>();
  const notSent = new Set<string>();
  const unexpected = new Set<string>();
  const reports: ChunkReport[] = [];
  let requests = 0;
  let idsDone = 0;
  // Counted as chunks finish: summing the groups on every report would cost a pass over them per chunk.
  let failedCount = 0;
  let unknownCount = 0;
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
        failed: failedCount,
        unknown: unknownCount,
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

  const ctx: ChunkContext = {
    updated,
    invalid,
    validNotApplied,
    failed,
    unknown,
    groupedIds,
    notSent,
    unexpected,
    stopped: undefined,
    redactor,
    chunkLabel,
    chunkCount: total,
    log,
  };

  const handle = async (index: number, ids: readonly string[]): Promise<void> => {
    started[index] = true;
    requests++;
    let report: ChunkReport;
    try {
      const result = await options.send({ ids: [...ids], ...settings } as BulkUpdateBody, options.inFlightSignal ?? signal);
      report = classifyAnswer(ctx, index, ids, result);
    } catch (err) {
      report = classifyFailure(ctx, index, ids, err as ErrorLike);
    }
    idsDone += ids.length;
    failedCount += report.failed;
    unknownCount += report.unknown;
    reports.push(report);
    progress(report);
  };

  let next = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      if (signal?.aborted && !ctx.stopped) {
        ctx.stopped = { cause: 'cancelled', message: 'The run was cancelled: requests not yet sent were not sent.' };
        log('info', ctx.stopped.message);
      }
      if (ctx.stopped) return;
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
  const { stopped } = ctx;
  const outcome: BulkOutcome = {
    selected: plan.ids,
    duplicates: plan.duplicates,
    updated: inOrder(updated),
    invalid: inOrder(invalid),
    validNotApplied: inOrder(validNotApplied),
    failed: failed.sort((a, b) => a.chunk - b.chunk),
    unknown: unknown.sort((a, b) => a.chunk - b.chunk),
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
