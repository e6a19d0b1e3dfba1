// `scanTargets.applyChanges` (Scan Targets: Apply Changed Target Settings…): `scan-targets apply`
// in the editor. This side finds the files of a folder and reads git (repo/), open documents as the
// editor holds them; the language server parses, compares and checks (scanTargets/planChanges);
// the plan opens read-only; then, once confirmed, the placeholders are resolved here and each unit
// is sent in turn (core's applyUnits), and the ids the service rejected become diagnostics on
// their lines, in every file. Argument for programmatic use:
//   { folder?: string | Uri, base?: string | null, confirm?: boolean }
// `base`: a git revision to compare with, `null` for none (every document); absent, it is asked.
// `confirm: false` skips the modal confirmation, like `--yes`.
import * as vscode from 'vscode';
import { describeOutcome, retryIds, type BulkOutcome } from '../../core/bulk/outcome';
import type { EnvLookup } from '../../core/envPlaceholders';
import { outcomeReport } from '../../core/bulk/report';
import { clientSend } from '../../core/bulk/send';
import { applyUnits, combinedOutcome } from '../../core/plan/applyUnits';
import { planDocument } from '../../core/plan/format';
import { plural } from '../../core/wording';
import { twoStepCancel } from '../bulkUpdate/twoStepCancel';
import type { Connection } from '../connection';
import type { TargetSettingsClient } from '../languageClient';
import type { ReadOnlyDocuments } from '../readOnlyDocuments';
import { readSettings } from '../settings';
import { refuseIfUntrusted } from '../trust';
import { repository } from '../repository';
import { pickBase, type PickedBase } from './pickBase';
import { folderOf, readAsEdited } from './sources';
import { confirmUnits, unitsToSend } from './units';

export const APPLY_CHANGES_COMMAND = 'scanTargets.applyChanges';

export interface ApplyDeps {
  connection: Connection;
  languageClient: TargetSettingsClient;
  documents: ReadOnlyDocuments;
  log: vscode.LogOutputChannel;
  /** Where placeholders get their values (the host's environment). */
  env: EnvLookup;
}

export interface ApplyArgs {
  folder?: string | vscode.Uri;
  base?: string | null;
  confirm?: boolean;
}

export interface AppliedUnitResult {
  path: string;
  uri: string;
  /** From 1. */
  document: number;
  outcome: BulkOutcome;
  /** Not sent because the service refused the configuration for an earlier document. */
  skipped: boolean;
}

export type ApplyResult =
  { status: 'refused' | 'cancelled'; message: string; planUri?: string } | { status: 'done'; planUri: string; summary: string; units: AppliedUnitResult[] };

