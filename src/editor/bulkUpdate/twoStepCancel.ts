// Cancel as on the command line: the first Cancel stops new requests and waits, at most
// IN_FLIGHT_WAIT_LIMIT_MS, for the ones in flight, in a notification of its own; that
// notification's Cancel gives up on them at once (their ids end unknown). Either way the run
// ends with its full result.
import * as vscode from 'vscode';
import { IN_FLIGHT_WAIT_LIMIT_MS } from '../../core/bulk/run';

export interface TwoStepCancel {
  /** Fires on the first Cancel: no new request starts. */
  readonly stopSending: AbortSignal;
  /** Fires on the second Cancel, or when the wait runs out: the requests in flight are given up on. */
  readonly abandonInFlight: AbortSignal;
  /** The run has ended: closes the waiting notification. */
  dispose(): void;
}

export function twoStepCancel(token: vscode.CancellationToken, log: { info(message: string): void }): TwoStepCancel {
  const stop = new AbortController();
  const abandon = new AbortController();
  let ended: () => void = () => undefined;
  const runEnded = new Promise<void>((resolve) => (ended = resolve));
  let timer: NodeJS.Timeout | undefined;
  const giveUp = (why: string): void => {
    if (abandon.signal.aborted) return;
    log.info(`${why}: giving up on the requests in flight; their ids are reported as unknown (the service may have applied them).`);
    abandon.abort();
  };
  const subscription = token.onCancellationRequested(() => {
    stop.abort();
    log.info('Bulk update cancelled: no new request will start; waiting for the ones in flight.');
    timer = setTimeout(() => giveUp(`The requests in flight did not finish within ${IN_FLIGHT_WAIT_LIMIT_MS / 1000} s`), IN_FLIGHT_WAIT_LIMIT_MS);
    void vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: `Bulk update cancelled: waiting up to ${IN_FLIGHT_WAIT_LIMIT_MS / 1000} s for the requests in flight. Cancel to stop waiting.`,
        cancellable: true,
      },
      (_progress, waitToken) => {
        waitToken.onCancellationRequested(() => giveUp('Cancelled again'));
        return runEnded;
      },
    );
  });
  return {
    stopSending: stop.signal,
    abandonInFlight: abandon.signal,
    dispose() {
      clearTimeout(timer);
      subscription.dispose();
      ended();
    },
  };
}
