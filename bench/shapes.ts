// The shapes of a 100,000-id target-settings file the language-server benches run on (lsp.ts),
// each generated from common.ts's targetSettingsFile / sandboxTargetIds, with the one-character
// edits a user makes in it. An edit is given in offsets of the text it applies to; lsp.ts turns it
// into an incremental didChange (a range and the new text).
import { parse } from 'yaml';
import { mulberry32, sandboxTargetIds } from '../src/sandbox/prng';
import { MODELINE, SETTINGS, at, targetSettingsFile } from './common';

/** A one-character edit: replace `[start, end)` of the current text with `text`. */
export interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** Where the edit happens, for the detail tables ("id list", "site", "end", ...). */
  readonly zone: string;
}

/** A series of edits: `next(text, k)` is the k-th edit (k from 0) of the current text. */
export interface EditScenario {
  readonly name: string;
  next(text: string, k: number): Edit;
  /**
   * Milliseconds from one edit to the next, as a person types; without it each edit is sent as soon
   * as the diagnostics of the last one are out (back to back). A paced series is timed for its
   * diagnostics only, and only for our server (yaml-language-server takes seconds per edit anyway).
   */
  readonly paceMs?: number;
}

/** Typing at 10 characters a second. */
const TYPING_PACE_MS = 100;

export interface Shape {
  /** Short name (used in uris and file names). */
  readonly key: string;
  /** Label in the tables. */
  readonly label: string;
  readonly text: string;
  /**
   * What yaml-language-server is given instead, where it does not read the shape's line breaks: a
   * lone CR, a line break in YAML 1.2, is given to it as LF. The same length, so the same edits apply.
   */
  readonly ylsText?: string;
  /** What the first diagnostics of a YAML 1.2 reader should say: no error, or at least one error. */
  readonly expect: 'no errors' | 'errors';
  /** Edit series run one after the other on the same open document (most shapes have one). */
  readonly scenarios: readonly EditScenario[];
}

const SITE_NAME = 'Shop (staging)';
const TIMEZONE = 'Europe/Lisbon';

/** Replaces the letter at `at` by another letter (x, or y for an x): the file stays as valid as it was. */
function toggle(text: string, at: number, zone: string): Edit {
  const c = text[at];
  if (!/[A-Za-z0-9]/.test(c ?? '')) throw new Error(`shapes: offset ${at} (${JSON.stringify(c)}) is not a letter of the ${zone}`);
  return { start: at, end: at + 1, text: c === 'x' ? 'y' : 'x', zone };
}

/**
 * Edits spread over a document: in turn a letter of an id in the middle of the list (a different
 * id each time), a letter of `site.name`, a letter of the last value of the document. Offsets are
 * found in the original text: the edits replace one character, so they never move.
 */
function spread(name: string, text: string, ids: readonly string[], from = 0, to = text.length): EditScenario {
  const mid = ids.length >> 1;
  const site = text.indexOf(SITE_NAME, from);
  const end = text.lastIndexOf(TIMEZONE, to);
  if (site === -1 || site > to || end < from) throw new Error(`shapes: ${name}: site.name or the time zone not found`);
  const idOffset = (j: number): number => {
    const id = at(ids, mid + (j % (ids.length - mid)));
    const offset = text.indexOf(id, from);
    if (offset === -1 || offset > to) throw new Error(`shapes: ${name}: id ${id} not found`);
    return offset;
  };
  return {
    name,
    next(current, k) {
      const round = Math.floor(k / 3);
      switch (k % 3) {
        case 0: {
          // (A letter of the id: the 9th character of a UUID is a `-`, the letter after it is taken.)
          let c = idOffset(round) + (round % 12);
          while (!/[A-Za-z0-9]/.test(current.charAt(c))) c++;
          return toggle(current, c, 'id list');
        }
        case 1:
          return toggle(current, site + 2, 'site');
        default:
          return toggle(current, end + 7 + (round % 6), 'end');
      }
    },
  };
}

/**
 * Letters typed in front of the first id of the list one at a time, then deleted one at a time
 * (backspace), in turn: the edits that move the text after them, and the list's first line, where
 * a new id is often typed.
 */
