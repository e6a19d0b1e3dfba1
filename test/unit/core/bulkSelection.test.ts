// Selection -> ids on tricky layouts: block and flow sequences, quoted ids, comments between items,
// several documents, CRLF line breaks, partial-line and multi-cursor selections, unusable items.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile, type ParsedFile } from '../../../src/core/yaml';
import { idsForDocument, idsForSelections, type IdSelection, type IdSelectionResult, type TextSelection } from '../../../src/core/bulk';

/** The offsets of the `occurrence`-th (0-based) `needle` in `text`. */
function find(text: string, needle: string, occurrence = 0): TextSelection {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) {
    at = text.indexOf(needle, at + 1);
    assert.notEqual(at, -1, `"${needle}" #${i} not in the text`);
  }
  return { start: at, end: at + needle.length };
}

/** A selection from the start of `from` to the end of `to`. */
function span(text: string, from: string, to: string): TextSelection {
  const a = find(text, from);
  const b = text.indexOf(to, a.start);
  assert.notEqual(b, -1);
  return { start: a.start, end: b + to.length };
}

function cursor(text: string, needle: string, delta = 0): TextSelection {
  const at = find(text, needle).start + delta;
  return { start: at, end: at };
}

function ok(result: IdSelectionResult): IdSelection {
  if (!result.ok) assert.fail(`refused: ${result.error}`);
  return result;
}

/** The selected values, and each range's text in the file. */
function picked(file: ParsedFile, result: IdSelectionResult): { values: string[]; texts: string[] } {
  const s = ok(result);
  return { values: s.ids.map((i) => i.value), texts: s.ids.map((i) => file.text.slice(i.range.start, i.range.end)) };
}

const BLOCK = `# targets
ids:
  - aaa111   # first
  # a comment between items
  - "bbb222"
  - 'ccc333'

  - ddd444
site:
  name: Shop
report_type: owasp
`;

describe('block sequences', () => {
  const file = parseFile(BLOCK);

  test('a partial-line selection across lines selects every item it touches', () => {
    // From the middle of `aaa111` to the middle of `"bbb222"`.
    const sel = { start: find(BLOCK, 'aaa111').start + 3, end: find(BLOCK, 'bbb222').start + 2 };
    const result = idsForSelections(file, [sel]);
    assert.deepEqual(picked(file, result), { values: ['aaa111', 'bbb222'], texts: ['aaa111', '"bbb222"'] });
    assert.equal(ok(result).rule, 'selection');
    assert.equal(ok(result).documentIndex, 0);
  });

  test('quoted ids are selected without their quotes in the value, with them in the range', () => {
    const result = idsForSelections(file, [find(BLOCK, "'ccc333'")]);
    assert.deepEqual(picked(file, result), { values: ['ccc333'], texts: ["'ccc333'"] });
    const [selected] = ok(result).ids;
    assert.ok(selected, 'an id');
    assert.equal(selected.index, 2);
  });

  test('multi-cursor selections are combined, in source order, with their item indexes', () => {
    const result = idsForSelections(file, [find(BLOCK, 'ddd444'), find(BLOCK, 'aaa1')]);
    const s = ok(result);
    assert.deepEqual(
      s.ids.map((i) => [i.value, i.index]),
      [
        ['aaa111', 0],
        ['ddd444', 3],
      ],
    );
    assert.deepEqual(s.uniqueIds, ['aaa111', 'ddd444']);
  });

  test('a selection that covers only the comment line between items selects nothing; one that reaches the next item selects it', () => {
    const comment = find(BLOCK, '# a comment between items');
    const refused = idsForSelections(file, [comment]);
    assert.equal(refused.ok, false);
    assert.equal(!refused.ok && refused.reason, 'nothing-selected');
    assert.match(!refused.ok ? refused.error : '', /Select the items under `ids:`/);
    const reaching = idsForSelections(file, [span(BLOCK, '# a comment', '"bb')]);
    assert.deepEqual(picked(file, reaching).values, ['bbb222']);
  });

  test("selecting whole lines (from column 0 to the next line start) selects those lines' items", () => {
    const start = BLOCK.indexOf('  - "bbb222"');
    const end = BLOCK.indexOf('\n', BLOCK.indexOf("'ccc333'")) + 1;
    assert.deepEqual(picked(file, idsForSelections(file, [{ start, end }])).values, ['bbb222', 'ccc333']);
  });

  test('selecting only the dash, the trailing comment or the `ids:` key touches no item', () => {
    const dash = BLOCK.indexOf('- aaa111');
    for (const sel of [{ start: dash, end: dash + 1 }, find(BLOCK, '# first'), find(BLOCK, 'ids')]) {
      const r = idsForSelections(file, [sel]);
      assert.equal(r.ok, false);
      assert.equal(!r.ok && r.reason, 'nothing-selected');
    }
  });

  test('a backwards selection (anchor after the active end) works the same', () => {
    const s = span(BLOCK, 'aaa111', 'bbb222');
    assert.deepEqual(picked(file, idsForSelections(file, [{ start: s.end, end: s.start }])).values, ['aaa111', 'bbb222']);
  });

  test('empty selections next to a non-empty one are ignored', () => {
    const result = idsForSelections(file, [cursor(BLOCK, 'name: Shop'), find(BLOCK, 'ddd444')]);
    assert.deepEqual(picked(file, result).values, ['ddd444']);
    assert.equal(ok(result).rule, 'selection');
  });

  test('no selection: every id of the document under the cursor, rule `document`', () => {
    for (const where of ['name: Shop', 'aaa111', '# targets']) {
      const result = idsForSelections(file, [cursor(BLOCK, where)]);
      assert.deepEqual(picked(file, result).values, ['aaa111', 'bbb222', 'ccc333', 'ddd444']);
      assert.equal(ok(result).rule, 'document');
    }
    assert.equal(ok(idsForSelections(file, [])).rule, 'document');
  });

  test('a selection in the settings part touches no id and is refused with how to select', () => {
    const r = idsForSelections(file, [find(BLOCK, 'name: Shop')]);
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.error : '', /touches no target id.*clear the selection/s);
  });
});

