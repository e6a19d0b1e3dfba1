// A file's name from its URI, on every host (a browser has no `path` module).
import type * as vscode from 'vscode';

/** `shop.target-settings.yaml` for `…/shop.target-settings.yaml`. URI paths always use `/`. */
export function baseName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}
