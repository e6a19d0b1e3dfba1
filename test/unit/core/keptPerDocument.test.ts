// What the checks find in a document is kept with it while edits leave it as it was (moved when
// an edit above shifts it: core/yaml/perDocument.ts). After every edit of a file of many
// documents, the diagnostics of the language service (schema and rules, `${env:NAME}` references,
// entitlements), its lenses, outline and folding ranges must be those of the same text afresh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { LanguageService } from '../../../src/core/service';
import type { EntitlementsRecord } from '../../../src/core/entitlements/types';
import type { ParsedFile } from '../../../src/core/yaml';
import type { OutlineSymbol } from '../../../src/core/outline';
import { mulberry32 } from '../../../src/sandbox/prng';
import { parsedVersions } from '../../fixtures/versions';
import { PerDocument } from '../../../src/core/yaml/perDocument';
import { parseFile } from '../../../src/core/yaml/parse';
import type { ParsedDocument } from '../../../src/core/yaml/parsedDocument';

const entitlements = (name: string): EntitlementsRecord =>
  JSON.parse(fs.readFileSync(path.join(__dirname, `../../../../test/fixtures/entitlements/${name}.json`), 'utf8')) as EntitlementsRecord;

/** Set or not, by name: the checks ask on every call, so a reference kept is still asked about. */
const env = (name: string): 'set' | 'unset' => (name.startsWith('SET') ? 'set' : 'unset');

const DOCUMENTS = [
  'ids: [a, b]\nsite:\n  name: One\n  url: https://one.example\n  basic_auth:\n    username: ${env:SET_USER}\n    password: "${env:PASSWORD} and ${env:SET_X}"\nreport_type: pci\n',
  '---\nids:\n  - c\n  - c\nsite:\n  name: Two\n  url: not a url\n  name: twice\nscanning_agent: x\n',
  '--- # three\nids: [d]\nsite: {name: Three, url: "https://three.example/${env:PATH_PART}"}\nreport_type: [x]\n  more: 1\n',
  '---\n',
  '---\nids: [e]\nsite:\n  name: &n Five\n  login_url: *n\n\tbad: tab\n',
  '---\nids: []\nsite:\n  name: Six\n  url: https://six.example\n  whitelist: [https://abs.example/x]\n',
  '---\nids: [f, g, f]\nsite:\n  name: Seven\nextra:\n  - name: first\n    more: [1, 2]\n  - {name: second}\n',
];

const SNIPPETS = ['a', 'Z', ' ', '\n', '\n\n', '---\n', '#', '"', "'", ':', '- x\n', '${env:NEW}', 'report_type: pci\n', '\t'];

/** What the service finds in a file: what an editor asks for after every edit. */
const found = (service: LanguageService, file: ParsedFile): unknown => ({
  diagnostics: service.validateAll(file),
  lenses: service.lenses(file),
  outline: service.symbols(file),
  folding: service.folding(file),
});

/**
 * 400 random edits of the documents above, each parsed; what is found is compared with the same
 * text afresh on the versions `checked` says (an editor with a debounce checks one version in a
 * few: what the checks list per file is then brought up to date over several edits).
 */
function editRandomly(seed: number, checked: (version: number) => boolean): void {
  const random = mulberry32(seed);
  const uri = 'file:///kept.target-settings.yaml';
  const record = entitlements('restricted');
  const service = new LanguageService(env);
  service.setEntitlements(record);
  let text = DOCUMENTS.join('');
  found(service, service.parse(uri, 1, text));
  let moved = 0;
  let kept = 0;
  let compared = 0;
  for (let version = 2; version <= 400; version++) {
    if (version % 25 === 0) {
      // Back to the start now and then.
      service.changed(uri, { start: 0, oldEnd: text.length, newEnd: DOCUMENTS.join('').length });
      text = DOCUMENTS.join('');
    }
    const at = Math.floor(random() * (text.length + 1));
    const removed = random() < 0.4 ? Math.min(1 + Math.floor(random() * 4), text.length - at) : 0;
    const insert = random() < 0.8 ? SNIPPETS[Math.floor(random() * SNIPPETS.length)]! : '';
    text = text.slice(0, at) + insert + text.slice(at + removed);
    service.changed(uri, { start: at, oldEnd: at + removed, newEnd: at + insert.length });
    const file = service.parse(uri, version, text);
    moved += file.stats.moved;
    kept += file.stats.reused;
    if (!checked(version)) continue;
    compared++;
    const fresh = new LanguageService(env);
    fresh.setEntitlements(record);
    assert.deepEqual(found(service, file), found(fresh, fresh.parse(uri, 1, text)), `version ${version}: ${JSON.stringify(text)}`);
  }
  // (Quotes typed make the documents after them parse together now and then.)
  assert.ok(moved > 300 && kept > 300, `documents were taken over: ${moved} moved, ${kept} where they were`);
  assert.ok(compared > 50, `${compared} versions compared`);
}

test('after every edit, documents taken over keep what was found in them, and it is what is found afresh', () => {
  editRandomly(Number(process.env.KEPT_FINDINGS_SEED ?? 8128), () => true);
});