describe('flow sequences', () => {
  const text = 'ids: [aaa111, "bbb222", \'ccc333\', ddd444]\nsite:\n  name: Shop\n';
  const file = parseFile(text);

  test('a selection inside the brackets selects the items it overlaps', () => {
    assert.deepEqual(picked(file, idsForSelections(file, [find(text, 'bb222", \'cc')])), {
      values: ['bbb222', 'ccc333'],
      texts: ['"bbb222"', "'ccc333'"],
    });
  });

  test('a selection of only a separator selects nothing', () => {
    const comma = text.indexOf(', ');
    assert.equal(idsForSelections(file, [{ start: comma, end: comma + 2 }]).ok, false);
  });

  test('the whole line selects every item', () => {
    assert.deepEqual(picked(file, idsForSelections(file, [find(text, 'ids: [aaa111, "bbb222", \'ccc333\', ddd444]')])).values, [
      'aaa111',
      'bbb222',
      'ccc333',
      'ddd444',
    ]);
  });

  test('a multi-line flow sequence with comments', () => {
    const t = 'ids: [\n  aaa111, # one\n  # between\n  bbb222,\n  ccc333,\n]\nsite: {name: Shop}\n';
    const f = parseFile(t);
    assert.deepEqual(picked(f, idsForSelections(f, [span(t, '# between', 'bbb')])).values, ['bbb222']);
    assert.deepEqual(picked(f, idsForSelections(f, [cursor(t, 'site')])).values, ['aaa111', 'bbb222', 'ccc333']);
  });
});

