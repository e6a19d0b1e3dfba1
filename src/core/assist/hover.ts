// Hover for target-settings files: markdown from the schema for the key or value under the cursor
// (title, description, type, default, limits, allowed values with their meaning and the current
// one marked), and for a `${env:NAME}` placeholder whether NAME is set where the extension runs.
// A placeholder's value is never read into the hover: the caller answers "is it set" only.

import { ENV_PLACEHOLDER, type EnvCheck } from '../envPlaceholders';
import { isScalar } from 'yaml';
import type { OffsetRange } from '../yaml/parsedDocument';
import type { ParsedFile } from '../yaml/parsedFile';
import { nodeAtPath, pathAtOffset } from '../yaml/nodes';
import { formatFieldPath, type PathSegment } from '../paths';
import { targetSettingsNavigator } from '../schema/bundledSchema';
import type { SchemaLocation } from '../schema/navigate';
import { enumDescriptionsOf } from '../schema/schemaNode';
import { documentInstance } from '../schema/nodeInstance';
import { lineShape, stripTrailingComment } from './lineShape';
import { TextStructure } from './textStructure';
import { describeSchema, inlineValue } from './describe';

export interface HoverResult {
  readonly markdown: string;
  /** Offsets of the hovered key, value or placeholder. */
  readonly range: OffsetRange;
}

/** What the hover at `offset` shows, or `undefined` for nothing there. */
export function hover(file: ParsedFile, offset: number, isEnvSet?: EnvCheck): HoverResult | undefined {
  const env = envPlaceholderAt(file, offset);
  if (env !== undefined) {
    return { range: env.range, markdown: envMarkdown(env.name, isEnvSet) };
  }
  const target = targetAt(file, offset);
  if (target === undefined) {
    return undefined;
  }
  const nav = targetSettingsNavigator();
  const doc = file.documentAt(offset);
  const instance = documentInstance(doc?.document.contents ?? null);
  const parentPath = target.path.slice(0, -1);
  const last = target.path[target.path.length - 1];
  const parent = nav.at(parentPath, instance);
  const location = nav.at(target.path, instance);
  if (parent === undefined || location === undefined) {
    if (target.kind === 'key' && parent !== undefined && typeof last === 'string') {
      return { range: target.range, markdown: `\`${last}\` is not a property the schema knows at ${formatFieldPath(parentPath)}.` };
    }
    return undefined;
  }
  const info = typeof last === 'string' ? nav.property(parent, last) : undefined;
  const itemSchema = itemSchemaOf(location);
  const required = info?.required ?? false;
  const common = { name: typeof last === 'string' ? last : undefined, required, conditionallyRequired: info?.conditionallyRequired, itemSchema };
  if (target.kind === 'key' || target.value === undefined) {
    // The key's value, when it is a scalar, is marked among the allowed values.
    const valueNode = doc === undefined ? undefined : nodeAtPath(doc.document, target.path)?.value;
    const current = isScalar(valueNode) ? valueNode.value : undefined;
    return { range: target.range, markdown: describeSchema(location.schema, { ...common, current }) };
  }
  // A scalar value: the field, then what this value means.
  const value = target.value;
  const withEnum = location.schemas.find((s) => s.enum !== undefined);
  const parts: string[] = [];
  if (withEnum?.enum !== undefined) {
    const index = withEnum.enum.findIndex((v) => v === value);
    const meaning = index === -1 ? undefined : enumDescriptionsOf(withEnum)?.[index];
    parts.push(index === -1 ? `\`${inlineValue(value)}\` is not one of the allowed values.` : `\`${inlineValue(value)}\`${meaning ? ` — ${meaning}` : ''}`);
  }
  parts.push(
    describeSchema(
      { ...location.schema, ...(withEnum ? { enum: withEnum.enum, markdownEnumDescriptions: enumDescriptionsOf(withEnum) as string[] | undefined } : {}) },
      { ...common, current: value },
    ),
  );
  return { range: target.range, markdown: parts.join('\n\n---\n\n') };
}

function itemSchemaOf(location: SchemaLocation) {
  const nav = targetSettingsNavigator();
  const item = nav.childSchema(location.schema, 0);
  return item === undefined ? undefined : nav.resolve(item);
}

interface Target {
  readonly kind: 'key' | 'value';
  readonly path: PathSegment[];
  readonly range: OffsetRange;
  /** The scalar value, for `value`. */
  readonly value?: unknown;
}

/** The key or scalar value at `offset`: from the AST when the document parsed cleanly, else from the text. */
function targetAt(file: ParsedFile, offset: number): Target | undefined {
  const doc = file.documentAt(offset);
  if (doc === undefined) return undefined;
  if (doc.errors.length === 0) {
    const found = pathAtOffset(doc.document, offset);
    if (found === undefined || found.node === null || found.path.length === 0) return undefined;
    const node = found.node;
    const r = node.range;
    if (!r || offset < r[0] || offset > r[1]) return undefined;
    if (found.kind === 'key') {
      return { kind: 'key', path: found.path, range: { start: r[0], end: r[1] } };
    }
    if (isScalar(node)) {
      return { kind: 'value', path: found.path, range: { start: r[0], end: r[1] }, value: node.value };
    }
    return undefined;
  }
  return textTargetAt(file, offset);
}

