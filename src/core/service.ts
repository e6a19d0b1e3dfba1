// The language service the language server runs. It owns everything the server keeps per
// document (the last parse, the change pending since it, what the last bulk update left on it) and
// the state the checks need (the entitlements record); every language feature goes through it,
// each a pure function of a parsed file and plain parameters. The server only translates LSP.
//
// The environment is asked only whether a variable is set (`EnvCheck`), never for a value: what
// this service answers crosses the language-server protocol, which any client may log.
import { envDiagnostics } from './validation/envReferences';
import {
  codeActions,
  complete,
  hover,
  type CompletionResult,
  type CoreCodeAction,
  type DeferredEdits,
  type DiagnosticLike,
  type HoverResult,
  type OffsetEdit,
  quoteAllIdsEdits,
} from './assist';
import type { CoreDiagnostic, Severity } from './diagnostic';
import { entitlementDiagnostics } from './entitlements/diagnostics';
import type { EntitlementsRecord } from './entitlements/types';
import type { EnvCheck } from './envPlaceholders';
import { documentSymbols, foldingRanges, type FoldingOffsets, type OutlineSymbol } from './outline';
import { isTurnedOff, limitDiagnostics, omittedTotal, validateFileUpTo, withSeverityOverrides, type OmittedCounts } from './validation';
import {
  INVALID_ID_CODE,
  outcomeDiagnostics,
  planRun,
  recordRun,
  rejectedIdCount,
  rejectedIdsByDocument,
  removeInvalidIdsEdits,
  trackInvalidIds,
  type InvalidIdRecord,
  type RunPlanResult,
  type RunTarget,
} from './bulk';
import { bulkUpdateLenses, type BulkUpdateLens } from './bulk/lenses';
import { composeChanges, parseFile, sameText, type FileParseOptions, type ParsedFile, type Text, type TextChange } from './yaml';
import type { FlatFieldError } from './serviceContract';
import { assemblePlan, type PlanInput } from './plan/assemble';
import type { BaseText, PlanReport } from './plan/report';

export interface ValidateParams {
  severityOverrides?: Record<string, Severity | 'off'>;
  /** Show at most this many diagnostics (see limitDiagnostics); all are kept for bulk update checks. */
  maxProblems?: number;
  /** Add the `not-entitled` warnings of the loaded entitlements record (default true). */
  entitlementChecks?: boolean;
}

/** What a bulk update run left for a document: what was sent, what the service rejected, what failed. */
export interface BulkOutcomeParams {
  documentIndex: number;
  sent: readonly string[];
  invalid: readonly string[];
  failed: readonly { fieldErrors?: readonly FlatFieldError[]; chunkIds?: readonly string[] }[];
}

interface Validated {
  readonly key: string;
  readonly record: EntitlementsRecord | undefined;
  readonly diagnostics: CoreDiagnostic[];
  /** The repeated ids (and ids read as numbers) not made past a cap (validateFileUpTo). */
  readonly omitted: OmittedCounts;
}

/** What the service keeps of an open document. */
interface OpenDocument {
  readonly version: number;
  /** The text as given. */
  readonly source: Text;
  readonly file: ParsedFile;
  /** Where the text changed since {@link file} was parsed, from the editor's change events. */
  pending?: TextChange;
  /** `service-validation` diagnostics of the last run, kept while the text is the one they were made on. */
  serviceErrors?: { readonly text: Text; readonly diagnostics: CoreDiagnostic[] };
}

export class LanguageService {
  private readonly open = new Map<string, OpenDocument>();
  /**
   * The ids the service rejected, per file. Kept when the file is closed (reopened, it shows them
   * again) and moved when it is renamed; dropped when it is deleted.
   */
  private readonly invalidIds = new Map<string, InvalidIdRecord[]>();
  private entitlements: EntitlementsRecord | undefined;
  // The diagnostics of a parsed version, kept with it: a bulk update plans on the version live
  // validation has just checked, and must not pay for checking it again.
  private readonly validated = new WeakMap<ParsedFile, Validated>();

  /**
   * @param env whether a `${env:NAME}` variable is set where the bulk update will run.
   * @param parseOptions how files are parsed (the fast path off is for tests and the bench).
   */
  constructor(
    private readonly env: EnvCheck,
    private readonly parseOptions: FileParseOptions = {},
  ) {}

  /**
   * The parse of `uri` at `version`. The same (uri, version, text) returns the same object; a new
   * version re-uses what did not change since the last parse (see {@link changed}). The text may
   * be in chunks (a server's open document): the parse of an edit then reads it around the edit.
   */
  parse(uri: string, version: number, text: Text): ParsedFile {
    const known = this.open.get(uri);
    if (known !== undefined && known.version === version && known.source === text) return known.file;
    const file = parseFile(text, known?.file, known?.pending, this.parseOptions);
    this.open.set(uri, { version, source: text, file, serviceErrors: known?.serviceErrors });
    return file;
  }

