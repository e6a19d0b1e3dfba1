// The extension's side of the language server (dist/server.js): starts it over Node IPC, sends it
// every YAML document (the server decides which are target-settings files, from the same
// `scanTargets.files` setting it reads with workspace/configuration), and forwards the two things
// only the extension knows: the entitlements record, and the outcome of a bulk update.
import { traceChannel } from './protocolTrace';
import * as vscode from 'vscode';
import { LanguageClient, RevealOutputChannelOn, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import type { EntitlementsRecord } from '../core/entitlements/types';
import {
  PLAN_BULK_UPDATE,
  RECORD_BULK_OUTCOME,
  SET_ENTITLEMENTS,
  type PlanBulkUpdateParams,
  type PlanBulkUpdateResult,
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
      outputChannel: log,
      traceOutputChannel: traceChannel(log),
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
    return this.client.sendNotification(SET_ENTITLEMENTS, { record: this.entitlements ?? null });
  }

  async planBulkUpdate(params: PlanBulkUpdateParams): Promise<PlanBulkUpdateResult> {
    await this.started;
    return this.client.sendRequest<PlanBulkUpdateResult>(PLAN_BULK_UPDATE, params);
  }

  async recordBulkOutcome(params: RecordBulkOutcomeParams): Promise<RecordBulkOutcomeResult> {
    await this.started;
    return this.client.sendRequest<RecordBulkOutcomeResult>(RECORD_BULK_OUTCOME, params);
  }

  dispose(): void {
    void this.client.stop();
  }
}
