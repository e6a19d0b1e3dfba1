// Read-only documents beside the editor: the exact JSON body of a bulk update (sensitive values
// masked), the plan of an apply and the report of a run. Their text is held here, never written to
// disk. One instance for the window: it owns the URI scheme.
import * as vscode from 'vscode';

const SCHEME = 'scan-targets-preview';

export class ReadOnlyDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(SCHEME, this);
  private counter = 0;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  /** Opens `text` (already masked) as `name` beside the editor; returns its URI. */
  async show(name: string, text: string, language: 'json' | 'plaintext' | 'markdown'): Promise<vscode.Uri> {
    const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${++this.counter}/${name}` });
    this.contents.set(uri.toString(), text);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(document, language);
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: false });
    return uri;
  }

  dispose(): void {
    this.registration.dispose();
  }
}
