// The missing-property and conditional-required fixes: find the mapping the property belongs in and
// which required properties it lacks, then offer to insert each (the one the message names first).
// Without the diagnostic's path and data, the parent and the property are found again from the
// range, the schema and the message.

import { isMap, isScalar, type Node } from 'yaml';
import type { ParsedFile } from '../yaml/parsedFile';
import { keyName, nodeAtPath, pathAtOffset } from '../yaml/nodes';
import { formatFieldPath, type PathSegment } from '../paths';
import { targetSettingsNavigator } from '../schema/bundledSchema';
import type { PropertyInfo } from '../schema/schemaProperties';
import { documentInstance } from '../schema/nodeInstance';
import type { DiagnosticLike, Draft } from './codeActionTypes';
import type { Target } from './fixTarget';
import { insertPropertyEdit } from './insertPropertyEdit';
import { yamlScalar } from './snippet';

export function insertMissing(file: ParsedFile, d: DiagnosticLike, t: Target): Draft[] {
  const nav = targetSettingsNavigator();
  const instance = documentInstance(t.doc.document.contents);
  const named = typeof d.data?.missingProperty === 'string' ? d.data.missingProperty : undefined;
  // The parent object. Validation gives the path where the property would be (`/site/basic_auth/
  // password`, data.missingProperty `password`); Ajv's own habit is the parent's path. Without a
  // path, the range is on the parent's key (or, for the root and list items, on the parent
  // mapping's first key): the mapping under that key, or the one holding it.
  const candidates: PathSegment[][] = [];
  if (typeof d.path === 'string') {
    if (named !== undefined && t.path[t.path.length - 1] === named) candidates.push(t.path.slice(0, -1));
    candidates.push(t.path);
  } else {
    const at = pathAtOffset(t.doc.document, t.range.start);
    if (at?.kind === 'key') candidates.push(at.path, at.path.slice(0, -1));
    else candidates.push(t.path);
  }
  const found: Array<{ parentPath: PathSegment[]; parentNode: Node | null | undefined; p: PropertyInfo }> = [];
  for (const parentPath of candidates) {
    const loc = nav.at(parentPath, instance);
    if (loc === undefined) continue;
    const parentNode = parentPath.length === 0 ? t.doc.document.contents : nodeAtPath(t.doc.document, parentPath)?.value;
    if (parentNode != null && !isMap(parentNode) && !(isScalar(parentNode) && parentNode.value === null)) continue;
    const present = new Set(isMap(parentNode) ? parentNode.items.map((p) => keyName(p.key)) : []);
    for (const p of nav.properties(loc)) {
      // A property validation names is trusted even where this module's reading of the schema differs.
      if (!present.has(p.name) && (named !== undefined ? p.name === named : p.required)) found.push({ parentPath, parentNode, p });
    }
    if (named !== undefined && found.length > 0) break;
  }
  // Without data, the message names the field (`site.basic_auth.password is required`).
  let chosen = found;
  if (named === undefined && d.message !== undefined && found.length > 1) {
    const mentioned = found.filter((f) => new RegExp(`(^|[^\\w.])${escapeRegExp(formatFieldPath([...f.parentPath, f.p.name]))}($|[^\\w])`).test(d.message!));
    if (mentioned.length > 0) chosen = mentioned;
  }
  const actions: Draft[] = [];
  chosen.forEach(({ parentPath, parentNode, p }, i) => {
    const edit = insertPropertyEdit(file, t.doc, parentPath, parentNode, p);
    if (edit === undefined) return;
    const what = p.hasDefault ? `with its default ${yamlScalar(p.default)}` : 'with a placeholder';
    actions.push({
      title: `Add required property \`${p.name}\` (${what})`,
      diagnostic: d,
      diagnostics: [d],
      isPreferred: i === 0,
      edits: [edit],
    });
  });
  return actions;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
