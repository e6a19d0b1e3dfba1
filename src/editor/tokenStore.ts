// API tokens live only in VS Code's SecretStorage, one per API origin, so a workspace that points
// `scanTargets.baseUrl` somewhere else never receives the token stored for the real service.
import * as vscode from 'vscode';

const KEY_PREFIX = 'scanTargets.token:';

/** The origin a token belongs to (`https://api.example.com`), or undefined for an invalid URL. */
export function originOf(baseUrl: string): string | undefined {
  try {
    const url = new URL(baseUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export class TokenStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<string>();
  /** Fires with the origin whose token was stored, replaced or cleared. */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((e) => {
      if (e.key.startsWith(KEY_PREFIX)) this.changed.fire(e.key.slice(KEY_PREFIX.length));
    });
  }

  get(origin: string): Thenable<string | undefined> {
    return this.secrets.get(KEY_PREFIX + origin);
  }

  async set(origin: string, token: string): Promise<void> {
    await this.secrets.store(KEY_PREFIX + origin, token);
  }

  async clear(origin: string): Promise<void> {
    await this.secrets.delete(KEY_PREFIX + origin);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