test('checked once in a few edits, or after more edits than are remembered, what is found is what is found afresh', () => {
  const random = mulberry32(4099);
  // One version in three or so, and none of versions 200 to 299 (more than the 64 remembered).
  editRandomly(Number(process.env.KEPT_FINDINGS_SEED ?? 6007), (version) => (version < 200 || version >= 300) && random() < 0.35);
});

test('a document taken over is checked against a new entitlements record, not kept with the last one', () => {
  const uri = 'file:///record.target-settings.yaml';
  const service = new LanguageService(env);
  service.setEntitlements(entitlements('restricted'));
  const text = DOCUMENTS.join('');
  const notEntitled = (version: number, edited: string): string[] =>
    service
      .validateAll(service.parse(uri, version, edited))
      .filter((d) => d.code === 'not-entitled')
      .map((d) => d.path);
  assert.deepEqual(notEntitled(1, text), ['/report_type']);
  service.setEntitlements(entitlements('full'));
  // An edit in the last document: the first, which holds the finding, is taken over as it was.
  const at = text.lastIndexOf('Six');
  service.changed(uri, { start: at, oldEnd: at, newEnd: at + 1 });
  assert.deepEqual(notEntitled(2, `${text.slice(0, at)}x${text.slice(at)}`), []);
});

test('the outline of many documents stops at the same symbol as one made afresh, whichever documents were kept', () => {
  // 300 documents of 8 symbols each: the outline's budget (2,000) runs out inside a document.
  const uri = 'file:///outline.target-settings.yaml';
  const document = (i: number, extra = ''): string =>
    `---\nids: [t${i}]\nsite:\n  name: Site ${i}\n  url: https://s${i}.example\n${extra}report_type: pci\nnotes:\n  - name: n${i}\n`;
  const base = Array.from({ length: 300 }, (_, i) => document(i)).join('');
  const versions = [
    base,
    base.replace(document(3), document(3, 'a: 1\nb: 2\nc: 3\n')), // more symbols above where the budget ends: it ends earlier
    base.replace(document(3), document(3, 'a: 1\nb: 2\nc: 3\n')).replace(document(1), ''), // a document gone above
    base.replace(document(250), document(250, 'a: 1\n')), // one more past the end of the budget
    base,
  ];
  const count = (symbols: readonly OutlineSymbol[]): number => symbols.reduce((n, s) => n + 1 + count(s.children), 0);
  const service = new LanguageService(env);
  for (const [file, text, v] of parsedVersions(service, uri, versions)) {
    const outline = service.symbols(file);
    const fresh = new LanguageService(env);
    assert.deepEqual(outline, fresh.symbols(fresh.parse(uri, 1, text)), `version ${v + 1}`);
    // One symbol per document, and the budget's worth of their keys, in the documents up to where it ran out.
    assert.equal(count(outline) - outline.length, 2000, `version ${v + 1}: symbols of keys`);
    const withKeys = outline.filter((d) => d.children.length > 0).length;
    assert.ok(
      outline.slice(0, withKeys).every((d) => d.children.length > 0) && withKeys < outline.length,
      `version ${v + 1}: keys of the first ${withKeys} documents`,
    );
  }
});

test('documents in which a check found nothing share what is kept for them', () => {
  const service = new LanguageService(env);
  const text = Array.from({ length: 3 }, (_, i) => `---\nids: [t${i}]\nsite:\n  name: Site ${i}\n  url: https://s${i}.example\n`).join('');
  const file = service.parse('file:///nothing.target-settings.yaml', 1, text);
  assert.deepEqual(service.validateAll(file), []);
  const [first, second] = file.documents;
  const slots = Array.from({ length: 64 }, (_, slot) => slot); // (more than there are checks)
  const shared = slots.filter((slot) => first!.found(slot) !== undefined && first!.found(slot) === second!.found(slot));
  assert.ok(shared.length >= 2, `the checks that found nothing (schema and rules, \${env:NAME} references, ...) keep one object for both: ${shared.length}`);
});

test('documents that found the same share what they keep; a finding of one document is its own', () => {
  const text = Array.from({ length: 5 }, (_, i) => `---\nids: [t${i}]\nsite:\n  name: Site ${i}\n`).join('');
  const check = new PerDocument<readonly string[]>();
  const file = parseFile(text, undefined, undefined, { valuesFirst: true });
  const findings = (doc: ParsedDocument): string[] => (doc.index === 2 ? ['something'] : []);
  const lists = (): unknown[] => file.documents.map((doc) => (doc as unknown as { state: { found: unknown[] } }).state.found);
  for (const doc of file.documents) check.get(doc, 'key', findings, undefined);
  const [first, , third] = lists();
  assert.equal(new Set(lists()).size, 2, 'the four documents that found nothing share one list');
  assert.notEqual(third, first);
  // Another check keeps something of its own in the first document: the others' list stays as it was.
  const other = new PerDocument<readonly string[]>();
  other.get(file.documents.get(0)!, 'key', () => ['own'], undefined);
  assert.deepEqual(
    file.documents.map((doc) => [check.get(doc, 'key', findings, undefined), other.get(doc, 'key', () => [], undefined)]),
    [
      [[], ['own']],
      [[], []],
      [['something'], []],
      [[], []],
      [[], []],
    ],
  );
  assert.equal(new Set(lists()).size, 3);
});
