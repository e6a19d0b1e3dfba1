// Selection -> ids: which target ids a bulk update sends, from the editor's selections (or, in the
// command line, from a document index and an optional list of ids).
//
// Rules:
// - A non-empty selection selects every `ids` item it touches: any overlap with the item's value
//   (`abc`, `"abc"`, `[a, b]`'s `b`). Multi-cursor and partial-line selections are just several
//   ranges. Selecting only the dash, the `ids:` key or a comment touches no item.
// - Empty selections (cursors) are ignored as soon as one selection is non-empty. When every
//   selection is empty, the rule is `document`: every id of the document under the cursor(s).
//   A cursor on an id line does not narrow this down: "no selection" means the whole document, and
//   the confirmation says which rule applied and how many ids.
// - One run = one YAML document = one request body (each document has its own settings). A
//   selection that touches ids of several documents, or cursors in several documents, is refused
//   with a message that says so; nothing is guessed.
// - Every touched item must be a usable id (a non-empty string): a number (`- 12345`), a boolean, an
//   empty item or an alias is refused, naming the item and how to fix it.
// - A repeated id is listed once per occurrence in `ids` (so diagnostics can find each one) and once
//   in `uniqueIds` (what is sent).

import { isMap } from 'yaml';
import { indexesOutside, type OffsetRange, type ParsedDocument, type ParsedFile } from '../yaml';
import { listIds } from './listIds';
import { describeItemProblem, firstItemEndingAfter, idsField, isUsableId, type IdItem } from './ids';

/** A selection or cursor as file offsets; `start > end` (a backwards selection) is accepted. */
export interface TextSelection {
  readonly start: number;
  readonly end: number;
}

/** One selected `ids` item. */
export interface SelectedId {
  /** The id. */
  readonly value: string;
  /** 0-based index of the item in the document's `ids` sequence. */
  readonly index: number;
  /** Range of the item's value node (quotes included). */
  readonly range: OffsetRange;
}

/** Which rule chose the ids (the confirmation says it). */
export type SelectionRule =
  /** The ids the selections touch (or, in the command line, the ids given with `--ids`). */
  | 'selection'
  /** No selection: every id of the document under the cursor (or the `--document` given). */
  | 'document';

/** The ids of one document to send. */
export interface IdSelection {
  readonly ok: true;
  /** 0-based index of the YAML document. */
  readonly documentIndex: number;
  readonly rule: SelectionRule;
  /** Every selected item, in source order (a repeated id appears once per occurrence). */
  readonly ids: readonly SelectedId[];
  /** How many items are selected: `ids.length`, known without making the items of a long list. */
  readonly count: number;
  /** The ids to send: each once, in order of first appearance. */
  readonly uniqueIds: readonly string[];
  /** Number of selected items that repeat an earlier selected id (sent once anyway). */
  readonly duplicateCount: number;
}

export type SelectionRefusalReason =
  /** The file has no YAML document. */
  | 'no-document'
  /** The document is not a mapping (no `ids` to find). */
  | 'not-a-mapping'
  /** The document has no `ids` key, `ids` is not a list, or the list is empty. */
  | 'no-ids'
  /** Non-empty selections, none of which touches an `ids` item. */
  | 'nothing-selected'
  /** The selections (or cursors) are in more than one document. */
  | 'several-documents'
  /** A selected item is not a non-empty string. */
  | 'unusable-id'
  /** Command line: the `--document` index does not exist. */
  | 'no-such-document'
  /** Command line: ids given with `--ids` are not in the document. */
  | 'unknown-ids';

/** Why no ids were selected; `error` says it to a person, with how to select ids. */
export interface IdSelectionRefusal {
  readonly ok: false;
  readonly reason: SelectionRefusalReason;
  readonly error: string;
  /** The document concerned, when there is one. */
  readonly documentIndex?: number;
  /** The offending item (an unusable id), to reveal it. */
  readonly range?: OffsetRange;
}

export type IdSelectionResult = IdSelection | IdSelectionRefusal;

const HOW_TO_SELECT =
  'Select the items under `ids:` to update (any part of their lines; several selections are fine), ' +
  'or clear the selection to update every id of the document under the cursor.';

/**
 * The ids a bulk update sends for the editor's selections (file offsets; an empty selection is a
 * cursor). The first selection is the primary one.
 */
