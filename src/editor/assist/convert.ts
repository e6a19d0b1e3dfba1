// Conversions between the assist core's plain data (offsets, snippet text, markdown) and VS Code's
// types. Offsets are converted with the document they were computed on.
import * as vscode from 'vscode';
import type { CompletionItem as CoreCompletionItem, CompletionKind } from '../../core/assist/completion';
import { offsetRange } from '../convert';

const KINDS: Record<CompletionKind, vscode.CompletionItemKind> = {
  property: vscode.CompletionItemKind.Property,
  value: vscode.CompletionItemKind.Value,
  snippet: vscode.CompletionItemKind.Snippet,
};

/** Schema text is not trusted: no command links, no HTML. */
export function toMarkdown(markdown: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(markdown);
  md.isTrusted = false;
  md.supportHtml = false;
  return md;
}

export function toCompletionItem(document: vscode.TextDocument, item: CoreCompletionItem): vscode.CompletionItem {
  const out = new vscode.CompletionItem(item.label, KINDS[item.kind]);
  out.detail = item.detail;
  if (item.documentation !== undefined) out.documentation = toMarkdown(item.documentation);
  // Lines after the first are relative to the cursor line's indentation: the editor adds it.
  out.insertText = new vscode.SnippetString(item.insertText);
  out.range = offsetRange(document, item.range);
  out.sortText = item.sortText;
  if (item.filterText !== undefined) out.filterText = item.filterText;
  if (item.preselect) out.preselect = true;
  if (item.retrigger) out.command = { command: 'editor.action.triggerSuggest', title: 'Suggest' };
  return out;
}
