// Any input answers within a bound: pathological files give clear diagnostics, never a hang, a
// stack overflow or a range outside the document. (Time is not asserted: a hang fails the test
// runner's own timeout.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { validateText } from '../../../src/core/validation';
import { MAX_FLOW_DEPTH, parseFile } from '../../../src/core/yaml';

function assertWellFormed(text: string, label: string, reported = true): void {
  const diagnostics = validateText(text);
  const file = parseFile(text);
  const last = file.positionAt(text.length);
  for (const d of diagnostics) {
    assert.ok(d.message.length > 0, `${label}: a message`);
    for (const p of [d.range.start, d.range.end]) {
      assert.ok(p.line >= 0 && p.character >= 0, `${label}: ${JSON.stringify(d.range)} is inside the document`);
      assert.ok(
        p.line < last.line || (p.line === last.line && p.character <= last.character),
        `${label}: ${JSON.stringify(d.range)} ends by ${JSON.stringify(last)}`,
      );
    }
  }
  if (reported) assert.ok(diagnostics.length > 0, `${label}: something is reported`);
}

test('thousands of nested open brackets and braces: a syntax error, no stack overflow', () => {
  assertWellFormed(`ids: ${'['.repeat(100_000)}\n`, 'brackets');
  assertWellFormed(`site: ${'{a: '.repeat(20_000)}\n`, 'braces');
  assertWellFormed(`ids: ${'[a, '.repeat(50_000)}${']'.repeat(50_000)}\nsite: {name: x}\n`, 'closed brackets');
});

test('deep flow nesting is cut at a fixed depth with a clear message, even on a small stack (no V8 abort)', () => {
  const [first] = validateText(`ids: ${'['.repeat(100_000)}\n`);
  assert.ok(first, 'a diagnostic');
  assert.equal(first.message, 'The document is nested too deeply to be read');
  assert.deepEqual(first.range.start, { line: 0, character: 5 + MAX_FLOW_DEPTH });
  // A stack smaller than usual (a test runner's, a host's) once made the parser overflow inside
  // the regular expression compiler, which aborts the process.
  const validation = path.resolve(__dirname, '../../../src/core/validation');
  const script = `const { validateText } = require(${JSON.stringify(validation)});
    for (const t of ['ids: ' + '['.repeat(100000), 'site: ' + '{a: '.repeat(20000), 'ids: ' + '[a, '.repeat(50000) + ']'.repeat(50000)]) validateText(t + '\\n');
    console.log('answered');`;
  const run = spawnSync(process.execPath, ['--stack-size=2000', '-e', script], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr.slice(0, 500));
  assert.match(run.stdout, /answered/);
});

test('a document nested too deeply does not take the documents after it with it', () => {
  for (const deep of [`ids: ${'['.repeat(MAX_FLOW_DEPTH + 10)}\n`, `ids:\n${' '.repeat(300)}- x\n`]) {
    const file = parseFile(`${deep}---\nsite: {name: After}\n`);
    assert.equal(file.documents.length, 2);
    assert.ok(
      file.documents.get(0)!.errors.some((e) => e.code === 'RESOURCE_EXHAUSTION'),
      'the first says why it is not read',
    );
    assert.deepEqual(file.documents.get(1)!.value, { site: { name: 'After' } }, 'the second is read');
  }
});

test('deep block nesting and long dash chains answer', () => {
  assertWellFormed(Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i)}a:`).join('\n'), 'deep mapping');
  assertWellFormed(`ids:\n${Array.from({ length: 3000 }, (_, i) => `${' '.repeat(2 * i)}- `).join('\n')}\n`, 'deep sequence');
});

test('mixed line endings with a byte order mark, a lone CR at the end, NUL and control characters', () => {
  assertWellFormed('\uFEFFids:\r\n  - a\r  - b\n  - c\r\nsite:\r  name: x\r', 'mixed line endings', false);
  assert.deepEqual(validateText('\uFEFFids:\r\n  - a\r  - b\nsite:\r  name: x\r  url: https://x.example\r'), []);
  // (The YAML parser reads control characters as they are; the ids are then what the service will judge.)
  assertWellFormed('ids:\n  - a\u0000b\n  - \u0007\nsite: {name: x}\n', 'control characters', false);
});

test('a huge scalar and a very long line', () => {
  assertWellFormed(`ids: [a]\nsite:\n  name: ${'x'.repeat(2_000_000)}\n`, 'huge scalar');
  assertWellFormed(`ids: [${Array.from({ length: 50_000 }, () => 'a').join(',')}]\nsite: {name: x}\n`, 'one long line of repeated ids');
});
