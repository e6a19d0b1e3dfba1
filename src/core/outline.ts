// The outline of a target-settings file (document symbols) and its folding ranges, from the YAML
// AST. Pure: offsets into the file text; the language server turns them into positions.
//
// A list of scalars (the `ids` list above all) is one symbol that says how many items it holds:
// 100,000 id symbols would help nobody and cost every outline request. What a document gives is
// kept with it while its text stays: an editor asks for both after every edit, and in a file of
// 10,000 documents, walking every document's nodes again took 3 and 12 ms.
import { isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import { collectionItems, indexesThatMayNest, itemsThatMayNest, keyName } from './yaml/nodes';
import type { OffsetRange, ParsedDocument } from './yaml/parsedDocument';
import type { ParsedFile } from './yaml/parsedFile';
import { movedBy, PerDocument } from './yaml/perDocument';
import { count, valueText } from './wording';

export type OutlineKind = 'document' | 'object' | 'array' | 'property';

export interface OutlineSymbol {
  readonly name: string;
  /** One line beside the name: a count of items, or a short value. */
  readonly detail?: string;
  readonly kind: OutlineKind;
  /** The whole entry (key and value). */
  readonly range: OffsetRange;
  /** What is selected when the symbol is chosen: its key. */
  readonly selectionRange: OffsetRange;
  readonly children: readonly OutlineSymbol[];
}

/** Most symbols one outline holds; deeper or later entries are left out past it. */
const MAX_SYMBOLS = 2000;
/** Longest value shown as a symbol's detail. */
const MAX_DETAIL = 60;

/**
 * A document's symbols (its keys) and how many they hold in all, nested ones included, with the
 * offsets of where the document was then (its ParsedDocument.moved): what an edit above moved is
 * moved when given out, for the symbols within the budget only.
 */
interface DocumentOutline {
  readonly keys: readonly OutlineSymbol[];
  readonly count: number;
  readonly moved: number;
}

const outlineOf = new PerDocument<readonly [DocumentOutline]>();

/** The file's outline: one symbol per document when there are several, else the document's keys. */
export function documentSymbols(file: ParsedFile): OutlineSymbol[] {
  const budget = { left: MAX_SYMBOLS };
  const perDocument = file.documents.map((doc) => {
    // (Past the budget, a document's symbols are not worked out, nor kept: in the bench's file of
    // 100,000 documents, the first 400 fill it, and the others' kept symbols were 1.6 KB each.)
    if (budget.left <= 0) return { doc, keys: [] };
    const [{ keys, count, moved }] = outlineOf.get(doc, undefined, documentOutline, undefined);
    const delta = doc.moved - moved;
    if (delta === 0 && count <= budget.left) {
      budget.left -= count;
      return { doc, keys };
    }
    return { doc, keys: shownSymbols(keys, delta, budget) };
  });
  const [first] = perDocument;
  if (first !== undefined && perDocument.length === 1) return [...first.keys];
  return perDocument.map(({ doc, keys }) => {
    const range = { start: doc.start, end: Math.max(doc.start, doc.end) };
    return { name: `Document ${doc.index + 1}`, kind: 'document' as const, range, selectionRange: { start: range.start, end: range.start }, children: keys };
  });
}

function documentOutline(doc: ParsedDocument): readonly [DocumentOutline] {
  const budget = { left: MAX_SYMBOLS };
  const keys = entries(doc.document.contents, budget);
  return [{ keys, count: MAX_SYMBOLS - budget.left, moved: doc.moved }];
}

/** The first `budget.left` of `symbols` (in the order `entries` makes them, each before its children), moved by `delta`. */
function shownSymbols(symbols: readonly OutlineSymbol[], delta: number, budget: { left: number }): OutlineSymbol[] {
  const out: OutlineSymbol[] = [];
  for (const s of symbols) {
    if (budget.left <= 0) break;
    budget.left--;
    out.push({
      ...s,
      range: movedBy(s.range, delta),
      selectionRange: movedBy(s.selectionRange, delta),
      children: shownSymbols(s.children, delta, budget),
    });
  }
  return out;
}

function entries(node: Node | null, budget: { left: number }): OutlineSymbol[] {
  const out: OutlineSymbol[] = [];
  if (isMap(node)) {
    for (const pair of node.items) {
      if (budget.left <= 0) break;
      const key = pair.key as Node | null;
      const name = keyName(key);
      const keyRange = key?.range;
      if (name === undefined || !keyRange) continue;
      budget.left--;
      const value = pair.value as Node | null;
      const end = value?.range ? value.range[1] : keyRange[1];
      out.push({
        // An editor refuses a symbol without a name (VS Code throws for the whole outline).
        name: name === '' ? '""' : name,
        detail: detailOf(value),
        kind: kindOf(value),
        range: { start: keyRange[0], end: Math.max(keyRange[1], end) },
        selectionRange: { start: keyRange[0], end: keyRange[1] },
        children: entries(value, budget),
      });
    }
  } else if (isSeq(node) && itemsThatMayNest(node).some((item) => isMap(item))) {
    // (Of a long `ids` list, only the items the `yaml` parse read are looked at: the others are ids.)
    const items = collectionItems(node);
    indexesThatMayNest(node).forEach((index) => {
      const item = items.at(index);
      if (budget.left <= 0 || !isMap(item) || !item.range) return;
      budget.left--;
      const label = item.items.find((p) => isPair(p) && keyName(p.key) === 'name')?.value;
      const text = isScalar(label) ? valueText(label.value) : '';
      const name = text !== '' ? text : `[${index}]`;
      const range = { start: item.range[0], end: item.range[1] };
      out.push({ name, kind: 'object', range, selectionRange: { start: range.start, end: range.start }, children: entries(item, budget) });
    });
  }
  return out;
}

function kindOf(value: Node | null): OutlineKind {
  if (isMap(value)) return 'object';
  if (isSeq(value)) return 'array';
  return 'property';
}

function detailOf(value: Node | null): string | undefined {
  if (isSeq(value)) {
    const items = collectionItems(value).length;
    return `${count(items)} ${items === 1 ? 'item' : 'items'}`;
  }
  if (isScalar(value) && value.value != null) {
    const text = valueText(value.value);
    return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text;
  }
  return undefined;
}

/** A foldable run of lines, as offsets of its first and last character. */
export interface FoldingOffsets {
  readonly start: number;
  readonly end: number;
  /** How many of the ranges enclose it (0: outermost). */
  readonly depth: number;
}

/**
 * Every mapping entry and list item whose value spans several lines folds from its key to the end
 * of its value; so does every document of a multi-document file. Scalars inside lists are not
 * visited: a 100,000-id list costs one range, not a walk over its ids. At most `limit` ranges (what
 * the client asks for: VS Code takes 5,000): the outermost, as VS Code keeps them (it drops the
 * deepest nesting levels until the rest fit), so that what is sent is what it shows; where the
 * outermost alone are too many, the first `limit` of them.
 */
export function foldingRanges(file: ParsedFile, limit = Infinity): FoldingOffsets[] {
  const multi = file.documents.length > 1;
  if (multi) {
    // The documents' own ranges are the outermost (found from where each starts and ends, no node
    // read): where they reach the limit, they are all that is given, and nothing inside a document
    // is worked out, nor kept (in a file of 100,000 documents, 0.5 KB a document for nothing).
    const own: FoldingOffsets[] = [];
    for (const doc of file.documents) {
      const fold = documentFold(file, doc);
      if (fold !== undefined) own.push(fold);
      if (own.length >= limit) return own;
    }
  }
  const perDocument = file.documents.map((doc) => ({ doc, ...foldsOf.get(doc, multi, documentFolds, file)[0] }));
  // The deepest level given: the outermost always (cut at the limit if it alone is over), and
  // each level inside it while all fit.
  const perDepth: number[] = [];
  for (const { folds } of perDocument) for (const f of folds) perDepth[f.depth] = (perDepth[f.depth] ?? 0) + 1;
  let deepest = 0;
  let taken = perDepth[0] ?? 0;
  while (deepest + 1 < perDepth.length && taken + perDepth[deepest + 1]! <= limit) taken += perDepth[++deepest]!;
  const out: FoldingOffsets[] = [];
  for (const { doc, folds, moved } of perDocument) {
    const delta = doc.moved - moved;
    for (const f of folds) {
      if (out.length >= limit) return out;
      if (f.depth <= deepest) out.push(movedBy(f, delta));
    }
  }
  return out;
}

/** A document's folding ranges, with the offsets of where the document was then (as DocumentOutline). */
interface DocumentFolds {
  readonly folds: readonly FoldingOffsets[];
  readonly moved: number;
}

const foldsOf = new PerDocument<readonly [DocumentFolds]>();

/**
 * The folding ranges of one document that span more than one line, in order (a document's own
 * first, when there are several: the key).
 */
function documentFolds(doc: ParsedDocument, file: ParsedFile): readonly [DocumentFolds] {
  const out: FoldingOffsets[] = [];
  const push = (start: number, end: number, depth: number): void => {
    if (end >= file.lineAt(start).next) out.push({ start, end, depth });
  };
  const multi = file.documents.length > 1;
  const own = multi ? documentFold(file, doc) : undefined;
  if (own !== undefined) out.push(own);
  // The root itself does not fold (that would hide a document behind its first key line); its
  // entries are inside the document's range, where there is one.
  const rootDepth = multi ? 0 : -1;
  // (A document read for its value first is not read again for its nodes: the folding ranges of
  // every document of a file are asked for right after it is opened.)
  const shape = doc.plainShape;
  if (shape !== undefined) {
    for (const { start, end, depth } of shape.collections) push(start, lastContent(file, end), rootDepth + 1 + depth);
    return [{ folds: out.sort(byStartThenLongest), moved: doc.moved }];
  }
  const root = doc.document.contents;
  const stack: Array<{ start: number; node: Node | null; depth: number }> = [{ start: doc.start, node: root, depth: rootDepth }];
  while (stack.length > 0) {
    const { start, node, depth } = stack.pop()!;
    if (!node?.range || !(isMap(node) || isSeq(node))) continue;
    if (node !== root) push(start, lastContent(file, node.range[1]), depth);
    const inner = depth + 1;
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        const value = pair.value as Node | null;
        if (key?.range && (isMap(value) || isSeq(value))) stack.push({ start: key.range[0], node: value, depth: inner });
      }
    } else {
      for (const item of itemsThatMayNest(node)) {
        if (isMap(item) || isSeq(item)) stack.push({ start: (item as Node).range?.[0] ?? start, node: item, depth: inner });
      }
    }
  }
  return [{ folds: out.sort(byStartThenLongest), moved: doc.moved }];
}

/** The order of a document's folding ranges: by start, the longest first, the outermost first (a list item's mapping and its first key's list start and end together). */
function byStartThenLongest(a: FoldingOffsets, b: FoldingOffsets): number {
  return a.start - b.start || b.end - a.end || a.depth - b.depth;
}

/** The range of a document of a multi-document file, if it spans more than one line. */
function documentFold(file: ParsedFile, doc: ParsedDocument): FoldingOffsets | undefined {
  const end = Math.max(doc.start, lastContent(file, doc.end));
  return end >= file.lineAt(doc.start).next ? { start: doc.start, end, depth: 0 } : undefined;
}

/** The offset of the last character before `end` that is not a line break (where a node's last line ends). */
function lastContent(file: ParsedFile, end: number): number {
  let e = Math.min(end, file.source.length);
  while (e > 0 && (file.source.charCodeAt(e - 1) === 0x0a || file.source.charCodeAt(e - 1) === 0x0d)) e--;
  return Math.max(0, e - 1);
}
