// Conversions between core's plain data (offsets into the text, 0-based positions) and LSP types.
// Offsets are converted with the document of the version they were computed on.
import {
  CodeAction,
  CodeActionKind,
  CompletionItemKind,
  DiagnosticSeverity,
  DiagnosticTag,
  FoldingRange,
  InsertTextFormat,
  InsertTextMode,
  SymbolKind,
  type CodeLens,
  type CompletionItem,
  type Diagnostic,
  type DocumentSymbol,
  type Position,
  type Range,
  type TextEdit,
} from 'vscode-languageserver';
import {
  DEFERRED_EDITS,
  type CompletionItem as CoreCompletionItem,
  type CompletionKind,
  type CoreCodeAction,
  type DeferredEdits,
  type DiagnosticLike,
  type OffsetEdit,
} from '../core/assist';
import { DIAGNOSTIC_SOURCE, sameRange, type CoreDiagnostic, type DiagnosticData, type Severity } from '../core/diagnostic';
import type { BulkUpdateLens } from '../core/bulk/lenses';
import type { FoldingOffsets, OutlineKind, OutlineSymbol } from '../core/outline';
import type { OffsetRange } from '../core/yaml';
import { count } from '../core/wording';
import type { KeptAnswers } from './keptAnswers';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

const COMPLETION_KIND: Record<CompletionKind, CompletionItemKind> = {
  property: CompletionItemKind.Property,
  value: CompletionItemKind.Value,
  snippet: CompletionItemKind.Snippet,
};

const SYMBOL_KIND: Record<OutlineKind, SymbolKind> = {
  document: SymbolKind.Module,
  object: SymbolKind.Object,
  array: SymbolKind.Array,
  property: SymbolKind.Property,
};

/** What a published diagnostic carries back to code-action requests (LSP keeps `data` as it is). */
interface CarriedData {
  document: number;
  path: string;
  data?: DiagnosticData;
}

/** What converting offsets needs of a document (the server's ChunkedDocument). */
export interface DocumentPositions {
  readonly uri: string;
  positionAt(offset: number): Position;
}
export function offsetRange(document: DocumentPositions, range: OffsetRange): Range {
  return { start: document.positionAt(range.start), end: document.positionAt(range.end) };
}

/**
 * `convert`, giving again what it made of a diagnostic when given the same one: most of a file's
 * diagnostics are kept from one version to the next (toDiagnostic in validate.ts,
 * invalidIdDiagnostics), and converting a thousand again for each edit that changes one of them
 * cost a millisecond. What it gives must not be changed.
 */
export function convertingOnce(convert: (core: CoreDiagnostic) => Diagnostic): (core: CoreDiagnostic) => Diagnostic {
  const converted = new WeakMap<CoreDiagnostic, Diagnostic>();
  return (core) => {
    let diagnostic = converted.get(core);
    if (diagnostic === undefined) {
      diagnostic = convert(core);
      converted.set(core, diagnostic);
    }
    return diagnostic;
  };
}

/**
 * `codePage` gives the address of the page that explains a code (none: the code has no link).
 * `carries`: whether the client keeps `data` for its code-action requests (LSP's dataSupport); a
 * client that does not is sent none (a fifth of the bytes of a report of rejected ids), and its
 * diagnostics are found again among those it was sent (see {@link fromDiagnostic}).
 */
export function toDiagnostic(core: CoreDiagnostic, codePage: (code: string) => string | undefined, carries = true): Diagnostic {
  const page = codePage(core.code);
  const diagnostic: Diagnostic = {
    range: core.range,
    severity: SEVERITY[core.severity],
    source: DIAGNOSTIC_SOURCE,
    code: core.code,
    message: core.message,
  };
  if (carries) {
    const carried: CarriedData = { document: core.document, path: core.path };
    if (core.data !== undefined) carried.data = core.data;
    diagnostic.data = carried;
  }
  if (page !== undefined) diagnostic.codeDescription = { href: page };
  if (core.code === 'duplicate-id') diagnostic.tags = [DiagnosticTag.Unnecessary];
  return diagnostic;
}

/**
 * A diagnostic as a code-action request returns it. Ours carry their document, path and data; one
 * that comes back without them (a client that keeps no `data`) is looked for among the diagnostics
 * last `sent` for its file, by code, message and range: where the client still holds what it was
 * sent, a fix that needs the data (the values an account is entitled to, a name to correct a
 * key to) is offered all the same. Else the fix finds what it can from the range.
 */
export function fromDiagnostic(diagnostic: Diagnostic, sent: readonly CoreDiagnostic[] = []): DiagnosticLike {
  const code = String(diagnostic.code ?? '');
  const message = typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value;
  const carried = isCarried(diagnostic.data)
    ? diagnostic.data
    : sent.find((d) => d.code === code && d.message === message && sameRange(d.range, diagnostic.range));
  return {
    code,
    range: diagnostic.range,
    message,
    ...(carried && { document: carried.document, path: carried.path, data: carried.data }),
  };
}

function isCarried(data: unknown): data is CarriedData {
  return typeof data === 'object' && data !== null && typeof (data as CarriedData).document === 'number' && typeof (data as CarriedData).path === 'string';
}

export function toTextEdits(document: DocumentPositions, edits: readonly OffsetEdit[]): TextEdit[] {
  return edits.map((e) => ({ range: offsetRange(document, e.range), newText: e.newText }));
}

