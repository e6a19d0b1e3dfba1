// The structure of one line of block YAML, read from its text alone: where its `-` item indicators,
// its `key:` and its scalar start, and where a trailing comment begins. Kept apart from the
// multi-line walk (textStructure.ts) because hover and completion both read single lines with it.

/** One structural start on a line: a `-` item indicator, a `key:`, or a scalar. */
export interface LineStart {
  readonly kind: 'dash' | 'key' | 'scalar';
  readonly column: number;
  /** The key (unquoted), for `key`. */
  readonly key?: string;
  /** Text after `key:` without a trailing comment, trimmed, for `key`. */
  readonly rest?: string;
}

/** The structure of one line. */
export interface LineShape {
  /** Blank, comment-only, or a document marker line. */
  readonly empty: boolean;
  /** A `---` or `...` line. */
  readonly marker: boolean;
  /** Left to right; none on an {@link empty} line. */
  readonly starts: readonly LineStart[];
}

const KEY_RE = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{}[\],&*!|>%@`-][^#:]*?|-[^\s#:][^#:]*?)[ \t]*:(?=\s|$)/;

/** A key as written (plain, double- or single-quoted), unquoted. */
export function unquoteKey(raw: string): string {
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw.slice(1, -1);
    }
  }
  if (raw.startsWith("'")) {
    return raw.slice(1, -1).replace(/''/g, "'");
  }
  return raw.trim();
}

/** Removes a trailing `# comment` (a `#` at the start or after whitespace, outside quotes). */
export function stripTrailingComment(text: string): string {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote !== undefined) {
      if (c === '\\' && quote === '"') {
        i++;
      } else if (c === quote) {
        quote = undefined;
      }
    } else if (c === '"' || c === "'") {
      // Quotes only open a scalar at its start; inside a plain scalar they are literal.
      if (i === 0 || /[\s:,[{-]/.test(text.charAt(i - 1))) {
        quote = c;
      }
    } else if (c === '#' && (i === 0 || /\s/.test(text.charAt(i - 1)))) {
      return text.slice(0, i);
    }
  }
  return text;
}

/** Lines longer than this are read only so far past their indentation by {@link lineShape}. */
export const LONG_LINE = 4096;

/** Reads the structure of one line of block YAML. */
export function lineShape(line: string): LineShape {
  // A line's shape is in its first characters: a megabyte-long line (a flow list of ids) is read
  // only so far (its rest could only be a long value, never a block opener).
  let text = line;
  if (line.length > LONG_LINE) {
    let i = 0;
    while (line.charCodeAt(i) === 0x20) i++;
    text = line.slice(0, i + LONG_LINE);
  }
  const trimmed = text.replace(/\s+$/, '');
  if (/^(---|\.\.\.)(\s|$)/.test(trimmed)) {
    return { empty: true, marker: true, starts: [] };
  }
  const content = stripTrailingComment(trimmed).replace(/\s+$/, '');
  if (content.trim() === '') {
    return { empty: true, marker: false, starts: [] };
  }
  const starts: LineStart[] = [];
  let i = 0;
  while (content[i] === ' ') i++;
  for (;;) {
    if (content[i] === '-' && (i + 1 === content.length || content[i + 1] === ' ' || content[i + 1] === '\t')) {
      starts.push({ kind: 'dash', column: i });
      i++;
      while (content[i] === ' ' || content[i] === '\t') i++;
      if (i >= content.length) {
        break;
      }
      continue;
    }
    const rest = content.slice(i);
    const m = KEY_RE.exec(rest);
    if (m !== null) {
      const [matched, key = ''] = m;
      starts.push({ kind: 'key', column: i, key: unquoteKey(key), rest: rest.slice(matched.length).trim() });
    } else {
      starts.push({ kind: 'scalar', column: i });
    }
    break;
  }
  return { empty: false, marker: false, starts };
}
