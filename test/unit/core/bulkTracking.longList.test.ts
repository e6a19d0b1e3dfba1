// The rejected ids of a run on a long `ids` list: found and followed on every keystroke without a
// walk of the list (only the items shown are made), exactly as on the full parse, and capped with
// the other diagnostics when every id was rejected.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile, type ParsedFile } from '../../../src/core/yaml';
import { parsedVersions } from '../../fixtures/versions';
import { MIN_FAST_IDS } from '../../../src/core/yaml/fastIds';
import { fastIdsStats } from '../../../src/core/yaml/idsText';
import { createInvalidIdRecord, rejectedIdCount, trackInvalidIds } from '../../../src/core/bulk';
import { LanguageService } from '../../../src/core/service';
import { sandboxTargetIds } from '../../../src/sandbox/prng';
import { MAX_REMEMBERED } from '../../../src/core/arrays';
import { at } from '../../fixtures/at';

const URI = 'file:///work/long.target-settings.yaml';
const SITE = 'site:\n  name: Shop\n';

const IDS = sandboxTargetIds(MIN_FAST_IDS + 600, 11);
const list = (ids: readonly string[]): string => ids.map((id) => `  - ${id}\n`).join('');

/** The parse without the fast path: its `ids` items walked one by one. */
const fullParse = (text: string): ParsedFile => parseFile(text, undefined, undefined, { fastPaths: false });

test('the rejected ids of a long list follow every edit as on the full parse, and only their items are made', () => {
  const rejected = [at(IDS, 3), at(IDS, 400), at(IDS, -2)];
  const base = `ids:\n${list(IDS)}${SITE}`;
  const versions = [
    base,
    base.replace(`- ${at(IDS, 400)}\n`, `- ${at(IDS, 400)}x\n`), // one changed: no longer rejected
    base, // back
    base.replace(`- ${at(IDS, 10)}\n`, `- ${at(IDS, 10)}\n  - new\n`), // a line above two of them
    base.replace(`- ${at(IDS, 500)}\n`, `- ${at(IDS, 3)}\n`), // a rejected id written again elsewhere
    base.replace(`- ${at(IDS, 3)}\n`, ''), // one removed
    base.replace(`- ${at(IDS, -2)}\n`, `- !!str ${at(IDS, -2)}\n`), // written as an item the parse reads
  ];
  const service = new LanguageService(() => 'unset');
  const record = createInvalidIdRecord(fullParse(base), 0, rejected);
  for (const [file, text, v] of parsedVersions(service, URI, versions)) {
    if (v === 0) service.recordBulkOutcome(URI, file, { documentIndex: 0, sent: IDS, invalid: rejected, failed: [] });
    const made = fastIdsStats.nodesMade;
    const diagnostics = service.runDiagnostics(URI, file);
    assert.ok(file.documents.get(0)?.longIdsList !== undefined, `version ${v + 1}: the fast path read the list`);
    assert.ok(fastIdsStats.nodesMade - made <= diagnostics.length, `version ${v + 1}: ${fastIdsStats.nodesMade - made} items made`);
    const full = fullParse(text);
    assert.deepEqual(diagnostics, trackInvalidIds([record], full).diagnostics, `version ${v + 1}`);
    assert.ok(diagnostics.length >= 2, `version ${v + 1}: rejected ids are shown`);
  }
});

test('a diagnostic of a rejected id that an edit left as it was is the same object, in a long list and a short one; every one as made afresh', () => {
  for (const ids of [IDS, IDS.slice(0, 5)]) {
    const rejected = [at(ids, 1), at(ids, 3), at(ids, -1)];
    const base = `ids:\n${list(ids)}${SITE}`;
    const renamed = base.replace(`- ${at(ids, 1)}\n`, `- ${at(ids, 3)}\n`); // the same length, another rejected id
    const inserted = renamed.replace(`- ${at(ids, 2)}\n`, `- ${at(ids, 2)}\n  - new\n`); // a line above two of them
    const versions = [
      base,
      base.replace('name: Shop', 'name: Shops'), // nothing about them changes
      base.replace('name: Shop', 'name: Shopx'), // nor here
      renamed,
      inserted,
      `# a note\n${inserted}`, // a line above the list: the same items, moved
      `# a note\nx: 1\n---\n${inserted}`, // a document above: their lines move
      `---\n---\n---\n${inserted}`, // the same lines, the next document
    ];
    // Which of the version before's each version keeps.
    const kept = [
      [false, false, false],
      [true, true, true],
      [true, true, true],
      [false, true, true],
      [true, false, false],
      [false, false, false],
      [false, false, false],
      [false, false, false],
    ];
    const service = new LanguageService(() => 'unset');
    let before: readonly unknown[] = [];
    for (const [file, text, v] of parsedVersions(service, URI, versions)) {
      if (v === 0) service.recordBulkOutcome(URI, file, { documentIndex: 0, sent: ids, invalid: rejected, failed: [] });
      const diagnostics = service.runDiagnostics(URI, file);
      const label = `${ids.length} ids, version ${v + 1}`;
      const fresh = fullParse(text);
      const index = fresh.documents.length - 1;
      assert.deepEqual(diagnostics, trackInvalidIds([createInvalidIdRecord(fresh, index, rejected)], fresh).diagnostics, label);
      assert.equal(diagnostics.length, 3, label);
      assert.deepEqual(
        diagnostics.map((d, i) => d === before[i]),
        kept[v],
        `${label}: which are the objects of the version before`,
      );
      before = diagnostics;
    }
  }
});

