// The Scan Target Settings language server: owns the language of target-settings files for any
// LSP client. Open documents are kept with incremental sync; every answer is computed by core/ on
// the parse of the version asked about (one parse per version, shared by every request).
import * as path from 'path';
import { pathToFileURL } from 'url';
import {
  CodeAction,
  CodeActionKind,
  CodeLensRefreshRequest,
  type CodeLens,
  CompletionTriggerKind,
  TextDocuments,
  TextDocumentSyncKind,
  type CodeActionParams,
  type CompletionParams,
  type Connection,
  type InitializeResult,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { version } from '../../package.json';
import { FIXABLE_CODES, type DiagnosticLike } from '../core/assist';
import { bulkUpdateLenses } from '../core/bulk/lenses';
import { DIAGNOSTIC_SOURCE } from '../core/diagnostic';
import { NOT_ENTITLED_CODE } from '../core/entitlements/diagnostics';
import { documentSymbols, foldingRanges } from '../core/outline';
import { LanguageService, type ValidateParams } from '../core/service';
import { fileTooLargeDiagnostic } from '../core/validation/limit';
import type { ParsedFile } from '../core/yaml';
import { fromDiagnostic, offsetRange, toCodeAction, toCompletionItem, toDiagnostic, toDocumentSymbol, toFoldingRanges, toTextEdits } from './convert';
import {
  PLAN_BULK_UPDATE,
  RECORD_BULK_OUTCOME,
  SET_ENTITLEMENTS,
  type PlanBulkUpdateParams,
  type PlanBulkUpdateResult,
  type RecordBulkOutcomeParams,
  type RecordBulkOutcomeResult,
  type ServerSettings,
  type SetEntitlementsParams,
} from './protocol';
import { ChangeTrackingDocuments } from './changes';
import { DEFAULT_SETTINGS, readSettings } from './settings';
import { TargetFiles } from './targetFiles';

/** The page that explains a diagnostic code: docs/codes/<code>.md beside the bundle, a file any client can open. */
const codePage = (code: string): string => pathToFileURL(path.resolve(__dirname, '..', 'docs', 'codes', `${code}.md`)).href;

/** The codes codeActions fixes: the schema's, and a value the account is not entitled to (it offers the entitled ones). */
const FIXABLE = new Set<string>([...FIXABLE_CODES, NOT_ENTITLED_CODE]);

/** The commands the lenses run, with `{ uri, documentIndex }`: the extension's, and names other clients can bind. */
const BULK_UPDATE_COMMAND = 'scanTargets.bulkUpdate';
const PREVIEW_COMMAND = 'scanTargets.previewBulkUpdate';

/** Typing a space opens completion only where it ends `key: ` (values) or `- ` (an item's first key). */
const SPACE_TRIGGER = /(:\s|^\s*(-\s+)+)$/;

/** Whether a requested code action kind includes quick fixes (`quickfix` itself or a parent such as `""`). */
function coversQuickFix(kind: string): boolean {
  return kind === '' || kind === CodeActionKind.QuickFix || CodeActionKind.QuickFix.startsWith(`${kind}.`);
}

/** Whether a variable is set in the server's environment (inherited from the editor). Never its value. */
function envState(name: string): boolean | 'empty' {
  const value = process.env[name];
  if (value === undefined) return false;
  return value === '' ? 'empty' : true;
}

export function startServer(connection: Connection): void {
  const tracked = new ChangeTrackingDocuments();
  const documents = new TextDocuments(tracked);
  const service = new LanguageService((name) => process.env[name]);
  let settings: ServerSettings = DEFAULT_SETTINGS;
  const targets = new TargetFiles(settings.files);
  let pullsConfiguration = false;
  let refreshesLenses = false;
  /** The pending validation of each uri, to cancel when a newer version arrives first. */
  const timers = new Map<string, () => void>();
  /** Uris that have diagnostics published, so a file that stops matching gets them cleared. */
  const published = new Set<string>();

  const validateParams = (): ValidateParams => ({
    severityOverrides: settings.validation.severity,
    maxProblems: settings.validation.maxProblems,
    entitlementChecks: settings.entitlements.checks,
  });

  /** An open target-settings document, and whether it is small enough to work on as the user types. */
  const targetDocument = (uri: string): { document: TextDocument; text: string; tooLarge: boolean } | undefined => {
    const document = documents.get(uri);
    if (document === undefined) return undefined;
    const text = document.getText();
    if (!targets.matches(uri, text)) return undefined;
    return { document, text, tooLarge: text.length > settings.validation.maxFileSizeMB * 1024 * 1024 };
  };

  /** Every parse goes through here: the change it is given is the one since the last parse of `uri`. */
  const parse = (uri: string, document: TextDocument, text: string): ParsedFile => service.parse(uri, document.version, text, tracked.takeChange(uri));

  /** The parse of an open target-settings document at its current version (none for a file too large). */
  const parsed = (uri: string): { document: TextDocument; file: ParsedFile } | undefined => {
    const target = targetDocument(uri);
    if (target === undefined || target.tooLarge) return undefined;
    return { document: target.document, file: parse(uri, target.document, target.text) };
  };

  const publish = (uri: string): void => {
    const target = targetDocument(uri);
    if (target === undefined) {
      if (published.delete(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
      return;
    }
    const { document, text, tooLarge } = target;
    const core = tooLarge
      ? [fileTooLargeDiagnostic(text.length, settings.validation.maxFileSizeMB)]
      : service.diagnostics(uri, parse(uri, document, text), validateParams());
    if (tooLarge) service.forget(uri);
    published.add(uri);
    void connection.sendDiagnostics({ uri, version: document.version, diagnostics: core.map((d) => toDiagnostic(d, codePage)) });
  };

  const schedule = (uri: string, delayMs = settings.validation.debounceMs): void => {
    timers.get(uri)?.();
    // Changes that arrive while a validation runs are applied first: only the newest version is
    // validated. Without a delay, right after the messages already received (a zero timeout
    // would wait a millisecond or more).
    const run = (): void => {
      timers.delete(uri);
      guard(`Validating ${uri}`, () => publish(uri));
    };
    if (delayMs > 0) {
      const timer = setTimeout(run, delayMs);
      timers.set(uri, () => clearTimeout(timer));
    } else {
      const immediate = setImmediate(run);
      timers.set(uri, () => clearImmediate(immediate));
    }
  };

  const revalidateAll = (): void => {
    for (const document of documents.all()) schedule(document.uri, 0);
  };

  /** Runs `work`; a failure goes to the client's log as one line, never to the user as a trace. */
  function guard<T>(what: string, work: () => T, fallback?: T): T | undefined {
    try {
      return work();
    } catch (err) {
      connection.console.error(`${what} failed: ${err instanceof Error ? err.message : String(err)}`);
      if (err instanceof Error && err.stack) connection.console.debug(err.stack);
      return fallback;
    }
  }

  // A rejected promise nobody waits on (a `void` call that failed) must not print Node's trace on
  // stderr nor end the server: one line at error level in the client's log.
  process.on('unhandledRejection', (reason: unknown) => {
    connection.console.error(`internal error (unhandled rejection): ${reason instanceof Error ? reason.message : String(reason)}. This is a bug.`);
  });

  const loadSettings = async (pushed?: unknown): Promise<void> => {
    const raw: unknown = pullsConfiguration ? await connection.workspace.getConfiguration('scanTargets') : pushed;
    settings = readSettings(raw);
    targets.update(settings.files);
    revalidateAll();
    // The lenses may have been turned on or off, or a file may match no more.
    if (refreshesLenses)
      connection.sendRequest(CodeLensRefreshRequest.type).catch((err: unknown) => connection.console.debug(`CodeLens refresh not done: ${String(err)}`));
  };

  connection.onInitialize((params): InitializeResult => {
    pullsConfiguration = params.capabilities.workspace?.configuration === true;
    refreshesLenses = params.capabilities.workspace?.codeLens?.refreshSupport === true;
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    targets.update(settings.files, folders);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: [' '] },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        codeLensProvider: { resolveProvider: false },
      },
      serverInfo: { name: 'scan-targets', version },
    };
  });

  connection.onInitialized(() => {
    if (pullsConfiguration) void loadSettings();
  });

  connection.onDidChangeConfiguration((change) => {
    const pushed = (change.settings as { scanTargets?: unknown } | null)?.scanTargets;
    void loadSettings(pushed);
  });

  connection.onNotification(SET_ENTITLEMENTS, (params: SetEntitlementsParams) => {
    service.setEntitlements(params.record ?? undefined);
    revalidateAll();
  });

  connection.onRequest<PlanBulkUpdateResult, void>(PLAN_BULK_UPDATE, (params: PlanBulkUpdateParams): PlanBulkUpdateResult => {
    const target = parsed(params.uri);
    if (target === undefined) throw new Error('the document is not open as a target-settings file');
    if (target.document.version !== params.version) throw new Error('the document changed while the bulk update was planned; run it again');
    const validation = { severityOverrides: settings.validation.severity, entitlementChecks: false };
    return service.planBulkUpdate(target.file, params.target, validation, params.purpose === 'preview' ? 'preview' : 'run');
  });

  connection.onRequest<RecordBulkOutcomeResult, void>(RECORD_BULK_OUTCOME, (params: RecordBulkOutcomeParams): RecordBulkOutcomeResult => {
    const target = parsed(params.uri);
    if (target === undefined) return { invalidIds: 0, serviceErrors: 0 };
    const result = service.recordBulkOutcome(params.uri, target.file, params);
    publish(params.uri);
    return result;
  });

  documents.onDidOpen((e) => schedule(e.document.uri, 0));
  documents.onDidChangeContent((e) => schedule(e.document.uri));
  documents.onDidClose((e) => {
    timers.get(e.document.uri)?.();
    timers.delete(e.document.uri);
    service.forget(e.document.uri);
    tracked.takeChange(e.document.uri);
    if (published.delete(e.document.uri)) void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  connection.onCompletion((params: CompletionParams) =>
    guard(
      'Completion',
      () => {
        const target = parsed(params.textDocument.uri);
        if (target === undefined) return null;
        const { document, file } = target;
        const offset = document.offsetAt(params.position);
        if (params.context?.triggerKind === CompletionTriggerKind.TriggerCharacter && params.context.triggerCharacter === ' ') {
          const before = document.getText({ start: { line: params.position.line, character: 0 }, end: params.position });
          if (!SPACE_TRIGGER.test(before)) return null;
        }
        return { isIncomplete: false, items: service.complete(file, offset).items.map((item) => toCompletionItem(document, item)) };
      },
      null,
    ),
  );

  connection.onHover((params) =>
    guard(
      'Hover',
      () => {
        const target = parsed(params.textDocument.uri);
        if (target === undefined) return null;
        const result = service.hover(target.file, target.document.offsetAt(params.position), envState);
        if (result === undefined) return null;
        return { contents: { kind: 'markdown' as const, value: result.markdown }, range: offsetRange(target.document, result.range) };
      },
      null,
    ),
  );

  connection.onCodeAction((params: CodeActionParams) =>
    guard(
      'Quick fixes',
      () => {
        if (params.context.only !== undefined && !params.context.only.some(coversQuickFix)) return null;
        const target = parsed(params.textDocument.uri);
        if (target === undefined) return null;
        const ours = params.context.diagnostics.filter((d) => d.source === DIAGNOSTIC_SOURCE);
        const fixable = ours.filter((d) => FIXABLE.has(String(d.code)));
        const actions: CodeAction[] = service.codeActions(target.file, fixable.map(fromDiagnostic)).map((a) => toCodeAction(target.document, a, fixable));
        actions.push(
          ...invalidIdActions(params.textDocument.uri, target.document, target.file, ours.filter((d) => d.code === 'invalid-id').map(fromDiagnostic)),
        );
        return actions;
      },
      null,
    ),
  );

  /** "Remove invalid id X" for each rejected id asked about, and "Remove all N" when the file has several. */
  function invalidIdActions(uri: string, document: TextDocument, file: ParsedFile, asked: DiagnosticLike[]): CodeAction[] {
    if (asked.length === 0) return [];
    const remove = (title: string, byDocument: Map<number, string[]>): CodeAction => {
      const edits = [...byDocument].flatMap(([documentIndex, ids]) => service.removeIdsEdits(file, documentIndex, ids));
      return CodeAction.create(title, { changes: { [uri]: toTextEdits(document, edits) } }, CodeActionKind.QuickFix);
    };
    const actions: CodeAction[] = [];
    for (const d of asked) {
      const id = d.data?.id;
      if (typeof id !== 'string' || d.document === undefined) continue;
      actions.push({ ...remove(`Remove invalid id ${id}`, new Map([[d.document, [id]]])), isPreferred: true });
    }
    const byDocument = new Map<number, string[]>();
    let total = 0;
    for (const d of service.runDiagnostics(uri, file)) {
      const id = d.data?.id;
      if (d.code !== 'invalid-id' || typeof id !== 'string') continue;
      const list = byDocument.get(d.document) ?? [];
      if (!list.includes(id)) {
        list.push(id);
        total++;
      }
      byDocument.set(d.document, list);
    }
    if (total > 1) actions.push(remove(`Remove all ${total} invalid ids in this file`, byDocument));
    return actions;
  }

  // The lenses run the extension's commands: a client without them (Neovim) maps the command
  // names to its own handlers, as the README shows.
  connection.onCodeLens((params) =>
    guard(
      'CodeLens',
      (): CodeLens[] => {
        if (!settings.codeLens.enabled) return [];
        const target = parsed(params.textDocument.uri);
        if (target === undefined) return [];
        return bulkUpdateLenses(target.file).flatMap((lens) => {
          const range = offsetRange(target.document, lens.range);
          const args = [{ uri: params.textDocument.uri, documentIndex: lens.documentIndex }];
          const count = `${lens.targets.toLocaleString('en-US')} ${lens.targets === 1 ? 'target' : 'targets'}`;
          return [
            { range, command: { title: `Bulk update ${count}`, command: BULK_UPDATE_COMMAND, arguments: args } },
            { range, command: { title: 'Preview', command: PREVIEW_COMMAND, arguments: args } },
          ];
        });
      },
      [],
    ),
  );

  connection.onDocumentSymbol((params) =>
    guard(
      'Outline',
      () => {
        const target = parsed(params.textDocument.uri);
        return target === undefined ? null : documentSymbols(target.file).map((s) => toDocumentSymbol(target.document, s));
      },
      null,
    ),
  );

  connection.onFoldingRanges((params) =>
    guard(
      'Folding',
      () => {
        const target = parsed(params.textDocument.uri);
        return target === undefined ? null : toFoldingRanges(target.document, foldingRanges(target.file));
      },
      null,
    ),
  );

  documents.listen(connection);
  connection.listen();
}
