// Entry of dist/load/extension.js, what VS Code loads on the desktop (package.json `main`):
// dist/extension.js, compiled with the code V8 kept from the last start (codeCache.ts), which
// halves the time the bundle takes to load.
import * as path from 'path';
import type * as vscode from 'vscode';
import { requireWithCodeCache } from './codeCache';

const extension = requireWithCodeCache(path.join(__dirname, '..', 'extension.js')) as {
  activate(context: vscode.ExtensionContext): unknown;
  deactivate(): void;
};

/** The extension's API (ScanTargetsApi, src/editor/activate.ts). */
export function activate(context: vscode.ExtensionContext): unknown {
  return extension.activate(context);
}

export function deactivate(): void {
  extension.deactivate();
}
