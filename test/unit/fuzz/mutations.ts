// Random mutations of valid target-settings files, for the fuzz suites (core.fuzz.test.ts,
// cli.fuzz.test.ts). A generated input is plain data: the name of a seed file and a list of
// mutations, each with its parameters (positions as fractions of the text, so any mutation applies
// to any text). fast-check prints and shrinks that data; `render` turns it into the text. Inputs
// stay small to print even when their text is megabytes long (a huge scalar is a size, not a string).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import schema from '../../../schemas/target-settings.schema.json';

/** The repository root (this file runs from out/test/unit/fuzz/). */
export const ROOT = path.resolve(__dirname, '../../../..');

/**
 * The files mutations start from: the valid examples and fixtures, two fixtures with schema
 * problems that have quick fixes (so the code actions get diagnostics to work on), and a file with
 * a long `ids` list (the fast path of core/yaml/fastIds.ts takes lists of 256 ids and more).
 */
const SEED_FILES = [
  'examples/web-target.target-settings.yaml',
  'examples/api-target.target-settings.yaml',
  'examples/multi-document.target-settings.yaml',
  'test/fixtures/cli/valid.target-settings.yaml',
  'test/fixtures/cli/entitled.target-settings.yaml',
  'test/fixtures/workspace/shop.target-settings.yaml',
  'test/fixtures/workspace/assist.target-settings.yaml',
  'test/fixtures/assist/fixable.target-settings.yaml',
  'test/fixtures/workspace/assist-fixes.target-settings.yaml',
];

export interface Seed {
  readonly name: string;
  readonly text: string;
}

let seeds: readonly Seed[] | undefined;

export function seedFiles(): readonly Seed[] {
  if (seeds === undefined) {
    const files = SEED_FILES.map((name) => ({ name, text: readFileSync(path.join(ROOT, name), 'utf8') }));
    const web = files[0]!.text;
    files.push({ name: 'long-ids (web-target with 600 ids)', text: withIds(web, 600, 'block') });
    seeds = files;
  }
  return seeds;
}

export function seedText(name: string): string {
  const seed = seedFiles().find((s) => s.name === name);
  if (seed === undefined) throw new Error(`no seed file ${name}`);
  return seed.text;
}

/** A position in the text, as a fraction of its length (0 is the start, just below 1 the end). */
type At = number;

export type LineBreak = 'lf' | 'crlf' | 'cr' | 'ls' | 'ps' | 'nel';

export type NestingShape = 'flow-seq' | 'flow-map' | 'flow-mixed' | 'compact-seq' | 'block-seq' | 'block-map';

export type AliasShape =
  'billion-laughs' | 'billion-laughs-block' | 'undefined-alias' | 'self-reference' | 'alias-key' | 'merge-key' | 'many-anchors' | 'shared-ids';

export type ScalarStyle = 'plain' | 'double' | 'single' | 'literal' | 'folded' | 'key' | 'id' | 'comment';

/** Where a generated fragment goes: a whole line before line `at`, into the text at `at`, or instead of the whole text. */
export type Placement = 'line' | 'inline' | 'whole';

export type Mutation =
  | { readonly kind: 'delete-lines'; readonly at: At; readonly count: number }
  | { readonly kind: 'duplicate-lines'; readonly at: At; readonly count: number; readonly times: number }
  | { readonly kind: 'reindent'; readonly at: At; readonly indent: number }
  | { readonly kind: 'tabs'; readonly at: At; readonly where: 'indent' | 'inline' | 'every-indent' }
  | { readonly kind: 'truncate'; readonly at: At }
  | { readonly kind: 'chars'; readonly at: At; readonly chars: string; readonly replace: number }
  | { readonly kind: 'nul'; readonly at: At; readonly replace: boolean }
  | { readonly kind: 'token'; readonly at: At; readonly token: string; readonly lineStart: boolean }
  | { readonly kind: 'property'; readonly at: At; readonly indent: number; readonly key: string; readonly value: string }
  | { readonly kind: 'huge-scalar'; readonly at: At; readonly size: number; readonly style: ScalarStyle }
  | { readonly kind: 'nesting'; readonly at: At; readonly depth: number; readonly shape: NestingShape; readonly closed: boolean; readonly placement: Placement }
  | { readonly kind: 'alias'; readonly at: At; readonly shape: AliasShape; readonly size: number; readonly placement: Placement }
  | { readonly kind: 'documents'; readonly at: At; readonly count: number; readonly body: 'empty' | 'copy' | 'small' | 'end-marker' | 'directive' }
  | { readonly kind: 'line-breaks'; readonly to: LineBreak | 'mixed'; readonly at: At; readonly all: boolean }
  | { readonly kind: 'bom'; readonly at: At; readonly where: 'start' | 'inline' | 'twice' }
  | { readonly kind: 'ids'; readonly count: number; readonly style: 'block' | 'flow' | 'quoted' | 'flow-lines' };

