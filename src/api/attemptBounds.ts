// What bounds one attempt on either wire (undici's, transport.ts; fetch's, fetchWire.ts): the
// request timeout on the client's clock and the caller's signal, as one AbortSignal to give the
// request, and the failure to report when one of them ended it.
import type { Clock } from '../core/clock';
import { cancelledError, timeoutError } from './attemptFailures';
import type { ApiErrorInit } from './errors';
import type { AttemptOutcome, Endpoint, Operation } from './operation';

export interface AttemptBounds {
  /** Aborts the request when its time runs out or the caller cancels. */
  readonly signal: AbortSignal;
  /** The failure when the caller cancelled or the time ran out, else undefined. `answering`: the answer had started. */
  stopped(answering: boolean): AttemptOutcome | undefined;
  /** Clears the timer and the caller's listener, once the attempt is over. */
  release(): void;
}

export function boundAttempt<T>(endpoint: Endpoint, clock: Clock, op: Operation<T>, init: ApiErrorInit): AttemptBounds {
  const controller = new AbortController();
  let timedOut = false;
  const cancelTimer = clock.setTimer(endpoint.opts.requestTimeoutMs, () => {
    timedOut = true;
    controller.abort(new Error('request timeout'));
  });
  const onAbort = (): void => controller.abort(op.signal?.reason);
  op.signal?.addEventListener('abort', onAbort, { once: true });
  if (op.signal?.aborted) onAbort();
  return {
    signal: controller.signal,
    stopped: (answering) => {
      if (op.signal?.aborted) return { type: 'failure', retryable: false, error: cancelledError(op, init, true) };
      if (timedOut) return { type: 'failure', retryable: false, error: timeoutError(endpoint, op, init, answering ? 'body' : 'headers') };
      return undefined;
    },
    release: () => {
      cancelTimer();
      op.signal?.removeEventListener('abort', onAbort);
    },
  };
}
