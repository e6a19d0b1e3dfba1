// Entry of dist/extension.js, the extension on VS Code's desktop (a Node extension host): the
// language server in a Node process of its own, undici for the network (loaded on first use), the
// environment of the editor's process for `${env:NAME}`, the local sandbox and Apply.
import type * as vscode from 'vscode';
import { LanguageClient, TransportKind } from 'vscode-languageclient/node';
import { registerApplyChanges } from './editor/apply/command';
import { activateExtension, type ScanTargetsApi } from './editor/activate';
import { network } from './editor/network';
import { readProxySettings } from './editor/settings';
import { SERVER_ENV, SERVER_NODE_OPTIONS } from './server/protocol';

export type { ScanTargetsApi } from './editor/activate';

export function activate(context: vscode.ExtensionContext): ScanTargetsApi {
  const module = context.asAbsolutePath('dist/load/server.js');
  return activateExtension(context, {
    platform: 'desktop',
    languageClient: (options) =>
      new LanguageClient(
        'scanTargets',
        'Scan Target Settings',
        {
          run: { module, transport: TransportKind.ipc, options: { execArgv: SERVER_NODE_OPTIONS, env: SERVER_ENV } },
          debug: { module, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_OPTIONS, '--nolazy', '--inspect=6019'], env: SERVER_ENV } },
        },
        options,
      ),
    // VS Code's proxy settings, else the proxy variables of the editor's environment.
    createApiClient: (options) => network().createClient({ ...options, proxy: network().proxySettingsFor(options.baseUrl, readProxySettings(), process.env) }),
    env: (name) => process.env[name],
    startSandbox: (options) => network().startSandbox(options),
    registerApplyChanges,
  });
}

export function deactivate(): void {
  // Everything is released through context.subscriptions.
}