export type MutationKind = Mutation['kind'];

/** One generated input: a seed file and the mutations applied to it in order. */
export interface FuzzInput {
  readonly seed: string;
  readonly mutations: readonly Mutation[];
}

/** Largest text a mutation may make (a mutation that would go past it is skipped). */
export const MAX_TEXT = 3 * 1024 * 1024;

const LINE_BREAKS: Record<LineBreak, string> = { lf: '\n', crlf: '\r\n', cr: '\r', ls: '\u2028', ps: '\u2029', nel: '\u0085' };
const ANY_LINE_BREAK = /\r\n|\r|\n/g;

// ---------------------------------------------------------------------------------------------
// Applying mutations

/** The text of an input: its seed with each mutation applied in turn. */
export function render(input: FuzzInput): string {
  let text = seedText(input.seed);
  for (const m of input.mutations) {
    const next = apply(text, m);
    if (next.length <= MAX_TEXT) text = next;
  }
  return text;
}

/** The text's lines, each with its `\n` (the last one without, when the text does not end with one). */
function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function offsetOf(at: At, text: string): number {
  return Math.min(text.length, Math.max(0, Math.floor(at * (text.length + 1))));
}

function lineIndexOf(at: At, lines: readonly string[]): number {
  return Math.min(Math.max(0, lines.length - 1), Math.max(0, Math.floor(at * lines.length)));
}

/** Offset of the start of the line at `at`. */
function lineStartOf(at: At, text: string): number {
  const offset = offsetOf(at, text);
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function insertAt(text: string, offset: number, fragment: string, replace = 0): string {
  return text.slice(0, offset) + fragment + text.slice(offset + replace);
}

/** Puts a fragment where `placement` says; a whole-line fragment ends with a line break. */
function place(text: string, at: At, fragment: string, placement: Placement): string {
  switch (placement) {
    case 'whole':
      return fragment;
    case 'inline':
      return insertAt(text, offsetOf(at, text), fragment);
    case 'line':
      return insertAt(text, lineStartOf(at, text), fragment.endsWith('\n') ? fragment : `${fragment}\n`);
  }
}

/** A string of `size` characters, cheap to build (repeats a short pattern). */
function filler(size: number, pattern = 'abcdefghij'): string {
  return pattern.repeat(Math.ceil(size / pattern.length)).slice(0, size);
}

/** Replaces the top-level `ids:` list of the first document (or adds one) with `count` generated ids. */
export function withIds(text: string, count: number, style: 'block' | 'flow' | 'quoted' | 'flow-lines'): string {
  const ids = Array.from({ length: count }, (_, i) => `Id${i.toString(36).padStart(10, '0')}`);
  let list: string;
  switch (style) {
    case 'block':
      list = `ids:\n${ids.map((id) => `  - ${id}\n`).join('')}`;
      break;
    case 'quoted':
      list = `ids:\n${ids.map((id, i) => (i % 2 === 0 ? `  - "${id}"\n` : `  - '${id}'\n`)).join('')}`;
      break;
    case 'flow':
      list = `ids: [${ids.join(', ')}]\n`;
      break;
    case 'flow-lines':
      list = `ids: [\n${ids.map((id) => `  ${id},\n`).join('')}]\n`;
      break;
  }
  const existing = /^ids:[^\n]*\n(?:[ \t]+[^\n]*\n|\n)*/m.exec(text);
  return existing === null ? list + text : text.slice(0, existing.index) + list + text.slice(existing.index + existing[0].length);
}

function hugeScalar(text: string, at: At, size: number, style: ScalarStyle): string {
  const body = filler(size);
  const lineStart = lineStartOf(at, text);
  switch (style) {
    case 'plain':
    case 'double':
    case 'single': {
      const value = style === 'plain' ? body : style === 'double' ? `"${filler(size, 'ab\\u00e9\\n ')}"` : `'${filler(size, "ab''c ")}'`;
      // The value of the key on that line, when it has one; else a line of its own.
      const lineEnd = text.indexOf('\n', lineStart);
      const line = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd);
      const colon = line.indexOf(': ');
      if (colon !== -1) return text.slice(0, lineStart + colon + 2) + value + text.slice(lineEnd === -1 ? text.length : lineEnd);
      return insertAt(text, lineStart, `desc: ${value}\n`);
    }
    case 'literal':
    case 'folded':
      // Long lines and many lines both.
      return insertAt(text, lineStart, `desc: ${style === 'literal' ? '|' : '>'}\n  ${filler(size / 2)}\n${filler(size / 2, '  line\n')}`);
    case 'key':
      return insertAt(text, lineStart, `${body}: 1\n`);
    case 'id':
      return insertAt(text, lineStart, `  - ${body}\n`);
    case 'comment':
      return insertAt(text, lineStart, `# ${body}\n`);
  }
}