describe('several documents', () => {
  const text = `ids:
  - aaa111
  - bbb222
site:
  name: One
---
# second
ids: [ccc333, ddd444]
site:
  name: Two
---
ids:
  - eee555
site:
  name: Three
`;
  const file = parseFile(text);

  test('the cursor picks the document it is in', () => {
    const r = ok(idsForSelections(file, [cursor(text, 'name: Two')]));
    assert.equal(r.documentIndex, 1);
    assert.deepEqual(r.uniqueIds, ['ccc333', 'ddd444']);
    const onSeparator = ok(idsForSelections(file, [cursor(text, '---', 0)]));
    assert.equal(onSeparator.documentIndex, 1);
    const third = ok(idsForSelections(file, [cursor(text, 'eee555')]));
    assert.equal(third.documentIndex, 2);
    assert.deepEqual(third.uniqueIds, ['eee555']);
  });

  test('a selection inside one document selects its ids only', () => {
    const r = ok(idsForSelections(file, [find(text, 'ddd444')]));
    assert.equal(r.documentIndex, 1);
    assert.deepEqual(r.uniqueIds, ['ddd444']);
  });

  test('a selection that spans ids of two documents is refused: one document is one request', () => {
    const r = idsForSelections(file, [span(text, 'bbb222', 'ccc333')]);
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.reason, 'several-documents');
    assert.match(!r.ok ? r.error : '', /2 YAML documents \(starting on lines 1 and 8\).*one document/s);
  });

  test('a selection spanning documents that touches ids of only one of them is accepted', () => {
    const r = ok(idsForSelections(file, [span(text, 'name: One', 'ccc333')]));
    assert.equal(r.documentIndex, 1);
    assert.deepEqual(r.uniqueIds, ['ccc333']);
  });

  test('multi-cursor selections in two documents are refused; cursors in two documents too', () => {
    const two = idsForSelections(file, [find(text, 'aaa111'), find(text, 'eee555')]);
    assert.equal(!two.ok && two.reason, 'several-documents');
    const cursors = idsForSelections(file, [cursor(text, 'name: One'), cursor(text, 'name: Three')]);
    assert.equal(!cursors.ok && cursors.reason, 'several-documents');
    assert.match(!cursors.ok ? cursors.error : '', /cursors are in 2 YAML documents/);
  });

  test('several cursors in one document: that document', () => {
    const r = ok(idsForSelections(file, [cursor(text, 'name: Two'), cursor(text, 'ccc333')]));
    assert.equal(r.documentIndex, 1);
    assert.equal(r.rule, 'document');
  });

  test('read for their values, as the language server reads small documents: selections and cursors in one document are in one', () => {
    // (Each time a document of such a parse is asked for, its view is made anew: told apart by index.)
    const values = parseFile(text, undefined, undefined, { valuesFirst: true });
    const two = ok(idsForSelections(values, [find(text, 'ccc333'), find(text, 'ddd444')]));
    assert.equal(two.documentIndex, 1);
    assert.deepEqual(two.uniqueIds, ['ccc333', 'ddd444']);
    const cursors = ok(idsForSelections(values, [cursor(text, 'name: Two'), cursor(text, 'ccc333')]));
    assert.equal(cursors.documentIndex, 1);
  });
});

describe('CRLF files', () => {
  const text = BLOCK.replace(/\n/g, '\r\n');
  const file = parseFile(text);

  test('ranges and values are the same as with LF, in CRLF offsets', () => {
    const r = idsForSelections(file, [span(text, 'aaa111', "'ccc333'")]);
    assert.deepEqual(picked(file, r), { values: ['aaa111', 'bbb222', 'ccc333'], texts: ['aaa111', '"bbb222"', "'ccc333'"] });
    for (const id of ok(r).ids) {
      assert.ok(!file.text.slice(id.range.start, id.range.end).includes('\r'));
    }
  });

  test('whole-line selections including the \\r\\n', () => {
    const start = text.indexOf('  - "bbb222"');
    const end = text.indexOf('\r\n', text.indexOf("'ccc333'")) + 2;
    assert.deepEqual(picked(file, idsForSelections(file, [{ start, end }])).values, ['bbb222', 'ccc333']);
  });

  test('the cursor rule', () => {
    assert.deepEqual(ok(idsForSelections(file, [cursor(text, 'report_type')])).uniqueIds, ['aaa111', 'bbb222', 'ccc333', 'ddd444']);
  });
});

