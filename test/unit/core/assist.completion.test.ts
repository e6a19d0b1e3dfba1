// Completion: cursor-marker fixtures (`‸`) for every position named in the issue, including the ones
// YAML editors usually get wrong (blank lines at several depths, inside a sequence item, after `- `,
// the end of the file with and without a final line break, a second document, a syntax error
// elsewhere). Inserted snippets are applied as VS Code would and the result is parsed and validated.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile } from '../../../src/core/yaml/parse';
import type { ParsedDocument } from '../../../src/core/yaml/parsedDocument';
import { complete } from '../../../src/core/assist/completion';
import { detectIndentUnit } from '../../../src/core/assist/indentUnit';
import { cursorContext } from '../../../src/core/assist/cursorContext';
import { targetSettingsNavigator } from '../../../src/core/schema/bundledSchema';
import { applyItem, at, find, itemsAt, labelsAt, schemaErrors, sortedLabels } from '../../fixtures/assist/helpers';

const ROOT_REQUIRED = ['ids', 'site'];

/** The first document of `text` parsed, asserted to be there. */
function firstDocument(text: string): ParsedDocument {
  const doc = parseFile(text).documents.get(0);
  assert.ok(doc, `a document in ${JSON.stringify(text)}`);
  return doc;
}

function parentOf(source: string): unknown {
  const { file, offset } = at(source);
  const ctx = cursorContext(file, offset);
  if (ctx === undefined) return undefined;
  return ctx.kind === 'key' ? { parent: ctx.parentPath, sequence: ctx.sequencePath } : { value: ctx.path };
}