export function toCodeAction(document: DocumentPositions, action: CoreCodeAction, diagnostics: readonly Diagnostic[]): CodeAction {
  const out =
    action.deferred === undefined
      ? CodeAction.create(action.title, { changes: { [document.uri]: toTextEdits(document, action.edits) } }, CodeActionKind.QuickFix)
      : CodeAction.create(action.title, CodeActionKind.QuickFix);
  if (action.deferred !== undefined) out.data = { uri: document.uri, edits: action.deferred } satisfies Deferred;
  out.isPreferred = action.isPreferred;
  out.diagnostics = action.diagnosticIndexes.map((i) => diagnostics[i]).filter((d): d is Diagnostic => d !== undefined);
  return out;
}

/** What an action whose edits are deferred carries for `codeAction/resolve`. */
interface Deferred {
  readonly uri: string;
  readonly edits: DeferredEdits;
}

const DEFERRED: ReadonlySet<string> = new Set(DEFERRED_EDITS);

/** The deferred edits an action from the client asks for, `undefined` for any other action (its data as the client sent it back). */
export function deferredOf(action: CodeAction): Deferred | undefined {
  const data = action.data as Partial<Record<keyof Deferred, unknown>> | null | undefined;
  return typeof data?.uri === 'string' && typeof data.edits === 'string' && DEFERRED.has(data.edits)
    ? { uri: data.uri, edits: data.edits as DeferredEdits }
    : undefined;
}

export function toCompletionItem(document: DocumentPositions, item: CoreCompletionItem): CompletionItem {
  const out: CompletionItem = {
    label: item.label,
    kind: COMPLETION_KIND[item.kind],
    detail: item.detail,
    sortText: item.sortText,
    // Lines after the first are relative to the cursor line's indentation: the client adds it.
    insertTextFormat: InsertTextFormat.Snippet,
    insertTextMode: InsertTextMode.adjustIndentation,
    textEdit: { range: offsetRange(document, item.range), newText: item.insertText },
  };
  if (item.documentation !== undefined) out.documentation = { kind: 'markdown', value: item.documentation };
  if (item.filterText !== undefined) out.filterText = item.filterText;
  if (item.preselect) out.preselect = true;
  if (item.retrigger) out.command = { command: 'editor.action.triggerSuggest', title: 'Suggest' };
  return out;
}

/**
 * The outline as LSP symbols; a symbol without children made as last time where it is the same
 * (`kept`: see keptAnswers.ts), as are the 10,000 document symbols of a file of 10,000 documents
 * past the outline's first 2,000 symbols.
 */
export function toDocumentSymbols(document: DocumentPositions, symbols: readonly OutlineSymbol[], kept: KeptAnswers<DocumentSymbol>): DocumentSymbol[] {
  const give = kept.answering(document.uri, symbols.length);
  return symbols.map((symbol, i) => {
    if (symbol.children.length > 0) return toDocumentSymbol(document, symbol);
    const range = offsetRange(document, symbol.range);
    const selectionRange = offsetRange(document, symbol.selectionRange);
    const key = `${symbol.kind} ${rangeKey(range)} ${rangeKey(selectionRange)} ${symbol.name}\n${symbol.detail ?? ''}`;
    return give(i, key, () => toDocumentSymbol(document, symbol));
  });
}

function rangeKey({ start, end }: Range): string {
  return `${start.line}:${start.character}-${end.line}:${end.character}`;
}

function toDocumentSymbol(document: DocumentPositions, symbol: OutlineSymbol): DocumentSymbol {
  return {
    name: symbol.name,
    detail: symbol.detail,
    kind: SYMBOL_KIND[symbol.kind],
    range: offsetRange(document, symbol.range),
    selectionRange: offsetRange(document, symbol.selectionRange),
    children: symbol.children.map((c) => toDocumentSymbol(document, c)),
  };
}

export function toFoldingRanges(document: DocumentPositions, ranges: readonly FoldingOffsets[]): FoldingRange[] {
  return ranges.map((r) => FoldingRange.create(document.positionAt(r.start).line, document.positionAt(r.end).line));
}

/** The commands the lenses run, with `{ uri, documentIndex }`: the extension's, and names other clients can bind. */
const BULK_UPDATE_COMMAND = 'scanTargets.bulkUpdate';
const PREVIEW_COMMAND = 'scanTargets.previewBulkUpdate';

/**
 * "Bulk update N targets" and "Preview" above each document's `ids:`; a document's made as last
 * time where they are the same (`kept`: see keptAnswers.ts).
 */
export function toCodeLenses(document: DocumentPositions, lenses: readonly BulkUpdateLens[], kept: KeptAnswers<readonly CodeLens[]>): CodeLens[] {
  const give = kept.answering(document.uri, (lenses.at(-1)?.documentIndex ?? -1) + 1);
  return lenses.flatMap((lens) => {
    const range = offsetRange(document, lens.range);
    return give(lens.documentIndex, `${rangeKey(range)} ${lens.targets}`, () => {
      const args = [{ uri: document.uri, documentIndex: lens.documentIndex }];
      const targets = `${count(lens.targets)} ${lens.targets === 1 ? 'target' : 'targets'}`;
      return [
        { range, command: { title: `Bulk update ${targets}`, command: BULK_UPDATE_COMMAND, arguments: args } },
        { range, command: { title: 'Preview', command: PREVIEW_COMMAND, arguments: args } },
      ];
    });
  });
}
