// The duplicate-id fix: one action per list that removes every later repeat of an id, keeping each
// first occurrence. Its diagnostics are gathered per list first, so the action fixes them all.

import { isScalar, isSeq } from 'yaml';
import type { ParsedFile } from '../yaml/parsedFile';
import { nodeAtPath } from '../yaml/nodes';
import type { PathSegment } from '../paths';
import type { DiagnosticLike, Draft } from './codeActionTypes';
import { removeSequenceItemsEdits } from './edits';
import type { Target } from './fixTarget';

/** The duplicate-id diagnostics of one request, by the list (document and path) they are in. */
export class DuplicateIdGroups {
  private readonly groups = new Map<string, DiagnosticLike[]>();

  add(d: DiagnosticLike, target: Target): void {
    const seqPath = target.path.length > 0 && typeof target.path[target.path.length - 1] === 'number' ? target.path.slice(0, -1) : ['ids'];
    const key = `${target.doc.index}:${JSON.stringify(seqPath)}`;
    const group = this.groups.get(key) ?? [];
    group.push(d);
    this.groups.set(key, group);
  }

  /** One action per list, in the order the lists were first seen. */
  actions(file: ParsedFile): Draft[] {
    const out: Draft[] = [];
    for (const [key, group] of this.groups) {
      const [index, pathJson] = [Number(key.slice(0, key.indexOf(':'))), key.slice(key.indexOf(':') + 1)];
      const action = removeDuplicates(file, index, JSON.parse(pathJson) as PathSegment[], group);
      if (action !== undefined) out.push(action);
    }
    return out;
  }
}

function removeDuplicates(file: ParsedFile, documentIndex: number, seqPath: PathSegment[], group: DiagnosticLike[]): Draft | undefined {
  const [diagnostic] = group;
  if (diagnostic === undefined) return undefined;
  const doc = file.documents[documentIndex];
  const seq = doc === undefined ? undefined : nodeAtPath(doc.document, seqPath)?.value;
  if (!isSeq(seq)) return undefined;
  const seen = new Set<string>();
  const repeats: number[] = [];
  const repeatedValues = new Set<string>();
  seq.items.forEach((item, i) => {
    if (!isScalar(item)) return;
    const key = JSON.stringify(item.value);
    if (seen.has(key)) {
      repeats.push(i);
      repeatedValues.add(String(item.value));
    } else {
      seen.add(key);
    }
  });
  if (repeats.length === 0) return undefined;
  const edits = removeSequenceItemsEdits(file, documentIndex, seqPath, repeats);
  if (edits.length === 0) return undefined;
  const title =
    repeats.length === 1
      ? `Remove the repeated id \`${[...repeatedValues][0]}\``
      : `Remove ${repeats.length} repeated ids (the first occurrence of each is kept)`;
  return { title, diagnostic, diagnostics: group, isPreferred: true, edits };
}
