// Inputs the fuzz suites found that broke the core, each reduced to a small text: they hold now,
// through every check core.fuzz.test.ts makes (coreChecks.ts) and the one that broke.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CoreDiagnostic } from '../../../src/core/diagnostic';
import { documentSymbols, type OutlineSymbol } from '../../../src/core/outline';
import { LanguageService } from '../../../src/core/service';
import { validateText } from '../../../src/core/validation';
import { parseFile } from '../../../src/core/yaml';
import { updateMarkerLines } from '../../../src/core/yaml/documents';
import { MAX_KEY_NESTING } from '../../../src/core/yaml/parsedDocument';
import { MAX_NESTING } from '../../../src/core/yaml/slice';
import { checkCore } from './coreChecks';

const noDeadline = (): void => {};

/** Every check of the fuzz suite, with the text parsed first from scratch, then after an edit. */
function holds(text: string): void {
  checkCore(text, 'ids: [a]\n', [0, 1, text.length >> 1], noDeadline);
}

/** The diagnostics of a text, from a parse from scratch and from one after an edit (the server's two paths). */
function bothWays(text: string): [CoreDiagnostic[], CoreDiagnostic[]] {
  const service = new LanguageService(() => 'unset');
  service.parse('file:///a.yaml', 1, 'a: 1\n');
  const edited = service.validateAll(service.parse('file:///a.yaml', 2, text));
  return [validateText(text), edited];
}

function names(symbols: readonly OutlineSymbol[]): string[] {
  return symbols.flatMap((s) => [s.name, ...names(s.children)]);
}

describe('fuzz regressions', () => {
  test('an empty key, or a list item named "", still has a name in the outline (VS Code refuses a symbol without one)', () => {
    for (const text of ['"": 1\n', '? \n: 1\n', 'site:\n  headers:\n    - name: ""\n      value: x\n']) {
      const all = names(documentSymbols(parseFile(text)));
      assert.ok(all.length > 0 && all.every((n) => n.length > 0), `${JSON.stringify(text)}: ${JSON.stringify(all)}`);
      holds(text);
    }
  });

  test('thousands of `- ` on one line: no stack overflow out of the parser, and the same diagnostics whatever the caller', () => {
    // Once a RangeError out of parseFile (the `yaml` parser's stack), and with fewer, a "too deep"
    // error placed wherever the composer ran out of the caller's stack.
    for (const text of [`${'- '.repeat(5000)}x\n`, `${'a: '.repeat(3000)}x\n`, `${'a: ? '.repeat(3000)}x\n`]) {
      const [fresh, edited] = bothWays(text);
      assert.deepEqual(edited, fresh, text.slice(0, 20));
      assert.ok(
        fresh.some((d) => d.message === 'The document is nested too deeply to be read'),
        `${text.slice(0, 20)}: ${fresh.length} diagnostics, none "nested too deeply"`,
      );
      holds(text);
    }
    // Deep, but within the limit: read as it is.
    const within = `${'- '.repeat(MAX_NESTING / 4)}x\n`;
    assert.doesNotMatch(JSON.stringify(validateText(within)), /nested too deeply/);
  });

  test('mapping keys that are mappings, nested deep (`? ? ? … x`), give one error at once instead of minutes of work', () => {
    for (const text of [`${'? '.repeat(MAX_KEY_NESTING + 2)}x\n`, `k: ${'{'.repeat(40)}a${': 1}'.repeat(40)}\n`]) {
      const diagnostics = validateText(text);
      assert.ok(
        diagnostics.some((d) => d.code === 'yaml-syntax' && d.message.includes(`more than ${MAX_KEY_NESTING} levels deep`)),
        JSON.stringify(diagnostics),
      );
      holds(text);
    }
    // A key or two of that kind is still read (and reported as an unknown property).
    assert.ok(validateText('? [a, b]\n: 1\n').some((d) => d.code === 'unknown-property'));
  });

  test('an alias naming a mapping around it: an error, not a stack overflow in the checks, the env warnings or the bulk update', () => {
    const text = 'ids: [a]\nsite: &s {name: x, url: https://x.example, loop: *s}\n';
    const service = new LanguageService(() => 'unset');
    const file = service.parse('file:///cycle.yaml', 1, text);
    const diagnostics = service.validateAll(file);
    assert.ok(
      diagnostics.some((d) => d.severity === 'error' && /holds the alias itself/.test(d.message)),
      JSON.stringify(diagnostics),
    );
    const plan = service.planBulkUpdate(file, { documentIndex: 0 }, {});
    assert.equal(plan.ok, false);
    assert.match(plan.ok ? '' : plan.message, /validation error/);
    holds(text);
    holds('site: &s [*s, {a: *s}]\n');
  });

  test('an edit that adds hundreds of thousands of `---` lines: no stack overflow finding the documents again', () => {
    // Once a RangeError: the new marker lines were spread as the arguments of one push().
    const text = `a: 1\n${'---\n'.repeat(200_000)}`;
    const markers = updateMarkerLines({ starts: [], stops: [] }, text, { start: 5, oldEnd: 5, newEnd: text.length });
    assert.equal(markers.starts.length, 200_000);
  });

  test('documents that each depend on the one before or after: the file is parsed a few times, not once per document', () => {
    // Once quadratic: each such document merged its run with the next one and parsed the growing
    // run again (a minute for 1.5 MB). The number of runs parsed shows it, whatever the machine.
    const copies = (doc: string): string => Array.from({ length: 200 }, () => doc).join('');
    for (const [why, text] of [
      ['an error before each document starts (it goes to the document before)', copies('---\n}\nids: [a]\n')],
      ['a comment at the end of each document, after an indentation error (it goes to the next document)', copies('---\n a: 1\nb: 2\n# c\n')],
    ] as const) {
      const file = parseFile(text);
      assert.ok(file.stats.parsed < 10, `${why}: ${JSON.stringify(file.stats)}`);
      assert.deepEqual(validateText(text), bothWays(text)[1], why);
      holds(text);
    }
  });
});
