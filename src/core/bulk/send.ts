// The runner's one way to the network: the `send` it is given (one request, resolved on a 200,
// rejected with the client's error otherwise), and `clientSend`, that `send` over the API client.
// Apart so that the runner stays free of the client, and a front end builds its `send` here.

import type { BulkUpdateBody, BulkUpdateResult } from '../serviceContract';

/** What `send` resolves with: the ids the service says it updated (a 200 answer). */
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

/** Options of {@link clientSend}. */
export interface ClientSendOptions {
  /** Values to keep out of the client's log lines and messages (`ResolvedBody.secretValues`). */
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
