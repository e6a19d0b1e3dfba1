// The promises the fuzz suite holds the core to, for one text: what the language server does with
// a file never throws, never hands back a range outside the document, and always says something.
// Used by core.fuzz.test.ts for every generated input and by regressions.test.ts for the inputs
// that once broke one of them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { FIXABLE_CODES, type DiagnosticLike } from '../../../src/core/assist';
import { previewJson } from '../../../src/core/bulk/preview';
import { applyEdits } from '../../fixtures/applyEdits';
import type { CoreDiagnostic, Range } from '../../../src/core/diagnostic';
import type { EntitlementsRecord } from '../../../src/core/entitlements/types';
import type { OutlineSymbol } from '../../../src/core/outline';
import type { EnvState } from '../../../src/core/envPlaceholders';
import { LanguageService } from '../../../src/core/service';
import { parseFile, type ParsedFile } from '../../../src/core/yaml';
import { fastIdsStats } from '../../../src/core/yaml/fastIds';
import type { OffsetRange } from '../../../src/core/yaml/parsedDocument';
import { ROOT } from './mutations';

/** The document's lines as LSP counts them: broken by `\n`, `\r\n` and a lone `\r`. */
class Lines {
  private readonly starts: number[] = [0];
  private readonly ends: number[] = [];

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x0a || c === 0x0d) {
        this.ends.push(i);
        if (c === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
        this.starts.push(i + 1);
      }
    }
    this.ends.push(text.length);
  }

  /** Fails unless `[start, end)` are offsets of the text, in order, not inside a `\r\n`. */
  checkOffsets(range: OffsetRange, what: string): void {
    const { start, end } = range;
    assert.ok(Number.isInteger(start) && Number.isInteger(end), `${what}: offsets are integers (${start}, ${end})`);
    assert.ok(start >= 0 && start <= end && end <= this.text.length, `${what}: offsets ${start}..${end} inside a text of length ${this.text.length}`);
    for (const o of [start, end]) {
      assert.ok(!(this.text.charCodeAt(o - 1) === 0x0d && this.text.charCodeAt(o) === 0x0a), `${what}: offset ${o} is inside a \\r\\n line break`);
    }
  }

  /** Fails unless the range's positions are in the document's lines, in order. */
  checkRange(range: Range, what: string): void {
    for (const p of [range.start, range.end]) {
      assert.ok(Number.isInteger(p.line) && Number.isInteger(p.character), `${what}: position ${JSON.stringify(p)} is integers`);
      assert.ok(p.line >= 0 && p.line < this.starts.length, `${what}: line ${p.line} of ${this.starts.length} lines`);
      const length = this.ends[p.line]! - this.starts[p.line]!;
      assert.ok(p.character >= 0 && p.character <= length, `${what}: character ${p.character} of line ${p.line}, ${length} characters long`);
    }
    const { start, end } = range;
    assert.ok(start.line < end.line || (start.line === end.line && start.character <= end.character), `${what}: range ${JSON.stringify(range)} in order`);
  }
}

/**
 * An offset of the text from any number, as an editor can send one: a position becomes an offset
 * before a line break, never between the `\r` and the `\n` of one.
 */
function editorOffset(text: string, n: number): number {
  const offset = n % (text.length + 1);
  return text.charCodeAt(offset - 1) === 0x0d && text.charCodeAt(offset) === 0x0a ? offset - 1 : offset;
}

function nonEmpty(s: unknown, what: string): void {
  assert.ok(typeof s === 'string' && s.trim() !== '', `${what} is empty: ${JSON.stringify(s)}`);
}

const RESTRICTED = JSON.parse(readFileSync(path.join(ROOT, 'test/fixtures/entitlements/restricted.json'), 'utf8')) as EntitlementsRecord;
const FIXABLE: ReadonlySet<string> = FIXABLE_CODES;
const URI = 'file:///fuzz/input.target-settings.yaml';
/** Some variables set, some not: both kinds of hover and of `env-not-set`. */
const someVariablesSet = (name: string): EnvState => (name.length % 2 === 0 ? 'set' : 'unset');
const MAX_FIXES_ASKED = 40;
const MAX_COMPARED = 256 * 1024;

/** Diagnostics as VS Code hands them back to a code-action request: no `data`, no `path`. */
function asEditorHandsThem(d: CoreDiagnostic): DiagnosticLike {
  return { code: d.code, range: d.range, message: d.message, severity: d.severity };
}

function checkSymbols(lines: Lines, symbols: readonly OutlineSymbol[], where: string): void {
  for (const s of symbols) {
    // VS Code refuses a symbol whose name is empty or whose selection is outside its range.
    assert.ok(s.name.length > 0, `${where}: a symbol without a name`);
    lines.checkOffsets(s.range, `${where} symbol ${s.name} range`);
    lines.checkOffsets(s.selectionRange, `${where} symbol ${s.name} selection range`);
    assert.ok(s.range.start <= s.selectionRange.start && s.selectionRange.end <= s.range.end, `${where} symbol ${s.name}: selection range inside its range`);
    checkSymbols(lines, s.children, `${where}/${s.name}`);
  }
}

/**
 * Everything the language server does with one file; throws on the first broken promise.
 * `before`: the file the text was mutated from (parsed first, as the version before a paste).
 * `picks`: where completion, hover and the bulk update selection look (any numbers, taken modulo the text's length).
 */
