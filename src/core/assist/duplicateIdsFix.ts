// The duplicate-id fix: one action per list that removes every later repeat of an id, keeping each
// first occurrence. Its diagnostics are gathered per list first, so the action fixes them all. A
// long `ids` list is not walked (clients ask for code actions on every move of the cursor): its
// repeats come from its counts, as the rule's warnings do.

import { isScalar, isSeq, type YAMLSeq } from 'yaml';
import { indexesOutside, repeatedItems, type KnownIds, type ParsedDocument } from '../yaml';
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
  const doc = file.documents.get(documentIndex);
  const seq = doc === undefined ? undefined : nodeAtPath(doc.document, seqPath)?.value;
  if (doc === undefined || !isSeq(seq)) return undefined;
  const { indexes, values } = laterRepeats(doc, seq);
  if (indexes.length === 0) return undefined;
  const edits = removeSequenceItemsEdits(file, documentIndex, seqPath, indexes);
  if (edits.length === 0) return undefined;
  const title =
    indexes.length === 1 ? `Remove the repeated id \`${[...values][0]}\`` : `Remove ${indexes.length} repeated ids (the first occurrence of each is kept)`;
  return { title, diagnostic, diagnostics: group, isPreferred: true, edits };
}

interface Repeats {
  /** The items that repeat an earlier one. */
  readonly indexes: number[];
  /** The values they repeat. */
  readonly values: Set<string>;
}

/** The items of a list that repeat an earlier scalar item (by value), and the values they repeat. */
function laterRepeats(doc: ParsedDocument, seq: YAMLSeq): Repeats {
  const long = doc.longIdsList;
  if (long !== undefined && long.pair.value === seq) return laterRepeatsOfLongList(long.values, long.known);
  const repeats: Repeats = { indexes: [], values: new Set() };
  addRepeats(
    seq.items.flatMap((item, i) => (isScalar(item) ? [[i, item.value] as const] : [])),
    repeats,
  );
  return repeats;
}

/** The same of a long `ids` list, without a walk of it: its repeated ids from its counts (repeatedItems). */
function laterRepeatsOfLongList(list: readonly unknown[], known: KnownIds): Repeats {
  const repeats: Repeats = { indexes: [], values: new Set() };
  for (const { index, id } of repeatedItems(list, known)) {
    repeats.values.add(id);
    repeats.indexes.push(index);
  }
  // The items that are no id (a number, an empty or blank string) lie outside the spans, which hold
  // ids only: they can repeat one another only.
  const others = [...indexesOutside(known, list.length)]
    .map((i) => [i, list[i]] as const)
    .filter(([, value]) => typeof value !== 'string' || value.trim() === '');
  addRepeats(others, repeats);
  return repeats;
}

/** Adds the items (index and value, in order) that repeat an earlier one of them by value. */
function addRepeats(items: Iterable<readonly [number, unknown]>, repeats: Repeats): void {
  const seen = new Set<string>();
  for (const [i, value] of items) {
    const key = JSON.stringify(value);
    if (seen.has(key)) {
      repeats.indexes.push(i);
      repeats.values.add(String(value));
    } else {
      seen.add(key);
    }
  }
}
