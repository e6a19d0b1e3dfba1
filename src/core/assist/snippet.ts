// YAML as snippet text: rendering a `defaultSnippets` body or a property's skeleton as block YAML
// lines, and values as inline scalars quoted only when needed. The snippet syntax itself is in
// snippetSyntax.ts.

import { parse } from 'yaml';
import { escapeSnippet, expandSnippet, type TabStops } from './snippetSyntax';

/** One line of YAML at an indentation relative to the first line of the block. */
export interface YamlLine {
  readonly indent: number;
  readonly text: string;
}

const SCALAR_OPTIONS = { version: '1.2' as const, strict: false, uniqueKeys: false };

/**
 * The answers of isPlainSafe so far: each completion describes the same schema values again (every
 * enum member of every property), and each answer is a parse. Few strings are asked about (the
 * schema's, a hovered value); forgotten when many have been, so a stream of values keeps it small.
 */
const plainSafe = new Map<string, boolean>();
const MAX_REMEMBERED = 1000;

/** True when `text`, written plain after `key: `, reads back as that same string. */
export function isPlainSafe(text: string): boolean {
  let safe = plainSafe.get(text);
  if (safe === undefined) {
    if (plainSafe.size >= MAX_REMEMBERED) plainSafe.clear();
    safe = readsBackPlain(text);
    plainSafe.set(text, safe);
  }
  return safe;
}

function readsBackPlain(text: string): boolean {
  if (text === '' || text !== text.trim() || /^\d{1,2}:\d{2}/.test(text)) {
    // Empty, padded, or a time of day (a number in YAML 1.1 readers): quote.
    return false;
  }
  try {
    const value: unknown = parse(`k: ${text}`, SCALAR_OPTIONS);
    return typeof value === 'object' && value !== null && (value as { k?: unknown }).k === text;
  } catch {
    return false;
  }
}

/** A plain JS value written as an inline YAML scalar (strings quoted only when needed). */
export function yamlScalar(value: unknown): string {
  if (typeof value === 'string') {
    return isPlainSafe(value) ? value : JSON.stringify(value);
  }
  if (Array.isArray(value) && value.length === 0) return '[]';
  if (value !== null && typeof value === 'object' && Object.keys(value).length === 0) return '{}';
  return value === undefined ? '' : JSON.stringify(value);
}

/**
 * A string of a snippet body (it may hold tab stops) as an inline YAML scalar in snippet syntax:
 * quoted when its sample text (tab stops replaced by their defaults) would not read back as a
 * string, e.g. `#1f77b4` (a comment) or `22:00`. A bare tab stop stays plain, to be typed over.
 */
export function snippetScalar(template: string): string {
  if (/^\$\{?\d+\}?$/.test(template) || /^\$\{\d+\}$/.test(template)) {
    return template;
  }
  const sample = expandSnippet(template);
  if (isPlainSafe(sample)) {
    return template;
  }
  return `"${template.replace(/"/g, '\\"')}"`;
}

/** A plain JS value (a `defaultSnippets` body, which may hold snippet syntax) as block YAML lines. */
export function renderBody(body: unknown, tabs: TabStops, unit = 2): YamlLine[] {
  const lines: YamlLine[] = [];
  const renumbered = tabs.adoptBody();
  const scalar = (v: unknown): string => (typeof v === 'string' ? snippetScalar(renumbered(v)) : escapeSnippet(yamlScalar(v)));
  const isEmptyCollection = (v: unknown): boolean =>
    (Array.isArray(v) && v.length === 0) || (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);
  const renderObject = (obj: Record<string, unknown>, indent: number): void => {
    for (const [key, value] of Object.entries(obj)) {
      const k = escapeSnippet(key);
      if (value === null || typeof value !== 'object' || isEmptyCollection(value)) {
        lines.push({ indent, text: `${k}: ${scalar(value)}` });
      } else if (Array.isArray(value)) {
        lines.push({ indent, text: `${k}:` });
        renderArray(value, indent + unit);
      } else {
        lines.push({ indent, text: `${k}:` });
        renderObject(value as Record<string, unknown>, indent + unit);
      }
    }
  };
  const renderArray = (arr: readonly unknown[], indent: number): void => {
    for (const item of arr) {
      if (item === null || typeof item !== 'object' || isEmptyCollection(item)) {
        lines.push({ indent, text: `- ${scalar(item)}` });
      } else {
        const start = lines.length;
        if (Array.isArray(item)) renderArray(item, indent + 2);
        else renderObject(item as Record<string, unknown>, indent + 2);
        const first = lines[start];
        if (first !== undefined) {
          lines[start] = { indent, text: `- ${first.text}` };
        }
      }
    }
  };
  if (Array.isArray(body)) renderArray(body, 0);
  else if (body !== null && typeof body === 'object') renderObject(body as Record<string, unknown>, 0);
  else lines.push({ indent: 0, text: scalar(body) });
  return lines;
}

/**
 * Joins block lines into snippet text to be inserted at a cursor: the first line as is, the others
 * indented by `relative` + their own indentation (`relative` = the column the block starts at minus
 * the indentation of the cursor line, which the editor adds itself).
 */
export function joinLines(lines: readonly YamlLine[], relative: number): string {
  return lines.map((l, i) => (i === 0 ? l.text : ' '.repeat(Math.max(0, relative + l.indent)) + l.text)).join('\n');
}

/** Prefixes block lines as one item of a block sequence (`- ` before the first line). */
export function asSequenceItem(lines: readonly YamlLine[]): YamlLine[] {
  if (lines.length === 0) return [{ indent: 0, text: '-' }];
  return lines.map((l, i) => (i === 0 ? { indent: l.indent, text: `- ${l.text}` } : { indent: l.indent + 2, text: l.text }));
}
