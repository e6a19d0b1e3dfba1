// Quick fixes for the diagnostics of a target-settings file, as plain edits:
//
// - unknown-property: rename the key to the close known name;
// - invalid-enum: change the value to the closest allowed one (preferred), or to any allowed one;
// - missing-property, conditional-required: insert the property under its parent, with its
//   default or a placeholder;
// - whitelist-absolute-url: an absolute URL on the target's own host (site.url) made relative;
// - duplicate-id: remove every later repeat of an id in the document (one action).
//
// Diagnostics may come back from the editor without `data` or `path` (VS Code hands providers
// copies of diagnostics without extra fields): every fact a fix needs is then found again from the
// schema and the document, so a fix never depends on them.

import { isMap, isScalar, isSeq, stringify, type Node, type YAMLMap } from 'yaml';
import type { CoreDiagnostic } from '../diagnostic';
import type { OffsetRange, ParsedDocument } from '../yaml/parsedDocument';
import type { ParsedFile } from '../yaml/parsedFile';
import { firstKey, keyName, nodeAtPath, pathAtOffset } from '../yaml/nodes';
import { decodeJsonPointer, formatFieldPath, type PathSegment } from '../paths';
import { targetSettingsNavigator } from '../schema/bundledSchema';
import type { Instance } from '../schema/instance';
import { typesOf } from '../schema/schemaNode';
import type { PropertyInfo } from '../schema/schemaProperties';
import { documentInstance } from '../schema/nodeInstance';
import { eolOf, removeSequenceItemsEdits, type OffsetEdit } from './edits';
import { detectIndentUnit } from './indentUnit';
import { yamlScalar } from './snippet';
import { closestName, editDistance, valueText } from '../wording';

/** A diagnostic as a code-action request may carry it: `code` and `range` at least. */
export type DiagnosticLike = Pick<CoreDiagnostic, 'code' | 'range'> & Partial<Omit<CoreDiagnostic, 'code' | 'range'>>;

export interface CoreCodeAction {
  readonly title: string;
  /** The diagnostic this action fixes. */
  readonly diagnostic: DiagnosticLike;
  /** Every diagnostic it fixes (several for "remove duplicate ids"). */
  readonly diagnostics: readonly DiagnosticLike[];
  /** Positions of {@link diagnostics} in the list given to {@link codeActions} (survives cloning). */
  readonly diagnosticIndexes: readonly number[];
  /** The best fix for its diagnostic (VS Code applies it with "Auto Fix"). */
  readonly isPreferred: boolean;
  /** Edits in offsets of the file text; apply them together. */
  readonly edits: readonly OffsetEdit[];
}

/** Quick fixes for `diagnostics` (of `file`); diagnostics without a fix are skipped. */
export function codeActions(file: ParsedFile, diagnostics: readonly DiagnosticLike[]): CoreCodeAction[] {
  const out: Draft[] = [];
  const duplicateGroups = new Map<string, DiagnosticLike[]>();
  for (const d of diagnostics) {
    const target = locate(file, d);
    if (target === undefined) continue;
    switch (d.code) {
      case 'unknown-property':
        out.push(...renameUnknown(file, d, target));
        break;
      case 'invalid-enum':
        out.push(...replaceEnum(file, d, target));
        break;
      case 'missing-property':
      case 'conditional-required':
        out.push(...insertMissing(file, d, target));
        break;
      case 'whitelist-absolute-url':
        out.push(...makeRelative(file, d, target));
        break;
      case 'duplicate-id': {
        const seqPath = target.path.length > 0 && typeof target.path[target.path.length - 1] === 'number' ? target.path.slice(0, -1) : ['ids'];
        const key = `${target.doc.index}:${JSON.stringify(seqPath)}`;
        const group = duplicateGroups.get(key) ?? [];
        group.push(d);
        duplicateGroups.set(key, group);
        break;
      }
    }
  }
  for (const [key, group] of duplicateGroups) {
    const [index, pathJson] = [Number(key.slice(0, key.indexOf(':'))), key.slice(key.indexOf(':') + 1)];
    const action = removeDuplicates(file, index, JSON.parse(pathJson) as PathSegment[], group);
    if (action !== undefined) out.push(action);
  }
  return out.map((a) => ({ ...a, diagnosticIndexes: a.diagnostics.map((d) => diagnostics.indexOf(d)) }));
}

type Draft = Omit<CoreCodeAction, 'diagnosticIndexes'>;

interface Target {
  readonly doc: ParsedDocument;
  /** Path of the node the diagnostic is about. */
  readonly path: PathSegment[];
  /** Offsets of the diagnostic's range. */
  readonly range: OffsetRange;
}