function typedAtTop(name: string, text: string, ids: readonly string[], from = 0): EditScenario {
  const first = text.indexOf(at(ids, 0), from);
  if (first === -1) throw new Error(`shapes: ${name}: the first id not found`);
  return typedThenDeleted(name, first, 'newtarget', 'top of the list');
}

/**
 * `letters` typed at `offset` one at a time, then deleted one at a time (backspace), in turn. Which
 * comes next is read from the text (the letters already there), so the series can start at any k.
 */
function typedThenDeleted(name: string, offset: number, letters: string, zone: string): EditScenario {
  return {
    name,
    next(current, k) {
      let typed = 0;
      while (typed < letters.length && current[offset + typed] === letters[typed]) typed++;
      const typing = Math.floor(k / letters.length) % 2 === 0 ? typed < letters.length : typed === 0;
      return typing
        ? { start: offset + typed, end: offset + typed, text: letters.charAt(typed), zone: `${zone}, typed` }
        : { start: offset + typed - 1, end: offset + typed, text: '', zone: `${zone}, deleted` };
    },
  };
}

/**
 * Edits that make an id repeat another and take the repeat back, as typing and pasting over an id
 * do: in turn, the text of an id in the middle of the list replaced by the id after it (a
 * different pair each round), then restored. The ids have one length, so offsets never move.
 */
function repeating(name: string, text: string, ids: readonly string[], from = 0, to = text.length): EditScenario {
  const mid = ids.length >> 1;
  return {
    name,
    next(current, k) {
      const j = Math.floor(k / 2) % (ids.length - mid - 1);
      const id = at(ids, mid + j);
      const other = at(ids, mid + j + 1);
      if (id.length !== other.length) throw new Error(`shapes: ${name}: ids of different lengths`);
      const offset = text.indexOf(id, from);
      if (offset === -1 || offset > to) throw new Error(`shapes: ${name}: id ${id} not found`);
      return { start: offset, end: offset + id.length, text: k % 2 === 0 ? other : id, zone: k % 2 === 0 ? 'id list, made a repeat' : 'id list, restored' };
    },
  };
}

function withIds(ids: readonly string[], item: (id: string) => string): string {
  return `${MODELINE}\nids:\n${ids.map(item).join('')}${SETTINGS}`;
}

function tagged(edit: Edit, where: string): Edit {
  return { ...edit, zone: `${edit.zone}, ${where}` };
}

/** Shape 1 alone (plain block ids), with `n` ids, and its edits spread over the file. */
export function plainShape(n: number): Shape {
  const { text, ids } = targetSettingsFile(n);
  return {
    key: `plain-${n}`,
    label: `plain block ids, ${n.toLocaleString('en-US')} ids`,
    text,
    expect: 'no errors',
    scenarios: [spread('spread over the file', text, ids)],
  };
}

