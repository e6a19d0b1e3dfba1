// Quick fixes for the extension's own diagnostics: a thin adapter over core/assist/codeActions.
import * as vscode from 'vscode';
import type { DiagnosticLike } from '../../core/assist';
import { FIXABLE_CODES } from '../../core/assist/fixableCodes';
import { DIAGNOSTIC_SOURCE, type CoreDiagnostic } from '../../core/diagnostic';
import { codeOf, fromRange, sameDiagnostic, toWorkspaceEdit } from '../convert';
import type { AssistEngine } from './engine';

const FIXABLE = new Set<string>(FIXABLE_CODES);

export class AssistCodeActionProvider implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  constructor(
    private readonly isTargetSettingsFile: (document: vscode.TextDocument) => boolean,
    private readonly engine: AssistEngine,
    private readonly coreDiagnostics?: (document: vscode.TextDocument) => readonly CoreDiagnostic[],
  ) {}

  async provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range | vscode.Selection,
    context: vscode.CodeActionContext,
    token: vscode.CancellationToken,
  ): Promise<vscode.CodeAction[] | undefined> {
    if (context.only !== undefined && !context.only.contains(vscode.CodeActionKind.QuickFix) && !vscode.CodeActionKind.QuickFix.contains(context.only)) {
      return undefined;
    }
    if (!this.isTargetSettingsFile(document)) return undefined;
    const ours = context.diagnostics.filter((d) => d.source === DIAGNOSTIC_SOURCE && FIXABLE.has(codeOf(d) ?? ''));
    if (ours.length === 0) return [];
    // Providers get copies of diagnostics without core's `path` and `data`: use the published
    // ones when validation can say, else core works the facts out from the schema and the text.
    const published = this.coreDiagnostics?.(document) ?? [];
    const requests: DiagnosticLike[] = ours.map((d) => published.find((c) => sameDiagnostic(c, d)) ?? fromVscode(d));
    const version = document.version;
    const actions = await this.engine.codeActions(document, requests);
    if (token.isCancellationRequested || document.version !== version) return undefined;
    return actions.map((a) => {
      const action = new vscode.CodeAction(a.title, vscode.CodeActionKind.QuickFix);
      action.isPreferred = a.isPreferred;
      action.diagnostics = a.diagnosticIndexes.map((i) => ours[i]).filter((d): d is vscode.Diagnostic => d !== undefined);
      action.edit = toWorkspaceEdit(document, a.edits);
      return action;
    });
  }
}

function fromVscode(d: vscode.Diagnostic): DiagnosticLike {
  const base: Pick<CoreDiagnostic, 'code' | 'range' | 'message'> = { code: codeOf(d) ?? '', range: fromRange(d.range), message: d.message };
  return base;
}
