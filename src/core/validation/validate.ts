// The validation engine: every YAML document of a target-settings file against the JSON Schema
// (a validator generated as code at build time) and the rules in code, as diagnostics with exact
// ranges.
//
// Decisions:
// - Several documents in one file are normal (one request each): no diagnostic for that.
// - A document with YAML errors gets only those errors: its value would be a guess, and schema
//   errors on a guess mislead. Duplicate keys are the exception (the document reads fine; the
//   last value counts, as it would when sending), so such a document is validated too.
// - A string holding a `${env:NAME}` placeholder has no known value until the request is built:
//   length, pattern and format checks (schema and rules) are skipped for it. Its type, and enum
//   membership, are still checked.
// - Placement: a missing property on its parent's key (the first key for the root and for list
//   items), an unknown property on its own key, everything else on the value; never more than
//   the first line of a node.

import type { ValidateFunction } from 'ajv';
import { samePosition, sameRange, type CoreDiagnostic, type Severity } from '../diagnostic';
import { indexesOfParsedItems, upperBound, type KnownIds } from '../yaml';
import { parseFile } from '../yaml/parse';
import type { DocumentHistory } from '../yaml/documentHistory';
import type { ParsedDocument } from '../yaml/parsedDocument';
import { movedBy, PerDocument, type Keep } from '../yaml/perDocument';
import type { ParsedFile } from '../yaml/parsedFile';
import { encodeJsonPointer } from '../paths';
import { translateAjvErrors } from './ajvErrors';
import { DIAGNOSTIC_CODES } from './codes';
import { displayRange, documentRange, idOffsets, placeFinding, stillDisplayed, type Finding } from './finding';
import type { OmittedCounts } from './limit';
import { hasPlaceholder, isCoveredByRules, ruleFindings } from './rules';
import { SchemaIndex } from './schemaIndex';
import { aliasFindings, yamlErrorFinding } from './yamlErrors';
import { pushAll } from '../arrays';
import { hasCycle } from '../records';

export interface ValidationOptions {
  /**
   * Severity per diagnostic code (`scanTargets.validation.severity`); `off` drops the code.
   * Unknown codes are ignored.
   */
  readonly severityOverrides?: Readonly<Record<string, Severity | 'off'>>;
  /** Diagnostics of other checks on the same file (e.g. `not-entitled`), finished the same way: overrides, de-duplication, order. */
  readonly extra?: readonly CoreDiagnostic[];
}

export interface Validator {
  /** Parses and validates a whole file. */
  validateText(text: string, options?: ValidationOptions): CoreDiagnostic[];
  /** Validates every document of a parsed file (e.g. the language service's parse of an open file). */
  validateFile(file: ParsedFile, options?: ValidationOptions): CoreDiagnostic[];
  /**
   * {@link validateFile} for a view that shows at most `max` diagnostics, the most severe first
   * (see mostSevere): of the repeated ids of a long list, and of its ids read as numbers or
   * true/false, which may run into the tens of thousands, only the first `max` of each document are
   * made (the others could not be shown), and counted in `omitted`.
   */
  validateFileUpTo(file: ParsedFile, max: number, options?: ValidationOptions): Counted;
  /** Validates one document of a parsed file. */
  validateDocument(file: ParsedFile, document: ParsedDocument, options?: ValidationOptions): CoreDiagnostic[];
}

/** Diagnostics, and how many more a cap left out without making them. */
export interface Counted {
  readonly diagnostics: CoreDiagnostic[];
  readonly omitted: OmittedCounts;
}

const SEVERITIES = new Set<string>(['error', 'warning', 'information', 'hint']);

/** Keywords whose check is skipped on a string holding a `${env:NAME}` placeholder. */
const PLACEHOLDER_EXEMPT = new Set(['maxLength', 'minLength', 'pattern', 'format']);

/**
 * A validator for `schema` (a draft-07 schema of one bulk-update request body) that checks with
 * `validate`, generated at build time from that same imported schema object
 * (core/schema/validators.ts): error shaping tells which branch an Ajv error came from by matching
 * its `parentSchema` against the objects of `schema`.
 */