  /** Where the text of `uri` changed since its last parse (several changes compose into one). */
  changed(uri: string, change: TextChange): void {
    const known = this.open.get(uri);
    if (known !== undefined) known.pending = composeChanges(known.pending, change);
  }

  /** A file that is not open (one of a plan over files): parsed on its own, not kept. */
  parseText(text: string): ParsedFile {
    return parseFile(text, undefined, undefined, this.parseOptions);
  }

  /**
   * Drops the `yaml` documents of the open files' parses that can read them again when asked
   * (ParsedFile.dropDocuments): for a pause in the editing. Says how many characters of text they
   * were read from.
   */
  dropDocuments(): number {
    let dropped = 0;
    for (const { file } of this.open.values()) dropped += file.dropDocuments();
    return dropped;
  }

  /** Forgets an open document's parse (closed, or too large to work on); what a run left stays. */
  close(uri: string): void {
    this.open.delete(uri);
  }

  /** A file or folder was renamed: what the last bulk update left on its files follows them. */
  renamed(from: string, to: string): void {
    for (const [uri, records] of [...this.invalidIds]) {
      const moved = movedUri(uri, from, to);
      if (moved === undefined) continue;
      this.invalidIds.delete(uri);
      this.invalidIds.set(moved, records);
    }
  }

  /** A file or folder was deleted: nothing of its files is kept. */
  deleted(uri: string): void {
    for (const known of [...this.invalidIds.keys()]) if (movedUri(known, uri, '') !== undefined) this.invalidIds.delete(known);
  }

  /** The entitlements record the `not-entitled` checks use (undefined: none loaded). */
  setEntitlements(record: EntitlementsRecord | undefined): void {
    this.entitlements = record;
  }

  /** Every validation diagnostic of `file` (uncapped). */
  validateAll(file: ParsedFile, params: ValidateParams = {}): CoreDiagnostic[] {
    return this.validate(file, params, Infinity).diagnostics;
  }

  /** The validation diagnostics of `file`, the repeated ids of a long list past `max` counted rather than made (validateFileUpTo). */
  private validate(file: ParsedFile, params: ValidateParams, max: number): Validated {
    const record = params.entitlementChecks === false ? undefined : this.entitlements;
    const key = `${max} ${JSON.stringify(params.severityOverrides ?? {})}`;
    const known = this.validated.get(file);
    if (known !== undefined && known.key === key && known.record === record) return known;
    const extra = [...(record ? entitlementDiagnostics(file, record) : []), ...envDiagnostics(file, this.env)];
    const options = { severityOverrides: params.severityOverrides, extra };
    const { diagnostics, omitted } = validateFileUpTo(file, max, options);
    const validated = { key, record, diagnostics, omitted };
    this.validated.set(file, validated);
    return validated;
  }

  /**
   * What the editor shows: validation and what the last bulk update left, capped by `maxProblems`
   * (the rejected ids past the cap are counted, not made: every id of a long list may be one).
   */
  diagnostics(uri: string, file: ParsedFile, params: ValidateParams = {}): readonly CoreDiagnostic[] {
    const max = params.maxProblems ?? Infinity;
    const { diagnostics: all, omitted } = this.validate(file, params, max);
    const run = this.runDiagnosticsUpTo(uri, file, max);
    // The user's severities hold for them too (`off`: neither shown nor counted).
    const ran = withSeverityOverrides(run.shown, params);
    const ranOmitted = isTurnedOff(params, INVALID_ID_CODE) ? 0 : run.omitted;
    const shown = ran.length === 0 ? all : [...all, ...ran];
    return max === Infinity ? shown : limitDiagnostics(shown, max, ranOmitted + omittedTotal(omitted));
  }

  /** Everything checked before a bulk update sends (ids, validation errors, body), placeholders left unresolved. */
  planBulkUpdate(file: ParsedFile, target: RunTarget, validation: ValidateParams, purpose: 'run' | 'preview' = 'run'): RunPlanResult {
    return planRun(file, target, this.env, this.validateAll(file, validation), purpose);
  }

  /** A plan over files, each checked as a bulk update checks a document (placeholders left unresolved). */
  planChanges(
    files: readonly { path: string; file: ParsedFile; base: BaseText }[],
    rest: Omit<PlanInput, 'files' | 'env'>,
    validation: ValidateParams,
  ): PlanReport {
    const checked = files.map((f) => ({ ...f, diagnostics: this.validateAll(f.file, validation) }));
    return assemblePlan({ ...rest, files: checked, env: this.env });
  }