export function registerApplyChanges(context: vscode.ExtensionContext, deps: ApplyDeps): void {
  const { log, documents } = deps;
  let lastReport: string | undefined;

  const refuse = (message: string, planUri?: vscode.Uri): ApplyResult => {
    void vscode.window.showErrorMessage(message);
    return { status: 'refused', message, planUri: planUri?.toString() };
  };
  const cancelled = (message: string, planUri?: vscode.Uri): ApplyResult => ({ status: 'cancelled', message, planUri: planUri?.toString() });

  const run = async (args?: ApplyArgs): Promise<ApplyResult> => {
    const untrusted = refuseIfUntrusted('Apply');
    if (untrusted) return untrusted;
    const folder = await folderOf(args);
    if (folder === undefined) return cancelled('Apply cancelled: no folder was chosen.');
    if (typeof folder === 'string') return refuse(folder);

    let base: PickedBase | string | undefined;
    if (args?.base === null) base = { revision: undefined, label: 'every document' };
    else if (args?.base !== undefined) base = { revision: args.base, label: args.base };
    else base = await pickBase(folder.fsPath);
    if (base === undefined) return cancelled('Apply cancelled: no base was chosen.');
    if (typeof base === 'string') return refuse(base);

    const settings = readSettings();
    const gathered = await repository().gather({ paths: ['.'], globs: settings.files, changedSince: base.revision, cwd: folder.fsPath, read: readAsEdited });
    if (!gathered.ok) {
      return refuse(
        gathered.reason === 'no revision'
          ? `${gathered.ref} names no commit in ${folder.fsPath} (a branch, tag or commit): nothing was sent. Run the command again and choose another base.`
          : `${folder.fsPath} is not in a git work tree (or git is not installed), so there is nothing to compare with: nothing was sent. Choose "Every document" to send them all.`,
      );
    }
    const { files, removed, problems, changedSince } = gathered.gathered;
    const report = await deps.languageClient.planChanges({
      files: files.map((f) => ({ uri: vscode.Uri.file(f.absolute).toString(), path: f.path, text: f.text, base: f.base })),
      removed: [...removed],
      problems: [...problems],
      // The plan names a branch's fork point by the branch, not by its commit alone.
      changedSince: changedSince === undefined ? null : { ref: base.label, commit: changedSince.commit },
      chunkSize: settings.chunkSize,
    });

    // The placeholders get their values here, in the extension host that sends, for this run only,
    // and before anything is shown or asked: a value that cannot be sent stops the run like any problem.
    const { units, resolveProblems } = unitsToSend(report, files, deps.env);
    const plan = { ...report, problems: [...report.problems, ...resolveProblems] };
    const planUri = await documents.show('target-settings.plan.txt', planDocument(plan), 'plaintext');
    if (plan.problems.length > 0) {
      return refuse(
        `${plural(plan.problems.length, 'problem')} stop the apply, so nothing was sent. The plan lists ${plan.problems.length === 1 ? 'it' : 'each'} with its file and line: fix them and run the command again.`,
        planUri,
      );
    }
    if (units.length === 0) {
      const message = `Nothing to send: no target-settings document changed (${changedSince === undefined ? 'every document' : `since ${base.label}`}).`;
      void vscode.window.showInformationMessage(message);
      return { status: 'done', planUri: planUri.toString(), summary: message, units: [] };
    }

    let client;
    try {
      client = await deps.connection.client(true);
    } catch (err) {
      return refuse((err as Error).message, planUri);
    }
    if (args?.confirm !== false && !(await confirmUnits(plan, units, client.baseUrl))) {
      return cancelled('Apply cancelled before anything was sent.', planUri);
    }

    const { ids, requests } = plan.totals;
    log.info(`Apply of ${plural(units.length, 'document')} (${plural(ids, 'id')}, ${plural(requests, 'request')}) from ${folder.fsPath} to ${client.baseUrl}`);
    const applied = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Applying ${plural(units.length, 'document')}`, cancellable: true },
      (progress, token) => {
        const cancel = twoStepCancel(token, log);
        return applyUnits(
          units.map(({ unit, body }) => ({ ids: unit.send, body: body.settings, secretValues: body.secretValues })),
          {
            chunkSize: settings.chunkSize,
            concurrency: settings.concurrency,
            send: (secretValues) => clientSend(client, { secretValues }),
            stopSending: cancel.stopSending,
            abandonInFlight: cancel.abandonInFlight,
            onUnit: (i) => {
              log.info(`${units[i]!.file.path}, document ${units[i]!.unit.documentIndex + 1}:`);
              return log;
            },
            onProgress: (i, p) => {
              const { file, unit } = units[i]!;
              progress.report({
                message: `${file.path}, document ${unit.documentIndex + 1} (${i + 1} of ${units.length}): ${p.idsDone} of ${p.idsTotal} ids answered`,
              });
            },
          },
        ).finally(() => cancel.dispose());
      },
    );

    const results = applied.map(({ outcome, skipped }, i): AppliedUnitResult => {
      const { file, unit, uri } = units[i]!;
      return { path: file.path, uri: uri.toString(), document: unit.documentIndex + 1, outcome, skipped };
    });
    // The server puts the rejected ids and the field errors on their files; a file not open yet is
    // opened (not shown) so that they appear in the Problems view.
    for (const [i, { outcome }] of applied.entries()) {
      const { unit, uri, text } = units[i]!;
      const failed = outcome.failed.map((g) => ({ fieldErrors: g.fieldErrors, chunkIds: g.chunkIds }));
      if (outcome.invalid.length > 0 || failed.some((g) => g.fieldErrors !== undefined)) await vscode.workspace.openTextDocument(uri);
      await deps.languageClient.recordBulkOutcome({
        uri: uri.toString(),
        text,
        documentIndex: unit.documentIndex,
        sent: [...outcome.updated, ...outcome.invalid, ...outcome.validNotApplied],
        invalid: [...outcome.invalid],
        failed,
      });
    }

    const all = combinedOutcome(applied.map((a) => a.outcome));
    const summary = `Apply of ${plural(units.length, 'document')}: ${describeOutcome(all)}`;
    lastReport = [
      `Apply of ${plural(units.length, 'document')} from ${folder.fsPath}, ${changedSince === undefined ? 'every document' : `changed since ${base.label}`}, sent to ${client.baseUrl}`,
      '',
      describeOutcome(all),
      '',
      ...applied.map(({ outcome, skipped }, i) => {
        const { file, unit } = units[i]!;
        const note = skipped ? 'Not sent: the service refused the configuration (the token or the base URL) for an earlier document.\n' : '';
        return `${note}${outcomeReport(outcome, { source: file.path, documentIndex: unit.documentIndex, service: client.baseUrl })}`;
      }),
    ].join('\n');
    showSummary(summary, all);
    return { status: 'done', planUri: planUri.toString(), summary, units: results };
  };

  const showSummary = (summary: string, all: BulkOutcome): void => {
    const invalid = all.invalid.length > 0 ? 'Show Problems' : undefined;
    const setToken = all.failed.some((g) => g.kind === 'unauthorized') ? 'Set API Token' : undefined;
    const actions = [invalid, setToken, 'Show Report', 'Show Log'].filter((a): a is string => a !== undefined);
    const problems = all.invalid.length + all.validNotApplied.length + retryIds(all).length > 0;
    // Not awaited: the command ends with the run; the notification stays until it is answered.
    void (problems ? vscode.window.showWarningMessage : vscode.window.showInformationMessage)(summary, ...actions).then((choice) => {
      if (choice === 'Show Log') log.show();
      else if (choice === 'Show Report') void showReport();
      else if (choice === invalid && choice !== undefined) void vscode.commands.executeCommand('workbench.actions.view.problems');
      else if (choice === setToken && choice !== undefined) void vscode.commands.executeCommand('scanTargets.setApiToken');
    });
  };

  const showReport = (): Promise<vscode.Uri> => documents.show('target-settings.apply-report.txt', lastReport ?? '', 'plaintext');

  context.subscriptions.push(vscode.commands.registerCommand(APPLY_CHANGES_COMMAND, (args?: ApplyArgs) => run(args)));
}