describe('completion: where the cursor is', () => {
  test('an empty file offers the root properties, required ones first', () => {
    const items = itemsAt('‸');
    const sorted = sortedLabels(items.filter((i) => i.kind === 'property'));
    assert.deepEqual(sorted.slice(0, 2), ROOT_REQUIRED);
    assert.ok(sorted.includes('report_type') && sorted.includes('blackout_period') && sorted.includes('labels'));
    assert.ok(!sorted.includes('name'), 'no site property at the root');
  });

  test('a blank line resolves its parent by indentation, at several depths', () => {
    const src = (cursorLine: string): string =>
      ['ids: [a]', 'site:', '  name: Shop', '  basic_auth:', '    username: u', cursorLine, '  url: https://shop.example', 'report_type: pci'].join('\n');
    assert.deepEqual(parentOf(src('‸')), { parent: [], sequence: undefined });
    assert.deepEqual(parentOf(src('  ‸')), { parent: ['site'], sequence: undefined });
    assert.deepEqual(parentOf(src('    ‸')), { parent: ['site', 'basic_auth'], sequence: undefined });

    const root = labelsAt(src('‸'));
    assert.ok(root.includes('type') && !root.includes('site') && !root.includes('ids') && !root.includes('report_type'), 'present root keys left out');
    const site = labelsAt(src('  ‸'));
    assert.ok(
      site.includes('has_otp') && !site.includes('name') && !site.includes('url') && !site.includes('basic_auth'),
      'site keys above and below the cursor left out',
    );
    const auth = labelsAt(src('    ‸'));
    assert.deepEqual(
      auth.filter((l) => !l.includes(' ')),
      ['password', 'password_is_sensitive'],
    );
  });

  test('a blank line inside a list of objects: the item mapping, or a new item at the dash column', () => {
    const base = 'site:\n  headers:\n    - name: A\n      value: b\n';
    assert.deepEqual(parentOf(`${base}      ‸`), { parent: ['site', 'headers', 0], sequence: undefined });
    const inItem = itemsAt(`${base}      ‸`);
    assert.deepEqual(
      inItem.filter((i) => i.kind === 'property').map((i) => i.label),
      ['value_is_sensitive', 'allow_testing', 'authentication', 'authentication_secondary'],
    );

    assert.deepEqual(parentOf(`${base}    ‸`), { parent: undefined, sequence: ['site', 'headers'] });
    const newItem = itemsAt(`${base}    ‸`);
    assert.ok(
      newItem.every((i) => i.insertText.startsWith('- ')),
      'only new items at the dash column',
    );
    assert.ok(newItem.some((i) => i.label === '- Header or cookie'));
  });

  test('inside a block sequence item: the second and later keys of `- key:` items', () => {
    const src = 'site:\n  headers:\n    - name: A\n      value: b\n    - name: B\n      ‸\n    - name: C\n';
    assert.deepEqual(parentOf(src), { parent: ['site', 'headers', 1], sequence: undefined });
    const labels = itemsAt(src)
      .filter((i) => i.kind === 'property')
      .map((i) => i.label);
    assert.equal(labels[0], 'value', 'the required key of this item first');
    assert.ok(!labels.includes('name'));
  });

  test('after `- ` in a list of objects: the item keys and the whole-object snippets', () => {
    const src = 'site:\n  headers:\n    - name: A\n      value: b\n    - ‸';
    assert.deepEqual(parentOf(src), { parent: ['site', 'headers', 1], sequence: undefined });
    const items = itemsAt(src);
    assert.deepEqual(sortedLabels(items).slice(0, 2), ['name', 'value']);
    const snippet = find(items, 'Header or cookie');
    assert.equal(snippet.kind, 'snippet');
    const { text } = applyItem(at(src).text, snippet, { 1: 'X-Env', 2: 'staging' });
    assert.equal(text, 'site:\n  headers:\n    - name: A\n      value: b\n    - name: X-Env\n      value: staging');
    assert.deepEqual(firstDocument(text).value, {
      site: {
        headers: [
          { name: 'A', value: 'b' },
          { name: 'X-Env', value: 'staging' },
        ],
      },
    });
  });

  test('after `- ` in labels, at the root, with the sequence at the same indentation as its key', () => {
    const src = 'ids: [a]\nsite: {}\nlabels:\n- name: one\n- ‸';
    assert.deepEqual(parentOf(src), { parent: ['labels', 1], sequence: undefined });
    assert.deepEqual(
      itemsAt(src)
        .filter((i) => i.kind === 'property')
        .map((i) => i.label),
      ['name', 'color'],
    );
  });

  test('after `- ` in a list of strings (ids): no property names', () => {
    const items = itemsAt('ids:\n  - a\n  - ‸\nsite: {}\n');
    assert.deepEqual(
      items.filter((i) => i.kind === 'property'),
      [],
    );
  });

  test('the end of the file, with and without a final line break', () => {
    for (const src of ['ids: [a]\nsite:\n  name: x\n  ‸', 'ids: [a]\nsite:\n  name: x\n  ‸\n', 'ids: [a]\nsite:\n  name: x\n  ur‸']) {
      const labels = labelsAt(src);
      assert.ok(labels.includes('url') && !labels.includes('name'), src);
    }
    const typed = itemsAt('ids: [a]\nsite:\n  name: x\n  ur‸');
    const url = find(typed, 'url');
    assert.deepEqual(url.range, { start: 27, end: 29 }, 'replaces the typed word');
    assert.deepEqual(labelsAt('ids: [a]\nsite:\n  name: x\n‸').includes('report_type'), true);
  });

  test('the second and later documents of a multi-document file', () => {
    const src = 'ids: [a]\nsite:\n  name: one\n  url: https://one.example\n---\nids: [b]\nsite:\n  ‸\n---\nids: [c]\n';
    const labels = labelsAt(src);
    assert.ok(labels.includes('name') && labels.includes('url'), 'the first document’s keys do not count here');
    const third = labelsAt('ids: [a]\n---\nids: [b]\n---\nids: [c]\n‸');
    assert.ok(third.includes('site') && !third.includes('ids'));
  });

  test('a document with a syntax error elsewhere', () => {
    const broken = 'ids: [a, b\nsite:\n  name: "unterminated\n  url: https://x.example\n  ‸\nreport_type: [\n';
    const labels = labelsAt(broken);
    assert.ok(firstDocument(broken.replace('‸', '')).errors.length > 0, 'the fixture does not parse');
    assert.ok(labels.includes('has_basic_auth') && labels.includes('headers'), 'site keys by indentation');
    assert.ok(!labels.includes('url'));
    const value = labelsAt('ids: [a\nsite:\n  otp_algorithm: ‸\n  url: :::\n');
    assert.deepEqual(value, ['SHA1', 'SHA256', 'SHA512']);
  });

  test('a key being renamed (a `:` follows the word): the name only', () => {
    const items = itemsAt('site:\n  na‸me: x\n');
    const name = find(items, 'desc');
    assert.equal(name.insertText, 'desc');
    assert.deepEqual(name.range, { start: 8, end: 12 });
    assert.ok(
      items.every((i) => i.kind === 'property'),
      'no snippets in place of a key',
    );
  });

  test('nothing inside comments, block scalars, flow collections and on document markers', () => {
    assert.deepEqual(labelsAt('# a comment ‸\n'), []);
    assert.deepEqual(labelsAt('site:\n  name: x # note ‸\n'), []);
    assert.deepEqual(labelsAt('site:\n  api_scan_settings:\n    api_login_payload: |\n      {"a": 1}\n      ‸\n'), []);
    assert.deepEqual(labelsAt('site: {name: ‸}\n'), []);
    assert.deepEqual(labelsAt('---‸\n'), []);
    assert.deepEqual(labelsAt('site:\n ‸ name: x\n'), [], 'inside the indentation of a line with content');
  });

  test('CRLF files', () => {
    const items = itemsAt('ids: [a]\nsite:\n  name: x\n  ‸\n', '\r\n');
    assert.ok(items.some((i) => i.label === 'url'));
    const value = itemsAt('report_type: ‸\n', '\r\n');
    assert.ok(value.some((i) => i.label === 'owasp'));
  });
});