  /** After a run: records the rejected ids (tracked across edits from now on) and the mapped 400 errors. */
  recordBulkOutcome(uri: string, file: ParsedFile, outcome: BulkOutcomeParams): { invalidIds: number; serviceErrors: number } {
    const records = recordRun(this.invalidIds.get(uri) ?? [], file, outcome.documentIndex, outcome.sent, outcome.invalid);
    const invalid = this.trackInvalidIds(uri, records, file, 0);
    const serviceErrors = outcomeDiagnostics(file, outcome.documentIndex, { invalid: [], failed: outcome.failed });
    const open = this.open.get(uri);
    if (open !== undefined) open.serviceErrors = serviceErrors.length > 0 ? { text: file.source, diagnostics: serviceErrors } : undefined;
    return { invalidIds: invalid.total, serviceErrors: serviceErrors.length };
  }

  /** The `invalid-id` diagnostics (following their items) and the 400 errors, until the file changes. */
  runDiagnostics(uri: string, file: ParsedFile): CoreDiagnostic[] {
    return this.runDiagnosticsUpTo(uri, file, Infinity).shown;
  }

  /**
   * Quick fixes for the diagnostics a client asks about; codes without a fix are skipped.
   * @param deferEdits the client asks for the edits of a chosen action (LSP `codeAction/resolve`):
   *   those that may be thousands are left to {@link deferredEdits}.
   */
  codeActions(uri: string, file: ParsedFile, diagnostics: readonly DiagnosticLike[], deferEdits = false): CoreCodeAction[] {
    const records = diagnostics.some((d) => d.code === INVALID_ID_CODE) ? this.invalidIds.get(uri) : undefined;
    const rejected =
      records === undefined ? undefined : { count: rejectedIdCount(records, file), byDocument: deferEdits ? undefined : rejectedIdsByDocument(records, file) };
    return codeActions(file, diagnostics, rejected, deferEdits);
  }

  /** The edits of an action `codeActions` deferred, on the file as it is now. */
  deferredEdits(uri: string, file: ParsedFile, deferred: DeferredEdits): OffsetEdit[] {
    switch (deferred) {
      case 'remove-all-invalid-ids':
        return removeInvalidIdsEdits(file, rejectedIdsByDocument(this.invalidIds.get(uri) ?? [], file));
      case 'quote-all-ids':
        return quoteAllIdsEdits(file);
    }
  }

  complete(file: ParsedFile, offset: number): CompletionResult {
    return complete(file, offset);
  }

  /** Hover; on a `${env:NAME}` placeholder it says whether NAME is set, never its value. */
  hover(file: ParsedFile, offset: number): HoverResult | undefined {
    return hover(file, offset, this.env);
  }

  lenses(file: ParsedFile): BulkUpdateLens[] {
    return bulkUpdateLenses(file);
  }

  symbols(file: ParsedFile): OutlineSymbol[] {
    return documentSymbols(file);
  }

  /** At most `limit` ranges (see foldingRanges). */
  folding(file: ParsedFile, limit?: number): FoldingOffsets[] {
    return foldingRanges(file, limit);
  }

  /** The run's diagnostics, the first `max` of the rejected ids' (`omitted`: how many more there are). */
  private runDiagnosticsUpTo(uri: string, file: ParsedFile, max: number): { shown: CoreDiagnostic[]; omitted: number } {
    const records = this.invalidIds.get(uri);
    const invalid = records === undefined ? { diagnostics: [], total: 0 } : this.trackInvalidIds(uri, records, file, max);
    const open = this.open.get(uri);
    if (open?.serviceErrors !== undefined && !sameText(open.serviceErrors.text, file.source)) open.serviceErrors = undefined;
    const kept = open?.serviceErrors?.diagnostics ?? [];
    return { shown: kept.length === 0 ? invalid.diagnostics : [...invalid.diagnostics, ...kept], omitted: invalid.total - invalid.diagnostics.length };
  }

  /** Re-locates the records on `file`; returns the first `max` diagnostics and how many there are. */
  private trackInvalidIds(uri: string, records: readonly InvalidIdRecord[], file: ParsedFile, max: number): { diagnostics: CoreDiagnostic[]; total: number } {
    const { records: next, diagnostics, total } = trackInvalidIds(records, file, max);
    if (next.length > 0) this.invalidIds.set(uri, next);
    else this.invalidIds.delete(uri);
    return { diagnostics, total };
  }
}

/** `uri` with the file or folder `from` renamed to `to`, or `undefined` when it is not `from` nor under it. */
function movedUri(uri: string, from: string, to: string): string | undefined {
  if (uri === from) return to;
  const folder = from.endsWith('/') ? from : `${from}/`;
  return uri.startsWith(folder) ? `${to.replace(/\/?$/, '/')}${uri.slice(folder.length)}` : undefined;
}