describe('unusable items and repeats', () => {
  const text = 'ids:\n  - aaa111\n  - 12345\n  - true\n  -\n  - ""\n  - aaa111\nsite: {name: Shop}\n';
  const file = parseFile(text);

  test('a selected number is refused, naming the item and how to quote it', () => {
    const r = idsForSelections(file, [find(text, '12345')]);
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.equal(r.reason, 'unusable-id');
      assert.match(r.error, /`ids\[1\]` on line 3 \(`12345`\) reads as a number/);
      assert.match(r.error, /Quote it \(`- "12345"`\)/);
      assert.deepEqual(r.range, find(text, '12345'));
    }
  });

  test('booleans, empty items and empty strings are refused too; the cursor rule reports the first and the count', () => {
    const r = idsForSelections(file, [cursor(text, 'site')]);
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.error : '', /`ids\[1\]`.*\(and 3 more items\)/);
    const bool = idsForSelections(file, [find(text, 'true')]);
    assert.match(!bool.ok ? bool.error : '', /reads as a boolean/);
    const empty = idsForSelections(file, [find(text, '""')]);
    assert.match(!empty.ok ? empty.error : '', /is an empty string/);
  });

  test('unusable items that are not selected do not matter', () => {
    assert.deepEqual(ok(idsForSelections(file, [find(text, 'aaa111')])).uniqueIds, ['aaa111']);
  });

  test('a repeated id is listed per occurrence and sent once', () => {
    const f = parseFile('ids: [aaa111, bbb222, aaa111]\nsite: {name: x}\n');
    const r = ok(idsForSelections(f, []));
    assert.deepEqual(
      r.ids.map((i) => i.index),
      [0, 1, 2],
    );
    assert.deepEqual(r.uniqueIds, ['aaa111', 'bbb222']);
    assert.equal(r.duplicateCount, 1);
  });
});

describe('documents without usable ids', () => {
  const refusal = (text: string, sel: TextSelection[] = []): string => {
    const r = idsForSelections(parseFile(text), sel);
    assert.equal(r.ok, false, 'expected a refusal');
    return r.ok ? '' : `${r.reason}: ${r.error}`;
  };

  test('each case says what is missing and what to do', () => {
    assert.match(refusal(''), /^no-document: .*no YAML document/);
    assert.match(refusal('# only a comment\n'), /^no-document: /);
    assert.match(refusal('---\n# nothing\n---\nids: [a]\nsite: {name: x}\n'), /^no-ids: .*is empty/);
    assert.match(refusal('site:\n  name: x\n'), /^no-ids: .*has no `ids` list\. Add the target ids under `ids:`/);
    assert.match(refusal('ids:\nsite: {name: x}\n'), /^no-ids: .*without a value/);
    assert.match(refusal('ids: abc\nsite: {name: x}\n'), /^no-ids: .*not a list/);
    assert.match(refusal('ids: []\nsite: {name: x}\n'), /^no-ids: .*empty `ids` list/);
    assert.match(refusal('- a\n- b\n'), /^not-a-mapping: /);
  });
});

describe('command line: idsForDocument', () => {
  const text = 'ids: [aaa111, bbb222]\nsite: {name: x}\n---\nids:\n  - ccc333\n  - ddd444\n  - ccc333\nsite: {name: y}\n';
  const file = parseFile(text);

  test('--document N: every id of that document', () => {
    const r = ok(idsForDocument(file, 1));
    assert.equal(r.rule, 'document');
    assert.deepEqual(r.uniqueIds, ['ccc333', 'ddd444']);
    assert.equal(r.ids.length, 3);
  });

  test('--ids: only those, each of which must be in the document', () => {
    const r = ok(idsForDocument(file, 1, ['ccc333']));
    assert.equal(r.rule, 'selection');
    assert.deepEqual(
      r.ids.map((i) => i.index),
      [0, 2],
    );
    const unknown = idsForDocument(file, 1, ['ccc333', 'aaa111', 'zzz']);
    assert.equal(!unknown.ok && unknown.reason, 'unknown-ids');
    assert.match(!unknown.ok ? unknown.error : '', /These 2 ids are not in the `ids` list of document 1 \(line 4\): `aaa111`, `zzz`/);
  });

  test('a document index out of range', () => {
    const r = idsForDocument(file, 5);
    assert.equal(!r.ok && r.reason, 'no-such-document');
    assert.match(!r.ok ? r.error : '', /no document 5 .* 2 documents, numbered from 0 to 1/);
  });
});

test('a large document: selection cost does not depend on walking every item per selection', () => {
  const ids = Array.from({ length: 20_000 }, (_, i) => `id${String(i).padStart(6, '0')}`);
  const text = `ids:\n${ids.map((id) => `  - ${id}\n`).join('')}site:\n  name: Big\n`;
  const file = parseFile(text);
  const sels = [find(text, 'id000010'), span(text, 'id019990', 'id019999')];
  const r = ok(idsForSelections(file, sels));
  assert.deepEqual(r.uniqueIds, ['id000010', ...ids.slice(19_990)]);
  assert.equal(ok(idsForSelections(file, [])).uniqueIds.length, 20_000);
});