describe('completion: property items', () => {
  test('each item has type, required-ness, default and the schema’s documentation', () => {
    const items = itemsAt('site:\n  ‸');
    const otp = find(items, 'otp_digits');
    assert.equal(otp.detail, 'integer · default: 6');
    assert.match(otp.documentation ?? '', /Number of digits of the one-time password/);
    assert.match(otp.documentation ?? '', /`7` — 7 digits/);
    const headers = find(items, 'headers');
    assert.equal(headers.detail, 'list of objects');
    const root = itemsAt('‸');
    assert.equal(find(root, 'ids').detail, 'list of strings · required');
  });

  test('insert texts: `key: ` for scalars, `key:\\n  ` for objects, `key:\\n  - ` for lists, tab stops for required children', () => {
    const items = itemsAt('‸');
    assert.equal(find(items, 'scan_profile').insertText, 'scan_profile: ${1}');
    assert.equal(find(items, 'report_type').insertText, 'report_type: ${1|default,executive_summary,owasp,pci,pci4,iso27001,hipaa|}');
    assert.equal(find(items, 'fail_fast').insertText, 'fail_fast: ${1|true,false|}');
    assert.equal(find(items, 'incremental').insertText, 'incremental: ${1|false,true|}', 'the default choice first');
    assert.equal(find(items, 'site').insertText, 'site:\n  ${1}');
    assert.equal(find(items, 'site').retrigger, true, 'completion opens again inside the new mapping');
    assert.equal(find(items, 'ids').insertText, 'ids:\n  - ${1}');
    assert.equal(find(items, 'labels').insertText, 'labels:\n  - name: ${1}');
    assert.equal(find(items, 'blackout_period').insertText, 'blackout_period:\n  begin: ${1}\n  cease: ${2}\n  weekdays:\n    - ${3}');
    // Times quoted (YAML 1.1 readers take 22:00 for a number), colours quoted (`#` starts a comment).
    assert.equal(
      find(items, 'blackout_period: Blackout period').insertText,
      'blackout_period:\n  begin: "${1:22:00}"\n  cease: "${2:06:00}"\n  weekdays: []\n  enabled: true',
    );
    assert.equal(find(items, 'labels: Label').insertText, 'labels:\n  - name: ${1}\n    color: "${2:#1f77b4}"');
    const site = itemsAt('site:\n  ‸');
    assert.equal(find(site, 'basic_auth').insertText, 'basic_auth:\n  username: ${1}\n  password: ${2}');
    assert.equal(find(site, 'headers').insertText, 'headers:\n  - name: ${1}\n    value: ${2}');
  });

  test('multi-line inserts are relative to the cursor line’s indentation, also after `- `', () => {
    const src = 'site:\n  headers:\n    - ‸';
    const items = itemsAt(src);
    // The item mapping starts at column 6 while the line is indented by 4: +2 for later lines.
    assert.equal(find(items, 'Sensitive header or cookie').insertText, 'name: ${1:Authorization}\n  value: ${2}\n  value_is_sensitive: true');
    const nested = itemsAt('ids: [a]\nsite:\n  api_scan_settings:\n    custom_api_parameters:\n      - ‸');
    assert.ok(nested.some((i) => i.label === 'name'));
  });

  test('the indentation step of the file is followed', () => {
    assert.equal(detectIndentUnit('site:\n    name: x\n'), 4);
    assert.equal(detectIndentUnit('ids: []\n'), 2);
    const { file, offset } = at('site:\n    name: x\n    ‸');
    const basic = complete(file, offset).items.find((i) => i.label === 'basic_auth')!;
    assert.equal(basic.insertText, 'basic_auth:\n    username: ${1}\n    password: ${2}');
  });

  test('required ones first: always required, and required by a condition that holds', () => {
    const sorted = sortedLabels(itemsAt('type: api\nsite:\n  has_basic_auth: true\n  ‸').filter((i) => i.kind === 'property'));
    assert.deepEqual(sorted.slice(0, 2), ['basic_auth', 'api_scan_settings']);
    const basic = find(itemsAt('type: api\nsite:\n  has_basic_auth: true\n  ‸'), 'basic_auth');
    assert.match(basic.detail ?? '', /required here/);
    const plain = sortedLabels(itemsAt('site:\n  has_basic_auth: false\n  ‸').filter((i) => i.kind === 'property'));
    assert.equal(plain[0], 'name', 'no condition holds: schema order');
    const api = sortedLabels(itemsAt('type: api\nsite:\n  api_scan_settings:\n    ‸').filter((i) => i.kind === 'property'));
    assert.equal(api[0], 'api_schema_type');
    const login = sortedLabels(itemsAt('site:\n  api_scan_settings:\n    api_login_enabled: true\n    ‸').filter((i) => i.kind === 'property'));
    assert.equal(login[0], 'api_login_url');
  });

  test('every property of every object in the schema is offered at its place', () => {
    const nav = targetSettingsNavigator();
    const places: Array<{ src: string; path: Array<string | number> }> = [
      { src: '‸', path: [] },
      { src: 'site:\n  ‸', path: ['site'] },
      { src: 'site:\n  basic_auth:\n    ‸', path: ['site', 'basic_auth'] },
      { src: 'site:\n  form_login:\n    - ‸', path: ['site', 'form_login', 0] },
      { src: 'site:\n  headers:\n    - ‸', path: ['site', 'headers', 0] },
      { src: 'site:\n  cookies:\n    - ‸', path: ['site', 'cookies', 0] },
      { src: 'site:\n  stack:\n    - ‸', path: ['site', 'stack', 0] },
      { src: 'site:\n  api_scan_settings:\n    ‸', path: ['site', 'api_scan_settings'] },
      { src: 'site:\n  api_scan_settings:\n    custom_api_parameters:\n      - ‸', path: ['site', 'api_scan_settings', 'custom_api_parameters', 0] },
      { src: 'labels:\n  - ‸', path: ['labels', 0] },
      { src: 'scanning_agent:\n  ‸', path: ['scanning_agent'] },
      { src: 'blackout_period:\n  ‸', path: ['blackout_period'] },
    ];
    for (const { src, path } of places) {
      const expected = nav.properties(nav.at(path)!).map((p) => p.name);
      assert.ok(expected.length > 0, String(path));
      const offered = itemsAt(src)
        .filter((i) => i.kind === 'property')
        .map((i) => i.label);
      assert.deepEqual(offered, expected, `at ${path.join('.')}`);
    }
  });
});

