// Paths into a document (a YAML file, a request or answer body, a schema): as segment arrays, as
// JSON pointers (RFC 6901: what Ajv reports, what CoreDiagnostic.path holds, what a schema's `$ref`
// names) and as the dotted field names people read in messages. The one place that reads and
// writes pointers.

/** One step into a document: a mapping key, or an index into a sequence. */
export type PathSegment = string | number;

/** A path from the document root; `[]` is the root itself. */
export type YamlPath = readonly PathSegment[];

/**
 * Encodes a path as a JSON pointer: `['site', 'headers', 2, 'name']` -> `/site/headers/2/name`.
 * `~` and `/` inside keys are escaped as `~0` and `~1`. The root is `""`.
 */
export function encodeJsonPointer(path: YamlPath): string {
  let out = '';
  for (const segment of path) {
    // (Written as it is where there is nothing to escape: a keystroke may make a thousand pointers.)
    const text = String(segment);
    out += '/' + (text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text);
  }
  return out;
}

/**
 * Decodes a JSON pointer into its segments, all as strings (a pointer does not say whether `2` is
 * a key or an index; {@link pointerToPath} decides that from the data, and {@link nodeAtPath}
 * accepts numeric strings for sequence indices). Accepts the URI-fragment form (`#/a/b`) too.
 * Throws a `SyntaxError` for a non-empty pointer that does not start with `/`.
 */
export function decodeJsonPointer(pointer: string): string[] {
  let p = pointer;
  if (p.startsWith('#')) {
    p = decodeURIComponent(p.slice(1));
  }
  if (p === '') {
    return [];
  }
  if (!p.startsWith('/')) {
    throw new SyntaxError(`Not a JSON pointer: ${JSON.stringify(pointer)}`);
  }
  return p
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Decodes a JSON pointer and types each segment by walking `value` (plain JS data, e.g. a
 * document's `toJS()` result): a segment that indexes an array becomes a number. Where the data
 * ends, the remaining segments are typed by their form (all digits -> number).
 */
export function pointerToPath(pointer: string, value: unknown): PathSegment[] {
  const out: PathSegment[] = [];
  let current: unknown = value;
  let known = true;
  for (const segment of decodeJsonPointer(pointer)) {
    if (known && Array.isArray(current)) {
      const index = Number(segment);
      out.push(index);
      current = current[index];
    } else if (known && current !== null && typeof current === 'object') {
      out.push(segment);
      current = Object.prototype.hasOwnProperty.call(current, segment) ? (current as Record<string, unknown>)[segment] : undefined;
      if (current === undefined) {
        known = false;
      }
    } else {
      known = false;
      out.push(/^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : segment);
    }
  }
  return out;
}

/**
 * The value a JSON pointer names inside `root` (a `#/...` reference too), or `undefined` when
 * there is none or the pointer is malformed.
 */
export function valueAtPointer(root: unknown, pointer: string): unknown {
  let segments: string[];
  try {
    segments = decodeJsonPointer(pointer);
  } catch {
    return undefined;
  }
  let node = root;
  for (const segment of segments) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/**
 * The name people read in messages: `['site', 'headers', 2, 'name']` -> `site.headers[2].name`,
 * `['ids', 3]` -> `ids[3]`. A key that is not a plain identifier is quoted, in brackets after a
 * parent (`site["my key"]`, `"my key"`). The root is `the document`.
 */
export function formatFieldPath(path: YamlPath): string {
  if (path.length === 0) {
    return 'the document';
  }
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') {
      out += `[${segment}]`;
    } else if (PLAIN_KEY.test(segment)) {
      out += out === '' ? segment : `.${segment}`;
    } else {
      out += out === '' ? JSON.stringify(segment) : `[${JSON.stringify(segment)}]`;
    }
  }
  return out;
}
