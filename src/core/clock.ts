// Time as a parameter. Code that waits (the client's retry waits and request timeouts, the
// sandbox's latency) reads the time and sets its timers through a `Clock`, so that tests can move
// time forward themselves instead of waiting for it.

export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
  /** Calls `fire` once, `ms` milliseconds from now; the returned function cancels it. */
  setTimer(ms: number, fire: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, fire) {
    const timer = setTimeout(fire, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
};

/** Thrown by `sleep` when its signal fires; carries the signal's reason. */
export class SleepAborted extends Error {
  constructor(readonly reason: unknown) {
    super('The wait was cancelled.');
  }
}

/** Waits `ms` milliseconds of `clock`; rejects with `SleepAborted` as soon as `signal` fires. */
export function sleep(ms: number, signal?: AbortSignal, clock: Clock = systemClock): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new SleepAborted(signal.reason));
      return;
    }
    const onAbort = (): void => {
      cancel();
      reject(new SleepAborted(signal?.reason));
    };
    const cancel = clock.setTimer(ms, () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
