// Moving a parsed document's offsets in place: those of a stand-in's parse to the file's
// (fastIds.ts), and those of a document a later version takes over where an edit before it moved
// it (when it is next read: DocumentState.nodesMoved). Pure.

import { Document, YAMLError, isCollection, isNode, isPair } from 'yaml';
import { fastListOf } from './fastIds';

/**
 * Moves every offset of a document with `map`, in place: its range, errors and every node. (No
 * copy: cloning a 100,000-id document on every edit above it would cost more than parsing it with
 * the fast path.) The nodes of an `ids` list the fast path built are its scan's, which the caller
 * moves.
 */
export function mapDocument(doc: Document.Parsed, map: (offset: number) => number): Document.Parsed {
  doc.range = [map(doc.range[0]), map(doc.range[1]), map(doc.range[2])];
  doc.errors = doc.errors.map((e) => mapError(e, map));
  doc.warnings = doc.warnings.map((e) => mapError(e, map));
  // Iterative walk: deeply nested documents must not overflow the stack.
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const item = stack.pop();
    if (isPair(item)) {
      stack.push(item.key, item.value);
    } else if (isNode(item)) {
      const r = item.range;
      if (r) {
        r[0] = map(r[0]);
        r[1] = map(r[1]);
        r[2] = map(r[2]);
      }
      const fast = fastListOf(item);
      if (fast !== undefined) {
        for (const child of fast.parsedItems) {
          stack.push(child);
        }
      } else if (isCollection(item)) {
        for (const child of item.items) {
          stack.push(child);
        }
      }
    }
  }
  return doc;
}

/**
 * Moves an error's position with `map`, in place, as the nodes are moved. (A copy would be an Error
 * made anew, with a stack trace captured for it: a file whose settings the parse cannot read
 * spent a millisecond of every keystroke on them.)
 */
export function mapError(e: YAMLError, map: (offset: number) => number): YAMLError {
  e.pos = [map(e.pos[0]), map(e.pos[1])];
  return e;
}