function nesting(depth: number, shape: NestingShape, closed: boolean): string {
  switch (shape) {
    case 'flow-seq':
      return '['.repeat(depth) + 'x' + (closed ? ']'.repeat(depth) : '');
    case 'flow-map':
      return '{a: '.repeat(depth) + '1' + (closed ? '}'.repeat(depth) : '');
    case 'flow-mixed': {
      let open = '';
      let close = '';
      for (let i = 0; i < depth; i++) {
        open += i % 2 === 0 ? '[' : '{k: ';
        close = (i % 2 === 0 ? ']' : '}') + close;
      }
      return open + 'x' + (closed ? close : '');
    }
    case 'compact-seq':
      return '- '.repeat(depth) + 'x';
    case 'block-seq': {
      const lines: string[] = [];
      for (let i = 0; i < depth; i++) lines.push(`${' '.repeat(i)}-`);
      return `\n${lines.join('\n')} x\n`;
    }
    case 'block-map': {
      const lines: string[] = [];
      for (let i = 0; i < depth; i++) lines.push(`${' '.repeat(i)}k${i}:`);
      return `\n${lines.join('\n')} x\n`;
    }
  }
}

function aliasFragment(shape: AliasShape, size: number): string {
  switch (shape) {
    case 'billion-laughs': {
      // size levels of 10 aliases each: 10^size nodes once expanded.
      const lines = ['l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
      for (let i = 1; i < size; i++)
        lines.push(
          `l${i}: &l${i} [${Array(10)
            .fill(`*l${i - 1}`)
            .join(', ')}]`,
        );
      return `${lines.join('\n')}\n`;
    }
    case 'billion-laughs-block': {
      const lines = ['site:', '  name: &l0 lol', '  headers: &l1', ...Array<string>(10).fill('    - *l0')];
      for (let i = 2; i <= size; i++) lines.push(`  h${i}: &l${i}`, ...Array<string>(10).fill(`    - *l${i - 1}`));
      lines.push(`ids: *l${size}`);
      return `${lines.join('\n')}\n`;
    }
    case 'undefined-alias':
      return `name: *nowhere${size}`;
    case 'self-reference':
      return `site: &s {name: x, site: *s, list: &l [*l, *s]}\n`;
    case 'alias-key':
      return `a: &k url\n*k : https://example.invalid\n? *k\n: x\n`;
    case 'merge-key':
      return `base: &b {name: x, url: https://example.invalid}\nsite:\n  <<: *b\n  <<: [*b, *b]\n`;
    case 'many-anchors': {
      const lines: string[] = [];
      for (let i = 0; i < size * 200; i++) lines.push(`  - &a${i} x${i}`);
      for (let i = 0; i < size * 200; i++) lines.push(`  - *a${i}`);
      return `ids:\n${lines.join('\n')}\n`;
    }
    case 'shared-ids':
      return `ids: &ids\n  - AAAAAAAA\n  - AAAAAAAA\nsite: &site\n  name: *ids\n  url: *site\nlabels: *ids\n`;
  }
}

function documents(text: string, at: At, count: number, body: 'empty' | 'copy' | 'small' | 'end-marker' | 'directive'): string {
  let fragment: string;
  switch (body) {
    case 'empty':
      fragment = '---\n'.repeat(count);
      break;
    case 'copy': {
      const copy = text.endsWith('\n') ? text : `${text}\n`;
      fragment = `---\n${copy}`.repeat(Math.min(count, Math.max(1, Math.floor(MAX_TEXT / 2 / (copy.length + 4)))));
      break;
    }
    case 'small':
      fragment = '---\nids: [a]\nsite: {name: n, url: https://x.example}\n'.repeat(count);
      break;
    case 'end-marker':
      fragment = '...\n---\n'.repeat(count);
      break;
    case 'directive':
      fragment = '%YAML 1.2\n---\na: 1\n...\n'.repeat(count);
      break;
  }
  return insertAt(text, lineStartOf(at, text), fragment);
}

function lineBreaks(text: string, to: LineBreak | 'mixed', at: At, all: boolean): string {
  const kinds = Object.values(LINE_BREAKS);
  if (!all) {
    // One line break, the one ending the line at `at`.
    const lines = linesOf(text);
    const i = lineIndexOf(at, lines);
    const line = lines[i];
    if (line === undefined || !line.endsWith('\n')) return text;
    const start = lines.slice(0, i).join('').length;
    const end = start + line.length;
    const breakStart = line.endsWith('\r\n') ? end - 2 : end - 1;
    const replacement = to === 'mixed' ? kinds[i % kinds.length]! : LINE_BREAKS[to];
    return text.slice(0, breakStart) + replacement + text.slice(end);
  }
  let n = Math.floor(at * kinds.length);
  return text.replace(ANY_LINE_BREAK, () => (to === 'mixed' ? kinds[n++ % kinds.length]! : LINE_BREAKS[to]));
}

function apply(text: string, m: Mutation): string {
  switch (m.kind) {
    case 'delete-lines': {
      const lines = linesOf(text);
      lines.splice(lineIndexOf(m.at, lines), m.count);
      return lines.join('');
    }
    case 'duplicate-lines': {
      const lines = linesOf(text);
      const i = lineIndexOf(m.at, lines);
      const block = lines.slice(i, i + m.count);
      lines.splice(i + block.length, 0, ...Array<string[]>(m.times).fill(block).flat());
      return lines.join('');
    }
    case 'reindent': {
      const lines = linesOf(text);
      const i = lineIndexOf(m.at, lines);
      if (lines[i] !== undefined) lines[i] = ' '.repeat(m.indent) + lines[i].replace(/^[ \t]*/, '');
      return lines.join('');
    }
    case 'tabs': {
      if (m.where === 'inline') return insertAt(text, offsetOf(m.at, text), '\t');
      if (m.where === 'every-indent') return text.replace(/^(?: {2})+/gm, (s) => '\t'.repeat(s.length / 2));
      const lines = linesOf(text);
      const i = lineIndexOf(m.at, lines);
      if (lines[i] !== undefined) lines[i] = lines[i].replace(/^ +/, (s) => '\t'.repeat(Math.max(1, s.length >> 1)));
      return lines.join('');
    }
    case 'truncate':
      return text.slice(0, offsetOf(m.at, text));
    case 'chars':
      return insertAt(text, offsetOf(m.at, text), m.chars, m.replace);
    case 'nul':
      return insertAt(text, offsetOf(m.at, text), '\0', m.replace ? 1 : 0);
    case 'token':
      return insertAt(text, m.lineStart ? lineStartOf(m.at, text) : offsetOf(m.at, text), m.token);
    case 'property':
      return insertAt(text, lineStartOf(m.at, text), `${' '.repeat(m.indent)}${m.key}: ${m.value}\n`);
    case 'huge-scalar':
      return hugeScalar(text, m.at, m.size, m.style);
    case 'nesting': {
      const fragment = nesting(m.depth, m.shape, m.closed);
      return place(text, m.at, m.placement === 'line' ? `nested: ${fragment}` : fragment, m.placement);
    }
    case 'alias':
      return place(text, m.at, aliasFragment(m.shape, m.size), m.placement);
    case 'documents':
      return documents(text, m.at, m.count, m.body);
    case 'line-breaks':
      return lineBreaks(text, m.to, m.at, m.all);
    case 'bom':
      if (m.where === 'start') return `\uFEFF${text}`;
      if (m.where === 'twice') return `\uFEFF\uFEFF${text}`;
      return insertAt(text, offsetOf(m.at, text), '\uFEFF');
    case 'ids':
      return withIds(text, m.count, m.style);
  }
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

/** Every property name and enum value of the target-settings schema. */
function schemaWords(): { keys: string[]; values: string[] } {
  const keys = new Set<string>();
  const values = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
    } else if (typeof node === 'object' && node !== null) {
      for (const [k, v] of Object.entries(node)) {
        if (k === 'properties' && typeof v === 'object' && v !== null) Object.keys(v as object).forEach((name) => keys.add(name));
        if (k === 'enum' && Array.isArray(v)) v.forEach((e) => values.add(JSON.stringify(e)));
        walk(v);
      }
    }
  };
  walk(schema);
  return { keys: [...keys].sort(), values: [...values].sort() };
}