/** The key or value at `offset`, read from the line's text and the indentation above it. */
function textTargetAt(file: ParsedFile, offset: number): Target | undefined {
  const doc = file.documentAt(offset);
  const structure = TextStructure.of(file, doc);
  const { line, character } = file.positionAt(offset);
  const text = structure.lineText(line);
  if (stripTrailingComment(text.slice(0, character)) !== text.slice(0, character)) return undefined;
  const shape = lineShape(text);
  const lineStart = file.lineStart(line);
  for (const [j, s] of [...shape.starts.entries()].reverse()) {
    if (s.column > character) continue;
    if (s.kind === 'key') {
      const after = text.slice(s.column);
      const colon = after.search(/[ \t]*:(\s|$)/);
      const keyEnd = s.column + colon;
      const container = structure.containerOf(line, j, shape);
      if (container === undefined) return undefined;
      const path = [...container, s.key!];
      if (character <= keyEnd) {
        return { kind: 'key', path, range: { start: lineStart + s.column, end: lineStart + keyEnd } };
      }
      const valueStart = s.column + after.indexOf(':', colon) + 1;
      const raw = stripTrailingComment(text.slice(valueStart)).trim();
      if (raw === '') return { kind: 'key', path, range: { start: lineStart + s.column, end: lineStart + keyEnd } };
      const start = lineStart + text.indexOf(raw, valueStart);
      return { kind: 'value', path, range: { start, end: start + raw.length }, value: scalarOf(raw) };
    }
    const dash = j > 0 ? shape.starts[j - 1] : undefined;
    if (s.kind === 'scalar' && dash?.kind === 'dash') {
      const seqPath = structure.containerOf(line, j - 1, shape);
      if (seqPath === undefined) return undefined;
      const path = [...seqPath, structure.itemIndex(seqPath, line, dash.column)];
      const raw = stripTrailingComment(text.slice(s.column)).trim();
      const start = lineStart + s.column;
      return { kind: 'value', path, range: { start, end: start + raw.length }, value: scalarOf(raw) };
    }
    return undefined;
  }
  return undefined;
}

/** A scalar's value from its source text (quotes removed; YAML 1.2 core schema types). */
function scalarOf(raw: string): unknown {
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw.slice(1, -1);
    }
  }
  if (raw.startsWith("'")) return raw.slice(1, -1).replace(/''/g, "'");
  if (/^(null|Null|NULL|~)$/.test(raw)) return null;
  if (/^(true|True|TRUE)$/.test(raw)) return true;
  if (/^(false|False|FALSE)$/.test(raw)) return false;
  if (/^[-+]?[0-9]+$/.test(raw)) return Number(raw);
  if (/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(raw)) return Number(raw);
  return raw;
}

/** The `${env:NAME}` placeholder the offset is on (outside comments), if any. */
export function envPlaceholderAt(file: ParsedFile, offset: number): { name: string; range: OffsetRange } | undefined {
  const { line, character } = file.positionAt(offset);
  const start = file.lineStart(line);
  const text = file.source.slice(start, file.lineEnd(line));
  const code = stripTrailingComment(text);
  for (const m of code.matchAll(ENV_PLACEHOLDER)) {
    const [placeholder, name = ''] = m;
    const from = m.index ?? 0;
    const to = from + placeholder.length;
    if (character >= from && character <= to) {
      return { name, range: { start: start + from, end: start + to } };
    }
  }
  return undefined;
}

function envMarkdown(name: string, isEnvSet: EnvCheck | undefined): string {
  const head = `**Environment variable \`${name}\`**`;
  const rule = 'The placeholder is replaced only when a request is built: its value is never written back to the file, shown or logged.';
  if (isEnvSet === undefined) {
    return `${head}\n\n${rule}`;
  }
  const state = isEnvSet(name);
  if (state === 'empty') {
    return `${head} is set but **empty** in the environment VS Code runs in. A bulk update refuses an empty variable as if it were unset: give it a value and restart VS Code.\n\n${rule}`;
  }
  if (state === 'set') {
    return `${head} is **set** in the environment VS Code runs in.\n\n${rule}`;
  }
  if (state === 'unavailable') {
    return `${head} **cannot be read here**: VS Code in a browser has no environment variables, so a bulk update of this document from here would stop before sending. Send it from VS Code on the desktop or with the scan-targets command line, where the variable is set.\n\n${rule}`;
  }
  return `${head} is **not set** in the environment VS Code runs in, so a bulk update of this document would stop before sending. Set it in the environment VS Code starts from (or in your CI job for the command line), then restart VS Code.\n\n${rule}`;
}
