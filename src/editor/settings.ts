// Typed access to the settings the extension itself uses; the language server reads the
// validation settings with workspace/configuration. VS Code itself ignores workspace values of
// the restricted settings (package.json `restrictedConfigurations`) in untrusted workspaces.
import * as vscode from 'vscode';
import type { ConfiguredProxy } from '../api/proxy';
import { contributes } from '../../package.json';

export const SECTION = 'scanTargets';

const declared = contributes.configuration.properties;

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
  /** Web origins the sandbox answers cross-origin calls from. */
  sandboxCors: string[];
}

export function readSettings(): Settings {
  const c = vscode.workspace.getConfiguration(SECTION);
  /** A setting's value, else the default the manifest declares (the one place defaults are written). */
  const get = <K extends keyof typeof declared>(key: K): (typeof declared)[K]['default'] => c.get(key.slice(SECTION.length + 1), declared[key].default);
  return {
    baseUrl: get('scanTargets.baseUrl').trim(),
    authScheme: get('scanTargets.authScheme'),
    authHeader: get('scanTargets.authHeader'),
    // A copy: configuration values are read-only proxies.
    files: [...get('scanTargets.files')],
    refreshIntervalMinutes: get('scanTargets.entitlements.refreshIntervalMinutes'),
    chunkSize: Math.max(1, Math.floor(get('scanTargets.bulkUpdate.chunkSize'))),
    concurrency: Math.max(1, Math.floor(get('scanTargets.bulkUpdate.concurrency'))),
    connectTimeoutMs: get('scanTargets.http.connectTimeoutMs'),
    requestTimeoutMs: get('scanTargets.http.requestTimeoutMs'),
    maxAttempts: Math.max(1, Math.floor(get('scanTargets.http.maxAttempts'))),
    sandboxPort: get('scanTargets.sandbox.port'),
    sandboxProfile: get('scanTargets.sandbox.profile') === 'restricted' ? 'restricted' : 'full',
    sandboxCors: [...get('scanTargets.sandbox.cors')],
  };
}

/** VS Code's own proxy settings, which the HTTP client honours (the environment's too, see proxySettingsFor). */
export function readProxySettings(): ConfiguredProxy {
  const http = vscode.workspace.getConfiguration('http');
  const url = http.get<string>('proxy', '').trim();
  return { url: url === '' ? undefined : url, strictSSL: http.get<boolean>('proxyStrictSSL', true), noProxy: http.get<string[]>('noProxy', []) };
}

export function affectsConnection(e: vscode.ConfigurationChangeEvent): boolean {
  return (
    ['baseUrl', 'authScheme', 'authHeader'].some((k) => e.affectsConfiguration(`${SECTION}.${k}`)) ||
    e.affectsConfiguration('http.proxy') ||
    e.affectsConfiguration('http.proxyStrictSSL') ||
    e.affectsConfiguration('http.noProxy')
  );
}
