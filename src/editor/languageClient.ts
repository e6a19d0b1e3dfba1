// The extension's side of the language server (dist/server.js): starts it over Node IPC, sends it
// every YAML document (the server decides which are target-settings files, from the same
// `scanTargets.files` setting it reads with workspace/configuration), and forwards the two things
// only the extension knows: the entitlements record, and the outcome of a bulk update. The
// server's plan of a bulk update holds no resolved secret; the bulk update command resolves it.
import * as vscode from 'vscode';
import { LanguageClient, RevealOutputChannelOn, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
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

export class TargetSettingsClient implements vscode.Disposable {
  private readonly client: LanguageClient;
  private readonly started: Promise<void>;
  private entitlements: EntitlementsRecord | undefined;

  constructor(context: vscode.ExtensionContext, log: vscode.LogOutputChannel) {
    const module = context.asAbsolutePath('dist/server.js');
    const serverOptions: ServerOptions = {
      run: { module, transport: TransportKind.ipc },
      debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [{ language: 'yaml' }],
      diagnosticCollectionName: 'scan-targets',
      synchronize: { configurationSection: SECTION },
      // The trace (`scanTargets.trace.server`) shows every message as it is: no message of the
      // server holds a resolved `${env:NAME}` value.
      outputChannel: log,
      traceOutputChannel: log,
      // Problems go to the log; the server says in its diagnostics what the user must know.
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      middleware: {
        // A code's page opens rendered, through a command, rather than as Markdown source.
        handleDiagnostics: (uri, diagnostics, next) => {
          for (const d of diagnostics) if (typeof d.code === 'object') d.code = { value: d.code.value, target: explainLink(d.code.target) };
          next(uri, diagnostics);
        },
      },
    };
    this.client = new LanguageClient('scanTargets', 'Scan Target Settings', serverOptions, clientOptions);
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
