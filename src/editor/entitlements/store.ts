// Holds the account's entitlements record and the state of its last read. Data access only: the
// tree provider and the validation read it and listen to `onDidChange`. The last good record
// stays available (marked stale by the view) while a refresh runs and after one fails.
//
// Only types come from `vscode` here, so the state machine is tested with `node --test`.
import type * as vscode from 'vscode';
import type { EntitlementsRecord } from '../../core/entitlements/types';
import { valueText } from '../../core/wording';

export interface LoadedRecord {
  record: EntitlementsRecord;
  fetchedAt: Date;
}

export interface StateError {
  /** The API client's error kind (`unauthorized`, `not-found`, `server`, `network`, `timeout`, ...), or `unknown`. */
  kind: string;
  /** User-facing text: what happened and what to do. */
  message: string;
  /** HTTP status, when the client's error carries one. */
  status?: number;
}

export type EntitlementsState =
  | { kind: 'unconfigured' }
  | { kind: 'loading'; last?: LoadedRecord }
  | ({ kind: 'loaded' } & LoadedRecord)
  | { kind: 'failed'; error: StateError; last?: LoadedRecord };

export interface EntitlementsStoreOptions {
  /** Reads the record; must honour `signal` (the store aborts a superseded read). */
  fetch: (signal: AbortSignal) => Promise<EntitlementsRecord>;
  /** False when there is nothing to read from (no base URL or token, or an untrusted workspace). */
  isConfigured: () => boolean | Promise<boolean>;
  log: Pick<vscode.LogOutputChannel, 'info' | 'warn' | 'error' | 'debug'>;
  /** For tests. */
  now?: () => Date;
}

export interface RefreshOptions {
  /**
   * Forget the last good record first, e.g. when the base URL or the token changed: a record of
   * another account must not be shown as this one's, not even marked stale.
   */
  reset?: boolean;
  /** Who asked, for the log. */
  reason?: string;
}

/** A minimal event emitter with `vscode.Event`'s shape. */
class Emitter<T> {
  private listeners = new Set<(value: T) => unknown>();
  readonly event: vscode.Event<T> = (listener, thisArgs?, disposables?) => {
    const bound = thisArgs === undefined ? listener : listener.bind(thisArgs);
    this.listeners.add(bound);
    const disposable = { dispose: () => void this.listeners.delete(bound) };
    if (Array.isArray(disposables)) disposables.push(disposable);
    return disposable;
  };
  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch {
        // One listener's failure must not stop the others; listeners log their own errors.
      }
    }
  }
  dispose(): void {
    this.listeners.clear();
  }
}

export function toStateError(err: unknown): StateError {
  if (typeof err === 'object' && err !== null) {
    const e = err as { kind?: unknown; message?: unknown; status?: unknown; name?: unknown };
    const message = typeof e.message === 'string' && e.message !== '' ? e.message : valueText(err);
    const kind = typeof e.kind === 'string' ? e.kind : e.name === 'AbortError' ? 'cancelled' : 'unknown';
    return typeof e.status === 'number' ? { kind, message, status: e.status } : { kind, message };
  }
  return { kind: 'unknown', message: String(err) };
}

export class EntitlementsStore {
  private current: EntitlementsState = { kind: 'unconfigured' };
  private last: LoadedRecord | undefined;
  private inflight: AbortController | undefined;
  private latest: { controller: AbortController; result: Promise<EntitlementsState> } | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private disposed = false;
  private readonly changed = new Emitter<EntitlementsState>();
  /** Fires with the new state on every change. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly options: EntitlementsStoreOptions) {}

  get state(): EntitlementsState {
    return this.current;
  }

  /** The last good record (fresh or stale), or undefined. */
  get record(): EntitlementsRecord | undefined {
    return this.last?.record;
  }

  /** When the last good record was read. */
  get fetchedAt(): Date | undefined {
    return this.last?.fetchedAt;
  }

  /** True while a read runs. */
  get busy(): boolean {
    return this.inflight !== undefined;
  }

  /**
   * Reads the record again, cancelling a read in flight. Resolves with the resulting state; a
   * read superseded by a later one resolves with the later one's result. Never rejects.
   */
  refresh(options: RefreshOptions = {}): Promise<EntitlementsState> {
    if (this.disposed) return Promise.resolve(this.current);
    this.inflight?.abort();
    const controller = new AbortController();
    this.inflight = controller;
    const result = this.run(controller, options);
    this.latest = { controller, result };
    return result;
  }

  private async run(controller: AbortController, options: RefreshOptions): Promise<EntitlementsState> {
    // Aborted by a later refresh: answer with its result. Aborted by dispose: the state as it is.
    const superseded = (): Promise<EntitlementsState> =>
      !this.disposed && this.latest && this.latest.controller !== controller ? this.latest.result : Promise.resolve(this.current);
    if (options.reset) this.last = undefined;
    let configured: boolean;
    try {
      configured = await this.options.isConfigured();
    } catch (err) {
      configured = false;
      this.options.log.error(`Entitlements: could not tell whether the connection is configured: ${toStateError(err).message}`);
    }
    if (controller.signal.aborted) return superseded();
    if (!configured) {
      this.last = undefined;
      this.inflight = undefined;
      this.setState({ kind: 'unconfigured' });
      return this.current;
    }
    this.options.log.info(`Entitlements: reading the record${options.reason ? ` (${options.reason})` : ''}`);
    this.setState(this.last ? { kind: 'loading', last: this.last } : { kind: 'loading' });
    try {
      const record = await this.options.fetch(controller.signal);
      if (controller.signal.aborted) return superseded();
      this.last = { record, fetchedAt: this.options.now?.() ?? new Date() };
      this.inflight = undefined;
      this.options.log.info('Entitlements: record read');
      this.setState({ kind: 'loaded', ...this.last });
    } catch (err) {
      if (controller.signal.aborted) return superseded();
      this.inflight = undefined;
      const error = toStateError(err);
      this.options.log.warn(
        `Entitlements: read failed (${error.kind}${error.status !== undefined ? `, HTTP ${error.status}` : ''}): ${error.message}` +
          (this.last ? ' The last good record stays shown, marked stale.' : ''),
      );
      this.setState(this.last ? { kind: 'failed', error, last: this.last } : { kind: 'failed', error });
    }
    return this.current;
  }

  /** Refresh every `minutes` minutes; 0 (or less, or not a number) turns it off. */
  setInterval(minutes: number): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    if (this.disposed || !Number.isFinite(minutes) || minutes <= 0) return;
    const ms = Math.max(1, Math.round(minutes * 60_000));
    this.timer = setInterval(() => {
      // A periodic tick never cancels a read someone asked for.
      if (this.inflight) return;
      void this.refresh({ reason: 'periodic refresh' });
    }, ms);
  }

  private setState(state: EntitlementsState): void {
    if (this.disposed) return;
    this.current = state;
    this.changed.fire(state);
  }

  dispose(): void {
    this.disposed = true;
    this.inflight?.abort();
    this.inflight = undefined;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.changed.dispose();
  }
}