/** The document and path a diagnostic is about: from its `document`/`path`, else from its range. */
function locate(file: ParsedFile, d: DiagnosticLike): Target | undefined {
  const start = file.offsetAt(d.range.start);
  const end = file.offsetAt(d.range.end);
  const doc = d.document !== undefined ? file.documents[d.document] : file.documentAt(start);
  if (doc === undefined) return undefined;
  let path: PathSegment[] | undefined;
  if (typeof d.path === 'string') {
    path = typedPath(doc, d.path);
  }
  if (path === undefined) {
    const found = pathAtOffset(doc.document, start);
    path = found?.path ?? [];
  }
  return { doc, path, range: { start, end } };
}

/** A JSON pointer as a path, with sequence indexes as numbers (read from the AST, not the value). */
function typedPath(doc: ParsedDocument, pointer: string): PathSegment[] | undefined {
  let segments: string[];
  try {
    segments = decodeJsonPointer(pointer);
  } catch {
    return undefined;
  }
  const path: PathSegment[] = [];
  for (const s of segments) {
    const here = path.length === 0 ? doc.document.contents : nodeAtPath(doc.document, path)?.value;
    path.push(isSeq(here) && /^\d+$/.test(s) ? Number(s) : s);
  }
  return path;
}

function textOf(file: ParsedFile, r: OffsetRange): string {
  return file.text.slice(r.start, r.end);
}

function rangeOfNode(node: Node | null | undefined): OffsetRange | undefined {
  const r = node?.range;
  return r ? { start: r[0], end: r[1] } : undefined;
}

// --- unknown property -------------------------------------------------------------------------

function renameUnknown(file: ParsedFile, d: DiagnosticLike, t: Target): Draft[] {
  const found = t.path.length > 0 ? nodeAtPath(t.doc.document, t.path) : undefined;
  const keyRange = found?.keyRange ?? t.range;
  const name = typeof t.path[t.path.length - 1] === 'string' && found !== undefined ? String(t.path[t.path.length - 1]) : textOf(file, keyRange).trim();
  const parentPath = found !== undefined ? t.path.slice(0, -1) : t.path;
  const nav = targetSettingsNavigator();
  const loc = nav.at(parentPath, documentInstance(t.doc.document.contents));
  const parentNode = parentPath.length === 0 ? t.doc.document.contents : nodeAtPath(t.doc.document, parentPath)?.value;
  const present = new Set(isMap(parentNode) ? parentNode.items.map((p) => keyName(p.key)).filter((k): k is string => k !== undefined) : []);
  let suggestion = typeof d.data?.suggestion === 'string' ? d.data.suggestion : undefined;
  if (suggestion === undefined && loc !== undefined) {
    const candidates = nav
      .properties(loc)
      .map((p) => p.name)
      .filter((n) => !present.has(n));
    suggestion = closestName(name, candidates);
  }
  if (suggestion === undefined || suggestion === name || present.has(suggestion)) return [];
  return [
    {
      title: `Rename \`${name}\` to \`${suggestion}\``,
      diagnostic: d,
      diagnostics: [d],
      isPreferred: true,
      edits: [{ range: keyRange, newText: suggestion }],
    },
  ];
}

// --- enum values -------------------------------------------------------------------------------

function replaceEnum(file: ParsedFile, d: DiagnosticLike, t: Target): Draft[] {
  const found = t.path.length > 0 ? nodeAtPath(t.doc.document, t.path) : undefined;
  const valueNode = found?.value;
  const range = (isScalar(valueNode) ? rangeOfNode(valueNode) : undefined) ?? t.range;
  const current: unknown = isScalar(valueNode) ? valueNode.value : textOf(file, range);
  let allowed = Array.isArray(d.data?.allowed) ? (d.data.allowed as readonly unknown[]) : undefined;
  if (allowed === undefined) {
    const loc = targetSettingsNavigator().at(t.path, documentInstance(t.doc.document.contents));
    allowed = loc?.schemas.find((s) => s.enum !== undefined)?.enum;
  }
  if (allowed === undefined || allowed.length === 0) return [];
  const best = closestValue(current, allowed);
  const source = textOf(file, range);
  const ordered = [best, ...allowed.filter((v) => v !== best)];
  return ordered.map((v, i) => ({
    title: i === 0 ? `Change to \`${display(v)}\` (closest allowed value)` : `Change to \`${display(v)}\``,
    diagnostic: d,
    diagnostics: [d],
    isPreferred: i === 0,
    edits: [{ range, newText: scalarLike(source, v) }],
  }));
}

