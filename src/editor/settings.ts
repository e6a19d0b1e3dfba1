// Typed access to the settings the extension itself uses; the language server reads the
// validation settings with workspace/configuration. VS Code itself ignores workspace values of
// the restricted settings (package.json `restrictedConfigurations`) in untrusted workspaces.
import * as vscode from 'vscode';

export const SECTION = 'scanTargets';

export interface Settings {
  baseUrl: string;
  authScheme: string;
  authHeader: string;
  files: string[];
  refreshIntervalMinutes: number;
  chunkSize: number;
  concurrency: number;
  connectTimeoutMs: number;
  requestTimeoutMs: number;
  maxAttempts: number;
  sandboxPort: number;
  sandboxProfile: 'full' | 'restricted';
}

export function readSettings(): Settings {
  const c = vscode.workspace.getConfiguration(SECTION);
  return {
    baseUrl: c.get<string>('baseUrl', '').trim(),
    authScheme: c.get<string>('authScheme', 'JWT'),
    authHeader: c.get<string>('authHeader', 'Authorization'),
    // Copies: configuration values are read-only proxies, which cannot cross to the worker thread.
    files: [...c.get<string[]>('files', [])],
    refreshIntervalMinutes: c.get<number>('entitlements.refreshIntervalMinutes', 0),
    chunkSize: Math.max(1, Math.floor(c.get<number>('bulkUpdate.chunkSize', 500))),
    concurrency: Math.max(1, Math.floor(c.get<number>('bulkUpdate.concurrency', 2))),
    connectTimeoutMs: c.get<number>('http.connectTimeoutMs', 10_000),
    requestTimeoutMs: c.get<number>('http.requestTimeoutMs', 60_000),
    maxAttempts: Math.max(1, Math.floor(c.get<number>('http.maxAttempts', 4))),
    sandboxPort: c.get<number>('sandbox.port', 0),
    sandboxProfile: c.get<'full' | 'restricted'>('sandbox.profile', 'full'),
  };
}

/** VS Code's own proxy settings, which the HTTP client honours. */
export function readProxySettings(): { url: string | undefined; strictSSL: boolean } {
  const http = vscode.workspace.getConfiguration('http');
  const url = http.get<string>('proxy', '').trim();
  return { url: url === '' ? undefined : url, strictSSL: http.get<boolean>('proxyStrictSSL', true) };
}

export function affectsConnection(e: vscode.ConfigurationChangeEvent): boolean {
  return ['baseUrl', 'authScheme', 'authHeader'].some((k) => e.affectsConfiguration(`${SECTION}.${k}`)) ||
    e.affectsConfiguration('http.proxy') || e.affectsConfiguration('http.proxyStrictSSL');
}
