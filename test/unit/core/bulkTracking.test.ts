// Invalid-id diagnostics that follow edits: items moving, ids changed or removed (and undone),
// documents inserted above, reordered or copied; and the quick-fix edits that remove ids.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CoreDiagnostic } from '../../../src/core/diagnostic';
import { parseFile, type ParsedFile } from '../../../src/core/yaml';
import { applyEdits } from '../../fixtures/applyEdits';
import { createInvalidIdRecord, locateRecord, removeIdsEdits, removeInvalidIdsEdits, trackInvalidIds } from '../../../src/core/bulk';
import { LanguageService } from '../../../src/core/service';

const URI = 'file:///work/shop.target-settings.yaml';

const ONE = `ids:
  - good1
  - bad1
  - good2
  - bad2
site:
  name: One
`;
const TWO = `ids:
  - bad1
  - other
site:
  name: Two
`;

function covered(file: ParsedFile, diagnostics: readonly CoreDiagnostic[]): Array<[number, number, string]> {
  return diagnostics.map((d) => [d.document, d.range.start.line, file.text.slice(file.offsetAt(d.range.start), file.offsetAt(d.range.end))]);
}

/** The language service as the server drives it: a run's outcome recorded, then every new parse. */
function invalidIdTracker(service = new LanguageService(() => 'unset')) {
  return {
    service,
    recordRun(uri: string, file: ParsedFile, documentIndex: number, sent: string[], invalid: string[]): CoreDiagnostic[] {
      service.recordBulkOutcome(uri, file, { documentIndex, sent, invalid, failed: [] });
      return service.runDiagnostics(uri, file);
    },
    update: (uri: string, file: ParsedFile): CoreDiagnostic[] => service.runDiagnostics(uri, file),
  };
}