function display(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The allowed value closest to `current`: same text ignoring case, then a prefix, then the fewest edits. */
export function closestValue(current: unknown, allowed: readonly unknown[]): unknown {
  const text = valueText(current).toLowerCase();
  let best = allowed[0];
  let bestScore = Infinity;
  for (const v of allowed) {
    const s = String(v).toLowerCase();
    let score: number;
    if (s === text) score = -2;
    else if (text !== '' && (s.startsWith(text) || text.startsWith(s))) score = -1 + Math.abs(s.length - text.length) / 1000;
    else score = editDistance(text, s);
    if (score < bestScore) {
      best = v;
      bestScore = score;
    }
  }
  return best;
}

/** `value` written as a scalar in the quoting style of `source` (the text it replaces). */
function scalarLike(source: string, value: unknown): string {
  if (typeof value === 'string') {
    if (source.startsWith('"')) return JSON.stringify(value);
    if (source.startsWith("'")) return `'${value.replace(/'/g, "''")}'`;
  }
  return yamlScalar(value);
}

// --- missing property -------------------------------------------------------------------------

function insertMissing(file: ParsedFile, d: DiagnosticLike, t: Target): Draft[] {
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

/**
 * A value to start a required property with: its default, an allowed value, or an empty one; an
 * object gets its required properties (those required by conditions that hold too), a list that
 * must not be empty one placeholder item.
 */
export function placeholderFor(path: readonly PathSegment[], instance: Instance | undefined, info?: PropertyInfo, depth = 0): unknown {
  const nav = targetSettingsNavigator();
  const loc = nav.at(path, instance);
  if (loc === undefined) return '';
  const s = loc.schema;
  if (info?.hasDefault) return info.default;
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  const withEnum = info?.enum ?? loc.schemas.find((x) => x.enum !== undefined)?.enum;
  if (withEnum !== undefined && withEnum.length > 0) return withEnum[0];
  const types = typesOf(s);
  if (types.includes('object')) {
    const out: Record<string, unknown> = {};
    if (depth < 4) {
      for (const p of nav.properties(loc)) {
        if (p.required) out[p.name] = placeholderFor([...path, p.name], instance, p, depth + 1);
      }
    }
    return out;
  }
  if (types.includes('array')) {
    return (s.minItems ?? 0) > 0 && depth < 4 ? [placeholderFor([...path, 0], instance, undefined, depth + 1)] : [];
  }
  if (types.includes('string')) return '';
  if (types.includes('integer') || types.includes('number')) return s.minimum ?? 0;
  if (types.includes('boolean')) return false;
  return null;
}

/** The edit inserting `name: value` into the mapping at `parentPath`, at its keys' indentation. */
function insertPropertyEdit(
  file: ParsedFile,
  doc: ParsedDocument,
  parentPath: PathSegment[],
  parentNode: Node | null | undefined,
  p: PropertyInfo,
): OffsetEdit | undefined {
  const eol = eolOf(file.text);
  const unit = detectIndentUnit(file.text);
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

// --- whitelist --------------------------------------------------------------------------------

function makeRelative(file: ParsedFile, d: DiagnosticLike, t: Target): Draft[] {
  const found = t.path.length > 0 ? nodeAtPath(t.doc.document, t.path) : undefined;
  const node = found?.value;
  if (!isScalar(node) || typeof node.value !== 'string') return [];
  const range = rangeOfNode(node) ?? t.range;
  const siteUrl = nodeAtPath(t.doc.document, ['site', 'url'])?.value;
  if (!isScalar(siteUrl) || typeof siteUrl.value !== 'string') return [];
  const relative = relativeOnHost(node.value, siteUrl.value);
  if (relative === undefined) return [];
  return [
    {
      title: `Make relative: \`${relative}\``,
      diagnostic: d,
      diagnostics: [d],
      isPreferred: true,
      edits: [{ range, newText: scalarLike(textOf(file, range), relative) }],
    },
  ];
}

/** The path and query of `entry` when it is an absolute URL on `siteUrl`'s host (and port). */
export function relativeOnHost(entry: string, siteUrl: string): string | undefined {
  let target: URL;
  let site: URL;
  try {
    site = new URL(siteUrl);
    target = new URL(entry.startsWith('//') ? `${site.protocol}${entry}` : entry);
  } catch {
    return undefined;
  }
  if (target.hostname.toLowerCase() !== site.hostname.toLowerCase() || effectivePort(target) !== effectivePort(site)) {
    return undefined;
  }
  return `${target.pathname || '/'}${target.search}`;
}

function effectivePort(url: URL): string {
  if (url.port !== '') return url.port;
  return url.protocol === 'http:' ? '80' : url.protocol === 'https:' ? '443' : '';
}

// --- duplicate ids ----------------------------------------------------------------------------

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
