// `scanTargets.explainCode`: the page that explains a diagnostic code (docs/codes/<code>.md,
// shipped with the extension), rendered in the Markdown preview. The server links each
// diagnostic to that page (a file any LSP client can open, or the address this extension gives it); in VS Code the link is made to
// run this command instead, so that the page opens rendered rather than as Markdown source.
import * as vscode from 'vscode';
import { exists } from './exists';

export const EXPLAIN_CODE_COMMAND = 'scanTargets.explainCode';

const CODE_PAGE = /\/docs\/codes\/([a-z][a-z-]*)\.md$/;

/** The command link that explains the code whose page `target` is, or `target` itself for any other link. */
export function explainLink(target: vscode.Uri): vscode.Uri {
  const code = CODE_PAGE.exec(target.path)?.[1];
  return code === undefined ? target : vscode.Uri.parse(`command:${EXPLAIN_CODE_COMMAND}?${encodeURIComponent(JSON.stringify([code]))}`);
}

/** Opens the page of `code`; without one (from the palette), asks which. */
export async function explainCode(context: vscode.ExtensionContext, given: unknown): Promise<vscode.Uri | undefined> {
  const pages = vscode.Uri.joinPath(context.extensionUri, 'docs', 'codes');
  const code =
    given ??
    (await vscode.window.showQuickPick((await vscode.workspace.fs.readDirectory(pages)).map(([name]) => name.replace(/\.md$/, '')).sort(), {
      title: 'Scan Targets: explain which diagnostic code?',
    }));
  if (code === undefined) return undefined;
  const page = typeof code === 'string' && /^[a-z][a-z-]*$/.test(code) ? vscode.Uri.joinPath(pages, `${code}.md`) : undefined;
  if (page === undefined || !(await exists(page))) {
    void vscode.window.showErrorMessage(
      `There is no page for the diagnostic code "${typeof code === 'string' ? code : JSON.stringify(code)}". The README's Diagnostic codes section lists every code.`,
    );
    return undefined;
  }
  await vscode.commands.executeCommand('markdown.showPreview', page);
  return page;
}