describe('completion: values', () => {
  test('enum members with their meaning, the default marked and preselected', () => {
    const items = itemsAt('ids: [a]\nreport_type: ‸\n');
    assert.deepEqual(
      items.map((i) => i.label),
      ['default', 'executive_summary', 'owasp', 'pci', 'pci4', 'iso27001', 'hipaa'],
    );
    const def = find(items, 'default');
    assert.equal(def.detail, 'default');
    assert.equal(def.preselect, true);
    assert.equal(find(items, 'owasp').documentation, 'OWASP Top 10.');
    assert.equal(find(items, 'owasp').preselect, undefined);
  });

  test('a typed value is replaced as a whole; a quoted one inside its quotes', () => {
    const { text, offset } = at('report_type: ow‸asx # note\n');
    const items = complete(parseFile(text), offset).items;
    assert.deepEqual(find(items, 'owasp').range, { start: 13, end: 18 }, 'the value, not the comment');
    const quoted = itemsAt('report_type: "ow‸"\n');
    assert.deepEqual(find(quoted, 'owasp').range, { start: 14, end: 16 });
    assert.equal(find(quoted, 'owasp').insertText, 'owasp');
  });

  test('integer enums, booleans and nullables', () => {
    assert.deepEqual(labelsAt('site:\n  otp_digits: ‸'), ['6', '7', '8']);
    const bools = itemsAt('fail_fast: ‸');
    assert.deepEqual(
      bools.map((i) => i.label),
      ['true', 'false'],
    );
    assert.equal(find(bools, 'true').preselect, true);
    assert.deepEqual(labelsAt('include_deduplicated_endpoints: ‸'), ['true', 'false', 'null']);
    assert.deepEqual(labelsAt('site:\n  desc: ‸'), ['null']);
    assert.deepEqual(labelsAt('scanning_agent: ‸'), ['null']);
    assert.deepEqual(labelsAt('site:\n  otp_field: ‸'), ['""'], 'a string default is offered');
  });

  test('right after the colon a space is inserted first', () => {
    const items = itemsAt('fail_fast:‸');
    assert.equal(find(items, 'false').insertText, ' false');
  });

  test('values inside a list item mapping and in a second document', () => {
    assert.deepEqual(labelsAt('site:\n  api_scan_settings:\n    token_parameter_location: ‸'), ['cookie', 'header']);
    assert.deepEqual(labelsAt('ids: [a]\n---\nsite:\n  headers:\n    - name: a\n      value_is_sensitive: ‸'), ['true', 'false']);
    assert.deepEqual(labelsAt('ids: [a]\n---\ntype: ‸'), ['single', 'api']);
  });

  test('an object value: its snippets on the lines below', () => {
    const items = itemsAt('site:\n  basic_auth: ‸');
    const snippet = find(items, 'Basic auth');
    const { text } = applyItem('site:\n  basic_auth: ', snippet, { 2: '${env:PW}' });
    assert.deepEqual(firstDocument(text).value, { site: { basic_auth: { username: 'scanner', password: '${env:PW}', password_is_sensitive: true } } });
  });
});

