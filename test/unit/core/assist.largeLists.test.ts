// Completion next to a long `ids` list: the context scans jump over the list (and do not read a
// flow list's megabyte-long line) when the fast path built it. They must answer exactly what the
// line-by-line scans answer on the same text parsed without the fast path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile } from '../../../src/core/yaml/parse';
import { complete } from '../../../src/core/assist/completion';
import { hover } from '../../../src/core/assist/hover';
import { TextStructure } from '../../../src/core/assist/textStructure';
import { detectIndentUnit } from '../../../src/core/assist/indentUnit';
import { MIN_FAST_IDS } from '../../../src/core/yaml/fastIds';

const IDS = Array.from({ length: MIN_FAST_IDS + 40 }, (_, i) => `id${i.toString(36)}X${(i * 7919).toString(36)}`);
const TAIL = 'site:\n  name: Shop\n  \nreport_type: \nblackout_period:\n  begin: "22:00"\n\n';

const shapes: Array<[string, string]> = [
  ['block list', `ids:\n${IDS.map((id) => `  - ${id}\n`).join('')}${TAIL}`],
  ['block list at column 0', `ids:\n${IDS.map((id) => `- ${id}\n`).join('')}${TAIL}`],
  ['block list with comments at column 0', `ids:\n${IDS.map((id, i) => `  - ${id}\n${i % 50 === 0 ? '# note\n' : ''}`).join('')}${TAIL}`],
  ['flow list on one line', `ids: [${IDS.join(', ')}]\n${TAIL}`],
  ['flow list, one id per line', `ids: [\n${IDS.map((id) => `  ${id}`).join(',\n')}\n  ]\n${TAIL}`],
  ['flow list, ] at column 0', `ids: [\n${IDS.map((id) => `  ${id},`).join('\n')}\n]\n${TAIL}`],
  ['two documents', `ids:\n  - a\nsite: {}\n---\nids:\n${IDS.map((id) => `  - ${id}\n`).join('')}${TAIL}`],
  ['a misspelled key, at column 0', `idx:\n${IDS.map((id) => `- ${id}\n`).join('')}${TAIL}`],
  ['a misspelled key on a flow list', `idx: [${IDS.join(', ')}]\n${TAIL}`],
  ['a bare list above the settings', `${IDS.map((id) => `- ${id}\n`).join('')}${TAIL}`],
  [
    'JSON, pretty-printed',
    `{\n  "ids": [\n${IDS.map((id) => `    "${id}"`).join(',\n')}\n  ],\n  "site": {\n    "name": "Shop"\n  },\n  "report_type": ""\n}\n`,
  ],
  ['JSON on one line', `{"ids":[${IDS.map((id) => `"${id}"`).join(',')}],"site":{"name":"Shop"}}\n`],
];

/** Offsets worth asking at: in an id, on the item lines, below the list at each indentation, at the end. */
function offsets(text: string): number[] {
  const middle = IDS[100];
  const last = IDS[IDS.length - 1];
  assert.ok(middle !== undefined && last !== undefined, 'over 100 ids');
  const out = [text.length, text.indexOf(middle) + 3, text.indexOf(last) + 1, text.indexOf('ids:') + 2];
  for (const marker of ['  name: Shop', '\n  \n', 'report_type: ', 'blackout_period:\n', '  begin:']) {
    const at = text.lastIndexOf(marker);
    if (at !== -1) out.push(at + marker.length, at + 1);
  }
  return out.filter((o) => o >= 0);
}

test('completion beside a long ids list answers as without the fast path, in every shape of list', () => {
  for (const [label, text] of shapes) {
    const fast = parseFile(text);
    const slow = parseFile(text, undefined, undefined, { fastPaths: false });
    for (const offset of offsets(text)) {
      assert.deepStrictEqual(complete(fast, offset), complete(slow, offset), `${label}, offset ${offset}`);
    }
  }
});

test('completion and hover below a long list at column 0 read a few lines, not every item (ids, a misspelled key, a bare list)', () => {
  for (const [label, text] of shapes.filter(([name]) => /column 0|bare/.test(name))) {
    const file = parseFile(text);
    for (const offset of [text.lastIndexOf('  name: Shop') + 4, text.lastIndexOf('  begin:') + 4]) {
      complete(file, offset);
      hover(file, offset);
      // (The lines the walks read, each read once: a walk over the list would read every item's.)
      const read = TextStructure.of(file, file.documentAt(offset))['shapes'].size;
      assert.ok(read < 30, `${label}, offset ${offset}: ${read} lines read`);
    }
  }
});

test('the indentation unit is found past a megabyte-long first line, as the first indented line says', () => {
  assert.equal(detectIndentUnit(`ids: [${'a, '.repeat(400_000)}b]\nsite:\n    name: x\n`), 4);
  assert.equal(detectIndentUnit('# c\n   # indented comment\n\t\ta: 1\nb:\n   c: 1\n'), 3);
  assert.equal(detectIndentUnit('a: 1\r   b: 2\r'), 3);
  assert.equal(detectIndentUnit('a: 1\n'), 2);
});
