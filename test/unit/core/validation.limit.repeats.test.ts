// The editor's cap on a long list's repeated ids: only the repeats it could show are made, the
// others counted (Validator.validateFileUpTo). What the editor gets must be what capping every
// diagnostic gives: the same diagnostics shown, the same count in the note, whatever the other
// problems, their severities (overrides included) and the documents.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Severity } from '../../../src/core/diagnostic';
import { limitDiagnostics, validateFile } from '../../../src/core/validation';
import { placementStats } from '../../../src/core/validation/validate';
import { LanguageService } from '../../../src/core/service';
import { parseFile } from '../../../src/core/yaml';
import { MIN_FAST_IDS, fastIdsStats } from '../../../src/core/yaml/fastIds';
import { sandboxTargetIds } from '../../../src/sandbox/prng';
import { parsedVersions } from '../../fixtures/versions';

const IDS = sandboxTargetIds(MIN_FAST_IDS + 300, 47);
const list = (ids: readonly string[]): string => ids.map((id) => `  - ${id}\n`).join('');
const SITE = 'site:\n  name: Shop\n';
/** Settings with two problems: an error (an unknown report type) and a warning (an unknown key). */
const PROBLEMS = 'site:\n  name: Shop\n  nmae: typo\nreport_type: nope\n';

/** A list whose first `repeats` ids are listed again at its end. */
const repeated = (repeats: number, before = '', after = SITE): string => `${before}ids:\n${list(IDS)}${list(IDS.slice(0, repeats))}${after}`;

const files: Array<[string, string]> = [
  ['no repeat', repeated(0)],
  ['a few repeats', repeated(5)],
  ['repeats and other problems after the list', repeated(250, '', PROBLEMS)],
  ['repeats and other problems before the list', `${PROBLEMS}${repeated(250)}`],
  [
    'repeats, an id repeated three times, a tagged item repeating one',
    `ids:\n${list(IDS)}${list(IDS.slice(0, 200))}${list(IDS.slice(0, 50))}  - !!str ${IDS[9]}\n${SITE}`,
  ],
  ['two documents with repeats', `${repeated(150)}---\n${repeated(120, '', PROBLEMS)}`],
  // Ids read as numbers or true/false: only the first of them are handed to the schema check (validateSkipping).
  [
    'ids written as numbers, true and null among the others',
    `ids:\n${list(IDS.map((id, i) => (i % 3 === 0 ? String(1000 + i) : i % 7 === 0 ? 'true' : i % 11 === 0 ? 'null' : id)))}${SITE}`,
  ],
  ['every id a number, and other problems', `${PROBLEMS}ids:\n${list(IDS.map((_, i) => String(i % 2 === 0 ? 5000 + i : 0x1f)))}`],
  [
    'numbers and repeats, two documents',
    `ids:\n${list(IDS.map((id, i) => (i % 5 === 0 ? String(i) : id)))}${list(IDS.slice(1, 90))}${SITE}---\n${repeated(0).replace(`  - ${IDS[3]}\n`, '  - 1e5\n')}`,
  ],
];

const overrides: Array<Record<string, Severity | 'off'> | undefined> = [
  undefined,
  { 'duplicate-id': 'error' },
  { 'duplicate-id': 'off' },
  { 'duplicate-id': 'hint', 'unknown-property': 'off' },
  { 'invalid-type': 'warning' },
  { 'invalid-type': 'off', 'duplicate-id': 'error' },
];

test('the capped diagnostics of repeated ids are those of capping every diagnostic, for every cap, severity and file', () => {
  for (const [label, text] of files) {
    for (const severityOverrides of overrides) {
      const all = validateFile(parseFile(text, undefined, undefined, { fastPaths: false }), { severityOverrides });
      for (const maxProblems of [1, 2, 10, 100, 149, 150, 151, 250, 400, 100_000]) {
        const service = new LanguageService(() => 'unset');
        const file = service.parse('file:///w/r.target-settings.yaml', 1, text);
        assert.ok(file.documents.get(file.documents.length - 1)?.longIdsList !== undefined, `${label}: the fast path read the list`);
        const shown = service.diagnostics('file:///w/r.target-settings.yaml', file, { maxProblems, severityOverrides, entitlementChecks: false });
        assert.deepStrictEqual(shown, limitDiagnostics(all, maxProblems), `${label}, ${JSON.stringify(severityOverrides)}, cap ${maxProblems}`);
      }
    }
  }
});

test('past the cap the repeats are not made: a keystroke in a file of many repeats makes the items the editor shows', () => {
  const text = repeated(300);
  const service = new LanguageService(() => 'unset');
  const versions = [text, text.replace('name: Shop', 'name: Shoq'), text.replace(`  - ${IDS[350]}\n`, `  - ${IDS[350]}x\n`)];
  for (const [file, , v] of parsedVersions(service, 'file:///w/k.target-settings.yaml', versions)) {
    const made = fastIdsStats.nodesMade;
    const shown = service.diagnostics('file:///w/k.target-settings.yaml', file, { maxProblems: 20 });
    assert.equal(shown.length, 21, `version ${v + 1}`);
    assert.match(shown.at(-1)?.message ?? '', /^300 problems in all; the 20 most severe are shown\. /);
    assert.ok(fastIdsStats.nodesMade - made <= 40, `version ${v + 1}: ${fastIdsStats.nodesMade - made} items made`);
    // The bulk update checks every one, on the same version.
    assert.equal(service.validateAll(file).filter((d) => d.code === 'duplicate-id').length, 300, `version ${v + 1}: uncapped`);
  }
});

