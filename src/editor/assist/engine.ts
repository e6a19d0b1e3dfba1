// Where the assist operations run: the composition root passes the language worker, whose
// service table includes core/assist's `assistServiceMethods`. Results are plain data with
// offsets into the document's text at the version asked about.
import type * as vscode from 'vscode';
import type { CompletionResult, CoreCodeAction, DiagnosticLike, HoverResult } from '../../core/assist';

export interface AssistEngine {
  complete(document: vscode.TextDocument, offset: number): CompletionResult | Promise<CompletionResult>;
  /** `env`: whether each `${env:NAME}` on the hovered line is set (`'empty'`: set to ""). */
  hover(document: vscode.TextDocument, offset: number, env: Readonly<Record<string, boolean | 'empty'>>): HoverResult | null | undefined | Promise<HoverResult | null | undefined>;
  codeActions(document: vscode.TextDocument, diagnostics: readonly DiagnosticLike[]): CoreCodeAction[] | Promise<CoreCodeAction[]>;
}