export function idsForSelections(file: ParsedFile, selections: readonly TextSelection[]): IdSelectionResult {
  if (file.documents.length === 0) {
    return refuse('no-document', 'The file holds no YAML document: there are no ids to update. Add a document with `ids:` and `site:`.');
  }
  const ranges = selections.map((s) => ({ start: Math.min(s.start, s.end), end: Math.max(s.start, s.end) }));
  const nonEmpty = ranges.filter((r) => r.end > r.start);
  if (ranges.length === 0 || nonEmpty.length === 0) {
    return byCursors(file, ranges.length === 0 ? [0] : ranges.map((r) => r.start));
  }

  // The items each selection touches, per document.
  // (By the document's index: a document asked for twice may be two objects.)
  const touched = new Map<number, Map<number, IdItem>>();
  const fields = new Map<number, ReturnType<typeof idsField>>(); // one walk per document, however many selections
  for (const sel of nonEmpty) {
    for (const doc of documentsOverlapping(file, sel)) {
      if (!fields.has(doc.index)) fields.set(doc.index, idsField(doc));
      const field = fields.get(doc.index);
      if (field === undefined || field.items.length === 0) {
        continue;
      }
      const items = field.items;
      for (let i = firstItemEndingAfter(items, sel.start); i < items.length; i++) {
        // Overlap of [sel.start, sel.end) with the item's [start, end): the first item looked at
        // ends after the selection starts, and the loop stops at the first that starts after it
        // ends. (An empty item, `- ` with no value, counts when it lies strictly inside the selection.)
        const item = items[i]!;
        if (item.range.start >= sel.end) break;
        let forDoc = touched.get(doc.index);
        if (forDoc === undefined) {
          forDoc = new Map();
          touched.set(doc.index, forDoc);
        }
        forDoc.set(item.index, item);
      }
    }
  }
  const [only, ...others] = touched;
  if (only === undefined) {
    return refuse('nothing-selected', `The selection touches no target id. ${HOW_TO_SELECT}`);
  }
  if (others.length > 0) {
    const lines = [...touched.keys()].sort((a, b) => a - b).map((index) => documentLine(file, file.documents.get(index)!));
    return refuse(
      'several-documents',
      `The selection touches ids of ${touched.size} YAML documents (starting on lines ${listWords(lines.map(String))}). ` +
        'Each document is one request with its own settings, so a run sends the ids of one document only: ' +
        'select ids in one document, or run the command once per document.',
    );
  }
  const [index, items] = only;
  const ordered = [...items.values()].sort((a, b) => a.index - b.index);
  return selectionOf(file, index, ordered, 'selection');
}

/**
 * Every id of document `documentIndex` (command line `--document N`); with `only`, just those ids
 * (command line `--ids`), each of which must be in the document's `ids`.
 */
export function idsForDocument(file: ParsedFile, documentIndex: number, only?: readonly string[]): IdSelectionResult {
  const doc = file.documents.get(documentIndex);
  if (doc === undefined || !Number.isInteger(documentIndex)) {
    const count = file.documents.length;
    return refuse(
      'no-such-document',
      count === 0
        ? 'The file holds no YAML document: there are no ids to update.'
        : `There is no document ${documentIndex} in the file: it has ${count} ${count === 1 ? 'document' : 'documents'}, numbered from 0 to ${count - 1}.`,
    );
  }
  if (only === undefined) {
    return wholeDocument(file, doc);
  }
  const all = documentItems(file, doc);
  if (!Array.isArray(all)) {
    return all;
  }
  const wanted = new Set(only);
  const present = new Set<string>();
  const picked = all.filter((item) => {
    if (item.value !== undefined && wanted.has(item.value)) {
      present.add(item.value);
      return true;
    }
    return false;
  });
  const missing = [...wanted].filter((id) => !present.has(id));
  if (missing.length > 0) {
    return refuse(
      'unknown-ids',
      `${missing.length === 1 ? 'This id is' : `These ${missing.length} ids are`} not in the \`ids\` list of document ${doc.index} (line ${documentLine(file, doc)}): ` +
        `${listIds(missing)}. Give ids from that list, or add them to it first.`,
      doc.index,
    );
  }
  return selectionOf(file, doc.index, picked, 'selection');
}

function byCursors(file: ParsedFile, offsets: readonly number[]): IdSelectionResult {
  // (By the document's index: a document asked for twice may be two objects.)
  const docs = new Map<number, ParsedDocument>();
  for (const offset of offsets) {
    const doc = file.documentAt(offset);
    if (doc !== undefined) {
      docs.set(doc.index, doc);
    }
  }
  if (docs.size > 1) {
    const lines = [...docs.values()].sort((a, b) => a.index - b.index).map((doc) => documentLine(file, doc));
    return refuse(
      'several-documents',
      `The cursors are in ${docs.size} YAML documents (starting on lines ${listWords(lines.map(String))}). ` +
        'Without a selection a run sends every id of the document under the cursor, and each document is one request: ' +
        'keep a single cursor, or select the ids to update.',
    );
  }
  // The primary cursor's document (a file with documents has one at every offset).
  const [doc = file.documents.get(0)!] = docs.values();
  return wholeDocument(file, doc);
}

