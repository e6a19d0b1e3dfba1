// The `${env:NAME}` references whose variable is not set (or is empty) where the checks run: a
// warning on the reference itself as soon as the file is open, rather than a refusal only when a
// bulk update is tried. The `ids` list is skipped: a target id is never a placeholder, and a long
// list must not be walked on every version.
import type { CoreDiagnostic } from '../diagnostic';
import { ENV_PLACEHOLDER, type EnvCheck } from '../envPlaceholders';
import { encodeJsonPointer, type PathSegment } from '../paths';
import { hasCycle, isRecord } from '../records';
import { nodeAtPath, nodeRange } from '../yaml/nodes';
import { indexesOfParsedItems, type OffsetRange, type ParsedDocument, type ParsedFile } from '../yaml';
import { movedBy, PerDocument } from '../yaml/perDocument';

/** A `${env:NAME}` reference of a document: its variable, where it is, and the path of its value. */
interface Reference {
  readonly name: string;
  readonly placeholder: OffsetRange;
  readonly path: readonly PathSegment[];
}

// (The references move with their document; whether each variable is set is asked on every call.)
const found = new PerDocument<readonly Reference[]>((references, delta) => references.map((r) => ({ ...r, placeholder: movedBy(r.placeholder, delta) })));

export function envDiagnostics(file: ParsedFile, env: EnvCheck): CoreDiagnostic[] {
  const out: CoreDiagnostic[] = [];
  for (const [doc, references] of found.withFindings(file, undefined, referencesIn, file)) {
    for (const { name, placeholder, path } of references) {
      const state = env(name);
      if (state === 'set') continue;
      out.push({
        severity: 'warning',
        code: 'env-not-set',
        message:
          state === 'unavailable'
            ? `\${env:${name}} cannot be resolved here: an editor in a browser has no environment variables, so a bulk update of this document from here would refuse. ` +
              'Send it from VS Code on the desktop or with the scan-targets command line, where the variable is set.'
            : `The environment variable ${name} is ${state === 'unset' ? 'not set' : 'empty'} where the checks run, so a bulk update would refuse to send this file. ` +
              `Set ${name} (then restart the editor, which reads the environment it was started in), or write the value another way.`,
        document: doc.index,
        path: encodeJsonPointer(path),
        range: file.rangeOf(placeholder),
        data: { name },
      });
    }
  }
  return out;
}

/** The references in the strings of a document's value. */
function referencesIn(doc: ParsedDocument, file: ParsedFile): Reference[] {
  const out: Reference[] = [];
  const value = doc.isEmpty ? undefined : doc.value;
  // (A value that holds itself is an error of its own, and has no end to walk.)
  if (!isRecord(value) || (doc.usesAliases && hasCycle(value))) return out;
  const visit = (path: PathSegment[]): void => placeholdersIn(file, doc, path, out);
  const long = doc.longListIds;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'ids') continue;
    // A long list under another key (misspelled): where no id the parse read holds `${`, only the
    // items it left to the parser are looked at (its typed items are no strings).
    if (long?.key === key && Array.isArray(child) && !long.known.mayHoldOpening()) {
      for (const i of indexesOfParsedItems(long.known, child.length)) visitPlaceholders(child[i], [key, i], visit);
      continue;
    }
    visitPlaceholders(child, [key], visit);
  }
  return out;
}

const MARK = '${env:';

/**
 * Calls `visit` with the path of each string of `value` that holds a placeholder. A list's
 * strings are looked at without a path made for each.
 */
function visitPlaceholders(value: unknown, path: PathSegment[], visit: (path: PathSegment[]) => void): void {
  if (typeof value === 'string') {
    if (value.includes(MARK)) visit(path);
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'string' ? item.includes(MARK) : typeof item === 'object' && item !== null) visitPlaceholders(item, [...path, i], visit);
    }
  } else if (isRecord(value)) {
    for (const [key, child] of Object.entries(value)) visitPlaceholders(child, [...path, key], visit);
  }
}

function placeholdersIn(file: ParsedFile, doc: ParsedDocument, path: PathSegment[], out: Reference[]): void {
  const r = nodeRange(nodeAtPath(doc.document, path)?.value);
  if (r === undefined) return;
  // The scalar as written: placeholders hold no character a quoted style would escape.
  for (const m of file.source.slice(r.start, r.end).matchAll(ENV_PLACEHOLDER)) {
    const [placeholder, name = ''] = m;
    const start = r.start + (m.index ?? 0);
    out.push({ name, placeholder: { start, end: start + placeholder.length }, path });
  }
}
