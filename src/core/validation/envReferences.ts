// The `${env:NAME}` references whose variable is not set (or is empty) where the checks run: a
// warning on the reference itself as soon as the file is open, rather than a refusal only when a
// bulk update is tried. The `ids` list is skipped: a target id is never a placeholder, and a long
// list must not be walked on every version.
import type { CoreDiagnostic } from '../diagnostic';
import { ENV_PLACEHOLDER, type EnvCheck } from '../envPlaceholders';
import { encodeJsonPointer, type PathSegment } from '../paths';
import { hasCycle, isRecord } from '../records';
import { nodeAtPath, nodeRange } from '../yaml/nodes';
import type { ParsedDocument, ParsedFile } from '../yaml';

export function envDiagnostics(file: ParsedFile, env: EnvCheck): CoreDiagnostic[] {
  const out: CoreDiagnostic[] = [];
  for (const doc of file.documents) {
    const value = doc.isEmpty ? undefined : doc.value;
    // (A value that holds itself is an error of its own, and has no end to walk.)
    if (!isRecord(value) || (doc.usesAliases && hasCycle(value))) continue;
    for (const [key, child] of Object.entries(value)) {
      if (key !== 'ids') visitStrings(child, [key], (text, path) => placeholdersIn(file, doc, text, path, env, out));
    }
  }
  return out;
}

function visitStrings(value: unknown, path: PathSegment[], visit: (text: string, path: PathSegment[]) => void): void {
  if (typeof value === 'string') visit(value, path);
  else if (Array.isArray(value)) value.forEach((item, i) => visitStrings(item, [...path, i], visit));
  else if (isRecord(value)) for (const [key, child] of Object.entries(value)) visitStrings(child, [...path, key], visit);
}

function placeholdersIn(file: ParsedFile, doc: ParsedDocument, text: string, path: PathSegment[], env: EnvCheck, out: CoreDiagnostic[]): void {
  if (!text.includes('${env:')) return;
  const r = nodeRange(nodeAtPath(doc.document, path)?.value);
  if (r === undefined) return;
  // The scalar as written: placeholders hold no character a quoted style would escape.
  for (const m of file.source.slice(r.start, r.end).matchAll(ENV_PLACEHOLDER)) {
    const [placeholder, name = ''] = m;
    const state = env(name);
    if (state === 'set') continue;
    const start = r.start + (m.index ?? 0);
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
      range: file.rangeOf({ start, end: start + placeholder.length }),
      data: { name },
    });
  }
}