/** Every id of a document (the `document` rule), or a refusal saying why there are none or which item is no id. */
function wholeDocument(file: ParsedFile, doc: ParsedDocument): IdSelectionResult {
  const long = doc.longIdsList;
  const outside = long === undefined ? [] : [...indexesOutside(long.known, long.values.length)];
  if (long !== undefined && outside.every((i) => isUsableId(long.values[i]))) {
    // Of a long list only the values are read: 100,000 items made one by one, with their ranges,
    // cost the plan a fifth of a second. The items are made if something asks for them.
    const values = long.values as readonly string[];
    // (The values change with the next edit: the ids are a copy. A set is made only where some repeat.)
    const repeats = outside.length > 0 || long.known.distinctInSpans() < values.length;
    const uniqueIds = repeats ? [...new Set(values)] : values.slice();
    let items: readonly SelectedId[] | undefined;
    return {
      ok: true,
      documentIndex: doc.index,
      rule: 'document',
      get ids() {
        return (items ??= idsField(doc)!.items as readonly SelectedId[]);
      },
      count: values.length,
      uniqueIds,
      duplicateCount: values.length - uniqueIds.length,
    };
  }
  const all = documentItems(file, doc);
  if (!Array.isArray(all)) {
    return all;
  }
  return selectionOf(file, doc.index, all, 'document');
}

/** Every item of a document's `ids`, or a refusal saying why there are none. */
function documentItems(file: ParsedFile, doc: ParsedDocument): IdItem[] | IdSelectionRefusal {
  const where = `The document under the cursor (starting on line ${documentLine(file, doc)})`;
  if (doc.isEmpty || doc.document.contents === null) {
    return refuse('no-ids', `${where} is empty: there are no ids to update. Add \`ids:\` with the target ids, and \`site:\`.`, doc.index);
  }
  const field = idsField(doc);
  if (field === undefined) {
    if (!isMap(doc.document.contents)) {
      return refuse(
        'not-a-mapping',
        `${where} is not a mapping of settings, so it has no \`ids\` to update. Each document needs \`ids:\` and \`site:\` at its top level.`,
        doc.index,
      );
    }
    return refuse('no-ids', `${where} has no \`ids\` list. Add the target ids under \`ids:\`, then run again.`, doc.index);
  }
  if (field.notSequence !== undefined) {
    return refuse(
      'no-ids',
      `${where} has \`ids\` ${field.notSequence === 'missing-value' ? 'without a value' : 'that is not a list'}. ` +
        'Write the target ids as a list (`- 3Sy7TyNMnQ8x` items under `ids:`, or `ids: [3Sy7TyNMnQ8x]`), then run again.',
      doc.index,
    );
  }
  if (field.items.length === 0) {
    return refuse('no-ids', `${where} has an empty \`ids\` list. Add the target ids under \`ids:\`, then run again.`, doc.index);
  }
  return [...field.items];
}

function selectionOf(file: ParsedFile, documentIndex: number, items: readonly IdItem[], rule: SelectionRule): IdSelectionResult {
  const unusable = items.filter((i) => i.value === undefined);
  const [first] = unusable;
  if (first !== undefined) {
    const source = excerpt(file.text.slice(first.range.start, first.range.end));
    const line = file.positionAt(first.range.start).line + 1;
    const more = unusable.length > 1 ? ` (and ${unusable.length - 1} more ${unusable.length === 2 ? 'item' : 'items'})` : '';
    const quoteHint =
      first.problem === 'number' || first.problem === 'boolean'
        ? ` Quote it (\`- "${source}"\`) so it is sent as the string the service expects.`
        : ' Write the target id itself, or remove the item.';
    return refuse(
      'unusable-id',
      `\`ids[${first.index}]\` on line ${line}${source ? ` (\`${source}\`)` : ''} ${describeItemProblem(first.problem ?? 'other')}${more}: ` +
        `target ids are non-empty strings.${quoteHint} Nothing was sent.`,
      documentIndex,
      first.range,
    );
  }
  // Every item has its id now (checked above): the items serve as the selected ids as they are.
  const ids = items as readonly SelectedId[];
  const uniqueIds = [...new Set(ids.map((id) => id.value))];
  return { ok: true, documentIndex, rule, ids, count: ids.length, uniqueIds, duplicateCount: ids.length - uniqueIds.length };
}

/** The documents whose text overlaps `[start, end)`. */
function documentsOverlapping(file: ParsedFile, range: OffsetRange): ParsedDocument[] {
  const first = file.documentAt(range.start);
  if (first === undefined) {
    return [];
  }
  const out = [first];
  for (let i = first.index + 1; i < file.documents.length; i++) {
    const doc = file.documents.get(i)!;
    if (doc.start >= range.end) {
      break;
    }
    out.push(doc);
  }
  return out;
}

/** 1-based line where a document's content starts (its root node), for messages. */
export function documentLine(file: ParsedFile, doc: ParsedDocument): number {
  const contents = doc.document.contents as { range?: number[] } | null;
  const start = contents?.range?.[0] ?? doc.start;
  return file.positionAt(start).line + 1;
}

function refuse(reason: SelectionRefusalReason, error: string, documentIndex?: number, range?: OffsetRange): IdSelectionRefusal {
  return { ok: false, reason, error, ...(documentIndex !== undefined ? { documentIndex } : {}), ...(range !== undefined ? { range } : {}) };
}

function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 40 ? `${oneLine.slice(0, 39)}…` : oneLine;
}

function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
