// `scanTargets.bulkUpdate`, `scanTargets.previewBulkUpdate`, `scanTargets.retryFailed`.
// The checks and the run are core's (planRun in the language server, resolveBody and
// runBulkUpdate here); this file asks, shows progress, and reports. The server's plan leaves every
// `${env:NAME}` placeholder as written: they are resolved here, in the extension host that sends
// the requests, right before the run, and the values live only in this run's memory. Each command takes an optional argument object for programmatic use:
//   { uri?, ids?, documentIndex?, confirm?: boolean }   (confirm: false skips the modal, like --yes)
import * as vscode from 'vscode';
import { describeOutcome, retryIds, type BulkOutcome } from '../../core/bulk/outcome';
import { outcomeReport } from '../../core/bulk/report';
import { twoStepCancel } from './twoStepCancel';
import { resolveBody } from '../../core/bulk/resolve';
import { previewJson } from '../../core/bulk/preview';
import type { EnvLookup } from '../../core/envPlaceholders';
import { baseName } from '../uris';
import { runBulkUpdate } from '../../core/bulk/run';
import { clientSend } from '../../core/bulk/send';
import type { RunPlan, RunPlanResult, RunTarget } from '../../core/bulk/planRun';
import type { Connection } from '../connection';
import { readSettings } from '../settings';
import type { TargetFiles } from '../targetFiles';
import { refuseIfUntrusted } from '../trust';
import type { TargetSettingsClient } from '../languageClient';
import type { ReadOnlyDocuments } from '../readOnlyDocuments';
import { plural } from '../../core/wording';

export interface BulkUpdateDeps {
  connection: Connection;
  targetFiles: TargetFiles;
  languageClient: TargetSettingsClient;
  documents: ReadOnlyDocuments;
  log: vscode.LogOutputChannel;
  /** Where placeholders get their values (the host's environment). */
  env: EnvLookup;
}

export interface BulkUpdateArgs {
  uri?: string | vscode.Uri;
  documentIndex?: number;
  ids?: string[];
  /** false: no modal confirmation (programmatic use); default true. */
  confirm?: boolean;
}

export type BulkUpdateResult = { status: 'refused' | 'cancelled'; message: string } | { status: 'done'; outcome: BulkOutcome; summary: string };

interface LastRun {
  uri: vscode.Uri;
  documentIndex: number;
  outcome: BulkOutcome;
  service: string;
}

