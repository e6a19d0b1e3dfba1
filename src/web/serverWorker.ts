// Starts the language server (dist/web/server.js) in a Worker. Where the extension is served over
// http(s) (vscode.dev, @vscode/test-web) the Worker loads it from its address; elsewhere (code-server
// serves extensions as `vscode-remote:`, from which the worker host refuses to start a Worker) the
// bundle is read through the workspace file system and started from a `blob:` address.
import * as vscode from 'vscode';
import { BrowserMessageReader, BrowserMessageWriter, type MessageTransports } from 'vscode-languageclient/browser';

/**
 * The client's transports over the server's Worker. Made here, not by the client from a Worker:
 * VS Code's worker extension host wraps `Worker`, so the client's `instanceof Worker` check fails.
 */
export async function serverTransports(extensionUri: vscode.Uri): Promise<MessageTransports> {
  const worker = await startServerWorker(extensionUri);
  return { reader: new BrowserMessageReader(worker), writer: new BrowserMessageWriter(worker) };
}

async function startServerWorker(extensionUri: vscode.Uri): Promise<Worker> {
  const bundle = vscode.Uri.joinPath(extensionUri, 'dist', 'web', 'server.js');
  if (bundle.scheme === 'http' || bundle.scheme === 'https') return new Worker(bundle.toString(true));
  const code = await vscode.workspace.fs.readFile(bundle);
  const url = URL.createObjectURL(new Blob([new Uint8Array(code)], { type: 'text/javascript' }));
  try {
    return new Worker(url);
  } finally {
    // The Worker has fetched its script by the time it runs; the address is not needed after.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
