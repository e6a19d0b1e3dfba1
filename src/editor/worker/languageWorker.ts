// The extension host's side of the language worker: starts it, keeps each document's text in
// step (sent once per version), matches answers to requests, and restarts the worker if it dies.
import * as path from 'path';
import { SHARE_ENV, Worker } from 'worker_threads';
import * as vscode from 'vscode';
import type { ServiceMethods } from '../../core/service';
import type { WorkerRequest, WorkerResponse } from './protocol';

/** Thrown for a request a newer one of the same kind replaced before it ran; callers drop it. */
export class SupersededError extends Error {}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

type Params<M extends keyof ServiceMethods> = Parameters<ServiceMethods[M]>[1];
type Result<M extends keyof ServiceMethods> = ReturnType<ServiceMethods[M]>;

export class LanguageWorker implements vscode.Disposable {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Last version of each document the current worker has the text of. */
  private readonly sent = new Map<string, number>();
  /** Calls without a document (entitlements record...) replayed when the worker restarts. */
  private readonly state = new Map<string, unknown>();
  private disposed = false;

  constructor(private readonly script: string, private readonly log: vscode.LogOutputChannel) {}

  static forExtension(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): LanguageWorker {
    return new LanguageWorker(path.join(context.extensionPath, 'dist', 'worker.js'), log);
  }

  /** Runs `method` on the parse of `document` at its current version. */
  request<M extends keyof ServiceMethods>(method: M, document: vscode.TextDocument, params: Params<M>, supersedeKey?: string): Promise<Result<M>> {
    const worker = this.ensureWorker();
    const uri = document.uri.toString();
    const version = document.version;
    const sync = this.sent.get(uri) === version ? { uri, version } : { uri, version, text: document.getText() };
    this.sent.set(uri, version);
    return this.post(worker, { method, document: sync, params, supersedeKey }) as Promise<Result<M>>;
  }

  /** Sets worker-wide state (kept and replayed if the worker restarts). */
  setState<M extends keyof ServiceMethods>(method: M, params: Params<M>): Promise<Result<M>> {
    this.state.set(method, params);
    return this.post(this.ensureWorker(), { method, params }) as Promise<Result<M>>;
  }

  forget(document: vscode.TextDocument): void {
    const uri = document.uri.toString();
    if (!this.sent.delete(uri) || !this.worker) return;
    void this.post(this.worker, { method: 'close', params: uri }).catch(() => undefined);
  }

  private post(worker: Worker, request: Omit<WorkerRequest, 'id'>): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  }

  private ensureWorker(): Worker {
    if (this.disposed) throw new Error('the language worker has been shut down');
    if (this.worker) return this.worker;
    const worker = new Worker(this.script, { name: 'scan-targets-language-worker', env: SHARE_ENV });
    worker.on('message', (response: WorkerResponse) => {
      const pending = this.pending.get(response.id);
      if (!pending) return;
      this.pending.delete(response.id);
      if (response.ok) pending.resolve(response.result);
      else if (response.superseded) pending.reject(new SupersededError(response.error));
      else pending.reject(new Error(response.error));
    });
    worker.on('error', (err) => this.log.error(`Language worker failed: ${err.message}`));
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.sent.clear();
      const lost = [...this.pending.values()];
      this.pending.clear();
      for (const p of lost) p.reject(new Error(`the language worker stopped (exit code ${code})`));
      if (!this.disposed) this.log.warn(`Language worker stopped (exit code ${code}); it restarts on the next request.`);
    });
    this.worker = worker;
    for (const [method, params] of this.state) void this.post(worker, { method, params });
    return worker;
  }

  dispose(): void {
    this.disposed = true;
    void this.worker?.terminate();
    this.worker = undefined;
    for (const p of this.pending.values()) p.reject(new SupersededError('shut down'));
    this.pending.clear();
  }
}
