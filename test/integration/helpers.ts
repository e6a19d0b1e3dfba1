// Helpers for tests that run inside VS Code's extension host. They wait on events with a
// timeout; they never sleep for a fixed time.
import * as vscode from 'vscode';

export const EXTENSION_ID = 'scantargets.scan-target-settings';

export async function activateExtension(): Promise<vscode.Extension<unknown>> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`extension ${EXTENSION_ID} is not loaded`);
  await extension.activate();
  return extension;
}

/** Resolves with the first value of `event` that satisfies `predicate`, or rejects after `timeoutMs`. */
export function waitForEvent<T>(event: vscode.Event<T>, predicate: (value: T) => boolean, timeoutMs = 10_000, what = 'event'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
    const subscription = event((value) => {
      if (!predicate(value)) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(value);
    });
  });
}

/** Waits until `check` returns a value other than undefined, re-checking whenever diagnostics change. */
export async function waitForDiagnostics(
  uri: vscode.Uri,
  check: (diagnostics: vscode.Diagnostic[]) => boolean,
  timeoutMs = 10_000,
): Promise<vscode.Diagnostic[]> {
  const current = vscode.languages.getDiagnostics(uri);
  if (check(current)) return current;
  await waitForEvent(
    vscode.languages.onDidChangeDiagnostics,
    (e) => e.uris.some((u) => u.toString() === uri.toString()) && check(vscode.languages.getDiagnostics(uri)),
    timeoutMs,
    `diagnostics on ${uri.path}`,
  );
  return vscode.languages.getDiagnostics(uri);
}

/** A diagnostic's code as a string (VS Code keeps it as `{ value, target }` when it links to docs). */
export function codeOf(d: vscode.Diagnostic): string | undefined {
  if (d.code === undefined) return undefined;
  return typeof d.code === 'object' ? String(d.code.value) : String(d.code);
}

export function workspaceFile(relative: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder is open');
  return vscode.Uri.joinPath(folder.uri, relative);
}

export { settingsFileText } from '../fixtures/secretsFile';