test('the repeats a keystroke shows, as edits make and unmake repeats before the others, add and take out items, are those of capping every diagnostic', () => {
  // The list's repeated items are remembered from one version to the next (IdCounts.replace): an
  // edit of a repeated id has them looked for again, and the new ones must come in list order,
  // before the pasted repeats at the end, for the cap to show them.
  const versions = [repeated(250)];
  const edit = (from: string, to: string): void => {
    const last = versions.at(-1)!;
    assert.ok(last.includes(from), from);
    versions.push(last.replace(from, to));
  };
  edit(`  - ${IDS[10]}\n`, `  - ${IDS[5]}\n`); // made to repeat an earlier id
  edit(`  - ${IDS[5]}\n  - ${IDS[11]}`, `  - ${IDS[10]}\n  - ${IDS[11]}`); // and restored
  edit(`ids:\n`, `ids:\n  - ${IDS[400]}\n`); // an item put in at the top, repeating a later id
  edit(`  - ${IDS[300]}\n`, `  - ${IDS[300]}z\n`); // an id held once changed into another
  edit(`  - ${IDS[300]}z\n`, ''); // an item taken out
  edit(`ids:\n  - ${IDS[400]}\n  - ${IDS[0]}\n`, `ids:\n  - ${IDS[400]}\n`); // a repeated id's first item taken out
  edit('name: Shop', 'name: Shoq'); // an edit outside the list
  edit(`  - ${IDS[20]}\n`, `  - ${IDS[20]}\n  - ${IDS[21]}\n`); // an item repeating the next one
  const service = new LanguageService(() => 'unset');
  for (const [file, text, v] of parsedVersions(service, 'file:///w/e.target-settings.yaml', versions)) {
    const all = validateFile(parseFile(text, undefined, undefined, { fastPaths: false }));
    for (const maxProblems of [3, 20]) {
      const shown = service.diagnostics('file:///w/e.target-settings.yaml', file, { maxProblems });
      assert.deepStrictEqual(shown, limitDiagnostics(all, maxProblems), `version ${v + 1}, cap ${maxProblems}`);
    }
  }
});

test("a repeat's diagnostic is kept from one version to the next while it says the same in the same place, whatever severity a version sets", () => {
  // Kept rather than made again (ruleFindings keeps each repeated item's finding, toDiagnostic the
  // diagnostic of a finding): the server then finds it the one the client holds at once. A kept
  // diagnostic must never carry a version's severity override into the next.
  const uri = 'file:///w/kept.target-settings.yaml';
  const edited = (...edits: Array<[string, string]>): string => edits.reduce((text, [from, to]) => text.replace(from, to), repeated(250));
  const versions: Array<[text: string, severity: Severity | undefined, kept: 'all' | 'none', of: number]> = [
    [edited(), undefined, 'none', 0],
    [edited(['name: Shop', 'name: Shoq']), undefined, 'all', 0], // an edit outside the list: every repeat as it was
    [edited(['name: Shop', 'name: Shoq'], ['ids:\n', `ids:\n  - ${IDS[399]}x\n`]), undefined, 'none', 1], // an item put in above: every one moved
    [edited(['name: Shop', 'name: Shoq'], ['ids:\n', `ids:\n  - ${IDS[399]}y\n`]), 'error', 'none', 2], // that item changed, the repeats errors: copies
    [edited(['name: Shop', 'name: Shor'], ['ids:\n', `ids:\n  - ${IDS[399]}y\n`]), undefined, 'all', 2], // as version 3 was made, warnings
    [edited(['name: Shop', 'name: Shor'], ['ids:\n', `ids:\n  - ${IDS[399]}y\n`], [`  - ${IDS[1]}\n`, `  # a note\n  - ${IDS[1]}\n`]), undefined, 'none', 4], // a line put in above: the same repeats, one line lower
  ];
  keptAcrossVersions(
    uri,
    'duplicate-id',
    versions.map(([text, severity, kept, of]) => [text, severity, kept === 'all' ? 100 : 0, of]),
  );
});