describe('the invalid ids of a run follow the text', () => {
  test('after a run: each rejected id is marked where it is', () => {
    const tracker = invalidIdTracker();
    const file = parseFile(ONE);
    const diags = tracker.recordRun(URI, file, 0, ['good1', 'bad1', 'good2', 'bad2'], ['bad1', 'bad2']);
    assert.deepEqual(covered(file, diags), [
      [0, 2, 'bad1'],
      [0, 4, 'bad2'],
    ]);
  });

  test('lines inserted above move the diagnostics with their items', () => {
    const tracker = invalidIdTracker();
    const before = parseFile(ONE);
    tracker.recordRun(URI, before, 0, ['bad1', 'bad2'], ['bad1', 'bad2']);
    const text = `# added\n# lines\n${ONE.replace('  - good1\n', '  - good1\n  - new0\n')}`;
    const after = parseFile(text, before);
    assert.deepEqual(covered(after, tracker.update(URI, after)), [
      [0, 5, 'bad1'],
      [0, 7, 'bad2'],
    ]);
  });

  test('an id that is changed or removed loses its diagnostic; undo brings it back', () => {
    const tracker = invalidIdTracker();
    const v1 = parseFile(ONE);
    tracker.recordRun(URI, v1, 0, ['bad1', 'bad2'], ['bad1', 'bad2']);
    const v2 = parseFile(ONE.replace('bad1', 'fixed1').replace('  - bad2\n', ''), v1);
    assert.deepEqual(tracker.update(URI, v2), []);
    const v3 = parseFile(ONE, v2);
    assert.deepEqual(covered(v3, tracker.update(URI, v3)), [
      [0, 2, 'bad1'],
      [0, 4, 'bad2'],
    ]);
  });

  test('a document inserted above: the record follows its document to the new index', () => {
    const tracker = invalidIdTracker();
    const v1 = parseFile(`${ONE}---\n${TWO}`);
    tracker.recordRun(URI, v1, 1, ['bad1', 'other'], ['bad1']);
    assert.deepEqual(covered(v1, tracker.update(URI, v1)), [[1, 9, 'bad1']]);
    // A new document at the top that also lists bad1 (not rejected there).
    const v2 = parseFile(`ids: [bad1]\nsite: {name: New}\n---\n${ONE}---\n${TWO}`, v1);
    assert.deepEqual(covered(v2, tracker.update(URI, v2)), [[2, 12, 'bad1']]);
  });

  test('documents reordered: the record stays with its document, found by its unchanged text', () => {
    const tracker = invalidIdTracker();
    const v1 = parseFile(`${ONE}---\n${TWO}`);
    tracker.recordRun(URI, v1, 0, ['bad1', 'bad2'], ['bad1', 'bad2']);
    const v2 = parseFile(`${TWO}---\n${ONE}`, v1);
    assert.deepEqual(covered(v2, tracker.update(URI, v2)), [
      [1, 8, 'bad1'],
      [1, 10, 'bad2'],
    ]);
  });

  test('edits inside the document (its fingerprint changes) are followed too', () => {
    const tracker = invalidIdTracker();
    let file = parseFile(`${TWO}---\n${ONE}`);
    tracker.recordRun(URI, file, 1, ['bad1', 'bad2'], ['bad1', 'bad2']);
    for (const name of ['Onee', 'Oneee', 'Renamed']) {
      file = parseFile(file.text.replace(/name: One\w*|name: Renamed/, `name: ${name}`), file);
      assert.deepEqual(
        covered(file, tracker.update(URI, file)).map((c) => c[0]),
        [1, 1],
      );
    }
  });

  test('a later run on the same document drops ids sent and accepted, keeps the others, adds new ones', () => {
    const tracker = invalidIdTracker();
    const file = parseFile(`${ONE}---\n${TWO}`);
    tracker.recordRun(URI, file, 0, ['bad1', 'bad2'], ['bad1', 'bad2']);
    tracker.recordRun(URI, file, 1, ['bad1', 'other'], ['other']);
    // Only bad2 re-sent from document 0, and now accepted (say the target was created since).
    const diags = tracker.recordRun(URI, file, 0, ['bad2'], []);
    assert.deepEqual(covered(file, diags), [
      [0, 2, 'bad1'],
      [1, 10, 'other'],
    ]);
    tracker.recordRun(URI, file, 0, ['bad1'], []);
    tracker.recordRun(URI, file, 1, ['other'], []);
    assert.deepEqual(tracker.update(URI, file), []);
  });

  test('closing keeps them; a renamed file, or a file in a renamed folder, takes them along; deleting drops them', () => {
    const tracker = invalidIdTracker();
    const file = parseFile(ONE);
    tracker.recordRun(URI, file, 0, [], ['bad1', 'bad2']);
    tracker.service.close(URI);
    assert.equal(tracker.update(URI, file).length, 2, 'reopened, the file shows them again');
    tracker.service.renamed(URI, 'file:///work/moved.target-settings.yaml');
    assert.deepEqual(tracker.update(URI, file), []);
    assert.equal(tracker.update('file:///work/moved.target-settings.yaml', file).length, 2);
    tracker.service.renamed('file:///work', 'file:///elsewhere');
    assert.equal(tracker.update('file:///elsewhere/moved.target-settings.yaml', file).length, 2);
    tracker.service.renamed('file:///else', 'file:///nowhere');
    assert.equal(tracker.update('file:///elsewhere/moved.target-settings.yaml', file).length, 2, 'a name that only starts the same is not the folder');
    tracker.service.deleted('file:///elsewhere');
    assert.deepEqual(tracker.update('file:///elsewhere/moved.target-settings.yaml', file), []);
  });
});

describe('records (pure)', () => {
  test('locateRecord: prefers the unchanged text, then the most ids, then the nearest index', () => {
    const v1 = parseFile(`${ONE}---\n${TWO}`);
    const record = createInvalidIdRecord(v1, 1, ['bad1']);
    assert.equal(locateRecord(record, v1), 1);
    // Both documents hold bad1; document 1's text is unchanged.
    assert.equal(locateRecord(record, parseFile(`${TWO}---\n${ONE}`)), 0);
    // No document holds it.
    assert.equal(locateRecord(record, parseFile('ids: [x]\nsite: {name: y}\n')), undefined);
  });

  test('trackInvalidIds keeps a record with no match, showing nothing', () => {
    const v1 = parseFile(ONE);
    const records = [createInvalidIdRecord(v1, 0, ['bad1'])];
    const gone = trackInvalidIds(records, parseFile('ids: [x]\nsite: {name: y}\n'));
    assert.deepEqual(gone.diagnostics, []);
    assert.equal(gone.records.length, 1);
    const back = trackInvalidIds(gone.records, v1);
    assert.equal(back.diagnostics.length, 1);
  });
});

