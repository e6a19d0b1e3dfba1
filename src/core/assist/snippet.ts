// Snippet text (VS Code / TextMate syntax: `${1}`, `${1:default}`, `${1|a,b|}`, `$0`) for YAML:
// rendering a `defaultSnippets` body or a property's skeleton as block YAML lines, renumbering tab
// stops, escaping literal text, and expanding a snippet to plain text the way the editor would
// insert it (used by tests and to preview a snippet in its documentation).

import { parse } from 'yaml';

/** One line of YAML at an indentation relative to the first line of the block. */
export interface YamlLine {
  readonly indent: number;
  readonly text: string;
}

/** Escapes literal text for snippet syntax (`$`, `}` and `\`). */
export function escapeSnippet(text: string): string {
  return text.replace(/[\\$}]/g, (c) => `\\${c}`);
}

/** Escapes a choice value (`,`, `|`, `$`, `}` and `\`). */
function escapeChoice(text: string): string {
  return text.replace(/[\\$}|,]/g, (c) => `\\${c}`);
}

const TAB_STOP = /\\.|\$(\d+)|\$\{(\d+)/g;

/** Highest tab stop number in a snippet (0 when none). */
export function maxTabStop(snippet: string): number {
  let max = 0;
  for (const m of snippet.matchAll(TAB_STOP)) {
    const n = m[1] ?? m[2];
    if (n !== undefined) max = Math.max(max, Number(n));
  }
  return max;
}

/** Adds `by` to every tab stop number but `$0`. */
export function shiftTabStops(snippet: string, by: number): string {
  if (by === 0) return snippet;
  return snippet.replace(TAB_STOP, (whole, a: string | undefined, b: string | undefined) => {
    if (a !== undefined) return a === '0' ? whole : `$${Number(a) + by}`;
    if (b !== undefined) return b === '0' ? whole : `\${${Number(b) + by}`;
    return whole;
  });
}

/** A tab stop counter shared by the parts of one snippet. */
export class TabStops {
  private next = 1;
  /** A new tab stop, with default text or choices. */
  stop(defaultText?: string): string {
    const n = this.next++;
    return defaultText === undefined || defaultText === '' ? `\${${n}}` : `\${${n}:${escapeSnippet(defaultText)}}`;
  }
  choice(values: readonly string[]): string {
    const n = this.next++;
    return `\${${n}|${values.map(escapeChoice).join(',')}|}`;
  }
  /**
   * Starts taking in a body written with its own numbering (from `1`): returns a function that
   * renumbers each of its strings after the stops used so far, keeping them consistent.
   */
  adoptBody(): (snippet: string) => string {
    const base = this.next - 1;
    return (snippet: string): string => {
      const shifted = shiftTabStops(snippet, base);
      this.next = Math.max(this.next, maxTabStop(shifted) + 1);
      return shifted;
    };
  }
  get used(): number {
    return this.next - 1;
  }
}

/**
 * Expands a snippet to the text the editor would insert: each tab stop becomes `fill(n, default)`
 * (by default its default text, or the first choice), escapes are undone.
 */
export function expandSnippet(snippet: string, fill?: (n: number, defaultText: string) => string): string {
  let out = '';
  let i = 0;
  const s = snippet;
  const parsePlaceholder = (): string => {
    // at `${`
    i += 2;
    let num = '';
    while (/\d/.test(s[i] ?? '')) num += s[i++];
    const n = Number(num);
    let text = '';
    if (s[i] === ':') {
      i++;
      text = readUntilClose();
    } else if (s[i] === '|') {
      i++;
      const choices: string[] = [''];
      while (i < s.length && !(s[i] === '|' && s[i + 1] === '}')) {
        if (s[i] === '\\') {
          choices[choices.length - 1] += s[i + 1];
          i += 2;
        } else if (s[i] === ',') {
          choices.push('');
          i++;
        } else {
          choices[choices.length - 1] += s[i++];
        }
      }
      i += 2;
      text = choices[0];
    } else {
      i++; // '}'
    }
    return fill ? fill(n, text) : text;
  };
  const readUntilClose = (): string => {
    let text = '';
    while (i < s.length && s[i] !== '}') {
      if (s[i] === '\\') {
        text += s[i + 1];
        i += 2;
      } else if (s[i] === '$' && s[i + 1] === '{') {
        text += parsePlaceholder();
      } else if (s[i] === '$' && /\d/.test(s[i + 1] ?? '')) {
        i++;
        let num = '';
        while (/\d/.test(s[i] ?? '')) num += s[i++];
        text += fill ? fill(Number(num), '') : '';
      } else {
        text += s[i++];
      }
    }
    i++; // '}'
    return text;
  };
  while (i < s.length) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length && /[\\$}]/.test(s[i + 1])) {
      out += s[i + 1];
      i += 2;
    } else if (c === '$' && s[i + 1] === '{') {
      out += parsePlaceholder();
    } else if (c === '$' && /\d/.test(s[i + 1] ?? '')) {
      i++;
      let num = '';
      while (/\d/.test(s[i] ?? '')) num += s[i++];
      out += fill ? fill(Number(num), '') : '';
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/**
 * Inserts a snippet into `text` as VS Code does: the text of `[start, end)` is replaced, and every
 * line of the snippet after the first gets the leading whitespace of the line it is inserted on.
 */
export function insertSnippet(
  text: string,
  range: { start: number; end: number },
  snippet: string,
  fill?: (n: number, defaultText: string) => string,
): string {
  const lineStart = text.lastIndexOf('\n', range.start - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart, range.start))![0];
  const expanded = expandSnippet(snippet, fill).replace(/\n/g, `\n${indent}`);
  return text.slice(0, range.start) + expanded + text.slice(range.end);
}

const SCALAR_OPTIONS = { version: '1.2' as const, strict: false, uniqueKeys: false };

/** True when `text`, written plain after `key: `, reads back as that same string. */
export function isPlainSafe(text: string): boolean {
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
        if (lines.length > start) {
          lines[start] = { indent, text: `- ${lines[start].text}` };
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
  return lines
    .map((l, i) => (i === 0 ? l.text : ' '.repeat(Math.max(0, relative + l.indent)) + l.text))
    .join('\n');
}

/** Prefixes block lines as one item of a block sequence (`- ` before the first line). */
export function asSequenceItem(lines: readonly YamlLine[]): YamlLine[] {
  if (lines.length === 0) return [{ indent: 0, text: '-' }];
  return lines.map((l, i) => (i === 0 ? { indent: l.indent, text: `- ${l.text}` } : { indent: l.indent + 2, text: l.text }));
}