export function createValidator(validate: ValidateFunction, schema: object): Validator {
  const index = new SchemaIndex(schema as Record<string, unknown>);
  // What each document was found to have, kept while edits leave the document as it was
  // (yaml/perDocument.ts): a keystroke in a file of many documents checks the one it changed. Not
  // kept for a duplicate key: its message names the line of the first one, which an edit above
  // moves. An empty document's, which names its number, only while the number stays.
  const found = new PerDocument<readonly Finding[]>(movedFindings);
  // The cap on a long list's repeated ids for the call being answered (validateFileUpTo), and so
  // the key of what is kept.
  let maxRepeats = Infinity;
  // What the schema found on each id of a long list read as a number or true/false (validateSkipping).
  const typedFound: TypedFound = new WeakMap();
  const findingsOf = (file: ParsedFile, doc: ParsedDocument): readonly Finding[] => found.get(doc, maxRepeats, documentFindings, file, keepFindings);

  function documentFindings(doc: ParsedDocument, file: ParsedFile): Finding[] {
    const findings: Finding[] = [];
    for (const e of doc.errors) {
      findings.push(yamlErrorFinding(file, doc, e));
    }
    for (const w of doc.warnings) {
      findings.push(yamlErrorFinding(file, doc, w));
    }
    // With broken YAML the value is a guess: report only what to fix in the YAML first.
    // (Duplicate keys leave the document readable: the last value counts, as when sending.)
    if (doc.errors.some((e) => e.code !== 'DUPLICATE_KEY')) {
      return findings;
    }
    if (doc.isEmpty) {
      findings.push({
        code: 'empty-document',
        message:
          doc.index === 0
            ? 'This document is empty; a target-settings document needs ids and site'
            : `Document ${doc.index + 1} is empty; add ids and site, or remove its --- line`,
        path: [],
        anchor: 'value',
      });
      return findings;
    }
    const value = doc.value;
    if (doc.valueError !== undefined) {
      if (doc.valueError.kind === 'alias-limit') {
        pushAll(findings, aliasFindings(doc));
      } else {
        findings.push({
          code: 'yaml-syntax',
          message: `This document cannot be read: ${doc.valueError.message}`,
          path: [],
          anchor: 'value',
        });
      }
      return findings;
    }
    if (doc.usesAliases) {
      pushAll(findings, aliasFindings(doc));
      // Such a value has no end: it can be neither checked nor sent.
      if (hasCycle(value)) {
        findings.push({
          code: 'yaml-syntax',
          message: 'This document cannot be read: an alias names a list or mapping that holds the alias itself',
          path: [],
          anchor: 'value',
        });
        return findings;
      }
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      const found = Array.isArray(value) ? 'a list' : value === null ? 'null' : `a single ${typeof value} value`;
      findings.push({
        code: 'not-a-mapping',
        message: `A target-settings document must be a mapping with ids, site and the other settings as keys, found ${found}`,
        path: [],
        anchor: 'value',
      });
      return findings;
    }
    const known = doc.longIdsList?.known;
    const checked = validateSkipping(validate, value as Record<string, unknown>, known, maxRepeats, typedFound);
    const errors = checked.ok
      ? []
      : (validate.errors ?? []).filter(
          (e) => !(PLACEHOLDER_EXEMPT.has(e.keyword) && hasPlaceholder(e.data)) && !isCoveredByRules(e.instancePath, e.keyword, e.data),
        );
    const schemaFindings = withTypedFound(translateAjvErrors(errors, value, index), checked, typedFound);
    pushAll(findings, withTypedOmitted(schemaFindings, checked));
    pushAll(findings, ruleFindings(value as Record<string, unknown>, known, maxRepeats));
    return findings;
  }

  function validateDocument(file: ParsedFile, doc: ParsedDocument, options?: ValidationOptions): CoreDiagnostic[] {
    return finish(
      findingsOf(file, doc).map((f) => toDiagnostic(file, doc, f)),
      options,
    );
  }

  function validateFile(file: ParsedFile, options?: ValidationOptions): CoreDiagnostic[] {
    return validateCounting(file, options).diagnostics;
  }

  function validateFileUpTo(file: ParsedFile, max: number, options?: ValidationOptions): Counted {
    maxRepeats = max;
    try {
      return validateCounting(file, options);
    } finally {
      maxRepeats = Infinity;
    }
  }

  /** The diagnostics of every document, and how many findings the cap on repeated ids left out (of codes not turned off). */
  function validateCounting(file: ParsedFile, options?: ValidationOptions): Counted {
    const out: CoreDiagnostic[] = [];
    const omitted = { error: 0, warning: 0, information: 0, hint: 0 };
    if (file.documents.length === 0) {
      for (const e of file.streamErrors) {
        const f = yamlErrorFinding(file, undefined, e);
        const range = f.offsets !== undefined ? displayRange(file, f.offsets.start, f.offsets.end) : documentRange(file, undefined);
        out.push(diagnostic(f, 0, range));
      }
      if (file.streamErrors.length === 0) {
        out.push(
          diagnostic(
            { code: 'empty-document', message: 'This file has no target settings yet; add ids and site', path: [], anchor: 'value' },
            0,
            documentRange(file, undefined),
          ),
        );
      }
    }
    for (const [doc, findings] of found.withFindings(file, maxRepeats, documentFindings, file, keepFindings)) {
      for (const f of findings) {
        out.push(toDiagnostic(file, doc, f));
        if (f.omittedAfter === undefined) continue;
        const severity = severityOf(options, f.code, DIAGNOSTIC_CODES[f.code].defaultSeverity);
        if (severity !== 'off') omitted[severity] += f.omittedAfter;
      }
    }
    pushAll(out, withoutWarningsOnErrors(options?.extra ?? [], out));
    return { diagnostics: finish(out, options), omitted };
  }

  return {
    validateText: (text, options) => validateFile(parseFile(text), options),
    validateFile,
    validateFileUpTo,
    validateDocument,
  };
}