/** Every shape of the bench, with `n` ids (100,000 in the bench). */
export function shapes(n: number): Shape[] {
  const { text: plain, ids } = targetSettingsFile(n);
  const list: Shape[] = [];
  const add = (key: string, label: string, text: string, expect: Shape['expect'] = 'no errors', scenarios?: EditScenario[], ylsText?: string): void => {
    list.push({
      key,
      label,
      text,
      ylsText,
      expect,
      scenarios: scenarios ?? listEdits(text, ids),
    });
  };

  add('plain', '1. plain block ids `  - abc`', plain);
  add(
    'single',
    "2. single-quoted ids `  - 'abc'`",
    withIds(ids, (id) => `  - '${id}'\n`),
  );
  add(
    'double',
    '3. double-quoted ids `  - "abc"`',
    withIds(ids, (id) => `  - "${id}"\n`),
  );
  add('flow', '4a. flow sequence on one line `ids: [abc, def, ...]`', `${MODELINE}\nids: [${ids.join(', ')}]\n${SETTINGS}`);
  add('flow-lines', '4b. flow sequence, one id per line', `${MODELINE}\nids: [\n${ids.map((id) => `  ${id}`).join(',\n')}\n  ]\n${SETTINGS}`);
  // A comment line before the first item, then a blank line and a comment line before every 100th (runs of 100 plain items between them).
  add('comments', '5. a comment above the first id, and a blank line and a comment every 100 ids', commented(ids));
  add('crlf', '6. CRLF line breaks', plain.replace(/\n/g, '\r\n'));
  // yaml-language-server reads the file as one line: it is compared on the same file with LF.
  add('cr', '7. lone CR line breaks', plain.replace(/\n/g, '\r'), 'no errors', undefined, plain);
  add('bom', '8. with a BOM', `\uFEFF${plain}`);
  const badIndent = plain.replace('\n  url: https://staging.shop.example\n', '\n url: https://staging.shop.example\n');
  if (badIndent === plain) throw new Error('shapes: site.url not found');
  add('syntax-error', '9. bad indentation in `site` (syntax error)', badIndent, 'errors');
  add('unclosed-quote', '10. an id being typed `  - "abc` (no closing quote), mid-list', unclosedQuote(plain, ids), 'errors', [typingInQuote(plain, ids)]);
  // A repeat its author has not fixed yet, near the top: every edit is made in a file with a repeated id.
  add('repeat', '11. a repeated id left in the list', plain.replace(`  - ${at(ids, 1)}\n`, `  - ${at(ids, 1)}\n  - ${at(ids, 0)}\n`));
  // A copy-paste between systems at its worst: every other line ends in CRLF.
  let line = 0;
  add('mixed-eol', '12. CRLF and LF mixed line by line, with a BOM', `\uFEFF${plain.replace(/\n/g, () => (line++ % 2 === 0 ? '\r\n' : '\n'))}`);
  list.push(multiDocument(n, plain, ids));
  list.push(manyDocuments(ids));
  // The sandbox's ids are 12 characters, under the 13 from which V8 keeps a slice of a string as a
  // pointer into it: a real service's ids are often longer (UUIDs, 36).
  const uuids = uuidIds(n);
  const uuidText = withIds(uuids, (id) => `  - ${id}\n`);
  add('uuid', '15. UUID ids `  - e531381f-…` (36 characters)', uuidText, 'no errors', listEdits(uuidText, uuids));
  // An item pasted in as a mapping, an error its author has not fixed yet: the fast path leaves that
  // item to the `yaml` parse, and every edit is made with it in the list.
  add(
    'mapping-item',
    '16. a mapping pasted among the ids `  - id: abc`',
    plain.replace(`  - ${at(ids, 2)}\n`, `  - id: ${at(ids, 2)}\n    name: pasted\n`),
    'errors',
  );
  // A typo left in the key (or a list pasted from another tool under its own key): the list is
  // under an unknown key, and every edit is made in a file that lacks `ids`.
  const misspelled = plain.replace('\nids:\n', '\nidx:\n');
  if (misspelled === plain) throw new Error('shapes: ids: not found');
  add('misspelled-key', '17. the key misspelled `idx:`', misspelled, 'errors');
  // Ids pasted at the top of a file of settings before their key is typed: a bare list at column 0.
  add('bare-list', '18. ids pasted above the settings, no key yet `- abc`', `${MODELINE}\n${ids.map((id) => `- ${id}\n`).join('')}${SETTINGS}`, 'errors');
  // JSON is YAML: the file a program writes (JSON.stringify(…, null, 2), jq), under the schema's modeline.
  add('json', '19. JSON, as programs write it `{"ids": ["abc", ...], ...}`', `${MODELINE}\n${JSON.stringify({ ids, ...parse(SETTINGS) }, null, 2)}\n`);
  // A batch of ids pasted twice (or two exports merged): a tenth of the ids repeated, each repeat a
  // warning, left in the list while the author types elsewhere.
  const batch = ids.slice(0, n / 10);
  const twice = plain.replace('\nsite:\n', `\n${batch.map((id) => `  - ${id}\n`).join('')}site:\n`);
  if (twice === plain) throw new Error('shapes: site: not found');
  add('repeats', `20. ${batch.length.toLocaleString('en-US')} ids listed twice (a batch pasted again)`, twice);
  // A column of numeric ids pasted from a spreadsheet, left unquoted: each id is read as a number,
  // an error its author has not fixed yet (the quick fix puts them all in quotes); the edits turn
  // a number into text and back.
  const numbers = ids.map((_, i) => String(4_000_000_000 + i * 7919));
  const numbered = withIds(numbers, (id) => `  - ${id}\n`);
  add('numbers', '21. ids read as numbers (a spreadsheet column pasted) `  - 4000007919`', numbered, 'errors', listEdits(numbered, numbers));
  // The same column as a program writes it in JSON (an export from a database whose ids are integers).
  const jsonNumbers = `${MODELINE}\n${JSON.stringify({ ids: numbers.map(Number), ...parse(SETTINGS) }, null, 2)}\n`;
  add('json-numbers', '22. JSON with ids written as numbers `{"ids": [4000007919, ...], ...}`', jsonNumbers, 'errors', listEdits(jsonNumbers, numbers));
  return list;
}

