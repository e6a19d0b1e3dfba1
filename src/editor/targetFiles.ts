// Decides whether a document is a target-settings file: YAML, and matching `scanTargets.files`
// or carrying the schema modeline on its first line. Keeps the `scanTargets.isTargetSettingsFile`
// context key in step with the active editor, for menus.
import * as vscode from 'vscode';
import { hasSchemaModeline } from '../core/fileMatch';
import { readSettings, SECTION } from './settings';

export class TargetFiles implements vscode.Disposable {
  private patterns = readSettings().files;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the patterns change, so validation can re-check every open document. */
  readonly onDidChangePatterns = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];

  constructor() {
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration(`${SECTION}.files`)) return;
        this.patterns = readSettings().files;
        this.updateContextKey();
        this.changed.fire();
      }),
      vscode.window.onDidChangeActiveTextEditor(() => this.updateContextKey()),
      vscode.workspace.onDidChangeTextDocument((e) => {
        // The modeline may be typed or removed.
        if (e.document === vscode.window.activeTextEditor?.document) this.updateContextKey();
      }),
    );
    this.updateContextKey();
  }

  matches(document: vscode.TextDocument): boolean {
    if (document.languageId !== 'yaml') return false;
    if (this.patterns.some((pattern) => vscode.languages.match({ pattern }, document) > 0)) return true;
    return hasSchemaModeline(document.lineAt(0).text);
  }

  private updateContextKey(): void {
    const document = vscode.window.activeTextEditor?.document;
    void vscode.commands.executeCommand('setContext', 'scanTargets.isTargetSettingsFile', document ? this.matches(document) : false);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
