// Ctrl+C during a run that sends: once stops new requests and waits, at most
// IN_FLIGHT_WAIT_LIMIT_MS, for the ones in flight; twice gives up on them. Either way the run ends
// with its full report. Shared by bulk-update and apply.
import { IN_FLIGHT_WAIT_LIMIT_MS } from '../core/bulk';
import type { CliContext } from './context';

export interface Interrupts {
  /** Aborted on the first Ctrl+C (or SIGTERM): start no new request. */
  readonly stopSending: AbortSignal;
  /** Aborted on the second, or when the wait runs out: abandon the requests in flight. */
  readonly abandonInFlight: AbortSignal;
}

/** Runs `work` with SIGINT and SIGTERM turned into the two signals; says whether it was interrupted. */
export async function withInterrupts<T>(ctx: CliContext, work: (signals: Interrupts) => Promise<T>): Promise<{ result: T; interrupted: boolean }> {
  const stopSending = new AbortController();
  const abandonInFlight = new AbortController();
  let interrupted = false;
  let drainTimer: NodeJS.Timeout | undefined;
  const abandon = (why: string): void => {
    if (abandonInFlight.signal.aborted) return;
    ctx.err(`${why}: giving up on the requests in flight; their ids are reported as unknown (the service may have applied them).\n`);
    abandonInFlight.abort();
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    if (interrupted) return abandon(`Interrupted again (${signal})`);
    interrupted = true;
    ctx.err(
      `Interrupted (${signal}): no new request will start; waiting up to ${IN_FLIGHT_WAIT_LIMIT_MS / 1000} s for the ones in flight. Press Ctrl+C again to stop waiting.\n`,
    );
    stopSending.abort();
    drainTimer = setTimeout(() => abandon(`The requests in flight did not finish within ${IN_FLIGHT_WAIT_LIMIT_MS / 1000} s`), IN_FLIGHT_WAIT_LIMIT_MS);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const result = await work({ stopSending: stopSending.signal, abandonInFlight: abandonInFlight.signal });
    return { result, interrupted };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    clearTimeout(drainTimer);
  }
}