export function checkCore(text: string, before: string, picks: readonly number[], deadline: (step: string) => void): void {
  const lines = new Lines(text);
  // (As the language server parses: for the values first, nodes read when asked.)
  const service = new LanguageService(someVariablesSet, { valuesFirst: true });
  service.setEntitlements(RESTRICTED);
  const first = service.parse(URI, 1, before);
  // (What an editor asks for after every edit, made for the first version: the second takes over what it can.)
  const editorAsks = (on: LanguageService, file: ParsedFile): unknown => ({ lenses: on.lenses(file), outline: on.symbols(file), folding: on.folding(file) });
  if (before.length <= MAX_COMPARED) editorAsks(service, first);
  const restoredBefore = fastIdsStats.restored;
  const file = service.parse(URI, 2, text);
  deadline('parse');
  assert.equal(file.text.length, text.length, 'the parse keeps the text length');

  const all = service.validateAll(file);
  const shown = service.diagnostics(URI, file, { maxProblems: 1000 });
  deadline('validation');
  for (const d of shown) {
    nonEmpty(d.message, `message of ${d.code}`);
    nonEmpty(d.code, 'diagnostic code');
    lines.checkRange(d.range, `diagnostic ${d.code} (${d.message.slice(0, 80)})`);
  }

  // The incremental parse is an optimisation: a parse from scratch, with every node read, finds the
  // same. (Checked on texts of a usual size: on the huge ones it would double the time an input takes.)
  const fresh = new LanguageService(someVariablesSet);
  fresh.setEntitlements(RESTRICTED);
  if (text.length <= MAX_COMPARED) {
    const fromScratch = fresh.parse(URI, 1, text);
    assert.deepEqual(fresh.validateAll(fromScratch), all, 'the incremental parse finds what a parse from scratch finds');
    assert.deepEqual(editorAsks(service, file), editorAsks(fresh, fromScratch), 'lenses, outline and folding are those of a parse from scratch');
    deadline('validation from scratch');
    // So is the command line's parse for the values first, whose documents read their nodes again when asked.
    const valuesFirst = new LanguageService(someVariablesSet, { valuesFirst: true });
    valuesFirst.setEntitlements(RESTRICTED);
    const read = valuesFirst.parse(URI, 1, text);
    assert.deepEqual(valuesFirst.validateAll(read), all, 'a parse for the values first finds what the parse finds');
    assert.deepEqual(editorAsks(valuesFirst, read), editorAsks(fresh, fromScratch), 'lenses, outline and folding of a parse for the values first');
    deadline('validation of a parse for the values first');
  }
  if (fastIdsStats.restored !== restoredBefore && text.length <= MAX_COMPARED) {
    // So is the fast path for long `ids` lists.
    const full = new LanguageService(someVariablesSet, { fastPaths: false });
    full.setEntitlements(RESTRICTED);
    assert.deepEqual(full.validateAll(full.parse(URI, 1, text)), all, 'the ids fast path finds what the full parse finds');
    deadline('validation without the ids fast path');
  }

  const offsets = [...picks.map((p) => editorOffset(text, p)), text.length, ...all.slice(0, 3).map((d) => file.offsetAt(d.range.start))];
  for (const offset of offsets) {
    const completion = service.complete(file, offset);
    for (const item of completion.items) {
      nonEmpty(item.label, `completion label at ${offset}`);
      assert.equal(typeof item.insertText, 'string', `completion ${item.label} insert text`);
      if (item.documentation !== undefined) nonEmpty(item.documentation, `completion ${item.label} documentation`);
      lines.checkOffsets(item.range, `completion ${item.label} at ${offset}`);
    }
    deadline(`completion at ${offset}`);
    const hover = service.hover(file, offset);
    if (hover !== undefined) {
      nonEmpty(hover.markdown, `hover at ${offset}`);
      lines.checkOffsets(hover.range, `hover at ${offset}`);
    }
    deadline(`hover at ${offset}`);
  }

  // A code-action request carries the diagnostics at the cursor, or all of a file for "fix all":
  // a few dozen here.
  const fixable = all.filter((d) => FIXABLE.has(d.code)).slice(0, MAX_FIXES_ASKED);
  for (const [given, diagnostics] of [
    ['as the server has them', fixable],
    ['as the editor hands them back', fixable.map(asEditorHandsThem)],
  ] as const) {
    const actions = service.codeActions(URI, file, diagnostics);
    for (const action of actions) {
      const what = `code action "${action.title}" (diagnostics ${given})`;
      nonEmpty(action.title, `code action title (diagnostics ${given})`);
      assert.ok(action.edits.length > 0, `${what} has edits`);
      for (const edit of action.edits) lines.checkOffsets(edit.range, what);
      for (const i of action.diagnosticIndexes) assert.ok(i >= 0 && i < diagnostics.length, `${what}: diagnostic index ${i}`);
    }
    // A fix applies (applyEdits throws on overlapping edits, as an editor refuses them), and the
    // first gives a text the core reads (on texts of a usual size, as above).
    const fixed = actions.map((action) => applyEdits(text, action.edits));
    if (fixed[0] !== undefined && text.length <= MAX_COMPARED && given === 'as the server has them') parseFile(fixed[0]);
    deadline(`code actions (diagnostics ${given})`);
  }

  const [a = 0, b = 0] = picks;
  for (const target of [
    { selections: [{ start: editorOffset(text, a), end: editorOffset(text, b) }] },
    { documentIndex: 0 },
    { documentIndex: 0, ids: ['x'] },
  ]) {
    const plan = service.planBulkUpdate(file, target, {});
    if (!plan.ok) nonEmpty(plan.message, `bulk update refusal for ${JSON.stringify(target)}`);
    else nonEmpty(previewJson(plan.plan.prepared), 'bulk update preview');
  }
  deadline('bulk update plan');

  checkSymbols(lines, service.symbols(file), 'outline');
  for (const f of service.folding(file)) lines.checkOffsets(f, 'folding range');
  deadline('outline and folding');
}
