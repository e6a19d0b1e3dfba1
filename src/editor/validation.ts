// Live validation of target-settings files: on open and on every change, debounced per document,
// run in the language worker, with stale results dropped. Diagnostics are cleared when a file
// closes or stops matching `scanTargets.files`.
import * as vscode from 'vscode';
import type { CoreDiagnostic } from '../core/diagnostic';
import { toDiagnostic } from './convert';
import { readSettings, SECTION } from './settings';
import type { TargetFiles } from './targetFiles';
import { SupersededError, type LanguageWorker } from './worker/languageWorker';

export class Validation implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('scan-targets');
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Core diagnostics last published per uri, for quick fixes. */
  private readonly published = new Map<string, readonly CoreDiagnostic[]>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  /** Fires after diagnostics of a document were published. */
  readonly onDidValidate = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.collection, this.changed];

  constructor(
    private readonly worker: LanguageWorker,
    private readonly files: TargetFiles,
    private readonly codesDoc: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables.push(
      vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d, 0)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0) this.schedule(e.document);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.clear(d)),
      files.onDidChangePatterns(() => this.validateAll()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SECTION}.validation`) || e.affectsConfiguration(`${SECTION}.entitlements.checks`)) this.validateAll();
      }),
    );
    this.validateAll();
  }

  /** Core diagnostics currently shown for a document. */
  diagnosticsOf(uri: vscode.Uri): readonly CoreDiagnostic[] {
    return this.published.get(uri.toString()) ?? [];
  }

  validateAll(): void {
    for (const document of vscode.workspace.textDocuments) this.schedule(document, 0);
  }

  private schedule(document: vscode.TextDocument, delayMs = readSettings().debounceMs): void {
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    if (!this.files.matches(document)) {
      this.clear(document);
      return;
    }
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      void this.validate(document);
    }, delayMs));
  }

  private async validate(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    const version = document.version;
    const settings = readSettings();
    try {
      const diagnostics = await this.worker.request('validate', document, {
        severityOverrides: settings.severityOverrides,
        entitlementChecks: settings.entitlementChecks,
        maxProblems: settings.maxProblems,
      }, `validate:${key}`);
      // A newer version or a close made this result stale: drop it.
      if (document.isClosed || document.version !== version || !this.files.matches(document)) return;
      this.published.set(key, diagnostics);
      this.collection.set(document.uri, diagnostics.map((d) => toDiagnostic(d, this.codesDoc)));
      this.changed.fire(document.uri);
    } catch (err) {
      if (err instanceof SupersededError) return;
      this.log.error(`Validation of ${document.uri.fsPath} failed: ${(err as Error).message}`);
    }
  }

  private clear(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.published.delete(key);
    this.collection.delete(document.uri);
    this.worker.forget(document);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    for (const d of this.disposables) d.dispose();
  }
}