/** The edit series of a file of one list: spread over it, a repeat made, typing, typing at the top. */
function listEdits(text: string, ids: readonly string[]): EditScenario[] {
  return [
    spread('spread over the file', text, ids),
    repeating('an id made to repeat another, and restored', text, ids),
    { ...spread('spread over the file, typed at 10 characters a second', text, ids), paceMs: TYPING_PACE_MS },
    // Last: its edits move the text, which the offsets of the other series (found in the original text) do not follow.
    typedAtTop('letters typed in front of the first id, then deleted', text, ids),
  ];
}

/** `n` distinct version-4 UUIDs, the same on every run. */
function uuidIds(n: number): string[] {
  const random = mulberry32(4);
  const hex = (digits: number): string => {
    let out = '';
    for (let i = 0; i < digits; i++) out += Math.floor(random() * 16).toString(16);
    return out;
  };
  const ids = new Set<string>();
  while (ids.size < n) ids.add(`${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'.charAt(Math.floor(random() * 4))}${hex(3)}-${hex(12)}`);
  return [...ids];
}

function commented(ids: readonly string[]): string {
  const lines: string[] = [];
  ids.forEach((id, i) => {
    // The first batch's comment too: a note between `ids:` and the first id.
    if (i === 0) lines.push('  # batch 1\n');
    else if (i % 100 === 0) lines.push('\n', `  # batch ${i / 100 + 1}\n`);
    lines.push(`  - ${id}\n`);
  });
  return `${MODELINE}\nids:\n${lines.join('')}${SETTINGS}`;
}

/** The line where the id is being typed: right after the middle id of the list. */
function quoteLine(plain: string, ids: readonly string[]): number {
  const mid = plain.indexOf(`  - ${ids[ids.length >> 1]}\n`);
  return plain.indexOf('\n', mid) + 1;
}

const TYPED = '  - "abc';

function unclosedQuote(plain: string, ids: readonly string[]): string {
  const at = quoteLine(plain, ids);
  return `${plain.slice(0, at)}${TYPED}\n${plain.slice(at)}`;
}

/** Typing inside the unclosed quote: each edit adds a letter at the end of the id being typed. */
function typingInQuote(plain: string, ids: readonly string[]): EditScenario {
  const start = quoteLine(plain, ids) + TYPED.length;
  const letters = 'defghijkmnopqrstuvwxyz';
  return {
    name: 'typing inside the quote',
    next: (_text, k) => ({ start: start + k, end: start + k, text: letters.charAt(k % letters.length), zone: 'in the quote' }),
  };
}

/**
 * 13. Three documents: a small one (10 ids), the big list, a small one. Edits in the small
 * documents (their site and last value), then in the big one (list, site, end).
 */
function multiDocument(n: number, plain: string, ids: readonly string[]): Shape {
  const extra = sandboxTargetIds(n + 20).slice(n);
  const small = (some: readonly string[]): string => `ids:\n${some.map((id) => `  - ${id}\n`).join('')}${SETTINGS}`;
  const big = plain.slice(plain.indexOf('\n') + 1);
  const text = `${MODELINE}\n${small(extra.slice(0, 10))}---\n${big}---\n${small(extra.slice(10))}`;
  const bigStart = text.indexOf('\n---\n') + 5;
  const bigEnd = text.indexOf('\n---\n', bigStart);
  const first = spread('in the small documents', text, extra.slice(0, 10), 0, bigStart);
  const last = spread('in the small documents', text, extra.slice(10), bigEnd, text.length);
  const inSmall: EditScenario = {
    name: 'edits in the small documents',
    next: (current, k) => {
      // The first document's site, then the last document's list and end, in turn.
      if (k % 2 === 0) return tagged(first.next(current, 1 + 3 * (k >> 1)), 'first document');
      return tagged(last.next(current, 3 * (k >> 1) + ((k >> 1) % 2 === 0 ? 0 : 2)), 'last document');
    },
  };
  const inBig = spread('edits in the big document', text, ids, bigStart, bigEnd);
  return {
    key: 'multi-doc',
    label: '13. three `---` documents, the big list in the middle one',
    text,
    expect: 'no errors',
    scenarios: [
      inSmall,
      { name: inBig.name, next: (current, k) => tagged(inBig.next(current, k), 'big document') },
      // Last, as in the other shapes.
      typedAtTop('letters typed in front of the first id of the big document, then deleted', text, ids, bigStart),
    ],
  };
}

