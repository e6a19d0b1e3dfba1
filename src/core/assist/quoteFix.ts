// The invalid-type fix where text is expected and the value was read as a number or as true/false
// (`- 12345`, `name: 2024`; `- yes` is text already): the value as written, put in quotes. On an
// id, also "put all N such ids of the file in quotes": ids pasted from a spreadsheet column are
// often all numbers, thousands of errors to fix in one step, and a list of them parses slowly
// until they are text.

import { isScalar, isSeq, type Scalar } from 'yaml';
import type { ParsedDocument } from '../yaml/parsedDocument';
import type { ParsedFile } from '../yaml/parsedFile';
import { collectionItems, indexesToCheck, nodeAtPath, nodeRange } from '../yaml/nodes';
import { targetSettingsNavigator } from '../schema/bundledSchema';
import { documentInstance } from '../schema/nodeInstance';
import { typesOf } from '../schema/schemaNode';
import type { DiagnosticLike, Draft } from './codeActionTypes';
import type { OffsetEdit } from './edits';
import type { Target } from './fixTarget';
import { textOf } from './fixText';

/**
 * "Put X in quotes" (preferred) for an `invalid-type` diagnostic that expects a string, and, on an
 * id of a file with more such ids, "Put all N ids … in quotes" (its edits left to
 * `quoteAllIdsEdits` when `deferEdits`: they may be thousands, and clients ask on every move).
 */
export function quoteValue(file: ParsedFile, d: DiagnosticLike, t: Target, deferEdits: boolean): Draft[] {
  if (!expectsText(d, t)) return [];
  const node = nodeAtPath(t.doc.document, t.path)?.value;
  const edit = isScalar(node) ? quoteEdit(file, node) : undefined;
  if (edit === undefined) return [];
  const out: Draft[] = [{ title: `Put \`${textOf(file, edit.range)}\` in quotes`, diagnostic: d, diagnostics: [d], isPreferred: true, edits: [edit] }];
  if (t.path.length === 2 && t.path[0] === 'ids' && typeof t.path[1] === 'number') {
    const count = file.documents.reduce((sum, doc) => sum + unquotedIds(doc).length, 0);
    if (count > 1) {
      const all = { title: `Put all ${count} ids read as numbers or true/false in quotes`, diagnostic: d, diagnostics: [d], isPreferred: false };
      out.push(deferEdits ? { ...all, edits: [], deferred: 'quote-all-ids' } : { ...all, edits: quoteAllIdsEdits(file) });
    }
  }
  return out;
}

/** Whether text is expected where `d` is: as its data says, else (a diagnostic handed back without it) as the schema does. */
function expectsText(d: DiagnosticLike, t: Target): boolean {
  const expected = Array.isArray(d.data?.expected)
    ? (d.data.expected as unknown[])
    : targetSettingsNavigator().at(t.path, documentInstance(t.doc.document.contents))?.schemas.flatMap(typesOf);
  return expected?.includes('string') === true;
}

/** The edits of "put all ids … in quotes", in every document of the file. Non-overlapping, sorted. */
export function quoteAllIdsEdits(file: ParsedFile): OffsetEdit[] {
  return file.documents.flatMap((doc) => unquotedIds(doc).flatMap((node) => quoteEdit(file, node) ?? []));
}

/**
 * The items of a document's `ids` list written plain and read as a number or true/false. (Of a
 * long list the fast path built, only the items outside the spans of ids it vouches for can be.)
 */
function unquotedIds(doc: ParsedDocument): Scalar[] {
  const seq = nodeAtPath(doc.document, ['ids'])?.value;
  if (!isSeq(seq)) return [];
  const items = collectionItems(seq);
  return indexesToCheck(seq)
    .map((i) => items.at(i))
    .filter((node): node is Scalar => isScalar(node) && quotable(node));
}

/** The value as written, in double quotes (a number or true/false holds no `"` or `\`). */
function quoteEdit(file: ParsedFile, node: Scalar): OffsetEdit | undefined {
  const range = nodeRange(node);
  if (range === undefined || !quotable(node)) return undefined;
  return { range, newText: `"${file.source.slice(range.start, range.end)}"` };
}

function quotable(node: Scalar): boolean {
  return node.type === 'PLAIN' && node.tag === undefined && (typeof node.value === 'number' || typeof node.value === 'boolean');
}
