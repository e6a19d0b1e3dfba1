// What a parse says it took over from the version before (core/yaml/documentHistory.ts): the
// checks that list the documents with findings ask only the others again, so a document said to
// be taken over must be the same document (its kept state, where what was found in it is kept).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile } from '../../../src/core/yaml/parse';
import type { ParsedFile } from '../../../src/core/yaml/parsedFile';
import type { ParsedDocument } from '../../../src/core/yaml/parsedDocument';
import { mulberry32 } from '../../../src/sandbox/prng';

const document = (i: number): string => `---\nids: [t${i}, u${i}]\nsite:\n  name: "Site ${i}"\n  url: https://s${i}.example\n`;
const SNIPPETS = ['a', '\n', '---\n', '"', '#', ': ', '- x\n', '\n---\nids: []\n'];

/**
 * Whether the first `prefix` and last `suffix` documents of `now` are those of `then`, each as the
 * version listed them when parsed: the same views (a slice read with its nodes keeps the views of
 * its documents, and a parse takes the slice over with them).
 */
function sameDocuments(a: readonly ParsedDocument[], b: readonly ParsedDocument[], prefix: number, suffix: number): boolean {
  for (let i = 0; i < prefix; i++) if (a[i] !== b[i]) return false;
  for (let i = 1; i <= suffix; i++) if (a[a.length - i] !== b[b.length - i]) return false;
  return true;
}

test("the documents a version says it took over from an earlier one are that version's, over random edits", () => {
  const random = mulberry32(Number(process.env.DOCUMENT_HISTORY_SEED ?? 5381));
  const base = Array.from({ length: 40 }, (_, i) => document(i)).join('');
  let text = base;
  const versions: ParsedFile[] = [parseFile(text)];
  // (Each version's documents as it listed them: a version's list is the latest's, taken over in place.)
  const listed = [versions[0]!.documents.toArray()];
  let takenOver = 0;
  for (let v = 1; v <= 300; v++) {
    // Back to the start now and then (a quote typed makes the rest of the file one document).
    const [at, removed, insert] =
      v % 25 === 0
        ? [0, text.length, base]
        : [
            Math.floor(random() * (text.length + 1)),
            random() < 0.4 ? 1 + Math.floor(random() * 40) : 0,
            random() < 0.8 ? SNIPPETS[Math.floor(random() * SNIPPETS.length)]! : '',
          ];
    const end = Math.min(at + removed, text.length);
    text = text.slice(0, at) + insert + text.slice(end);
    const file = parseFile(text, versions.at(-1), { start: at, oldEnd: end, newEnd: at + insert.length });
    assert.equal(file.history, versions[0]!.history, `version ${v}: the same file's history`);
    assert.equal(file.version, v);
    versions.push(file);
    listed.push(file.documents.toArray());
    // Against each of the last 70 versions: those remembered (64) say what was taken over, and
    // it is; the others are not known.
    for (let since = Math.max(0, v - 70); since <= v; since++) {
      const kept = file.history.keptSince(since);
      if (v - since > 64) {
        assert.equal(kept, undefined, `version ${v} since ${since}: not remembered`);
        continue;
      }
      assert.ok(kept !== undefined, `version ${v} since ${since}: remembered`);
      const then = listed[since]!;
      const now = listed[v]!;
      const prefix = Math.min(kept.prefix, then.length, now.length);
      const suffix = Math.min(kept.suffix, then.length - prefix, now.length - prefix);
      assert.ok(sameDocuments(then, now, prefix, suffix), `version ${v} since ${since}: ${prefix} first and ${suffix} last documents taken over`);
      if (since === v - 1) takenOver += prefix + suffix;
    }
  }
  assert.ok(takenOver > 300 * 20, `most documents were said to be taken over (${takenOver})`);
});

test('a parse from a version that is not the latest starts a history of its own', () => {
  const text = Array.from({ length: 5 }, (_, i) => document(i)).join('');
  const first = parseFile(text);
  const edited = `${text}# end\n`;
  const second = parseFile(edited, first, { start: text.length, oldEnd: text.length, newEnd: edited.length });
  assert.equal(second.history, first.history);
  assert.deepEqual(second.history.keptSince(0), { prefix: 4, suffix: 0 });
  // `first` again: what `second`'s history says about its versions would not hold for this one.
  const other = parseFile(edited, first, { start: text.length, oldEnd: text.length, newEnd: edited.length });
  assert.notEqual(other.history, first.history);
  assert.equal(other.version, 0);
  assert.equal(other.history.keptSince(0)?.prefix, Infinity, 'the latest version itself: all of it');
});
