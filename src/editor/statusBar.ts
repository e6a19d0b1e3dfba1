// The status bar item of target-settings files: where a bulk update from this window would go
// (the local sandbox, the service's host, nowhere yet) and whether a token is stored for it, never
// the token. It opens a menu of what changes that: token, sandbox, base URL, log.
import * as vscode from 'vscode';
import type { Connection } from './connection';
import type { SandboxState } from './sandboxCommands';
import type { TargetFiles } from './targetFiles';

export const CONNECTION_MENU_COMMAND = 'scanTargets.connectionMenu';

/** What the item shows, worked out from the connection's state. */
export interface ConnectionStatus {
  readonly text: string;
  readonly tooltip: string;
  /** Something must be done before a bulk update can run. */
  readonly warning: boolean;
}

interface MenuItem extends vscode.QuickPickItem {
  readonly command: string;
}

export function connectionStatus(connection: Connection, sandbox: SandboxState, hasToken: boolean): ConnectionStatus {
  if (!vscode.workspace.isTrusted) {
    return {
      text: '$(shield) Scan Targets: Restricted Mode',
      tooltip: 'Bulk updates and the entitlements read are off until you trust this workspace.',
      warning: false,
    };
  }
  const baseUrl = connection.baseUrl;
  if (connection.origin === undefined) {
    return {
      text: '$(plug) Scan Targets: not connected',
      tooltip: `No API base URL is set. Set one${sandbox.available ? ', or start the local sandbox' : ''}.`,
      warning: true,
    };
  }
  const where = baseUrl === sandbox.url ? 'the local sandbox' : new URL(baseUrl).host;
  if (!hasToken) {
    return {
      text: `$(key) Scan Targets: no API token`,
      tooltip: `Bulk updates would go to ${baseUrl}, but no API token is stored for ${connection.origin}.`,
      warning: true,
    };
  }
  const label = baseUrl === sandbox.url ? '$(beaker) Scan Targets: sandbox' : `$(cloud) Scan Targets: ${where}`;
  return {
    text: label,
    tooltip: `Bulk updates go to ${where === 'the local sandbox' ? `the local sandbox at ${baseUrl}` : baseUrl}. An API token is stored for ${connection.origin}.`,
    warning: false,
  };
}

/** The menu's entries for the current state. */
export function connectionMenu(sandbox: SandboxState, hasToken: boolean): MenuItem[] {
  const items: MenuItem[] = [{ label: '$(key) Set API Token', description: 'stored in secret storage for the base URL', command: 'scanTargets.setApiToken' }];
  if (hasToken) items.push({ label: '$(trash) Clear API Token', command: 'scanTargets.clearApiToken' });
  if (sandbox.available) {
    items.push(
      sandbox.url === undefined
        ? { label: '$(beaker) Start Local Sandbox', description: 'a stand-in service on this machine', command: 'scanTargets.startSandbox' }
        : { label: '$(debug-stop) Stop Local Sandbox', description: sandbox.url, command: 'scanTargets.stopSandbox' },
    );
  }
  items.push({ label: '$(link) Set API Base URL', command: 'scanTargets.setBaseUrl' }, { label: '$(output) Show Log', command: 'scanTargets.showLog' });
  return items;
}

/** The item, shown while a target-settings file is the active editor. */
export class ConnectionStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('scanTargets.connection', vscode.StatusBarAlignment.Left, 10);
  private readonly disposables: vscode.Disposable[] = [this.item];
  private hasToken = false;
  private updating: Promise<void> = Promise.resolve();

  constructor(
    private readonly connection: Connection,
    private readonly sandbox: SandboxState,
    private readonly targetFiles: TargetFiles,
  ) {
    this.item.name = 'Scan Targets Connection';
    this.item.command = CONNECTION_MENU_COMMAND;
    this.disposables.push(
      connection.onDidChange(() => this.refresh()),
      sandbox.onDidChange(() => this.refresh()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.refresh()),
      vscode.window.onDidChangeActiveTextEditor(() => this.refresh()),
      targetFiles.onDidChangePatterns(() => this.refresh()),
      vscode.commands.registerCommand(CONNECTION_MENU_COMMAND, () => this.openMenu()),
    );
    this.refresh();
  }

  /** The state shown, once every pending update is done (for tests, through the extension's API). */
  async status(): Promise<ConnectionStatus & { visible: boolean; menu: string[] }> {
    await this.updating;
    return {
      ...connectionStatus(this.connection, this.sandbox, this.hasToken),
      visible: this.isShown(),
      menu: connectionMenu(this.sandbox, this.hasToken).map((i) => i.label),
    };
  }

  private refresh(): void {
    this.updating = this.updating.then(async () => {
      const origin = this.connection.origin;
      // An untrusted workspace reads no token; a store that cannot be read counts as no token.
      this.hasToken =
        origin !== undefined && vscode.workspace.isTrusted && (await Promise.resolve(this.connection.tokens.get(origin)).catch(() => undefined)) !== undefined;
      const status = connectionStatus(this.connection, this.sandbox, this.hasToken);
      this.item.text = status.text;
      this.item.tooltip = status.tooltip;
      this.item.backgroundColor = status.warning ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
      if (this.isShown()) this.item.show();
      else this.item.hide();
    });
  }

  private isShown(): boolean {
    const document = vscode.window.activeTextEditor?.document;
    return document !== undefined && this.targetFiles.matches(document);
  }

  private async openMenu(): Promise<void> {
    await this.updating;
    const picked = await vscode.window.showQuickPick(connectionMenu(this.sandbox, this.hasToken), {
      title: `Scan Targets: ${connectionStatus(this.connection, this.sandbox, this.hasToken).tooltip}`,
    });
    if (picked) await vscode.commands.executeCommand(picked.command);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
