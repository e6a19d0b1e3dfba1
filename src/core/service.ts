// The language service the language server runs: one parse cache, the state the checks need (the
// entitlements record, the ids the service rejected), and every operation the editor asks for, each
// a pure function of a parsed file and plain parameters.
import { envDiagnostics } from './validation/envReferences';
import { codeActions, complete, hover, type CompletionResult, type CoreCodeAction, type DiagnosticLike, type EnvCheck, type HoverResult } from './assist';
import type { CoreDiagnostic, Severity } from './diagnostic';
import { entitlementDiagnostics } from './entitlements/diagnostics';
import type { EntitlementsRecord } from './entitlements/types';
import { limitDiagnostics, validateFile } from './validation';
import { InvalidIdTracker, outcomeDiagnostics, planRun, removeIdsEdits, type EnvLookup, type OffsetEdit, type RunPlanResult, type RunTarget } from './bulk';
import { ParseCache, type ParsedFile, type TextChange } from './yaml';
import type { FlatFieldError } from './serviceContract';

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
}

export class LanguageService {
  private readonly cache = new ParseCache();
  private entitlements: EntitlementsRecord | undefined;
  private readonly invalidIds = new InvalidIdTracker();
  /** `service-validation` diagnostics of the last run per uri, kept until the file changes. */
  private readonly serviceErrors = new Map<string, { file: ParsedFile; diagnostics: CoreDiagnostic[] }>();
  // The diagnostics of a parsed version, kept with it: a bulk update plans on the version live
  // validation has just checked, and must not pay for checking it again.
  private readonly validated = new WeakMap<ParsedFile, Validated>();

  /** @param env where `${env:NAME}` placeholders are looked up when a request body is built. */
  constructor(private readonly env: EnvLookup) {}

  /** The parse of `uri` at `version`; `change`: where `text` differs from the last one parsed for `uri`, if known. */
  parse(uri: string, version: number, text: string, change?: TextChange): ParsedFile {
    return this.cache.get(uri, version, text, change);
  }

  /** Forgets a closed file: its parse and its bulk update results. */
  forget(uri: string): void {
    this.cache.delete(uri);
    this.invalidIds.clear(uri);
    this.serviceErrors.delete(uri);
  }

  /** The entitlements record the `not-entitled` checks use (undefined: none loaded). */
  setEntitlements(record: EntitlementsRecord | undefined): void {
    this.entitlements = record;
  }

  /** Every validation diagnostic of `file` (uncapped). */
  validateAll(file: ParsedFile, params: ValidateParams = {}): CoreDiagnostic[] {
    const record = params.entitlementChecks === false ? undefined : this.entitlements;
    const key = JSON.stringify(params.severityOverrides ?? {});
    const known = this.validated.get(file);
    if (known !== undefined && known.key === key && known.record === record) return known.diagnostics;
    const extra = [...(record ? entitlementDiagnostics(file, record) : []), ...envDiagnostics(file, this.env)];
    const diagnostics = validateFile(file, { severityOverrides: params.severityOverrides, extra });
    this.validated.set(file, { key, record, diagnostics });
    return diagnostics;
  }

  /** What the editor shows: validation (capped by `maxProblems`), then what the last bulk update left. */
  diagnostics(uri: string, file: ParsedFile, params: ValidateParams = {}): readonly CoreDiagnostic[] {
    const all = this.validateAll(file, params);
    const shown = params.maxProblems === undefined ? all : limitDiagnostics(all, params.maxProblems);
    const run = this.runDiagnostics(uri, file);
    return run.length === 0 ? shown : [...shown, ...run];
  }

  /** Everything checked before a bulk update sends (ids, validation errors, body). */
  planBulkUpdate(file: ParsedFile, target: RunTarget, validation: ValidateParams, purpose: 'run' | 'preview' = 'run'): RunPlanResult {
    return planRun(file, target, this.env, this.validateAll(file, validation), purpose);
  }

  /** After a run: records the rejected ids (tracked across edits from now on) and the mapped 400 errors. */
  recordBulkOutcome(uri: string, file: ParsedFile, outcome: BulkOutcomeParams): { invalidIds: number; serviceErrors: number } {
    const invalid = this.invalidIds.recordRun(uri, file, outcome.documentIndex, outcome.sent, outcome.invalid);
    const serviceErrors = outcomeDiagnostics(file, outcome.documentIndex, { invalid: [], failed: outcome.failed });
    if (serviceErrors.length > 0) this.serviceErrors.set(uri, { file, diagnostics: serviceErrors });
    else this.serviceErrors.delete(uri);
    return { invalidIds: invalid.length, serviceErrors: serviceErrors.length };
  }

  /** The `invalid-id` diagnostics (following their items) and the 400 errors, until the file changes. */
  runDiagnostics(uri: string, file: ParsedFile): CoreDiagnostic[] {
    const invalid = this.invalidIds.has(uri) ? this.invalidIds.update(uri, file) : [];
    const service = this.serviceErrors.get(uri);
    if (service !== undefined && service.file.text !== file.text) this.serviceErrors.delete(uri);
    const kept = this.serviceErrors.get(uri)?.diagnostics ?? [];
    return kept.length === 0 ? invalid : [...invalid, ...kept];
  }

  /** Edits that remove every item of `ids` from a document's `ids` list. */
  removeIdsEdits(file: ParsedFile, documentIndex: number, ids: readonly string[]): OffsetEdit[] {
    return removeIdsEdits(file, documentIndex, ids);
  }

  complete(file: ParsedFile, offset: number): CompletionResult {
    return complete(file, offset);
  }

  hover(file: ParsedFile, offset: number, isEnvSet?: EnvCheck): HoverResult | undefined {
    return hover(file, offset, isEnvSet);
  }

  codeActions(file: ParsedFile, diagnostics: readonly DiagnosticLike[]): CoreCodeAction[] {
    return codeActions(file, diagnostics);
  }
}
