// Differential test of the incremental re-parse: after random edits to a multi-document file,
// parseFile(text, previous) must equal parseFile(text) in every observable respect.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isCollection, isNode, isPair, parseAllDocuments, type Document, type Node } from 'yaml';
import { parseFile } from '../../../src/core/yaml/parse';
import { MAX_ALIAS_COUNT, YAML_OPTIONS } from '../../../src/core/yaml/parsedDocument';
import type { ParsedFile } from '../../../src/core/yaml/parsedFile';
import { Runs, markerLines } from '../../../src/core/yaml/documents';
import { validateFile } from '../../../src/core/validation';

/** Where the documents of a whole text start and end. */
const splitDocuments = (text: string): Array<[number, number]> => {
  const starts = Runs.of(text, markerLines(text)).toArray();
  return starts.map((start, i) => [start, starts[i + 1] ?? text.length]);
};
import { mulberry32 } from '../../../src/sandbox/prng';
import { at } from '../../fixtures/at';

/** Every node with its kind and range, in walk order. */
function shape(node: unknown, out: string[] = []): string[] {
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const n = stack.pop();
    if (isPair(n)) {
      out.push('pair');
      stack.push(n.value, n.key);
    } else if (isNode(n)) {
      const node = n as Node;
      out.push(`${node.constructor.name}@${node.range?.join(',')}`);
      if (isCollection(node)) {
        for (let i = node.items.length - 1; i >= 0; i--) {
          stack.push(node.items[i]);
        }
      }
    } else {
      out.push(String(n));
    }
  }
  return out;
}

function docSnapshot(doc: Document.Parsed, value: unknown, valueError: unknown): unknown {
  return {
    range: doc.range,
    errors: doc.errors.map((e) => [e.name, e.code, e.pos, e.message]),
    warnings: doc.warnings.map((e) => [e.name, e.code, e.pos, e.message]),
    value, // may be circular (recursive aliases): deepEqual copes
    valueError,
    commentBefore: doc.commentBefore,
    comment: doc.comment,
    shape: shape(doc.contents),
  };
}

function snapshot(file: ParsedFile): unknown {
  return {
    streamErrors: file.streamErrors.map((e) => [e.code, e.pos, e.message]),
    documents: file.documents.map((d, i) => {
      assert.equal(d.index, i);
      return docSnapshot(d.document, d.value, d.valueError?.message);
    }),
  };
}

/**
 * The same snapshot from the `yaml` package's own whole-text parse, with each lone CR as the line
 * break YAML says it is (the package itself reads it as an ordinary character).
 */
function reference(text: string): unknown {
  const docs = parseAllDocuments(text.replace(/\r(?!\n)/g, '\n'), YAML_OPTIONS);
  const list = Array.isArray(docs) ? (docs as Document.Parsed[]) : [];
  return {
    streamErrors: list.length === 0 && 'errors' in docs ? docs.errors.map((e) => [e.code, e.pos, e.message]) : [],
    documents: list.map((doc) => {
      let value: unknown;
      let valueError: string | undefined;
      try {
        value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
      } catch (e) {
        valueError = (e as Error).message;
      }
      return docSnapshot(doc, value, valueError);
    }),
  };
}

const BASE = [
  '# yaml-language-server: $schema=../schemas/target-settings.schema.json',
  'ids:',
  '  - 3Sy7TyNMnQ8x',
  '  - "4Hk2QpZr9WbT"',
  'site:',
  '  name: Shop (staging)',
  '  url: https://staging.shop.example',
  '  desc: |',
  '    first line',
  '    ---',
  '  headers: [{name: a, value: b}]',
  '# between',
  '---',
  'ids: [a, b]',
  'site: {name: x}',
  'report_type: owasp',
  '--- # doc 3',
  'ids:',
  '- x',
  'site:',
  '  name: "quoted',
  '    over lines"',
  '  basic_auth: &auth',
  '    username: u',
  '  cookies:',
  '    - *auth',
  '---',
  '',
].join('\n');

const SNIPPETS = [
  '---\n',
  '---',
  '\n',
  '\n',
  ' ',
  '  ',
  '-',
  '- ',
  ':',
  ': ',
  'a',
  'key: value\n',
  '#',
  '# c\n',
  '"',
  "'",
  '|\n',
  '>-\n',
  '[',
  ']',
  '{',
  '}',
  ',',
  '...\n',
  '%YAML 1.2\n',
  '\t',
  '\r\n',
  '&x ',
  '*x',
  '? ',
  '!!str ',
  '\uFEFF',
  'ids:\n  - a\n',
  '--- |\n  text\n',
  '----\n',
  '--- \n',
];

