// What the launcher (scripts/run-web-tests.mjs) tells the browser suite: where to post results,
// and the two sandboxes it runs on this machine, one answering this editor's origin (CORS) and
// one that does not, as a service that does not allow calls from a browser.
import * as vscode from 'vscode';

export interface SandboxAddress {
  readonly url: string;
  readonly token: string;
  /** Its targets' ids. */
  readonly targetIds: readonly string[];
  /** GET: `{ requests, changes }`, what it received so far. */
  readonly requestsUrl: string;
}

export interface WebTestConfig {
  readonly resultsUrl: string;
  readonly grep?: string;
  /** Answers calls from the workbench's origin. */
  readonly sandbox: SandboxAddress;
  /** Sends no CORS header. */
  readonly noCorsSandbox: SandboxAddress;
}

/** The launcher writes it beside the workspace's files. */
export const CONFIG_FILE = 'web-test.json';

let config: Promise<WebTestConfig> | undefined;

export function webTestConfig(): Promise<WebTestConfig> {
  config ??= (async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!folder) throw new Error('no workspace folder is open');
    const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, CONFIG_FILE));
    return JSON.parse(new TextDecoder().decode(bytes)) as WebTestConfig;
  })();
  return config;
}
