// The Scan Target Settings language server: owns the language of target-settings files for any
// LSP client. A thin adapter from LSP to core's LanguageService, which keeps each document's state
// and computes every answer on the parse of the version asked about. This file schedules
// validation, reads settings, and converts positions and shapes (convert.ts).
import {
  CodeActionKind,
  CodeLensRefreshRequest,
  CompletionTriggerKind,
  ErrorCodes,
  LSPErrorCodes,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
  type CancellationToken,
  type CodeLens,
  type Connection,
  type DocumentSymbol,
  type InitializeResult,
} from 'vscode-languageserver';
import { version } from '../../package.json';
import { systemClock } from '../core/clock';
import { DIAGNOSTIC_SOURCE, type CoreDiagnostic } from '../core/diagnostic';
import { LanguageService, type ValidateParams } from '../core/service';
import { fileTooLargeDiagnostic } from '../core/validation/limit';
import type { ParsedFile, Text } from '../core/yaml';
import {
  convertingOnce,
  deferredOf,
  fromDiagnostic,
  offsetRange,
  toCodeAction,
  toCodeLenses,
  toCompletionItem,
  toDiagnostic,
  toDocumentSymbols,
  toFoldingRanges,
  toTextEdits,
} from './convert';
import { PlanBulkUpdate, PlanChanges, RecordBulkOutcome, SERVER_PARSE_OPTIONS, SetEntitlements, type ServerSettings } from './protocol';
import { ChangeReportingDocuments } from './changes';
import type { ChunkedDocument } from './chunkedDocument';
import { DiagnosticReports } from './diagnosticReports';
import type { ServerHost } from './host';
import { IdlePause } from './idlePause';
import { KeptAnswers } from './keptAnswers';
import { DEFAULT_SETTINGS, readSettings } from './settings';
import { TargetFiles } from './targetFiles';

/** Typing a space opens completion only where it ends `key: ` (values) or `- ` (an item's first key). */
const SPACE_TRIGGER = /(:\s|^\s*(-\s+)+)$/;

/** Every rename and deletion is reported: a folder's takes its files' records with it. */
const ALL_FILES = { filters: [{ pattern: { glob: '**/*' } }] };

/** Whether a requested code action kind includes quick fixes (`quickfix` itself or a parent such as `""`). */
function coversQuickFix(kind: string): boolean {
  return kind === '' || kind === CodeActionKind.QuickFix || CodeActionKind.QuickFix.startsWith(`${kind}.`);
}

/**
 * Resolves after `ms` milliseconds, or at once when `token` is cancelled; without a delay, soon
 * (`runSoon`: a request sent with the change is answered first), as a pushed validation runs (see
 * schedule).
 */
