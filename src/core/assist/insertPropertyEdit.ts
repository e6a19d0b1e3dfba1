// The text edit that adds `name: value` to a mapping, written the way the file already is: into a
// flow mapping before its `}`, after a block mapping's last line at its keys' column, under a
// `key:` that has no value yet, or at the start of an empty document; with the file's line breaks
// and indentation unit.

import { isMap, stringify, type Node, type YAMLMap } from 'yaml';
import type { ParsedDocument } from '../yaml/parsedDocument';
import type { ParsedFile } from '../yaml/parsedFile';
import { firstKey, nodeAtPath } from '../yaml/nodes';
import type { PathSegment } from '../paths';
import type { PropertyInfo } from '../schema/schemaProperties';
import { documentInstance } from '../schema/nodeInstance';
import { eolOf, type OffsetEdit } from './edits';
import { detectIndentUnit } from './indentUnit';
import { placeholderFor } from './placeholder';

/** The edit inserting `name: value` into the mapping at `parentPath`, at its keys' indentation. */
export function insertPropertyEdit(
  file: ParsedFile,
  doc: ParsedDocument,
  parentPath: PathSegment[],
  parentNode: Node | null | undefined,
  p: PropertyInfo,
): OffsetEdit | undefined {
  const eol = eolOf(file.source);
  const unit = detectIndentUnit(file.source);
  const value = placeholderFor([...parentPath, p.name], documentInstance(doc.document.contents), p);
  if (isMap(parentNode) && parentNode.flow) {
    const end = parentNode.range?.[1];
    if (end === undefined) return undefined;
    const close = file.text.lastIndexOf('}', end);
    if (close === -1) return undefined;
    const inline = stringify({ [p.name]: value }, { flowCollectionPadding: false, collectionStyle: 'flow', lineWidth: 0 })
      .trim()
      .replace(/^\{|\}$/g, '');
    const sep = parentNode.items.length > 0 ? ', ' : '';
    return { range: { start: close, end: close }, newText: `${sep}${inline}` };
  }
  const block = (indent: number): string =>
    stringify({ [p.name]: value }, { indent: unit, lineWidth: 0 })
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => ' '.repeat(indent) + line)
      .join(eol);
  if (isMap(parentNode) && parentNode.items.length > 0) {
    const first = firstKey(parentNode);
    const column = first?.range ? file.positionAt(first.range[0]).character : 0;
    const lastLine = lastLineOf(file, parentNode);
    if (lastLine < file.lineCount - 1) {
      const at = file.lineStart(lastLine + 1);
      return { range: { start: at, end: at }, newText: block(column) + eol };
    }
    return { range: { start: file.text.length, end: file.text.length }, newText: eol + block(column) };
  }
  if (parentPath.length === 0) {
    // An empty document: put it where the content would start.
    const at = parentNode?.range?.[0] ?? doc.start;
    return { range: { start: at, end: at }, newText: block(0) + eol };
  }
  // `key:` with no value yet: the property goes on the next line, one level deeper.
  const found = nodeAtPath(doc.document, parentPath);
  const keyRange = found?.keyRange;
  if (keyRange === undefined) return undefined;
  const keyLine = file.positionAt(keyRange.start).line;
  const keyColumn = file.positionAt(keyRange.start).character;
  const at = parentNode?.range && parentNode.range[1] > parentNode.range[0] ? parentNode.range[1] : file.lineEnd(keyLine);
  const replaceStart = parentNode?.range && parentNode.range[1] > parentNode.range[0] ? parentNode.range[0] : at;
  // A `null`/`~` written out is replaced by the block.
  return { range: { start: replaceStart, end: at }, newText: eol + block(keyColumn + unit) };
}

/** Last line of a block mapping's content. */
function lastLineOf(file: ParsedFile, map: YAMLMap): number {
  const last = map.items.at(-1);
  const node = (last?.value ?? last?.key) as Node | null | undefined;
  const r = node?.range;
  if (!r) return file.positionAt(map.range?.[1] ?? 0).line;
  const end = r[1] > r[0] ? r[1] - 1 : r[1];
  return file.positionAt(end).line;
}