test('past the cap the ids read as numbers are not checked one by one: a keystroke makes the items the editor shows', () => {
  const numbers = `ids:\n${list(IDS.map((id, i) => (i % 4 === 0 ? id : String(1000 + i))))}${SITE}`;
  const service = new LanguageService(() => 'unset');
  const uri = 'file:///w/n.target-settings.yaml';
  for (const [file, , v] of parsedVersions(service, uri, [numbers, numbers.replace('name: Shop', 'name: Shoq')])) {
    const made = fastIdsStats.nodesMade;
    const shown = service.diagnostics(uri, file, { maxProblems: 20, entitlementChecks: false });
    assert.equal(shown.length, 21, `version ${v + 1}`);
    assert.match(shown.at(-1)?.message ?? '', /^273 problems in all; the 20 most severe are shown\. /);
    assert.ok(fastIdsStats.nodesMade - made <= 40, `version ${v + 1}: ${fastIdsStats.nodesMade - made} items made`);
  }
});

test('an error on an id read as a number is kept from one version to the next while its item holds the same value at the same index, whatever severity a version sets', () => {
  // Such an item is refused on its own ("must be a string"): validateSkipping takes its findings
  // from the last version rather than handing it to the validator again, and toDiagnostic then
  // gives the same diagnostic. (The one that carries the count left out past the cap is a copy in
  // every version.)
  const uri = 'file:///w/kept-numbers.target-settings.yaml';
  const numbers = IDS.map((id, i) => (i % 2 === 0 ? id : String(1000 + i)));
  const base = `ids:\n${list(numbers)}${SITE}`;
  const versions: Array<[text: string, severity: Severity | undefined, kept: number, of: number]> = [
    [base, undefined, 0, 0],
    [base.replace('name: Shop', 'name: Shoq'), undefined, 99, 0], // an edit outside the list: every error as it was
    [base.replace('name: Shop', 'name: Shoq').replace('  - 1003\n', '  - 99999\n'), undefined, 98, 1], // one number changed: its error made again
    [base.replace('name: Shop', 'name: Shoq').replace('  - 1003\n', '  - 1003x\n'), undefined, 98, 2], // that number made text: one error fewer
    [base.replace('ids:\n', `ids:\n  - 4711\n`), undefined, 0, 3], // a number put in above: every item moved
    [base.replace('ids:\n', `ids:\n  - 4711\n`).replace('name: Shop', 'name: Shoq'), 'warning', 0, 4], // the errors warnings: copies
    [base.replace('ids:\n', `ids:\n  - 4711\n`).replace('name: Shop', 'name: Shor'), undefined, 98, 4], // as version 5 was made, errors (but the first item's: always handed over)
  ];
  keptAcrossVersions(uri, 'invalid-type', versions);
});

test('a diagnostic kept for the version before, on lines the edit left as they were, is not looked for in the text again', () => {
  // A thousand findings on ids were placed again (or checked in place) on every keystroke.
  const uri = 'file:///w/lines.target-settings.yaml';
  const base = `ids:\n${list(IDS.map((id, i) => (i % 2 === 0 ? id : String(1000 + i))))}${SITE}`;
  const service = new LanguageService(() => 'unset');
  const versions = [base, base.replace('name: Shop', 'name: Shoq'), base.replace('name: Shop', 'name: Shor').replace('  - 1003\n', '  - 1003x\n')];
  const looked: number[] = [];
  for (const [file] of parsedVersions(service, uri, versions)) {
    const before = placementStats.looked;
    service.diagnostics(uri, file, { maxProblems: 100, entitlementChecks: false });
    looked.push(placementStats.looked - before);
  }
  // All placed in the first; after an edit below them, only the one that carries the count left
  // out past the cap (a copy in every version); after an edit among them, those from its line on.
  assert.ok(looked[0]! >= 100, `version 1: ${looked[0]}`);
  assert.equal(looked[1], 1, 'version 2');
  assert.ok(looked[2]! > 0 && looked[2]! < 100, `version 3: ${looked[2]}`);
});

/**
 * Shows each version (text, the severity set for `code`) capped at 100 through one service, as the
 * editor would, and asserts it is the fresh full parse's, with 100 diagnostics of `code`, `kept` of
 * them the very objects version `of` showed.
 */
function keptAcrossVersions(uri: string, code: string, versions: Array<[text: string, severity: Severity | undefined, kept: number, of: number]>): void {
  const service = new LanguageService(() => 'unset');
  const shownIn: Array<readonly object[]> = [];
  for (const [file, text, v] of parsedVersions(
    service,
    uri,
    versions.map(([text]) => text),
  )) {
    const [, severity, kept, of] = versions[v]!;
    const severityOverrides = severity === undefined ? undefined : { [code]: severity };
    const shown = service.diagnostics(uri, file, { maxProblems: 100, severityOverrides, entitlementChecks: false });
    const fresh = validateFile(parseFile(text, undefined, undefined, { fastPaths: false }), { severityOverrides });
    assert.deepStrictEqual(shown, limitDiagnostics(fresh, 100), `version ${v + 1}`);
    const ofCode = shown.filter((d) => d.code === code);
    assert.equal(ofCode.length, 100, `version ${v + 1}`);
    const same = ofCode.filter((d) => shownIn[of]?.includes(d)).length;
    assert.equal(same, kept, `version ${v + 1}: diagnostics of version ${of + 1} kept`);
    shownIn.push(ofCode);
  }
}
