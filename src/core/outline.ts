// The outline of a target-settings file (document symbols) and its folding ranges, from the YAML
// AST. Pure: offsets into the file text; the language server turns them into positions.
//
// A list of scalars (the `ids` list above all) is one symbol that says how many items it holds:
// 100,000 id symbols would help nobody and cost every outline request.
import { isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import { collectionItems, indexesThatMayNest, itemsThatMayNest, keyName } from './yaml/nodes';
import type { OffsetRange } from './yaml/parsedDocument';
import type { ParsedFile } from './yaml/parsedFile';
import { valueText } from './wording';

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

/** The file's outline: one symbol per document when there are several, else the document's keys. */
export function documentSymbols(file: ParsedFile): OutlineSymbol[] {
  const budget = { left: MAX_SYMBOLS };
  const perDocument = file.documents.map((doc) => ({ doc, keys: entries(doc.document.contents as Node | null, budget) }));
  const [first] = perDocument;
  if (first !== undefined && perDocument.length === 1) return first.keys;
  return perDocument.map(({ doc, keys }) => {
    const range = { start: doc.start, end: Math.max(doc.start, doc.end) };
    return { name: `Document ${doc.index + 1}`, kind: 'document' as const, range, selectionRange: { start: range.start, end: range.start }, children: keys };
  });
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
    const count = collectionItems(value).length;
    return `${count.toLocaleString('en-US')} ${count === 1 ? 'item' : 'items'}`;
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
}

/**
 * Every mapping entry and list item whose value spans several lines folds from its key to the end
 * of its value; so does every document of a multi-document file. Scalars inside lists are not
 * visited: a 100,000-id list costs one range, not a walk over its ids.
 */
export function foldingRanges(file: ParsedFile): FoldingOffsets[] {
  const out: FoldingOffsets[] = [];
  if (file.documents.length > 1) {
    for (const doc of file.documents) out.push({ start: doc.start, end: Math.max(doc.start, lastContent(file, doc.end)) });
  }
  // The roots themselves do not fold (that would hide a document behind its first key line).
  const stack: Array<{ start: number; node: Node | null; root?: boolean }> = file.documents.map((doc) => ({
    start: doc.start,
    node: doc.document.contents,
    root: true,
  }));
  while (stack.length > 0) {
    const { start, node, root } = stack.pop()!;
    if (!node?.range || !(isMap(node) || isSeq(node))) continue;
    if (!root) out.push({ start, end: lastContent(file, node.range[1]) });
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        const value = pair.value as Node | null;
        if (key?.range && (isMap(value) || isSeq(value))) stack.push({ start: key.range[0], node: value });
      }
    } else {
      for (const item of itemsThatMayNest(node)) {
        if (isMap(item) || isSeq(item)) stack.push({ start: (item as Node).range?.[0] ?? start, node: item });
      }
    }
  }
  return out.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** The offset of the last character before `end` that is not a line break (where a node's last line ends). */
function lastContent(file: ParsedFile, end: number): number {
  let e = Math.min(end, file.source.length);
  while (e > 0 && (file.source.charCodeAt(e - 1) === 0x0a || file.source.charCodeAt(e - 1) === 0x0d)) e--;
  return Math.max(0, e - 1);
}