/** Ids per document of shape 14. */
const IDS_PER_DOCUMENT = 100;

/**
 * 14. The ids in documents of 100, each with the whole settings: a team's many bodies in one file.
 * Edits in the middle document (its list, site and end; a repeat made and undone), and letters
 * typed at the top of the first, which move every document after it.
 */
function manyDocuments(ids: readonly string[]): Shape {
  const documents = Math.ceil(ids.length / IDS_PER_DOCUMENT);
  return inDocuments(
    ids,
    IDS_PER_DOCUMENT,
    SETTINGS,
    'many-docs',
    `14. ${documents.toLocaleString('en-US')} \`---\` documents of ${IDS_PER_DOCUMENT} ids, each with its settings`,
  );
}

/**
 * The settings of each document of the files of many small documents ({@link documentsShape}):
 * what the edits go to (the time zone as a description), short enough that 100,000 documents stay
 * under the editor's 10 MB.
 */
const SHORT_SETTINGS = `site:\n  name: ${SITE_NAME}\n  url: https://s.example\n  desc: ${TIMEZONE}\n`;

/**
 * `documents` documents of 100,000 / `documents` ids each, with short settings: where a keystroke's
 * cost grows with the number of documents rather than with the ids. The edits of shape 14.
 */
export function documentsShape(documents: number): Shape {
  const ids = sandboxTargetIds(100_000);
  const perDocument = Math.ceil(ids.length / documents);
  const key = `documents-${documents}`;
  return inDocuments(
    ids,
    perDocument,
    SHORT_SETTINGS,
    key,
    `${documents.toLocaleString('en-US')} \`---\` documents of ${perDocument.toLocaleString('en-US')} id${perDocument === 1 ? '' : 's'}`,
  );
}

/** The ids in documents of `perDocument`, each with `settings`, and the edits of shape 14. */
function inDocuments(ids: readonly string[], perDocument: number, settings: string, key: string, label: string): Shape {
  const groups: string[][] = [];
  for (let i = 0; i < ids.length; i += perDocument) groups.push(ids.slice(i, i + perDocument));
  const text = `${MODELINE}\n${groups.map((group) => `ids:\n${group.map((id) => `  - ${id}\n`).join('')}${settings}`).join('---\n')}`;
  const middle = at(groups, groups.length >> 1);
  const from = text.indexOf(at(middle, 0));
  const to = text.indexOf('---\n', from);
  const idsLine = text.lastIndexOf('ids:', from);
  return {
    key,
    label,
    text,
    expect: 'no errors',
    scenarios: [
      spread('spread over the middle document', text, middle, from, to),
      // (A repeat made in the document needs three ids or more: an id repeated in another document is no repeat.)
      ...(perDocument > 2 ? [repeating('an id of the middle document made to repeat another, and restored', text, middle, from, to)] : []),
      { ...spread('spread over the middle document, typed at 10 characters a second', text, middle, from, to), paceMs: TYPING_PACE_MS },
      // These two move the text, which the offsets of the series above (found in the original text)
      // do not follow. The last types in the first document, above what the one before may leave.
      typedThenDeleted(
        "a document boundary typed above the middle document's `ids:` (`---` and a line break, one at a time), then deleted",
        idsLine,
        '---\n',
        'new document',
      ),
      typedAtTop('letters typed in front of the first id of the first document, then deleted', text, at(groups, 0)),
    ],
  };
}