test('incremental re-parse equals a full parse after random edits', () => {
  // YAML_FUZZ_SEED / YAML_FUZZ_STEPS run a longer or different search by hand.
  const random = mulberry32(Number(process.env.YAML_FUZZ_SEED ?? 20240611));
  const steps = Number(process.env.YAML_FUZZ_STEPS ?? 600);
  let text = BASE;
  let previous = parseFile(text);
  let reusedSomething = 0;
  for (let step = 0; step < steps; step++) {
    if (step % 150 === 0) {
      text = BASE; // restart from a realistic file now and then
    }
    // Half of the edits happen at a line start, where document markers and directives matter.
    let pos = Math.floor(random() * (text.length + 1));
    if (random() < 0.5) {
      pos = text.lastIndexOf('\n', pos - 1) + 1;
    }
    const r = random();
    if (r < 0.55) {
      text = text.slice(0, pos) + SNIPPETS[Math.floor(random() * SNIPPETS.length)] + text.slice(pos);
    } else if (r < 0.85) {
      const len = 1 + Math.floor(random() * 6);
      text = text.slice(0, pos) + text.slice(pos + len);
    } else {
      const len = 1 + Math.floor(random() * 3);
      text = text.slice(0, pos) + SNIPPETS[Math.floor(random() * SNIPPETS.length)] + text.slice(pos + len);
    }
    const incremental = parseFile(text, previous);
    reusedSomething += incremental.stats.reused + incremental.stats.moved;
    previous = incremental;
    // A third of the versions are not read: the moves of the documents taken over add up until one is.
    if (random() < 1 / 3) continue;
    const expected = reference(text);
    assert.deepEqual(snapshot(incremental), expected, `step ${step}, text ${JSON.stringify(text)}`);
    const fresh = parseFile(text);
    assert.deepEqual(snapshot(fresh), expected, `step ${step} (no previous)`);
    // The documents taken over keep what the checks found in them (moved with them): the same as found afresh.
    assert.deepEqual(validateFile(incremental), validateFile(fresh), `step ${step}: diagnostics, text ${JSON.stringify(text)}`);
  }
  assert.ok(reusedSomething > steps / 3, `documents were reused (${reusedSomething})`);
});

test('incremental re-parse equals a full parse on the tricky boundaries', () => {
  const cases = [
    '# lead comment\n---\nids: [a]\n---\nids: [b]\n',
    '\n\n# c\n\n--- \nids: [a]\n---\n',
    'a: 1\n...\n# c\n---\nb: 2\n---\nc: 3\n',
    '%YAML 1.1\n---\na: yes\n---\nb: yes\n',
    '%TAG !e! tag:example.com,2000:\n---\na: !e!x 1\n---\nb: !e!x 2\n',
    'a: |\n  x\n---\n  y\n---\nz: 1\n',
    'a: "x\n---\ny"\n',
    'a: "x\n---\nb: 1\n---\nc: 2\n',
    "a: 'x\n---\nb: 'y'\n---\nc: 2\n",
    'a: "x\\"\n---\nb: 1\n',
    'a: [1,\n---\n2]\n',
    '\uFEFF---\na: 1\n---\nb: 2\n',
    '---\n---\n---\n',
    'a: 1\r\n---\r\nb: 2\r\n',
  ];
  for (const text of cases) {
    // Parse with a previous parse of a different text so that nothing is reused by accident.
    const previous = parseFile(text.replace(/a/g, 'q'));
    assert.deepEqual(snapshot(parseFile(text, previous)), reference(text), JSON.stringify(text));
    assert.deepEqual(snapshot(parseFile(text, parseFile(text))), reference(text), JSON.stringify(text));
  }
});

