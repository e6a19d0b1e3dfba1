// Sends the units of a plan, in turn, each as one bulk update (core/bulk/run.ts), for both front
// ends' apply. Once the service refuses the configuration (the token, the base URL), no later unit
// is sent: each of them ends with every id not sent, so every id of every unit is still in one bucket.
import type { BulkOutcome } from '../bulk/outcome';
import { runBulkUpdate, type BulkLogger, type BulkProgress } from '../bulk/run';
import type { SendFn } from '../bulk/send';

/** Run stops that mean the configuration or the credentials are wrong: no later run can do better. */
const CONFIGURATION_STOPS: ReadonlySet<string> = new Set(['unauthorized', 'configuration', 'insecure-transport', 'not-found']);

/** Whether the run stopped because the configuration or the credentials are wrong (no later run can do better). */
export function isConfigurationStop(outcome: BulkOutcome): boolean {
  return outcome.stopped?.cause === 'fatal' && outcome.stopped.kind !== undefined && CONFIGURATION_STOPS.has(outcome.stopped.kind);
}

export interface UnitToSend {
  readonly ids: readonly string[];
  /** The settings, placeholders resolved (`ResolvedBody.settings`). */
  readonly body: Readonly<Record<string, unknown>>;
  /** `ResolvedBody.secretValues`: kept out of every line and reason. */
  readonly secretValues: readonly string[];
}

export interface AppliedUnit {
  readonly outcome: BulkOutcome;
  /** Not sent because the service refused the configuration for an earlier unit. */
  readonly skipped: boolean;
}

export interface ApplyOptions {
  readonly chunkSize: number;
  readonly concurrency: number;
  /** The request of a unit, with its secret values handed to the client's redactor. */
  readonly send: (secretValues: readonly string[]) => SendFn;
  /** Stops new requests: the units not started are not sent. */
  readonly stopSending?: AbortSignal;
  /** Gives up on the requests in flight. */
  readonly abandonInFlight?: AbortSignal;
  /** Before each unit that is sent: where its per-request lines go. */
  readonly onUnit?: (index: number) => BulkLogger | undefined;
  readonly onProgress?: (index: number, progress: BulkProgress) => void;
}

/** The units' outcomes, in order. Never rejects because of a request. */
export async function applyUnits(units: readonly UnitToSend[], options: ApplyOptions): Promise<AppliedUnit[]> {
  const applied: AppliedUnit[] = [];
  let refused = false;
  for (const [index, unit] of units.entries()) {
    const outcome = await runBulkUpdate({
      ids: unit.ids,
      body: unit.body,
      chunkSize: options.chunkSize,
      concurrency: options.concurrency,
      send: options.send(unit.secretValues),
      signal: refused ? AbortSignal.abort() : options.stopSending,
      inFlightSignal: options.abandonInFlight,
      logger: refused ? undefined : options.onUnit?.(index),
      onProgress: refused ? undefined : (progress) => options.onProgress?.(index, progress),
      secretValues: unit.secretValues,
    });
    applied.push({ outcome, skipped: refused });
    refused ||= isConfigurationStop(outcome);
  }
  return applied;
}

/** The units' outcomes as one, for a summary of the whole apply: buckets joined, requests added, the first stop. */
export function combinedOutcome(outcomes: readonly BulkOutcome[]): BulkOutcome {
  const join = <T>(pick: (o: BulkOutcome) => readonly T[]): T[] => outcomes.flatMap((o) => [...pick(o)]);
  return {
    selected: join((o) => o.selected),
    duplicates: join((o) => o.duplicates),
    updated: join((o) => o.updated),
    invalid: join((o) => o.invalid),
    validNotApplied: join((o) => o.validNotApplied),
    failed: join((o) => o.failed),
    unknown: join((o) => o.unknown),
    notSent: join((o) => o.notSent),
    unexpected: join((o) => o.unexpected),
    requests: outcomes.reduce((n, o) => n + o.requests, 0),
    chunks: join((o) => o.chunks),
    stopped: outcomes.find((o) => o.stopped !== undefined)?.stopped,
  };
}
