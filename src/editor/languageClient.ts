// The extension's side of the language server (dist/server.js in a Node process on the desktop,
// dist/web/server.js in a Worker in a browser: the host starts it). Sends it
// every YAML document (the server decides which are target-settings files, from the same
// `scanTargets.files` setting it reads with workspace/configuration), and forwards the two things
// only the extension knows: the entitlements record, and the outcome of a bulk update. The
// server's plan of a bulk update holds no resolved secret; the bulk update command resolves it.
import * as vscode from 'vscode';
import { RevealOutputChannelOn, vsdiag, type BaseLanguageClient, type LanguageClientOptions } from 'vscode-languageclient';
import type { EntitlementsRecord } from '../core/entitlements/types';
import type { RunPlanResult } from '../core/bulk/planRun';
import type { PlanReport } from '../core/plan/report';
import {
  PlanBulkUpdate,
  PlanChanges,
  RecordBulkOutcome,
  SetEntitlements,
  type PlanBulkUpdateParams,
  type PlanChangesParams,
  type RecordBulkOutcomeParams,
  type RecordBulkOutcomeResult,
} from '../server/protocol';
import { explainLink } from './explainCode';
import { SECTION } from './settings';

/** Makes each diagnostic's code open its page rendered, through a command, rather than as Markdown source. */
function linkCodePages(diagnostics: readonly vscode.Diagnostic[]): void {
  for (const d of diagnostics) if (typeof d.code === 'object') d.code = { value: d.code.value, target: explainLink(d.code.target) };
}

export class TargetSettingsClient implements vscode.Disposable {
  private readonly client: BaseLanguageClient;
  private readonly started: Promise<void>;
  private entitlements: EntitlementsRecord | undefined;

  /** `newClient`: the host's client with these options, its server running where the host runs it. */
  constructor(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, newClient: (options: LanguageClientOptions) => BaseLanguageClient) {
    const clientOptions: LanguageClientOptions = {
      documentSelector: [{ language: 'yaml' }],
      diagnosticCollectionName: 'scan-targets',
      synchronize: { configurationSection: SECTION },
      // The pages of the diagnostic codes, in this extension (a server in a browser has no files of its own).
      initializationOptions: { codePages: vscode.Uri.joinPath(context.extensionUri, 'docs', 'codes').toString() },
      // The trace (`scanTargets.trace.server`) shows every message as it is: no message of the
      // server holds a resolved `${env:NAME}` value.
      outputChannel: log,
      traceOutputChannel: log,
      // Problems go to the log; the server says in its diagnostics what the user must know.
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      // The server answers pulled diagnostics (LSP 3.17) "unchanged" when a keystroke left them so;
      // the client asks after each change, as well as on open.
      diagnosticPullOptions: { onChange: true },
      middleware: {
        // A code's page opens rendered, through a command, rather than as Markdown source.
        provideDiagnostics: async (document, previousResultId, token, next) => {
          const report = await next(document, previousResultId, token);
          if (report?.kind === vsdiag.DocumentDiagnosticReportKind.full) linkCodePages(report.items);
          return report;
        },
        handleDiagnostics: (uri, diagnostics, next) => {
          linkCodePages(diagnostics);
          next(uri, diagnostics);
        },
      },
    };
    this.client = newClient(clientOptions);
    this.started = this.client.start().then(() => {
      // A restarted server has lost the record: give it again.
      if (this.entitlements !== undefined) void this.sendEntitlements();
    });
  }

  /** Resolves when the server is up (rejects when it could not start). */
  ready(): Promise<void> {
    return this.started;
  }

  async setEntitlements(record: EntitlementsRecord | undefined): Promise<void> {
    this.entitlements = record;
    await this.started;
    await this.sendEntitlements();
  }

  private sendEntitlements(): Promise<void> {
    return this.client.sendNotification(SetEntitlements, { record: this.entitlements ?? null });
  }

  async planBulkUpdate(params: PlanBulkUpdateParams): Promise<RunPlanResult> {
    await this.started;
    return this.client.sendRequest(PlanBulkUpdate, params);
  }

  async planChanges(params: PlanChangesParams): Promise<PlanReport> {
    await this.started;
    return this.client.sendRequest(PlanChanges, params);
  }

  async recordBulkOutcome(params: RecordBulkOutcomeParams): Promise<RecordBulkOutcomeResult> {
    await this.started;
    return this.client.sendRequest(RecordBulkOutcome, params);
  }

  dispose(): void {
    void this.client.stop();
  }
}