const words = schemaWords();

const at = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

/** YAML syntax and pieces of target-settings files, inserted anywhere. */
const TOKENS = [
  ': ',
  ':',
  '- ',
  '-',
  '? ',
  '[',
  ']',
  '{',
  '}',
  ',',
  '#',
  ' #',
  '"',
  "'",
  '|',
  '>-',
  '|+2',
  '&a ',
  '*a',
  '!',
  '!!str ',
  '!!binary ',
  '!<tag:x> ',
  '!!map ',
  '%YAML 1.2\n',
  '%YAML 1.1\n',
  '%TAG !e! tag:example.com,2000:\n',
  '...\n',
  '---\n',
  '--- |\n',
  '----\n',
  '--- \n',
  '@',
  '`',
  '\\',
  '${env:',
  '${env:SHOP_API_KEY}',
  'OBFUSCATED_',
  'ids:',
  'ids:\n  - ',
  'site:\n  ',
  '\n',
  '\r\n',
  '\r',
  '\n\n\n',
  '    ',
  ' ',
  '~',
  'null',
  '.inf',
  '0x1F',
  '1e400',
  '-0',
  '<<: ',
  '"\\u',
  '"\\x',
  '"\\',
  "'''",
];

/** Characters most likely to trip a parser or a position computation. */
const SPECIAL_CHARS = [
  '\0',
  '\x01',
  '\x07',
  '\b',
  '\v',
  '\f',
  '\x1b',
  '\x7f',
  '\x80',
  '\x85',
  '\xa0',
  '\u00ad',
  '\u2028',
  '\u2029',
  '\u200b',
  '\u200e',
  '\u202e',
  '\u3000',
  '\ufeff',
  '\ufffd',
  '\ufffe',
  '\uffff',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\u{1f600}',
  '\u{10ffff}',
  '\u0301',
];