/** How long a document's findings may be kept (see PerDocument). */
function keepFindings(findings: readonly Finding[]): Keep {
  return findings.some((f) => f.code === 'duplicate-key') ? 'no' : findings.some((f) => f.code === 'empty-document') ? 'while at its index' : 'while unchanged';
}

/** The findings of a document that moved `delta` characters: those placed by offsets move with it. */
function movedFindings(findings: readonly Finding[], delta: number): readonly Finding[] {
  return findings.map((f) => (f.offsets === undefined ? f : { ...f, offsets: movedBy(f.offsets, delta) }));
}

function diagnostic(f: Finding, document: number, range: CoreDiagnostic['range']): CoreDiagnostic {
  const d: CoreDiagnostic = {
    severity: DIAGNOSTIC_CODES[f.code].defaultSeverity,
    code: f.code,
    message: f.message,
    document,
    path: encodeJsonPointer(f.path),
    range,
  };
  if (f.data !== undefined) {
    d.data = f.data;
  }
  return d;
}

/**
 * The diagnostic of each finding as last made, given again while its document and range stay: a
 * finding kept from one version to the next (a document's, while it is unchanged; a repeated id's,
 * see ruleFindings) then costs its placing only, and the server finds its diagnostic the one the
 * client holds at once (sameDiagnostics). With 1,000 repeated ids, making them afresh on every
 * keystroke was most of its time and garbage. Never changed after it is made (see finish). With
 * the version of the file it was last given for: given for the version before, on lines the edit
 * left as they were, it is not placed again either (a thousand findings on ids were placed again
 * on every keystroke, a quarter of the first keystrokes after an open, before V8 had compiled the
 * code that places them).
 */
interface Made {
  readonly diagnostic: CoreDiagnostic;
  history: DocumentHistory;
  version: number;
}

const diagnosticOf = new WeakMap<Finding, Made>();

/** How many diagnostics toDiagnostic looked for in the text (placed, or checked still in place): for the tests. */
export const placementStats = { looked: 0 };

function toDiagnostic(file: ParsedFile, doc: ParsedDocument, f: Finding): CoreDiagnostic {
  const made = diagnosticOf.get(f);
  const kept = made?.diagnostic.document === doc.index ? made : undefined;
  if (kept !== undefined && kept.diagnostic.range.end.line < file.linesAsIn(kept.history, kept.version)) return givenAgain(kept, file);
  placementStats.looked++;
  // (Most are on ids: still where they were shown, they are not placed again.)
  const id = kept === undefined ? undefined : idOffsets(doc, f);
  if (kept !== undefined && id !== undefined && stillDisplayed(file, kept.diagnostic.range, id.start, id.end)) return givenAgain(kept, file);
  const range = f.code === 'empty-document' ? documentRange(file, doc) : placeFinding(file, doc, f);
  if (kept !== undefined && sameRange(kept.diagnostic.range, range)) return givenAgain(kept, file);
  const d = diagnostic(f, doc.index, range);
  diagnosticOf.set(f, { diagnostic: d, history: file.history, version: file.version });
  return d;
}

/** The diagnostic `made`, given for `file`. */
function givenAgain(made: Made, file: ParsedFile): CoreDiagnostic {
  made.history = file.history;
  made.version = file.version;
  return made.diagnostic;
}

/**
 * The other checks' warnings, but none on a value the schema already refuses: a misspelled enum
 * value gets its "did you mean" error only, not also a `not-entitled` warning about the misspelling.
 */