describe('completion: whole-object snippets produce valid YAML', () => {
  const cases: Array<{ name: string; src: string; label: string; fills?: Record<number, string>; check: (value: Record<string, unknown>) => void }> = [
    {
      name: 'basic auth block (flag and credentials)',
      src: 'ids: [a]\nsite:\n  name: Shop\n  ‸',
      label: 'Basic auth',
      fills: { 2: '${env:SHOP_PW}' },
      check: (v) =>
        assert.deepEqual((v.site as Record<string, unknown>).basic_auth, { username: 'scanner', password: '${env:SHOP_PW}', password_is_sensitive: true }),
    },
    {
      name: 'form login block',
      src: 'ids: [a]\nsite:\n  ‸',
      label: 'Form login',
      fills: { 1: 'https://shop.example/login', 3: 'me', 5: 'secret' },
      check: (v) => {
        const site = v.site as Record<string, unknown>;
        assert.equal(site.has_form_login, true);
        assert.deepEqual(site.form_login, [
          { name: 'username', value: 'me' },
          { name: 'password', value: 'secret', value_is_sensitive: true },
        ]);
      },
    },
    {
      name: 'a header',
      src: 'ids: [a]\nsite:\n  ‸',
      label: 'headers: Sensitive header or cookie',
      fills: { 2: 'Bearer ${env:TOKEN}' },
      check: (v) =>
        assert.deepEqual((v.site as Record<string, unknown>).headers, [{ name: 'Authorization', value: 'Bearer ${env:TOKEN}', value_is_sensitive: true }]),
    },
    {
      name: 'a cookie',
      src: 'ids: [a]\nsite:\n  ‸',
      label: 'cookies: Header or cookie',
      check: (v) => assert.deepEqual((v.site as Record<string, unknown>).cookies, [{ name: 'X-Scanner', value: 'x' }]),
    },
    {
      name: 'OTP block',
      src: 'ids: [a]\nsite:\n  ‸',
      label: 'Two-factor authentication',
      fills: { 1: '${env:OTP}' },
      check: (v) => assert.deepEqual(v.site, { has_otp: true, otp_secret: '${env:OTP}' }),
    },
    {
      name: 'API scan settings with login',
      src: 'ids: [a]\ntype: api\nsite:\n  ‸',
      label: 'api_scan_settings: OpenAPI schema with login',
      fills: { 3: 'user=${env:API_USER}' },
      check: (v) => {
        const api = (v.site as Record<string, Record<string, unknown>>).api_scan_settings;
        assert.ok(api, 'site.api_scan_settings');
        assert.equal(api.api_schema_type, 'openapi');
        assert.equal(api.api_login_url, 'https://api.example/login');
        assert.equal(api.api_login_payload, 'user=${env:API_USER}');
        assert.equal(api.token_parameter_location, 'header');
      },
    },
    {
      name: 'blackout period (times quoted)',
      src: 'ids: [a]\nsite: {}\n‸',
      label: 'blackout_period: Blackout period',
      check: (v) => assert.deepEqual(v.blackout_period, { begin: '22:00', cease: '06:00', weekdays: [], enabled: true }),
    },
    {
      name: 'a label (colour quoted, not a comment)',
      src: 'ids: [a]\nsite: {}\n‸',
      label: 'labels: Label',
      fills: { 1: 'prod' },
      check: (v) => assert.deepEqual(v.labels, [{ name: 'prod', color: '#1f77b4' }]),
    },
    {
      name: 'a new label item at the dash column',
      src: 'ids: [a]\nsite: {}\nlabels:\n  - name: one\n  ‸',
      label: '- Label',
      fills: { 1: 'two' },
      check: (v) => assert.deepEqual(v.labels, [{ name: 'one' }, { name: 'two', color: '#1f77b4' }]),
    },
    {
      name: 'site with basic auth, from an empty site mapping',
      src: 'ids: [a]\nsite:\n  ‸',
      label: 'Site with basic auth',
      fills: { 1: 'Shop', 2: 'https://shop.example' },
      check: (v) => assert.equal((v.site as Record<string, unknown>).has_basic_auth, true),
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const { text } = at(c.src);
      const item = find(itemsAt(c.src), c.label);
      const applied = applyItem(text, item, c.fills ?? {});
      const doc = firstDocument(applied.text);
      assert.deepEqual(doc.errors, [], applied.text);
      c.check(doc.value as Record<string, unknown>);
      const required = c.src.includes('ids:');
      if (required) assert.deepEqual(schemaErrors(applied.text), [], applied.text);
    });
  }

  test('every property and snippet item inserts valid YAML at every place', () => {
    const places = [
      '‸',
      'site:\n  ‸',
      'site:\n  headers:\n    - ‸',
      'site:\n  api_scan_settings:\n    ‸',
      'labels:\n  - name: a\n  ‸',
      'site:\n  basic_auth: ‸',
    ];
    for (const src of places) {
      const { text } = at(src);
      for (const item of itemsAt(src)) {
        const applied = applyItem(text, item);
        const errors = parseFile(applied.text).documents.flatMap((d) => d.errors.map((e) => e.message));
        assert.deepEqual(errors, [], `${item.label} at ${JSON.stringify(src)}:\n${applied.text}`);
      }
    }
  });
});