test('an edit in one document re-parses only that document; later ones are moved', () => {
  const docs = ['ids: [a]\nsite: {name: one}\n', '---\nids: [b]\nsite: {name: two}\n', '---\nids: [c]\nsite: {name: three}\n'];
  const first = parseFile(docs.join(''));
  assert.equal(first.stats.slices, 3);
  const edited = parseFile(docs.join('').replace('one', 'uno!'), first);
  assert.deepEqual(edited.stats, { slices: 3, parsed: 1, reused: 0, moved: 2, read: docs[0]!.length + 1 });
  const editedLast = parseFile(edited.text.replace('three', '3'), edited);
  assert.deepEqual(editedLast.stats, { slices: 3, parsed: 1, reused: 2, moved: 0, read: docs[2]!.length - 4 });
  // A moved document is the earlier parse's own, moved in place (not a copy: the earlier parse is
  // not used again), and sits where its text now is.
  const moved = edited.documents.get(2);
  assert.ok(moved, 'a third document');
  assert.equal(moved.document, first.documents.get(2)?.document);
  assert.equal(moved.document.contents?.range?.[0], edited.text.indexOf('ids: [c]'));
});

test('documents pasted above long lists: the documents below are moved, not parsed again', () => {
  // The parse of a changed run may take over the list the fast path read in the old run at its
  // index, when that run's text is where the changed one is: once, the old run at the index of a
  // pasted document, whose text is below it, was taken, and every document after it parsed again.
  const list = (n: number): string => Array.from({ length: 100 }, (_, i) => `  - id${n}x${i}\n`).join('');
  const doc = (n: number): string => `ids:\n${list(n)}site:\n  name: s${n}\n`;
  const text = [doc(1), doc(2), doc(3)].join('---\n');
  const pasted = `${doc(7)}---\n${doc(8)}---\n`;
  const edited = pasted + text;
  const incremental = parseFile(edited, parseFile(text), { start: 0, oldEnd: 0, newEnd: pasted.length });
  // The two pasted documents, and the first one, which gained the `---` line before it.
  assert.deepEqual(incremental.stats, { slices: 5, parsed: 3, reused: 0, moved: 2, read: pasted.length + doc(1).length });
  const fresh = parseFile(edited);
  assert.deepEqual(snapshot(incremental), snapshot(fresh));
  assert.deepEqual(validateFile(incremental), validateFile(fresh));
});

test('the documents an edit cannot touch are taken over together; the runs around it are looked at one by one', () => {
  const doc = (n: number): string => `--- # document ${n}\nids: [a${n}]\nsite: {name: s${n}}\n`;
  const base = Array.from({ length: 12 }, (_, n) => doc(n)).join('');
  const at6 = base.indexOf(doc(6));
  const afterComment = at6 + '--- # document 6\n'.length;
  const versions = [
    base,
    // The document after those taken over before the edit now depends on the one before them (an
    // error before its content): the last of them is parsed again, with it.
    `${base.slice(0, afterComment)}  ]\n${base.slice(afterComment)}`,
    base,
    `${base.slice(0, afterComment)}x: "open\n${base.slice(afterComment)}`, // an unclosed quote: the rest of the file with it
    base,
    base.replace(doc(6), ''), // a document gone: those after it move up by one
    base.replace(doc(6), `${doc(6)}${doc(60)}`), // one more
    base.replace('--- # document 7\n', ''), // two documents made one
    base.replace('s6}', 's6}\n# after') + '# end\n', // comments after a document's end
    base,
  ];
  let previous = parseFile(at(versions, 0));
  for (const [v, text] of versions.entries()) {
    if (v === 0) continue;
    const incremental = parseFile(text, previous);
    assert.deepEqual(snapshot(incremental), reference(text), `version ${v + 1}: ${JSON.stringify(text)}`);
    assert.deepEqual(validateFile(incremental), validateFile(parseFile(text)), `version ${v + 1}: diagnostics`);
    assert.ok(incremental.stats.reused + incremental.stats.moved >= 5, `version ${v + 1}: documents taken over (${JSON.stringify(incremental.stats)})`);
    previous = incremental;
  }
});

test('splitDocuments cuts before --- lines, not before ----, and not at all with ... or %', () => {
  assert.deepEqual(splitDocuments('a: 1\n---\nb: 2\n----\n--- |\n x\n'), [
    [0, 5],
    [5, 19],
    [19, 28],
  ]);
  assert.deepEqual(splitDocuments('# lead\n---\na: 1\n---\nb: 1'), [
    [0, 16],
    [16, 24],
  ]);
  assert.deepEqual(splitDocuments('a: 1\n...\n---\nb: 2'), [[0, 17]]);
  assert.deepEqual(splitDocuments('%YAML 1.2\n---\na: 1\n---\nb: 2'), [[0, 27]]);
  assert.deepEqual(splitDocuments(''), [[0, 0]]);
});
