// Composition root: activate() wires editor/ together and does nothing else.
import * as vscode from 'vscode';
import { Connection } from './editor/connection';
import { registerConnectionCommands } from './editor/connectionCommands';
import { TargetFiles } from './editor/targetFiles';
import { TokenStore } from './editor/tokenStore';
import { registerBulkUpdate } from './editor/bulkUpdate/command';
import { registerSandboxCommands } from './editor/sandboxCommands';

export interface ScanTargetsApi {
  /** Test and automation hook: nothing here changes state. */
  readonly version: string;
}

export function activate(context: vscode.ExtensionContext): ScanTargetsApi {
  const version = String(context.extension.packageJSON.version);
  const log = vscode.window.createOutputChannel('Scan Targets', { log: true });
  const tokens = new TokenStore(context.secrets);
  const connection = new Connection(tokens, log, version);
  const targetFiles = new TargetFiles();
  context.subscriptions.push(log, tokens, connection, targetFiles);

  registerConnectionCommands(context, connection, log);
  registerSandboxCommands(context, connection, log);
  registerBulkUpdate(context, { connection, targetFiles, log });

  log.info(`Scan Target Settings ${version} activated (VS Code ${vscode.version}, workspace ${vscode.workspace.isTrusted ? 'trusted' : 'in Restricted Mode'})`);
  return { version };
}

export function deactivate(): void {
  // Everything is released through context.subscriptions.
}
