// What the extension takes from where it runs: VS Code on the desktop (src/extension.ts, Node) or
// in a browser (src/web/extension.ts, a web worker). Everything else in editor/ runs in both; what
// only a local Node process can do (the sandbox, Apply over a repository on disk) is absent from a
// browser's host, and its commands say so before anything happens.
import type * as vscode from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import type { ApiClient, ClientOptions } from '../api/options';
import type { EnvLookup } from '../core/envPlaceholders';
import type { Sandbox, SandboxOptions } from '../network';
import type { ApplyDeps } from './apply/command';

export interface EditorHost {
  /** Where it runs, as messages name it. */
  readonly platform: 'desktop' | 'browser';
  /** The language client with these options, not started, its server running where the host can run it. */
  readonly languageClient: (options: LanguageClientOptions) => BaseLanguageClient;
  /** The API client: undici with the proxy settings on the desktop, the browser's `fetch` in a browser. */
  readonly createApiClient: (options: ClientOptions) => ApiClient;
  /** Where `${env:NAME}` placeholders get their values, right before a bulk update is sent. */
  readonly env: EnvLookup;
  /** Starts the local sandbox service; undefined where there is no Node process to run it. */
  readonly startSandbox: ((options: SandboxOptions) => Promise<Sandbox>) | undefined;
  /** Registers `scanTargets.applyChanges`, or its refusal where there is no disk and git. */
  readonly registerApplyChanges: (context: vscode.ExtensionContext, deps: ApplyDeps) => void;
}
