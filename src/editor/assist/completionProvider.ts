// Completion in target-settings files: a thin adapter over core/assist/completion.
import * as vscode from 'vscode';
import type { AssistEngine } from './engine';
import { toCompletionItem } from './convert';

/**
 * Typed characters that open completion: a space, but only where it ends `key: ` (values) or
 * `- ` (an item's first key), so indenting a line does not pop a list up. (`:` is left out: a
 * list open after `key:` would take the Enter meant to start a block.)
 */
export const COMPLETION_TRIGGERS = [' '];

export class AssistCompletionProvider implements vscode.CompletionItemProvider {
  constructor(
    private readonly isTargetSettingsFile: (document: vscode.TextDocument) => boolean,
    private readonly engine: AssistEngine,
  ) {}

  async provideCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
    context: vscode.CompletionContext,
  ): Promise<vscode.CompletionList | undefined> {
    if (!this.isTargetSettingsFile(document)) return undefined;
    if (context.triggerKind === vscode.CompletionTriggerKind.TriggerCharacter && context.triggerCharacter === ' ') {
      const before = document.lineAt(position.line).text.slice(0, position.character);
      if (!/(:\s|^\s*(-\s+)+)$/.test(before)) return undefined;
    }
    const version = document.version;
    const result = await this.engine.complete(document, document.offsetAt(position));
    // Offsets are for the version asked about.
    if (token.isCancellationRequested || document.version !== version) return undefined;
    return new vscode.CompletionList(result.items.map((item) => toCompletionItem(document, item)), false);
  }
}
