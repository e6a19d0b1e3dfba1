// Entitlement findings (paths in a document's plain value) turned into positioned diagnostics on a
// parsed file: one `not-entitled` warning per finding, on the flagged node's key or value as the
// rule says. The editor and the command line both use this, so a file gets the same warnings in
// both. Pure: no I/O.
import type { CoreDiagnostic, Range } from '../diagnostic';
import { encodeJsonPointer } from '../paths';
import { deepestNodeAtPath, type OffsetRange, type ParsedDocument, type ParsedFile } from '../yaml';
import { PerDocument } from '../yaml/perDocument';
import { checkEntitlements, ENTITLEMENT_RULES, type EntitlementFinding } from './rules';
import type { EntitlementsRecord } from './types';

export const NOT_ENTITLED_CODE = 'not-entitled';

/** What each document was found to use beyond the record given with it (paths, not offsets: a document that moved keeps them). */
const found = new PerDocument<readonly EntitlementFinding[]>();

/**
 * The `not-entitled` warnings of every document of `file` against `record`. A document without a
 * plain value (alias limit exceeded, not a mapping) yields none: other checks report that.
 */
export function entitlementDiagnostics(file: ParsedFile, record: EntitlementsRecord): CoreDiagnostic[] {
  const out: CoreDiagnostic[] = [];
  for (const [doc, findings] of found.withFindings(file, record, entitlementFindings, record)) {
    for (const finding of findings) out.push(findingDiagnostic(file, doc, finding));
  }
  return out;
}

function entitlementFindings(doc: ParsedDocument, record: EntitlementsRecord): readonly EntitlementFinding[] {
  return doc.isEmpty || doc.value === undefined ? [] : checkEntitlements(doc.value, record, ENTITLEMENT_RULES);
}

/** One finding of document `doc` as a diagnostic with its range. */
export function findingDiagnostic(file: ParsedFile, doc: ParsedDocument, finding: EntitlementFinding): CoreDiagnostic {
  return {
    severity: 'warning',
    code: NOT_ENTITLED_CODE,
    message: finding.message,
    document: doc.index,
    path: encodeJsonPointer(finding.path),
    range: rangeOf(file, doc, finding),
    data: { field: finding.field, rule: finding.rule, ...(finding.entitled !== undefined ? { allowed: [...finding.entitled] } : {}) },
  };
}

function nonEmpty(range: OffsetRange | undefined): range is OffsetRange {
  return range !== undefined && range.end > range.start;
}

/**
 * Where a finding goes: the key or the value as the rule says, the other one when that is empty
 * (`scanning_agent:` with no value), the deepest existing node when the path runs through an
 * alias, and the start of the document as a last resort.
 */
function rangeOf(file: ParsedFile, doc: ParsedDocument, finding: EntitlementFinding): Range {
  const { found } = deepestNodeAtPath(doc.document, finding.path);
  const preferred = finding.on === 'key' ? found.keyRange : found.valueRange;
  const other = finding.on === 'key' ? found.valueRange : found.keyRange;
  const offsets = nonEmpty(preferred) ? preferred : nonEmpty(other) ? other : undefined;
  if (offsets !== undefined) return file.rangeOf(offsets);
  const contents = doc.document.contents as { range?: number[] } | null;
  const start = contents?.range?.[0] ?? doc.start;
  return file.rangeOf({ start, end: start });
}
