// The connection to the service as the settings and SecretStorage describe it: base URL, the
// token stored for its origin, and an API client built from both. Keeps the context keys that
// drive the welcome views (`scanTargets.configured`, `scanTargets.hasToken`) up to date.
import * as vscode from 'vscode';
import type { ApiClient, ClientOptions } from '../api/options';
import { affectsConnection, readSettings } from './settings';
import { originOf, TokenStore } from './tokenStore';

export class Connection implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the base URL, the auth settings or the token of the current origin change. */
  readonly onDidChange = this.changed.event;
  private cachedClient: ApiClient | undefined;
  private readonly disposables: vscode.Disposable[] = [this.changed];

  constructor(
    readonly tokens: TokenStore,
    private readonly log: vscode.LogOutputChannel,
    private readonly extensionVersion: string,
    /** The host's client: undici with the proxy settings on the desktop, `fetch` in a browser. */
    private readonly newClient: (options: ClientOptions) => ApiClient,
  ) {
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!affectsConnection(e)) return;
        this.resetClient();
        void this.updateContextKeys();
        this.changed.fire();
      }),
      tokens.onDidChange((origin) => {
        if (origin !== this.origin) return;
        this.resetClient();
        void this.updateContextKeys();
        this.changed.fire();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire()),
    );
    void this.updateContextKeys();
  }

  get baseUrl(): string {
    return readSettings().baseUrl;
  }

  /** Origin of the configured base URL, or undefined when none (or an invalid one) is set. */
  get origin(): string | undefined {
    return originOf(this.baseUrl);
  }

  get isConfigured(): boolean {
    return this.origin !== undefined;
  }

  /** The token for the current origin; asks for it (showing the origin) when `ask` is set and none is stored. */
  async token(ask: boolean): Promise<string | undefined> {
    const origin = this.origin;
    if (!origin) return undefined;
    const stored = await this.tokens.get(origin);
    if (stored || !ask) return stored;
    const entered = await promptForToken(origin);
    if (entered) await this.tokens.set(origin, entered);
    return entered;
  }

  /**
   * A client for the current settings. Throws a user-facing Error when no base URL is set or no
   * token can be had; `ask` lets the user type a missing token.
   */
  async client(ask = true): Promise<ApiClient> {
    const origin = this.origin;
    if (!origin) {
      throw new Error('No API base URL is set. Run "Scan Targets: Set API Base URL" (or start the local sandbox) and try again.');
    }
    const token = await this.token(ask);
    if (!token) {
      throw new Error(`No API token is stored for ${origin}. Run "Scan Targets: Set API Token" and try again.`);
    }
    // The token is read at request time, so a token replaced in SecretStorage is used at once.
    this.cachedClient ??= this.createClient(async () => (await this.tokens.get(origin)) ?? '');
    return this.cachedClient;
  }

  /**
   * Reads the entitlements with `token` (not stored): undefined when the service accepts it, else
   * the error. Lets "Set API Token" say whether a token works before it says it is stored.
   */
  async checkToken(token: string): Promise<Error | undefined> {
    const client = this.createClient(token);
    try {
      await client.getEntitlements();
      return undefined;
    } catch (err) {
      return err instanceof Error ? err : new Error(String(err));
    } finally {
      await client.close();
    }
  }

  private createClient(token: string | (() => Promise<string>)): ApiClient {
    const settings = readSettings();
    return this.newClient({
      baseUrl: settings.baseUrl,
      token,
      authScheme: settings.authScheme,
      authHeader: settings.authHeader,
      connectTimeoutMs: settings.connectTimeoutMs,
      requestTimeoutMs: settings.requestTimeoutMs,
      maxAttempts: settings.maxAttempts,
      logger: this.log,
      userAgent: `scan-target-settings-vscode/${this.extensionVersion} vscode/${vscode.version}`,
    });
  }

  private resetClient(): void {
    const previous = this.cachedClient;
    this.cachedClient = undefined;
    void previous?.close();
  }

  async updateContextKeys(): Promise<void> {
    const origin = this.origin;
    const hasToken = origin ? (await this.tokens.get(origin)) !== undefined : false;
    await vscode.commands.executeCommand('setContext', 'scanTargets.configured', origin !== undefined);
    await vscode.commands.executeCommand('setContext', 'scanTargets.hasToken', hasToken);
  }

  dispose(): void {
    this.resetClient();
    for (const d of this.disposables) d.dispose();
  }
}

export async function promptForToken(origin: string): Promise<string | undefined> {
  const value = await vscode.window.showInputBox({
    title: 'Scan Targets: API token',
    prompt: `API token for ${origin}. It is kept in VS Code's secret storage for this origin only.`,
    password: true,
    ignoreFocusOut: true,
    validateInput: (v) =>
      v.trim() === ''
        ? 'Enter a token, or press Escape to cancel.'
        : /\s/.test(v.trim())
          ? 'A token has no spaces: paste the token only, without the scheme word.'
          : undefined,
  });
  return value?.trim() || undefined;
}
