// `scanTargets.bulkUpdate`, `scanTargets.previewBulkUpdate`, `scanTargets.retryFailed`.
import * as vscode from 'vscode';
import type { Connection } from '../connection';
import type { TargetFiles } from '../targetFiles';
import { refuseIfUntrusted } from '../trust';

export interface BulkUpdateDeps {
  connection: Connection;
  targetFiles: TargetFiles;
  log: vscode.LogOutputChannel;
}

export function registerBulkUpdate(context: vscode.ExtensionContext, _deps: BulkUpdateDeps): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('scanTargets.bulkUpdate', async () => {
      const refusal = refuseIfUntrusted('Bulk update');
      if (refusal) return refusal;
      throw new Error('not wired yet');
    }),
  );
}