test('every id of a long list rejected: the editor is shown the first maxProblems, told how many more, and only those items are made', () => {
  // More ids than where they stood is kept for: the list is read in order up to the last one shown.
  const ids = sandboxTargetIds(MAX_REMEMBERED + 500, 12);
  const text = `ids:\n${list(ids)}site:\n  name: [Shop\n`; // a syntax error too
  const service = new LanguageService(() => 'unset');
  const file = service.parse(URI, 1, text);
  const made = fastIdsStats.nodesMade;
  assert.deepEqual(service.recordBulkOutcome(URI, file, { documentIndex: 0, sent: ids, invalid: ids, failed: [] }), {
    invalidIds: ids.length,
    serviceErrors: 0,
  });
  const shown = service.diagnostics(URI, file, { maxProblems: 50 });
  assert.ok(fastIdsStats.nodesMade - made <= 60, `${fastIdsStats.nodesMade - made} items made`);
  assert.equal(shown.length, 51);
  const syntax = shown.filter((d) => d.code !== 'invalid-id' && d.code !== 'too-many-problems').length;
  assert.ok(syntax > 0, 'the syntax error is among the errors shown');
  assert.equal(shown.filter((d) => d.code === 'invalid-id').length, 50 - syntax);
  const note = at(shown, -1);
  assert.equal(note.code, 'too-many-problems');
  const all = ids.length + syntax;
  // (Rounded down to three figures from 1,000 problems: validation.limit.test.ts.)
  const counted = /^(?:More than ([\d,]+) problems|([\d,]+) problems in all); the 50 most severe are shown\./.exec(note.message);
  const total = Number((counted?.[1] ?? counted?.[2] ?? 'NaN').replaceAll(',', ''));
  assert.ok(total <= all && total > all * 0.99, `${note.message} (${all} in all)`);
  const record = createInvalidIdRecord(fullParse(text), 0, ids);
  assert.deepEqual(service.runDiagnostics(URI, file), trackInvalidIds([record], fullParse(text)).diagnostics, 'all of them, as on the full parse');
});

test('every id of a long list rejected and the list edited: the rejected items and ids it holds are counted at each version as on the full parse', () => {
  const base = `ids:\n${list(IDS)}${SITE}`;
  const versions = [
    base,
    base.replace(`- ${at(IDS, 5)}\n`, ''), // one removed
    base.replace(`- ${at(IDS, 5)}\n`, `- ${at(IDS, 5)}x\n`), // one changed
    base.replace(`- ${at(IDS, 5)}\n`, `- ${at(IDS, 5)}\n  - ${at(IDS, 9)}\n`), // one written twice
    base.replace(`- ${at(IDS, 5)}\n`, `- ${at(IDS, 5)}\n  - ${at(IDS, 9)}\n  - new\n`), // and a new one
    base.replace(`- ${at(IDS, 7)}\n`, `- !!str ${at(IDS, 7)}\n`), // one written as an item the parse reads
    base, // back
  ];
  const service = new LanguageService(() => 'unset');
  // One record through every version, as the editor keeps it: its set of ids is what the list's counts follow.
  const record = createInvalidIdRecord(fullParse(base), 0, IDS);
  for (const [file, text, v] of parsedVersions(service, URI, versions)) {
    assert.ok(file.documents.get(0)?.longIdsList !== undefined, `version ${v + 1}: the fast path read the list`);
    const full = fullParse(text);
    assert.equal(trackInvalidIds([record], file, 20).total, trackInvalidIds([record], full).diagnostics.length, `version ${v + 1}: items`);
    assert.equal(rejectedIdCount([record], file), rejectedIdCount([record], full), `version ${v + 1}: distinct ids`);
  }
});