function withoutWarningsOnErrors(extra: readonly CoreDiagnostic[], own: readonly CoreDiagnostic[]): readonly CoreDiagnostic[] {
  if (extra.length === 0) return extra;
  const refused = new Set(own.filter((d) => d.severity === 'error').map((d) => `${d.document}:${d.path}`));
  return extra.filter((d) => d.severity === 'error' || !refused.has(`${d.document}:${d.path}`));
}

/** The severity `options` set for `code` (`off`: dropped), if any. */
function overrideOf(options: ValidationOptions | undefined, code: string): Severity | 'off' | undefined {
  const overrides = options?.severityOverrides;
  return overrides !== undefined && Object.prototype.hasOwnProperty.call(overrides, code) ? overrides[code] : undefined;
}

/**
 * Diagnostics the checks do not make (what a bulk update left on a file) with the severities
 * `options` sets, as validation's get them (`off`: left out). One whose severity changes is a
 * copy: those given may be kept for the next version (invalidIdDiagnostics).
 */
export function withSeverityOverrides(diagnostics: readonly CoreDiagnostic[], options: ValidationOptions | undefined): readonly CoreDiagnostic[] {
  if (options?.severityOverrides === undefined) return diagnostics;
  const out: CoreDiagnostic[] = [];
  for (const d of diagnostics) {
    const severity = severityOf(options, d.code, d.severity);
    if (severity === 'off') continue;
    out.push(severity !== d.severity ? { ...d, severity } : d);
  }
  return out;
}

/** The severity `options` give `code`'s diagnostics (`off`: dropped), `otherwise` where they set none. */
function severityOf(options: ValidationOptions | undefined, code: string, otherwise: Severity): Severity | 'off' {
  const override = overrideOf(options, code);
  return override === 'off' || (override !== undefined && SEVERITIES.has(override)) ? override : otherwise;
}

/** Whether `options` turns `code` off. */
export function isTurnedOff(options: ValidationOptions | undefined, code: string): boolean {
  return overrideOf(options, code) === 'off';
}

/**
 * Severity overrides, de-duplication (same document, range and message: the first is kept) and a
 * stable order. A diagnostic whose severity changes is a copy: those given may be kept for the next
 * version (toDiagnostic).
 */
