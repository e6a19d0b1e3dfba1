// The language service the worker thread runs: one parse cache, and a table of the operations
// the editor asks for, each a pure function of a parsed file and plain parameters.
import { assistServiceMethods } from './assist';
import type { CoreDiagnostic, Severity } from './diagnostic';
import { entitlementDiagnostics } from './entitlements/diagnostics';
import type { EntitlementsRecord } from './entitlements/types';
import { limitDiagnostics, validateFile } from './validation';
import { InvalidIdTracker, outcomeDiagnostics, planRun, removeIdsEdits, type EnvLookup, type RunTarget } from './bulk';
import { ParseCache, type ParsedFile } from './yaml';

interface ServiceState {
  entitlements: EntitlementsRecord | undefined;
  readonly invalidIds: InvalidIdTracker;
  readonly env: EnvLookup;
}

export interface ValidateParams {
  severityOverrides?: Record<string, Severity | 'off'>;
  /** Show at most this many diagnostics (see limitDiagnostics); all are kept for bulk update checks. */
  maxProblems?: number;
  /** Add the `not-entitled` warnings of the loaded entitlements record (default true). */
  entitlementChecks?: boolean;
}

function methods(state: ServiceState) {
  // The diagnostics of a parsed version, kept with it: a bulk update plans on the version live
  // validation has just checked, and must not pay for checking it again.
  const validated = new WeakMap<ParsedFile, { key: string; record: EntitlementsRecord | undefined; diagnostics: CoreDiagnostic[] }>();
  const validate = (file: ParsedFile, params: ValidateParams): CoreDiagnostic[] => {
    const record = params.entitlementChecks === false ? undefined : state.entitlements;
    const key = JSON.stringify(params.severityOverrides ?? {});
    const known = validated.get(file);
    if (known !== undefined && known.key === key && known.record === record) return known.diagnostics;
    const extra = record ? entitlementDiagnostics(file, record) : [];
    const diagnostics = validateFile(file, { severityOverrides: params.severityOverrides, extra });
    validated.set(file, { key, record, diagnostics });
    return diagnostics;
  };
  return {
    ...assistServiceMethods,
    /** Worker-wide: the entitlements record the `not-entitled` checks use (undefined: none loaded). */
    setEntitlements(_file: ParsedFile | undefined, record: EntitlementsRecord | undefined): null {
      state.entitlements = record;
      return null;
    },
    validate(file: ParsedFile | undefined, params: ValidateParams): readonly CoreDiagnostic[] {
      const diagnostics = validate(requireFile(file), params);
      return params.maxProblems === undefined ? diagnostics : limitDiagnostics(diagnostics, params.maxProblems);
    },
    /** Everything checked before a bulk update sends (ids, validation errors, body). */
    planBulkUpdate(file: ParsedFile | undefined, params: { target: RunTarget; validation: ValidateParams }) {
      const f = requireFile(file);
      return planRun(f, params.target, state.env, validate(f, params.validation));
    },
    /** After a run: the `invalid-id` diagnostics (tracked across edits) and the mapped 400 errors. */
    recordBulkOutcome(
      file: ParsedFile | undefined,
      params: { uri: string; documentIndex: number; sent: string[]; outcome: Parameters<typeof outcomeDiagnostics>[2] },
    ): { invalidIds: CoreDiagnostic[]; serviceErrors: CoreDiagnostic[] } {
      const f = requireFile(file);
      const invalidIds = state.invalidIds.recordRun(params.uri, f, params.documentIndex, params.sent, params.outcome.invalid);
      const serviceErrors = outcomeDiagnostics(f, params.documentIndex, { invalid: [], failed: params.outcome.failed });
      return { invalidIds, serviceErrors };
    },
    /** The `invalid-id` diagnostics of a new version of a file. */
    trackInvalidIds(file: ParsedFile | undefined, params: { uri: string }): CoreDiagnostic[] {
      return state.invalidIds.update(params.uri, requireFile(file));
    },
    forgetInvalidIds(_file: ParsedFile | undefined, params: { uri: string; ids?: string[] }): null {
      state.invalidIds.forget(params.uri, params.ids);
      return null;
    },
    /** Edits that remove every item of `ids` from a document's `ids` list. */
    removeIdsEdits(file: ParsedFile | undefined, params: { documentIndex: number; ids: string[] }) {
      return removeIdsEdits(requireFile(file), params.documentIndex, params.ids);
    },
  };
}

export type ServiceMethods = ReturnType<typeof methods>;

function requireFile(file: ParsedFile | undefined): ParsedFile {
  if (!file) throw new Error('this operation needs a document');
  return file;
}

export class LanguageService {
  private readonly cache = new ParseCache();
  private readonly state: ServiceState;
  private readonly table: ServiceMethods;

  /** @param env where `${env:NAME}` placeholders are looked up when a request body is built. */
  constructor(env: EnvLookup) {
    this.state = { entitlements: undefined, invalidIds: new InvalidIdTracker(), env };
    this.table = methods(this.state);
  }

  parse(uri: string, version: number, text: string): ParsedFile {
    return this.cache.get(uri, version, text);
  }

  forget(uri: string): void {
    this.cache.delete(uri);
    this.state.invalidIds.clear(uri);
  }

  call(method: string, file: ParsedFile | undefined, params: unknown): unknown {
    if (!Object.prototype.hasOwnProperty.call(this.table, method)) throw new Error(`unknown language service method "${method}"`);
    const fn = this.table[method as keyof ServiceMethods] as (file: ParsedFile | undefined, params: unknown) => unknown;
    return fn(file, params);
  }
}
