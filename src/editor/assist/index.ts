// Editing assistance for target-settings files: completion, hover, quick fixes and the new-file
// command. Thin VS Code adapters over core/assist; every disposable goes into the context.
import * as vscode from 'vscode';
import type { CoreDiagnostic } from '../../core/diagnostic';
import { AssistCodeActionProvider } from './codeActionProvider';
import { AssistCompletionProvider, COMPLETION_TRIGGERS } from './completionProvider';
import type { AssistEngine } from './engine';
import { AssistHoverProvider } from './hoverProvider';
import { NEW_SETTINGS_FILE_COMMAND, newSettingsFile } from './newFile';

export type { AssistEngine } from './engine';

export interface AssistDeps {
  /** YAML and matching `scanTargets.files` (or carrying the schema modeline). */
  isTargetSettingsFile(document: vscode.TextDocument): boolean;
  /**
   * Optional: the core diagnostics validation last published for the document (e.g.
   * `validation.diagnosticsOf(document.uri)`), so quick fixes use their `path` and `data`.
   * Without it, quick fixes work those facts out again from the schema and the text.
   */
  coreDiagnostics?(document: vscode.TextDocument): readonly CoreDiagnostic[];
  /** Runs the operations: the language worker, so a large file's parse never blocks typing. */
  engine: AssistEngine;
}

/** Registers the providers (for YAML; each checks `isTargetSettingsFile`) and the command. */
export function registerAssist(context: vscode.ExtensionContext, deps: AssistDeps): void {
  const selector: vscode.DocumentSelector = [{ language: 'yaml' }];
  const engine = deps.engine;
  const isTarget = (document: vscode.TextDocument): boolean => deps.isTargetSettingsFile(document);
  context.subscriptions.push(
    vscode.languages.registerCompletionItemProvider(selector, new AssistCompletionProvider(isTarget, engine), ...COMPLETION_TRIGGERS),
    vscode.languages.registerHoverProvider(selector, new AssistHoverProvider(isTarget, engine)),
    vscode.languages.registerCodeActionsProvider(
      selector,
      new AssistCodeActionProvider(isTarget, engine, deps.coreDiagnostics ? (document) => deps.coreDiagnostics!(document) : undefined),
      AssistCodeActionProvider.metadata,
    ),
    vscode.commands.registerCommand(NEW_SETTINGS_FILE_COMMAND, () => newSettingsFile()),
  );
}