/** Random characters: any code unit (lone surrogates included), any code point, and the special ones. */
const chars = fc.oneof(
  fc.string({ unit: fc.constantFrom(...SPECIAL_CHARS), minLength: 1, maxLength: 8 }),
  // (Not the 'binary' unit: building it costs a second.)
  fc.string({ unit: fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)), minLength: 1, maxLength: 16 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 16 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 24 }),
);

/** Values of every type, for any property. */
const valueArb = fc.oneof(
  fc.constantFrom(...words.values),
  fc.constantFrom(
    'true',
    'false',
    'yes',
    'null',
    '~',
    '',
    '0',
    '-1',
    '1.5',
    '1e400',
    '.nan',
    '0x1F',
    '0o17',
    '[]',
    '{}',
    '[1, "a"]',
    '{a: 1}',
    '"x"',
    "''",
    '|',
    '>',
  ),
  fc.string({ unit: 'grapheme-ascii', maxLength: 20 }),
);

const LINE_BREAK_KINDS: readonly (LineBreak | 'mixed')[] = ['lf', 'crlf', 'cr', 'ls', 'ps', 'nel', 'mixed'];

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete-lines' as const), at, count: fc.integer({ min: 1, max: 5 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('duplicate-lines' as const), at, count: fc.integer({ min: 1, max: 6 }), times: fc.integer({ min: 1, max: 50 }) }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('reindent' as const), at, indent: fc.integer({ min: 0, max: 13 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('tabs' as const), at, where: fc.constantFrom('indent' as const, 'inline' as const, 'every-indent' as const) }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('chars' as const), at, chars, replace: fc.integer({ min: 0, max: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('nul' as const), at, replace: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('token' as const), at, token: fc.constantFrom(...TOKENS), lineStart: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('property' as const),
      at,
      indent: fc.constantFrom(0, 2, 4, 6, 3),
      key: fc.constantFrom(...words.keys),
      value: valueArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('huge-scalar' as const),
      at,
      size: fc.constantFrom(1_000, 65_537, 1024 * 1024),
      style: fc.constantFrom<ScalarStyle>('plain', 'double', 'single', 'literal', 'folded', 'key', 'id', 'comment'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('nesting' as const),
      at,
      depth: fc.constantFrom(50, 300, 1_000, 5_000),
      shape: fc.constantFrom<NestingShape>('flow-seq', 'flow-map', 'flow-mixed', 'compact-seq', 'block-seq', 'block-map'),
      closed: fc.boolean(),
      placement: fc.constantFrom<Placement>('line', 'inline', 'whole'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('alias' as const),
      at,
      shape: fc.constantFrom<AliasShape>(
        'billion-laughs',
        'billion-laughs-block',
        'undefined-alias',
        'self-reference',
        'alias-key',
        'merge-key',
        'many-anchors',
        'shared-ids',
      ),
      size: fc.integer({ min: 1, max: 12 }),
      placement: fc.constantFrom<Placement>('line', 'inline', 'whole'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('documents' as const),
      at,
      count: fc.constantFrom(2, 30, 1_000, 5_000),
      body: fc.constantFrom('empty' as const, 'copy' as const, 'small' as const, 'end-marker' as const, 'directive' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('line-breaks' as const), to: fc.constantFrom(...LINE_BREAK_KINDS), at, all: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bom' as const), at, where: fc.constantFrom('start' as const, 'inline' as const, 'twice' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('ids' as const),
      count: fc.constantFrom(3, 300, 3_000, 30_000),
      style: fc.constantFrom('block' as const, 'flow' as const, 'quoted' as const, 'flow-lines' as const),
    }),
  },
);

/** A seed file with one to five mutations. */
export function fuzzInputArb(): fc.Arbitrary<FuzzInput> {
  return fc.record({
    seed: fc.constantFrom(...seedFiles().map((s) => s.name)),
    mutations: fc.array(mutationArb, { minLength: 1, maxLength: 5 }),
  });
}

/** The kinds of mutation generated (for the report). */
export const MUTATION_KINDS: readonly MutationKind[] = [
  'delete-lines',
  'duplicate-lines',
  'reindent',
  'tabs',
  'truncate',
  'chars',
  'nul',
  'token',
  'property',
  'huge-scalar',
  'nesting',
  'alias',
  'documents',
  'line-breaks',
  'bom',
  'ids',
];