function settle(ms: number, token: CancellationToken, runSoon: (work: () => void) => void): Promise<void> {
  if (token.isCancellationRequested) return Promise.resolve();
  return new Promise((resolve) => {
    if (ms <= 0) return runSoon(resolve);
    const done = (): void => {
      clearTimeout(timer);
      cancelled.dispose();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const cancelled = token.onCancellationRequested(done);
  });
}

export function startServer(connection: Connection, host: ServerHost): void {
  const service = new LanguageService(host.envState, SERVER_PARSE_OPTIONS);
  let codePages = host.codePages;
  /** Whether the client takes a link to a code's page (`codeDescription`): Neovim 0.7 does not, and a report of 1,000 diagnostics carried 90 KB of them. */
  let linksCodes = false;
  /** Whether the client keeps a diagnostic's `data` for its code-action requests (dataSupport): Neovim 0.7 does not say so. */
  let keepsData = false;
  /** For a client that keeps no `data`: the diagnostics last sent for each uri, where a code-action request's are found again. */
  const sent = new Map<string, readonly CoreDiagnostic[]>();
  const remember = (uri: string, diagnostics: readonly CoreDiagnostic[]): void => {
    if (!keepsData) sent.set(uri, diagnostics);
  };
  /** The page that explains a diagnostic code, as an address any client can open (none for a client that takes no link). */
  const codePage = (code: string): string | undefined => (codePages === undefined || !linksCodes ? undefined : `${codePages}/${code}.md`);
  const documents = new TextDocuments(new ChangeReportingDocuments((uri, change) => service.changed(uri, change)));
  let settings: ServerSettings = DEFAULT_SETTINGS;
  const targets = new TargetFiles(settings.files);
  let pullsConfiguration = false;
  let refreshesLenses = false;
  /** The client asks for a chosen code action's edits (`codeAction/resolve`), so long ones are left out of the list. */
  let resolvesEdits = false;
  /** Most folding ranges the client takes for a file (its `rangeLimit`: VS Code's is 5,000), if it says. */
  let foldingLimit: number | undefined;
  /** The pending validation of each uri, to cancel when a newer version arrives first. */
  const timers = new Map<string, () => void>();
  /** Uris that have diagnostics published, so a file that stops matching gets them cleared. */
  const published = new Set<string>();
  /**
   * The client pulls diagnostics (LSP 3.17) and can be asked to pull them again: then they are
   * answered when asked for, "unchanged" when they are (diagnosticReports.ts), rather than pushed
   * after each change. Clients without (Neovim 0.7) get them pushed.
   */
  let pullsDiagnostics = false;
  const toLsp = convertingOnce((d) => toDiagnostic(d, codePage, keepsData));
  const reports = new DiagnosticReports(toLsp);
  /**
   * The open documents the client has pulled diagnostics of. VS Code's pulls only for the files it
   * shows: one an apply opened without showing gets its bulk outcome pushed, until it is pulled.
   */
  const pulled = new Set<string>();

  const validateParams = (): ValidateParams => ({
    severityOverrides: settings.validation.severity,
    maxProblems: settings.validation.maxProblems,
    entitlementChecks: settings.entitlements.checks,
  });

  /** An open target-settings document, and whether it is small enough to work on as the user types. */
  const targetDocument = (uri: string): { document: ChunkedDocument; text: Text; tooLarge: boolean } | undefined => {
    const document = documents.get(uri);
    if (document === undefined) return undefined;
    const text = document.text;
    if (!targets.matches(uri, text)) return undefined;
    return { document, text, tooLarge: text.length > settings.validation.maxFileSizeMB * 1024 * 1024 };
  };

  /** The lenses and outline symbols last answered for each document of each file (keptAnswers.ts). */
  const keptLenses = new KeptAnswers<readonly CodeLens[]>();
  const keptSymbols = new KeptAnswers<DocumentSymbol>();

  const pause = new IdlePause(() => service.dropDocuments(), host.collectGarbage, systemClock);
  /** The parse of an open document's version (see IdlePause). */
  const parse = (uri: string, version: number, text: Text): ParsedFile => {
    pause.parsed();
    return service.parse(uri, version, text);
  };

  /** The parse of an open target-settings document at its current version (none for a file too large). */
  const parsed = (uri: string): { document: ChunkedDocument; file: ParsedFile } | undefined => {
    const target = targetDocument(uri);
    if (target === undefined || target.tooLarge) return undefined;
    return { document: target.document, file: parse(uri, target.document.version, target.text) };
  };

  /** The diagnostics of `uri` as it is now; undefined where it is not an open target-settings file. */
  const currentDiagnostics = (uri: string): { version: number; diagnostics: readonly CoreDiagnostic[] } | undefined => {
    const target = targetDocument(uri);
    if (target === undefined) return undefined;
    const { document, text, tooLarge } = target;
    if (tooLarge) {
      service.close(uri);
      return { version: document.version, diagnostics: [fileTooLargeDiagnostic(text.length, settings.validation.maxFileSizeMB)] };
    }
    const file = parse(uri, document.version, text);
    const diagnostics = service.diagnostics(uri, file, validateParams());
    pause.checked(file.stats.read);
    return { version: document.version, diagnostics };
  };

  const publish = (uri: string): void => {
    if (pulled.has(uri)) return; // the client asks for them
    const current = currentDiagnostics(uri);
    if (current === undefined) {
      sent.delete(uri);
      if (published.delete(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
      return;
    }
    published.add(uri);
    remember(uri, current.diagnostics);
    void connection.sendDiagnostics({ uri, version: current.version, diagnostics: current.diagnostics.map(toLsp) });
  };

  const schedule = (uri: string, delayMs = settings.validation.debounceMs): void => {
    timers.get(uri)?.();
    // Changes that arrive while a validation runs are applied first: only the newest version is
    // validated. Without a delay, soon (`runSoon`; a zero timeout would wait a millisecond or
    // more), after a request sent with the change.
    const run = (): void => {
      timers.delete(uri);
      guard(`Validating ${uri}`, () => publish(uri));
    };
    if (delayMs > 0) {
      const timer = setTimeout(run, delayMs);
      timers.set(uri, () => clearTimeout(timer));
    } else {
      timers.set(uri, host.runSoon(run));
    }
  };

  /** Diagnostics to work out again for every open document (the settings, the entitlements or a file's name changed). */
  const revalidateAll = (): void => {
    if (!pullsDiagnostics) {
      for (const document of documents.all()) schedule(document.uri, 0);
      return;
    }
    refreshDiagnostics();
    for (const uri of published) schedule(uri, 0);
  };

  /** Asks a client that pulls diagnostics to pull them again. */
  const refreshDiagnostics = (): void => {
    connection.languages.diagnostics.refresh().catch((err: unknown) => connection.console.debug(`Diagnostics refresh not done: ${String(err)}`));
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
  host.onUnhandledRejection((reason: unknown) => {
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
    const options = params.initializationOptions as { codePages?: unknown } | null | undefined;
    if (typeof options?.codePages === 'string') codePages = options.codePages.replace(/\/+$/, '');
    const reports = params.capabilities.textDocument;
    // (LSP 3.18 gives the pull's own capabilities; VS Code's 3.17 client declares it for both on publishDiagnostics.)
    linksCodes = reports?.publishDiagnostics?.codeDescriptionSupport === true || reports?.diagnostic?.codeDescriptionSupport === true;
    keepsData = reports?.publishDiagnostics?.dataSupport === true || reports?.diagnostic?.dataSupport === true;
    refreshesLenses = params.capabilities.workspace?.codeLens?.refreshSupport === true;
    resolvesEdits = params.capabilities.textDocument?.codeAction?.resolveSupport?.properties.includes('edit') === true;
    foldingLimit = params.capabilities.textDocument?.foldingRange?.rangeLimit;
    pullsDiagnostics = params.capabilities.textDocument?.diagnostic !== undefined && params.capabilities.workspace?.diagnostics?.refreshSupport === true;
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    targets.update(settings.files, folders);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: [' '] },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix], resolveProvider: true },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        codeLensProvider: { resolveProvider: false },
        ...(pullsDiagnostics && { diagnosticProvider: { identifier: 'scan-targets', interFileDependencies: false, workspaceDiagnostics: false } }),
        workspace: { fileOperations: { didRename: ALL_FILES, didDelete: ALL_FILES } },
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

  connection.onNotification(SetEntitlements, (params) => {
    service.setEntitlements(params.record ?? undefined);
    revalidateAll();
  });

  // A bulk update is checked with the user's severities, without the entitlement warnings.
  const bulkValidation = (): ValidateParams => ({ severityOverrides: settings.validation.severity, entitlementChecks: false });

  /** The parse of `text` for `uri`: the open document's when it holds that text, else one of its own. */
  const parsedText = (uri: string, text: string): ParsedFile => {
    const open = parsed(uri);
    return open !== undefined && open.document.getText() === text ? open.file : service.parseText(text);
  };

  connection.onRequest(PlanBulkUpdate, (params) => {
    const target = parsed(params.uri);
    if (target === undefined) throw new Error('the document is not open as a target-settings file');
    if (target.document.version !== params.version) throw new Error('the document changed while the bulk update was planned; run it again');
    return service.planBulkUpdate(target.file, params.target, bulkValidation(), params.purpose === 'preview' ? 'preview' : 'run');
  });

  connection.onRequest(PlanChanges, (params) => {
    const files = params.files.map(({ uri, path, text, base }) => ({ path, file: parsedText(uri, text), base }));
    const { removed, problems, chunkSize } = params;
    return service.planChanges(files, { removed, problems, chunkSize, changedSince: params.changedSince ?? undefined }, bulkValidation());
  });

  connection.onRequest(RecordBulkOutcome, (params) => {
    const open = parsed(params.uri);
    const file = open?.file ?? (params.text === undefined ? undefined : service.parseText(params.text));
    if (file === undefined) return { invalidIds: 0, serviceErrors: 0 };
    const result = service.recordBulkOutcome(params.uri, file, params);
    if (pulled.has(params.uri)) refreshDiagnostics();
    else publish(params.uri);
    return result;
  });

  // What the last bulk update left on a file follows it when renamed (an open file is closed and
  // opened again under its new name, before or after this notification).
  connection.workspace.onDidRenameFiles((params) => {
    for (const { oldUri, newUri } of params.files) service.renamed(oldUri, newUri);
    revalidateAll();
  });
  connection.workspace.onDidDeleteFiles((params) => {
    for (const { uri } of params.files) service.deleted(uri);
  });

  documents.onDidOpen((e) => {
    if (!pullsDiagnostics) schedule(e.document.uri, 0);
  });
  documents.onDidChangeContent((e) => {
    if (!pullsDiagnostics || published.has(e.document.uri)) schedule(e.document.uri);
  });
  documents.onDidClose((e) => {
    timers.get(e.document.uri)?.();
    timers.delete(e.document.uri);
    service.close(e.document.uri);
    targets.forget(e.document.uri);
    reports.forget(e.document.uri);
    sent.delete(e.document.uri);
    keptLenses.forget(e.document.uri);
    keptSymbols.forget(e.document.uri);
    pulled.delete(e.document.uri);
    if (published.delete(e.document.uri)) void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  // A client that pulls asks after each change; `validation.debounceMs` still stands between a
  // keystroke and its validation, and the request of a newer version cancels the one waiting.
  connection.languages.diagnostics.on(async (params, token) => {
    const uri = params.textDocument.uri;
    if (documents.get(uri) !== undefined) pulled.add(uri);
    if (published.delete(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
    await settle(settings.validation.debounceMs, token, (work) => host.runSoon(work));
    if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'a newer version of the document was asked about');
    // (null: not an open target-settings file, which has none; undefined: the validation failed.)
    const current = guard(`Validating ${uri}`, () => currentDiagnostics(uri) ?? null);
    if (current === undefined) throw new ResponseError(ErrorCodes.InternalError, `Validating ${uri} failed; the server's log says why`);
    remember(uri, current?.diagnostics ?? []);
    return reports.report(uri, current?.diagnostics ?? [], params.previousResultId);
  });

  connection.onCompletion((params) =>
    guard(
      'Completion',
      () => {
        const target = parsed(params.textDocument.uri);
        if (target === undefined) return null;
        const { document, file } = target;
        if (params.context?.triggerKind === CompletionTriggerKind.TriggerCharacter && params.context.triggerCharacter === ' ') {
          const before = document.getText({ start: { line: params.position.line, character: 0 }, end: params.position });
          if (!SPACE_TRIGGER.test(before)) return null;
        }
        const items = service.complete(file, document.offsetAt(params.position)).items;
        return { isIncomplete: false, items: items.map((item) => toCompletionItem(document, item)) };
      },
      null,
    ),
  );

  connection.onHover((params) =>
    guard(
      'Hover',
      () => {
        const target = parsed(params.textDocument.uri);
        const result = target && service.hover(target.file, target.document.offsetAt(params.position));
        if (target === undefined || result === undefined) return null;
        return { contents: { kind: 'markdown' as const, value: result.markdown }, range: offsetRange(target.document, result.range) };
      },
      null,
    ),
  );

  connection.onCodeAction((params) =>
    guard(
      'Quick fixes',
      () => {
        if (params.context.only !== undefined && !params.context.only.some(coversQuickFix)) return null;
        const target = parsed(params.textDocument.uri);
        if (target === undefined) return null;
        const ours = params.context.diagnostics.filter((d) => d.source === DIAGNOSTIC_SOURCE);
        const sentHere = sent.get(params.textDocument.uri);
        return service
          .codeActions(
            params.textDocument.uri,
            target.file,
            ours.map((d) => fromDiagnostic(d, sentHere)),
            resolvesEdits,
          )
          .map((a) => toCodeAction(target.document, a, ours));
      },
      null,
    ),
  );

  // The edits of an action left out of the list (`resolvesEdits`), made on the file as it is now.
  connection.onCodeActionResolve(
    (action) =>
      guard(
        'Quick fix',
        () => {
          const deferred = deferredOf(action);
          const target = deferred === undefined ? undefined : parsed(deferred.uri);
          if (deferred === undefined || target === undefined) return action;
          const edits = service.deferredEdits(deferred.uri, target.file, deferred.edits);
          return { ...action, edit: { changes: { [deferred.uri]: toTextEdits(target.document, edits) } } };
        },
        action,
      ) ?? action,
  );

  connection.onCodeLens((params) =>
    guard(
      'CodeLens',
      () => {
        const target = settings.codeLens.enabled ? parsed(params.textDocument.uri) : undefined;
        return target === undefined ? [] : toCodeLenses(target.document, service.lenses(target.file), keptLenses);
      },
      [],
    ),
  );

  connection.onDocumentSymbol((params) =>
    guard(
      'Outline',
      () => {
        const target = parsed(params.textDocument.uri);
        return target === undefined ? null : toDocumentSymbols(target.document, service.symbols(target.file), keptSymbols);
      },
      null,
    ),
  );

  connection.onFoldingRanges((params) =>
    guard(
      'Folding',
      () => {
        const target = parsed(params.textDocument.uri);
        return target === undefined ? null : toFoldingRanges(target.document, service.folding(target.file, foldingLimit));
      },
      null,
    ),
  );

  documents.listen(connection);
  connection.listen();
}