describe("removing invalid ids (quick fixes, over the assist module's removeSequenceItemsEdits)", () => {
  test('by value, every occurrence, comments between items kept', () => {
    const text = 'ids:\n  - good1\n  # keep me\n  - bad1   # rejected\n  - good2\n  - bad1\nsite: {name: x}\n';
    const file = parseFile(text);
    const out = applyEdits(text, removeIdsEdits(file, 0, ['bad1']));
    assert.equal(out, 'ids:\n  - good1\n  # keep me\n  - good2\nsite: {name: x}\n');
  });

  test('"remove all invalid ids in the file": the rejected ids each document holds, document by document, on the current text', () => {
    const text = 'ids: [bad1, ok1]\r\nsite: {name: a}\r\n---\r\nids:\r\n  - bad2\r\n  - ok2\r\n  - bad2\r\nsite: {name: b}\r\n';
    const file = parseFile(text);
    const tracker = invalidIdTracker();
    tracker.recordRun(URI, file, 0, ['bad1', 'ok1'], ['bad1', 'gone']);
    const diagnostics = tracker.recordRun(URI, file, 1, ['bad2', 'ok2'], ['bad2']);
    assert.equal(diagnostics.length, 3);
    const [action] = tracker.service.codeActions(URI, file, [diagnostics[0]!]).filter((a) => a.title.startsWith('Remove all'));
    assert.equal(action?.title, 'Remove all 2 invalid ids in this file', 'the ids the documents hold, each once');
    const byDocument = new Map([
      [0, new Set(['bad1', 'gone'])],
      [1, new Set(['bad2'])],
    ]);
    assert.deepEqual(action.edits, removeInvalidIdsEdits(file, byDocument));
    const out = applyEdits(text, removeInvalidIdsEdits(file, byDocument));
    assert.equal(out, 'ids: [ok1]\r\nsite: {name: a}\r\n---\r\nids:\r\n  - ok2\r\nsite: {name: b}\r\n');
    assert.deepEqual(tracker.update(URI, parseFile(out, file)), [], 'the removed ids lose their diagnostics');
  });

  test('removing every id leaves `ids: []`; an unknown document gives no edit', () => {
    const text = 'ids:\n  - bad1\n  - bad2\nsite: {name: x}\n';
    const file = parseFile(text);
    assert.equal(applyEdits(text, removeIdsEdits(file, 0, ['bad1', 'bad2'])), 'ids: []\nsite: {name: x}\n');
    assert.deepEqual(removeIdsEdits(file, 4, ['bad1']), []);
  });
});

test("a run's diagnostics take the user's severities, as validation's do: raised, lowered, off (neither shown nor counted), and back", () => {
  const service = new LanguageService(() => 'unset');
  const file = service.parse(URI, 1, ONE);
  service.recordBulkOutcome(URI, file, {
    documentIndex: 0,
    sent: ['good1', 'bad1', 'good2', 'bad2'],
    invalid: ['bad1', 'bad2'],
    failed: [{ fieldErrors: [{ path: ['site', 'name'], messages: ['Too long.'] }], chunkIds: ['good1'] }],
  });
  const shown = (severityOverrides?: Record<string, 'error' | 'warning' | 'information' | 'hint' | 'off'>, maxProblems?: number): string[] =>
    service.diagnostics(URI, file, { severityOverrides, maxProblems }).map((d) => `${d.code} ${d.severity}`);
  const asRecorded = ['invalid-id error', 'invalid-id error', 'service-validation error'];
  assert.deepEqual(shown(), asRecorded);
  assert.deepEqual(shown({ 'invalid-id': 'warning', 'service-validation': 'hint' }), ['invalid-id warning', 'invalid-id warning', 'service-validation hint']);
  assert.deepEqual(shown({ 'invalid-id': 'off' }), ['service-validation error']);
  // Capped: the rejected ids turned off are not counted among those left out.
  assert.deepEqual(shown({ 'invalid-id': 'off' }, 1), ['service-validation error']);
  assert.deepEqual(shown({}, 1), ['invalid-id error', 'too-many-problems information']);
  // The diagnostics kept from one version to the next were not changed by the overrides.
  assert.deepEqual(shown(), asRecorded);
});
