// Read-only documents showing the exact JSON body of a bulk update, sensitive values masked.
import * as vscode from 'vscode';

const SCHEME = 'scan-targets-preview';

export class RequestPreviews implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(SCHEME, this);
  private counter = 0;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  /** Opens `json` (already masked) beside the editor; returns the preview's URI. */
  async show(sourceName: string, json: string): Promise<vscode.Uri> {
    const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${++this.counter}/${sourceName.replace(/\.ya?ml$/, '')}.bulk-update-request.json` });
    this.contents.set(uri.toString(), json);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(document, 'json');
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: false });
    return uri;
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}