function finish(diagnostics: readonly CoreDiagnostic[], options: ValidationOptions | undefined): CoreDiagnostic[] {
  const sorted = withSeverityOverrides(diagnostics, options)
    .slice()
    .sort(
      (a, b) =>
        a.document - b.document ||
        a.range.start.line - b.range.start.line ||
        a.range.start.character - b.range.start.character ||
        (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
    );
  // (The sort is stable: of the diagnostics that start at the same place, the first kept is the
  // first given, and a repeat of it is among those after it.)
  const out: CoreDiagnostic[] = [];
  let startsHere = 0; // the first diagnostic of `out` that starts where the last one does
  for (const d of sorted) {
    const first = out[startsHere];
    if (first === undefined || first.document !== d.document || !samePosition(first.range.start, d.range.start)) startsHere = out.length;
    else if (isRepeatFrom(out, startsHere, d)) continue;
    out.push(d);
  }
  return out;
}

/** Whether one of `out[from..]` has the range and message of `d`. */
function isRepeatFrom(out: readonly CoreDiagnostic[], from: number, d: CoreDiagnostic): boolean {
  for (let k = from; k < out.length; k++) if (out[k]!.message === d.message && sameRange(out[k]!.range, d.range)) return true;
  return false;
}

/** What the schema found on an id read as a number or true/false: its value, and the findings on it. */
interface TypedEntry {
  readonly value: unknown;
  readonly findings: Finding[];
}

/**
 * What the schema found on each id read as a number or true/false, in the last version of a long
 * list checked (by the list's lineage: KnownIds.lineage), by index.
 */
type TypedFound = WeakMap<object, ReadonlyMap<number, TypedEntry>>;

/**
 * What validateSkipping checked: whether the value passed; of the ids read as a number or
 * true/false, how many it left out past the cap, and the last one it kept; of those it kept, the
 * ones it handed to the validator (index, value) and the ones whose findings it took from the last
 * version (index, what was found); the lineage of the long list they are remembered by, if any.
 */
interface Checked {
  readonly ok: boolean;
  readonly omitted: number;
  readonly lastKept: number;
  readonly handed: readonly (readonly [number, unknown])[];
  readonly reused: readonly (readonly [number, TypedEntry])[];
  readonly lineage: object | undefined;
}

/**
 * Runs the schema validator on a document's value; the ids the parse vouches for (`known`'s spans
 * but its typed items: non-empty strings; repeats are the rules') are left out of the `ids` list it
 * sees, one item of the spans kept so the list is never empty where it was not, and the errors'
 * item indexes are put back to the full list's. Safe while the schema asks nothing more of `ids`
 * than at least one non-empty string, each item judged on its own:
 * test/unit/core/validation.idsShortcut.test.ts fails the day it does. Of the ids read as a number
 * or true/false (ids pasted from a spreadsheet column may be 100,000 of them), each of which the
 * schema refuses once ("must be a string"), only the first `max` are kept, as the rules make only
 * the first `max` repeats: a view that shows `max` diagnostics could not show the others. Of
 * those, one that holds the value it held at the same index in the last version is not handed over
 * again: its findings are the last version's (withTypedFound), and with them their diagnostics and
 * protocol forms, not made afresh on every keystroke.
 */
function validateSkipping(
  validate: ValidateFunction,
  value: Record<string, unknown>,
  known: KnownIds | undefined,
  max: number,
  typedFound: TypedFound,
): Checked {
  const ids = value.ids;
  if (known === undefined || !Array.isArray(ids)) return { ok: validate(value), omitted: 0, lastKept: -1, handed: [], reused: [], lineage: undefined };
  const { spans, typed } = known;
  const found = typedFound.get(known.lineage);
  // One item of the spans always handed over: its first (a typed one is never taken from the last version).
  const first = spans[0]?.[0];
  const indexes: number[] = first === undefined || first === typed[0] ? [] : [first];
  const handed: [number, unknown][] = [];
  const reused: [number, TypedEntry][] = [];
  // (At least one kept: the finding that says how many more there are.)
  let typedLeft = Math.max(max, 1);
  let omitted = 0;
  let lastKept = -1;
  const add = (n: number): void => {
    const id: unknown = ids[n];
    if (typeof id === 'number' || typeof id === 'boolean') {
      if (typedLeft === 0) {
        omitted++;
        return;
      }
      typedLeft--;
      lastKept = n;
      const before = n === first ? undefined : found?.get(n);
      if (before?.value === id) {
        reused.push([n, before]);
        return;
      }
      handed.push([n, id]);
    }
    indexes.push(n);
  };
  // The items the parse built and the typed ones, in list order; past the cap the typed are counted, not looked at.
  let t = 0;
  const addTypedBefore = (end: number): void => {
    for (; t < end && typedLeft > 0; t++) add(typed[t]!);
    omitted += end - t;
    t = end;
  };
  for (const i of indexesOfParsedItems(known, ids.length)) {
    addTypedBefore(upperBound(typed, i));
    add(i);
  }
  addTypedBefore(typed.length);
  indexes.sort((a, b) => a - b);
  const ok = validate({ ...value, ids: indexes.map((n): unknown => ids[n]) });
  for (const e of validate.errors ?? []) {
    const m = /^\/ids\/(\d+)(?=\/|$)/.exec(e.instancePath);
    if (m !== null) e.instancePath = `/ids/${indexes[Number(m[1])]}${e.instancePath.slice(m[0].length)}`;
  }
  return { ok, omitted, lastKept, handed, reused, lineage: known.lineage };
}

/**
 * The schema's findings with those on the typed ids validateSkipping took from the last version,
 * and remembers, for the next, what it found on each typed id it kept.
 */
function withTypedFound(findings: Finding[], { handed, reused, lineage }: Checked, typedFound: TypedFound): Finding[] {
  if (lineage === undefined) return findings;
  const next = new Map<number, TypedEntry>();
  for (const [n, value] of handed) next.set(n, { value, findings: [] });
  for (const f of findings) {
    const n = f.path.length === 2 && f.path[0] === 'ids' ? f.path[1] : undefined;
    if (typeof n === 'number') next.get(n)?.findings.push(f);
  }
  const all = findings.slice();
  for (const [n, kept] of reused) {
    next.set(n, kept);
    pushAll(all, kept.findings);
  }
  typedFound.set(lineage, next);
  return all;
}

/** The schema's findings, the one on the last id validateSkipping kept of those it caps saying how many more it left out. */
function withTypedOmitted(findings: Finding[], { omitted, lastKept }: Checked): Finding[] {
  if (omitted === 0) return findings;
  return findings.map((f) =>
    f.code === 'invalid-type' && f.path.length === 2 && f.path[0] === 'ids' && f.path[1] === lastKept ? { ...f, omittedAfter: omitted } : f,
  );
}
