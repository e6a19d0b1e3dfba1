// The assist operations as language-service methods: plain, structured-clone safe data (they may
// run in a worker thread), and hover told about variables by name only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile } from '../../../src/core/yaml/parse';
import { assistServiceMethods } from '../../../src/core/assist';

const text = 'ids: [a, a]\nsite:\n  password_x: ${env:SECRET}\nreport_type: OWASP\n';
const file = parseFile(text);

test('results survive structured cloning unchanged', () => {
  const completion = assistServiceMethods.complete(file, { offset: text.indexOf('OWASP') });
  assert.deepEqual(structuredClone(completion), completion);
  assert.ok(completion.items.some((i) => i.label === 'owasp'));
  const hover = assistServiceMethods.hover(file, { offset: text.indexOf('report_type') + 2 });
  assert.deepEqual(structuredClone(hover), hover);
  const diagnostics = [
    { code: 'invalid-enum', range: { start: { line: 3, character: 13 }, end: { line: 3, character: 18 } }, path: '/report_type', document: 0, message: 'x' },
    { code: 'duplicate-id', range: { start: { line: 0, character: 9 }, end: { line: 0, character: 10 } }, path: '/ids/1', document: 0, message: 'x' },
  ];
  const actions = assistServiceMethods.codeActions(file, { diagnostics: structuredClone(diagnostics) });
  const cloned = structuredClone(actions);
  assert.deepEqual(cloned, actions);
  assert.deepEqual(
    cloned.filter((a) => a.isPreferred).map((a) => [a.title, a.diagnosticIndexes]),
    [
      ['Change to `owasp` (closest allowed value)', [0]],
      ['Remove the repeated id `a`', [1]],
    ],
  );
});

test('hover learns whether a variable is set from the caller, by name', () => {
  const offset = text.indexOf('SECRET');
  assert.match(assistServiceMethods.hover(file, { offset, env: { SECRET: true } })!.markdown, /is \*\*set\*\*/);
  assert.match(assistServiceMethods.hover(file, { offset, env: {} })!.markdown, /is \*\*not set\*\*/);
  assert.doesNotMatch(assistServiceMethods.hover(file, { offset })!.markdown, /not set|is \*\*set/);
});

test('no file: empty answers', () => {
  assert.deepEqual(assistServiceMethods.complete(undefined, { offset: 0 }), { items: [] });
  assert.equal(assistServiceMethods.hover(undefined, { offset: 0 }), null);
  assert.deepEqual(assistServiceMethods.codeActions(undefined, { diagnostics: [] }), []);
});
