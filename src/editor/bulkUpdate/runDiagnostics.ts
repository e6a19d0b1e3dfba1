// Diagnostics a bulk update leaves on its file, in a collection of their own: `invalid-id` on each
// rejected id, tracked across edits (an id that moves keeps it, one removed or changed loses it),
// and `service-validation` from a 400 answer, kept until the file changes. Plus the quick fixes
// that remove one invalid id or all of them.
import * as vscode from 'vscode';
import type { CoreDiagnostic } from '../../core/diagnostic';
import { codeOf, toDiagnostic, toWorkspaceEdit } from '../convert';
import { SupersededError, type LanguageWorker } from '../worker/languageWorker';

export class RunDiagnostics implements vscode.Disposable, vscode.CodeActionProvider {
  readonly collection = vscode.languages.createDiagnosticCollection('scan-targets-bulk-update');
  private readonly invalid = new Map<string, CoreDiagnostic[]>();
  private readonly service = new Map<string, CoreDiagnostic[]>();
  private readonly disposables: vscode.Disposable[] = [this.collection];

  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  constructor(private readonly worker: LanguageWorker, private readonly codesDoc: vscode.Uri, private readonly log: vscode.LogOutputChannel) {
    this.disposables.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        const key = e.document.uri.toString();
        if (e.contentChanges.length === 0 || (!this.invalid.has(key) && !this.service.has(key))) return;
        this.service.delete(key);
        void this.track(e.document);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.clear(d.uri)),
      vscode.languages.registerCodeActionsProvider({ language: 'yaml' }, this, RunDiagnostics.metadata),
    );
  }

  /** Shows a run's diagnostics on its document. */
  set(document: vscode.TextDocument, invalidIds: CoreDiagnostic[], serviceErrors: CoreDiagnostic[]): void {
    const key = document.uri.toString();
    this.invalid.set(key, invalidIds);
    this.service.set(key, serviceErrors);
    this.publish(document.uri);
  }

  private async track(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    const version = document.version;
    try {
      const diagnostics = await this.worker.request('trackInvalidIds', document, { uri: key }, `track:${key}`);
      if (document.isClosed || document.version !== version) return;
      if (diagnostics.length === 0) this.invalid.delete(key);
      else this.invalid.set(key, diagnostics);
      this.publish(document.uri);
    } catch (err) {
      if (!(err instanceof SupersededError)) this.log.error(`Tracking rejected ids in ${document.uri.fsPath} failed: ${(err as Error).message}`);
    }
  }

  private publish(uri: vscode.Uri): void {
    const key = uri.toString();
    const all = [...(this.invalid.get(key) ?? []), ...(this.service.get(key) ?? [])];
    if (all.length === 0) this.collection.delete(uri);
    else this.collection.set(uri, all.map((d) => toDiagnostic(d, this.codesDoc)));
  }

  private clear(uri: vscode.Uri): void {
    const key = uri.toString();
    this.invalid.delete(key);
    this.service.delete(key);
    this.collection.delete(uri);
  }

  async provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): Promise<vscode.CodeAction[]> {
    const mine = context.diagnostics.filter((d) => codeOf(d) === 'invalid-id');
    if (mine.length === 0) return [];
    const all = this.invalid.get(document.uri.toString()) ?? [];
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of mine) {
      const core = all.find((c) => c.message === diagnostic.message && c.range.start.line === diagnostic.range.start.line);
      const id = typeof core?.data?.id === 'string' ? core.data.id : undefined;
      if (!core || id === undefined) continue;
      const one = await this.removeAction(document, `Remove invalid id ${id}`, [{ documentIndex: core.document, ids: [id] }], [diagnostic]);
      if (one) {
        one.isPreferred = true;
        actions.push(one);
      }
    }
    const byDocument = new Map<number, string[]>();
    for (const c of all) {
      if (typeof c.data?.id !== 'string') continue;
      const list = byDocument.get(c.document) ?? [];
      if (!list.includes(c.data.id)) list.push(c.data.id);
      byDocument.set(c.document, list);
    }
    const total = [...byDocument.values()].reduce((n, l) => n + l.length, 0);
    if (total > 1) {
      const every = await this.removeAction(document, `Remove all ${total} invalid ids in this file`, [...byDocument].map(([documentIndex, ids]) => ({ documentIndex, ids })), mine);
      if (every) actions.push(every);
    }
    return actions;
  }

  private async removeAction(document: vscode.TextDocument, title: string, removals: { documentIndex: number; ids: string[] }[], diagnostics: vscode.Diagnostic[]): Promise<vscode.CodeAction | undefined> {
    const edit = new vscode.WorkspaceEdit();
    for (const removal of removals) {
      toWorkspaceEdit(document, await this.worker.request('removeIdsEdits', document, removal), edit);
    }
    if (edit.size === 0) return undefined;
    const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
    action.edit = edit;
    action.diagnostics = diagnostics;
    return action;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
