// What activation does on every host: wires editor/ together and does nothing else. The entries
// (src/extension.ts on the desktop, src/web/extension.ts in a browser) give it their host.
import * as vscode from 'vscode';
import { NEW_SETTINGS_FILE_COMMAND, newSettingsFile } from './newFile';
import { OPEN_EXAMPLE_COMMAND, openExample } from './example';
import { EXPLAIN_CODE_COMMAND, explainCode } from './explainCode';
import { registerBulkUpdate } from './bulkUpdate/command';
import { Connection } from './connection';
import { registerConnectionCommands } from './connectionCommands';
import { EntitlementsStore } from './entitlements/store';
import { registerEntitlementsView, snapshotTree, type SnapshotNode } from './entitlements/view';
import { registerSandboxCommands } from './sandboxCommands';
import { ConnectionStatusBar, type ConnectionStatus } from './statusBar';
import { readSettings, SECTION } from './settings';
import { TargetFiles } from './targetFiles';
import { ReadOnlyDocuments } from './readOnlyDocuments';
import { TokenStore } from './tokenStore';
import { TargetSettingsClient } from './languageClient';
import { valueText } from '../core/wording';
import type { EditorHost } from './host';

/** What activate() returns: read-only hooks for tests and other extensions. */
export interface ScanTargetsApi {
  readonly version: string;
  /** The Entitlements view's items, as a tree of plain objects. */
  entitlementsTree(): Promise<SnapshotNode[]>;
  /** What the status bar item shows, whether it is shown, and the labels of its menu. */
  connectionStatus(): Promise<ConnectionStatus & { visible: boolean; menu: string[] }>;
}

export function activateExtension(context: vscode.ExtensionContext, host: EditorHost): ScanTargetsApi {
  const version = valueText((context.extension.packageJSON as { version?: unknown }).version);
  // Not VS Code's `isWeb`, which is true of any workbench in a browser (code-server too), where this
  // extension may still run in a Node extension host with the sandbox and Apply.
  void vscode.commands.executeCommand('setContext', 'scanTargets.inBrowser', host.platform === 'browser');
  const log = vscode.window.createOutputChannel('Scan Targets', { log: true });
  const tokens = new TokenStore(context.secrets);
  const connection = new Connection(tokens, log, version, host.createApiClient);
  const targetFiles = new TargetFiles();
  // Validation, completion, hover, quick fixes, outline and folding come from the language server.
  const languageClient = new TargetSettingsClient(context, log, host.languageClient);
  context.subscriptions.push(log, tokens, connection, targetFiles, languageClient);
  languageClient.ready().catch((err: unknown) => log.error(`The language server did not start: ${err instanceof Error ? err.message : String(err)}`));

  const entitlements = new EntitlementsStore({
    fetch: async (signal) => (await connection.client(false)).getEntitlements(signal),
    isConfigured: async () => vscode.workspace.isTrusted && (await connection.token(false)) !== undefined,
    log,
  });
  context.subscriptions.push(entitlements);
  let lastRecord = entitlements.record;
  const view = registerEntitlementsView(context, entitlements);
  context.subscriptions.push(
    // A record read from another base URL or with another token is never shown as stale.
    connection.onDidChange(() => void entitlements.refresh({ reset: true, reason: 'connection changed' })),
    entitlements.onDidChange(() => {
      // The `not-entitled` checks follow the last good record.
      const record = entitlements.record;
      if (record === lastRecord) return;
      lastRecord = record;
      void languageClient.setEntitlements(record);
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${SECTION}.entitlements.refreshIntervalMinutes`)) entitlements.setInterval(readSettings().refreshIntervalMinutes);
    }),
  );
  entitlements.setInterval(readSettings().refreshIntervalMinutes);
  void entitlements.refresh();

  context.subscriptions.push(
    vscode.commands.registerCommand(NEW_SETTINGS_FILE_COMMAND, () => newSettingsFile()),
    vscode.commands.registerCommand(OPEN_EXAMPLE_COMMAND, () => openExample(context)),
    vscode.commands.registerCommand(EXPLAIN_CODE_COMMAND, (code: unknown) => explainCode(context, code)),
  );
  registerConnectionCommands(context, connection, log);
  const sandbox = registerSandboxCommands(context, connection, log, host.startSandbox);
  const statusBar = new ConnectionStatusBar(connection, sandbox, targetFiles);
  context.subscriptions.push(statusBar);
  const documents = new ReadOnlyDocuments();
  context.subscriptions.push(documents);
  registerBulkUpdate(context, { connection, targetFiles, languageClient, documents, log, env: host.env });
  host.registerApplyChanges(context, { connection, languageClient, documents, log, env: host.env });

  log.info(
    `Scan Target Settings ${version} activated (VS Code ${vscode.version}, ${host.platform}, workspace ${vscode.workspace.isTrusted ? 'trusted' : 'in Restricted Mode'})`,
  );
  return {
    version,
    entitlementsTree: () => snapshotTree(view.provider),
    connectionStatus: () => statusBar.status(),
  };
}
