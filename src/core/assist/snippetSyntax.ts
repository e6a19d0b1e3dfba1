// Snippet syntax (VS Code / TextMate: `${1}`, `${1:default}`, `${1|a,b|}`, `$0`): escaping literal
// text, renumbering tab stops, and expanding a snippet to plain text the way the editor would insert
// it (used by tests and to preview a snippet in its documentation). Free of the YAML parser, so the
// new-file template loads without it.

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
      const choices: string[] = [];
      let choice = '';
      while (i < s.length && !(s[i] === '|' && s[i + 1] === '}')) {
        if (s[i] === '\\') {
          choice += s[i + 1] ?? '\\'; // a lone `\` at the end stays itself
          i += 2;
        } else if (s[i] === ',') {
          choices.push(choice);
          choice = '';
          i++;
        } else {
          choice += s[i++];
        }
      }
      choices.push(choice);
      i += 2;
      text = choices[0] ?? '';
    } else {
      i++; // '}'
    }
    return fill ? fill(n, text) : text;
  };
  const readUntilClose = (): string => {
    let text = '';
    while (i < s.length && s[i] !== '}') {
      if (s[i] === '\\') {
        text += s[i + 1] ?? '\\'; // a lone `\` at the end stays itself
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
    if (c === '\\' && /[\\$}]/.test(s[i + 1] ?? '')) {
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