export function registerBulkUpdate(context: vscode.ExtensionContext, deps: BulkUpdateDeps): void {
  const { log, documents } = deps;
  let lastRun: LastRun | undefined;
  /** `shop` for `…/shop.target-settings.yaml`'s documents: what the preview and report are named after. */
  const stem = (uri: vscode.Uri): string => baseName(uri).replace(/\.ya?ml$/, '');
  const showPreview = (document: vscode.TextDocument, json: string): Promise<vscode.Uri> =>
    documents.show(`${stem(document.uri)}.bulk-update-request.json`, json, 'json');

  const refuse = (message: string): BulkUpdateResult => {
    void vscode.window.showErrorMessage(message);
    return { status: 'refused', message };
  };

  /** The document and what to send from it (or, for a preview, what it would send), or a refusal. */
  const plan = async (
    args: BulkUpdateArgs | undefined,
    purpose: 'run' | 'preview',
  ): Promise<{ document: vscode.TextDocument; result: RunPlanResult } | { refused: string }> => {
    const editor = vscode.window.activeTextEditor;
    const uri = args?.uri ? (typeof args.uri === 'string' ? vscode.Uri.parse(args.uri) : args.uri) : editor?.document.uri;
    if (!uri) return { refused: 'Open a target-settings file and select the ids to update, then run the bulk update again.' };
    const document = await vscode.workspace.openTextDocument(uri);
    if (!deps.targetFiles.matches(document)) {
      return { refused: `${baseName(document.uri)} is not a target-settings file (see the scanTargets.files setting), so nothing was sent.` };
    }
    let target: RunTarget;
    if (args?.ids !== undefined || args?.documentIndex !== undefined) {
      target = { documentIndex: args.documentIndex ?? 0, ids: args.ids };
    } else if (editor && editor.document === document) {
      target = { selections: editor.selections.map((s) => ({ start: document.offsetAt(s.start), end: document.offsetAt(s.end) })) };
    } else {
      target = { documentIndex: 0 };
    }
    const result = await deps.languageClient.planBulkUpdate({ uri: document.uri.toString(), version: document.version, target, purpose });
    return { document, result };
  };

  const confirm = async (document: vscode.TextDocument, runPlan: RunPlan, baseUrl: string): Promise<boolean> => {
    const { selection } = runPlan;
    const count = runPlan.prepared.ids.length;
    const file = baseName(document.uri);
    const where = `document ${selection.documentIndex + 1} of ${file}`;
    const repeats = selection.duplicateCount;
    const detail = [
      selection.rule === 'selection'
        ? `${plural(selection.count, 'id')} selected in ${where}.`
        : `Nothing is selected, so every id of ${where} is used: ${plural(selection.count, 'id')}.`,
      repeats > 0 ? `${repeats} of them ${repeats === 1 ? 'repeats an id' : 'repeat ids'} listed above and ${repeats === 1 ? 'is' : 'are'} sent once.` : '',
      `The requests go to ${baseUrl}.`,
      `Fields that will change: ${runPlan.fields.join(', ')}.`,
      runPlan.warnings > 0 ? `The document has ${plural(runPlan.warnings, 'warning')}. Warnings do not stop the update.` : '',
    ]
      .filter(Boolean)
      .join('\n');
    const noun = count === 1 ? 'target' : 'targets';
    for (;;) {
      const update = `Update ${count} ${noun}`;
      const choice = await vscode.window.showWarningMessage(`Run a bulk update on ${count} ${noun}?`, { modal: true, detail }, update, 'Preview Request');
      if (choice === update) return true;
      if (choice !== 'Preview Request') return false;
      await showPreview(document, previewJson(runPlan.prepared));
    }
  };

  const run = async (args?: BulkUpdateArgs): Promise<BulkUpdateResult> => {
    const untrusted = refuseIfUntrusted('Bulk update');
    if (untrusted) return untrusted;
    const planned = await plan(args, 'run');
    if ('refused' in planned) return refuse(planned.refused);
    const { document, result } = planned;
    if (!result.ok) return refuse(result.message);
    const runPlan = result.plan;
    // Here, in the extension host that sends the requests, and before asking: a value that cannot
    // be sent (the service's mask) is refused first. The values live in this run's memory only.
    const resolved = resolveBody(runPlan.prepared, deps.env);
    if (!resolved.ok) return refuse(resolved.message);
    const { secretValues } = resolved.body;

    let client;
    try {
      client = await deps.connection.client(true);
    } catch (err) {
      return refuse((err as Error).message);
    }
    if (args?.confirm !== false && !(await confirm(document, runPlan, client.baseUrl))) {
      return { status: 'cancelled', message: 'Bulk update cancelled before anything was sent.' };
    }

    const settings = readSettings();
    const ids = runPlan.prepared.ids;
    log.info(
      `Bulk update of ${ids.length} id(s) from ${document.uri.fsPath} (document ${runPlan.selection.documentIndex + 1}) to ${client.baseUrl}, chunks of ${settings.chunkSize}, ${settings.concurrency} at once; fields: ${runPlan.fields.join(', ')}`,
    );
    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Bulk update of ${plural(ids.length, 'target')}`, cancellable: true },
      (progress, token) => {
        const cancel = twoStepCancel(token, log);
        let reported = 0;
        return runBulkUpdate({
          ids,
          body: resolved.body.settings,
          chunkSize: settings.chunkSize,
          concurrency: settings.concurrency,
          send: clientSend(client, { secretValues }),
          signal: cancel.stopSending,
          inFlightSignal: cancel.abandonInFlight,
          secretValues,
          logger: log,
          onProgress: (p) => {
            const percent = p.idsTotal === 0 ? 100 : (100 * p.idsDone) / p.idsTotal;
            progress.report({
              increment: percent - reported,
              message: `${p.idsDone} of ${p.idsTotal} ids answered (${p.updated} updated, ${p.invalid} invalid, ${p.failed} failed${p.unknown > 0 ? `, ${p.unknown} unknown` : ''})`,
            });
            reported = percent;
          },
        }).finally(() => cancel.dispose());
      },
    );

    lastRun = { uri: document.uri, documentIndex: runPlan.selection.documentIndex, outcome, service: client.baseUrl };
    await report(document, lastRun);
    return { status: 'done', outcome, summary: describeOutcome(outcome) };
  };

  const report = async (document: vscode.TextDocument, run: LastRun): Promise<void> => {
    const { documentIndex, outcome } = run;
    // The server puts the rejected ids and the field errors on the file as diagnostics.
    await deps.languageClient.recordBulkOutcome({
      uri: document.uri.toString(),
      documentIndex,
      sent: [...outcome.updated, ...outcome.invalid, ...outcome.validNotApplied],
      invalid: [...outcome.invalid],
      failed: outcome.failed.map((g) => ({ fieldErrors: g.fieldErrors, chunkIds: g.chunkIds })),
    });

    const list = (name: string, ids: readonly string[]) => ids.length > 0 && log.info(`${name} (${ids.length}): ${ids.join(', ')}`);
    list('Updated', outcome.updated);
    list('Invalid (rejected by the service)', outcome.invalid);
    list('Valid but not applied (their request had invalid ids)', outcome.validNotApplied);
    for (const group of outcome.failed) log.warn(`Failed (${group.ids.length}), ${group.reason}: ${group.ids.join(', ')}`);
    for (const group of outcome.unknown) log.warn(`Unknown, may have been applied (${group.ids.length}), ${group.reason}: ${group.ids.join(', ')}`);
    list('Not sent', outcome.notSent);

    const valid = outcome.validNotApplied.length;
    const updateValid = valid > 0 ? `Update the ${plural(valid, 'Valid Id', 'Valid Ids')}` : undefined;
    // A refused token fails every request: a new token comes before a retry.
    const setToken = outcome.failed.some((g) => g.kind === 'unauthorized') ? 'Set API Token' : undefined;
    const retry = retryIds(outcome).length > 0 && setToken === undefined ? 'Retry Failed' : undefined;
    const actions = [updateValid, setToken, retry, 'Show Report', 'Show Log'].filter((a): a is string => a !== undefined);
    const problems = outcome.invalid.length + valid + retryIds(outcome).length > 0;
    const show = problems ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    // Not awaited: the command ends with the run; the notification stays until it is answered.
    void show(`Bulk update: ${describeOutcome(outcome)}`, ...actions).then((choice) => {
      if (choice === 'Show Log') log.show();
      else if (choice === 'Show Report') void showReport(run);
      else if (choice === setToken) void vscode.commands.executeCommand('scanTargets.setApiToken');
      else if (choice !== undefined && choice === updateValid)
        void vscode.commands.executeCommand('scanTargets.bulkUpdate', { uri: document.uri, documentIndex, ids: [...outcome.validNotApplied] });
      else if (choice !== undefined && choice === retry) void vscode.commands.executeCommand('scanTargets.retryFailed');
    });
  };

  const showReport = (run: LastRun): Promise<vscode.Uri> => {
    const source = vscode.workspace.asRelativePath(run.uri);
    return documents.show(
      `${stem(run.uri)}.bulk-update-report.txt`,
      outcomeReport(run.outcome, { source, documentIndex: run.documentIndex, service: run.service }),
      'plaintext',
    );
  };

  context.subscriptions.push(
    vscode.commands.registerCommand('scanTargets.bulkUpdate', (args?: BulkUpdateArgs) => run(args)),
    vscode.commands.registerCommand('scanTargets.previewBulkUpdate', async (args?: BulkUpdateArgs) => {
      const planned = await plan(args, 'preview');
      if ('refused' in planned) return refuse(planned.refused);
      if (!planned.result.ok) return refuse(planned.result.message);
      const { prepared } = planned.result.plan;
      const preview = previewJson(prepared);
      const uri = await showPreview(planned.document, preview);
      return { status: 'previewed', uri: uri.toString(), preview, missingEnv: prepared.missingEnv };
    }),
    vscode.commands.registerCommand('scanTargets.showLastReport', async () => {
      if (lastRun === undefined) {
        const message = 'There is no report yet: no bulk update has run in this window.';
        void vscode.window.showInformationMessage(message);
        return { status: 'refused', message };
      }
      return { status: 'shown', uri: (await showReport(lastRun)).toString() };
    }),
    vscode.commands.registerCommand('scanTargets.retryFailed', async (args?: { confirm?: boolean }) => {
      const untrusted = refuseIfUntrusted('Retrying a bulk update');
      if (untrusted) return untrusted;
      const ids = lastRun ? retryIds(lastRun.outcome) : [];
      if (!lastRun || ids.length === 0) {
        const message = 'There is nothing to retry: the last bulk update of this window has no failed or unsent ids.';
        void vscode.window.showInformationMessage(message);
        return { status: 'refused', message };
      }
      return run({ uri: lastRun.uri, documentIndex: lastRun.documentIndex, ids, confirm: args?.confirm });
    }),
  );
}
