// Validation of target-settings files against the shipped schema and the rules in code: one case
// (at least) per rule, each asserting code, path, exact range, severity and message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DIAGNOSTIC_CODES, validateFile, validateText } from '../../../src/core/validation';
import { parseFile } from '../../../src/core/yaml/parse';
import { assertWellFormed, expectDiagnostics } from '../../fixtures/validation/expect';
import { marked } from '../../fixtures/validation/markers';
import { only } from '../../fixtures/at';

const v = (text: string) => validateText(text);

test('a valid document, and the example of the design, give no diagnostics', () => {
  assert.deepEqual(
    v(`ids:
  - 3Sy7TyNMnQ8x
site:
  name: Shop
  url: https://shop.example
`),
    [],
  );
  assert.deepEqual(
    v(`ids:
  - 3Sy7TyNMnQ8x
  - 4Hk2QpZr9WbT
site:
  name: Shop (staging)
  url: https://staging.shop.example
  has_basic_auth: true
  basic_auth:
    username: scanner
    password: \${env:SHOP_BASIC_PASSWORD}
    password_is_sensitive: true
report_type: owasp
blackout_period:
  begin: "22:00"
  cease: "06:00"
  weekdays: [1, 2, 3, 4, 5]
  timezone: Europe/Lisbon
`),
    [],
  );
});

test('missing required property at the root: on the first key, not the whole document', () => {
  expectDiagnostics(v, `«site»:\n  name: Shop\n  url: https://shop.example\n`, [
    { code: 'missing-property', path: '/ids', severity: 'error', message: 'ids is required', data: { missingProperty: 'ids' } },
  ]);
  // After a comment and a --- line: still the first key.
  expectDiagnostics(v, `# settings\n---\n«ids»: [a]\n`, [{ code: 'missing-property', path: '/site', message: 'site is required' }]);
});

test('two missing root properties are two diagnostics on the first key', () => {
  const m = marked(`«report_type»: owasp\n`);
  const d = v(m.text);
  assertWellFormed(d);
  assert.deepEqual(
    d.map((x) => [x.code, x.path, x.message, x.range]),
    [
      ['missing-property', '/ids', 'ids is required', m.ranges[0]],
      ['missing-property', '/site', 'site is required', m.ranges[0]],
    ],
  );
});

test('missing required nested property: on the parent key', () => {
  expectDiagnostics(
    v,
    `ids: [a]
site:
  «basic_auth»:
    username: scanner
`,
    [{ code: 'missing-property', path: '/site/basic_auth/password', message: 'site.basic_auth.password is required' }],
  );
});

test('missing property of a list item: on the first key of the item', () => {
  expectDiagnostics(
    v,
    `ids: [a]
site:
  headers:
    - name: X-One
      value: "1"
    - «name»: X-Two
`,
    [{ code: 'missing-property', path: '/site/headers/1/value', message: 'site.headers[1].value is required' }],
  );
});

test('unknown property: a warning on its key, with a close known name', () => {
  expectDiagnostics(
    v,
    `ids: [a]
site:
  «basic_auth»:
    «usernme»: scanner
    password: x
`,
    [
      { code: 'missing-property', path: '/site/basic_auth/username', message: 'site.basic_auth.username is required' },
      {
        code: 'unknown-property',
        path: '/site/basic_auth/usernme',
        severity: 'warning',
        message: 'site.basic_auth.usernme is not a known field of site.basic_auth; did you mean username?',
        data: { suggestion: 'username' },
      },
    ],
  );
  // Case and - vs _ are forgiven.
  expectDiagnostics(v, `ids: [a]\nsite:\n  «Has-Basic-Auth»: false\n`, [
    { code: 'unknown-property', path: '/site/Has-Basic-Auth', data: { suggestion: 'has_basic_auth' } },
  ]);
  // Nothing close: the known fields of a small object are listed.
  expectDiagnostics(v, `ids: [a]\nsite:\n  stack:\n    - name: nginx\n      «version»: 1\n`, [
    {
      code: 'unknown-property',
      path: '/site/stack/0/version',
      message: 'site.stack[0].version is not a known field of site.stack[0]; the fields here are: name',
    },
  ]);
  // At the root.
  expectDiagnostics(v, `ids: [a]\nsite: {}\n«report_typ»: owasp\n`, [
    { code: 'unknown-property', path: '/report_typ', message: 'report_typ is not a known field; did you mean report_type?' },
  ]);
});

test('wrong type: on the value, naming what is allowed and what was found', () => {
  expectDiagnostics(v, `ids: [a]\nsite:\n  name: «5»\n`, [
    {
      code: 'invalid-type',
      path: '/site/name',
      message: 'site.name must be a string, found a number; put it in quotes to keep it as text',
    },
  ]);
  expectDiagnostics(v, `ids: [a]\nsite:\n  has_basic_auth: «"yes"»\n`, [
    { code: 'invalid-type', path: '/site/has_basic_auth', message: 'site.has_basic_auth must be true or false, found a string' },
  ]);
  // A list where a mapping is expected: marked on its first line only.
  expectDiagnostics(v, `ids: [a]\nsite:\n  «- name: x»\n  - url: y\n`, [
    { code: 'invalid-type', path: '/site', message: 'site must be a mapping (key: value lines), found a list' },
  ]);
  // An empty value is shown on its key.
  expectDiagnostics(v, `ids: [a]\nsite:\n  «basic_auth»:\n`, [
    { code: 'invalid-type', path: '/site/basic_auth', message: 'site.basic_auth must be a mapping (key: value lines), found an empty value' },
  ]);
});

test('enum: every allowed value listed, the found value shown, a suggestion for a near miss', () => {
  const d = expectDiagnostics(v, `ids: [a]\nsite: {}\nreport_type: «OWASP»\n`, [
    {
      code: 'invalid-enum',
      path: '/report_type',
      message: 'report_type must be one of: default, executive_summary, owasp, pci, pci4, iso27001, hipaa, found "OWASP"; did you mean owasp?',
      data: { suggestion: 'owasp' },
    },
  ]);
  assert.deepEqual(only(d).data?.allowed, ['default', 'executive_summary', 'owasp', 'pci', 'pci4', 'iso27001', 'hipaa']);
  expectDiagnostics(v, `ids: [a]\nsite:\n  otp_digits: «9»\n`, [
    { code: 'invalid-enum', path: '/site/otp_digits', message: 'site.otp_digits must be one of: 6, 7, 8, found "9"', data: { allowed: [6, 7, 8] } },
  ]);
});

test('maxLength: "is N characters, the limit is M"', () => {
  const name = 'n'.repeat(300);
  expectDiagnostics(v, `ids: [a]\nsite:\n  name: «${name}»\n`, [
    { code: 'too-long', path: '/site/name', message: 'site.name is 300 characters, the limit is 255', data: { limit: 255 } },
  ]);
  // Characters are code points: 255 emoji fit.
  assert.deepEqual(v(`ids: [a]\nsite:\n  name: ${'😀'.repeat(255)}\n`), []);
});

test('minLength inside a condition (a TOTP value of 1 to 5 characters)', () => {
  expectDiagnostics(v, `ids: [a]\nsite:\n  otp_login_sequence_totp_value: «"123"»\n`, [
    { code: 'too-short', path: '/site/otp_login_sequence_totp_value', message: 'site.otp_login_sequence_totp_value is 3 characters, it needs at least 6' },
  ]);
  assert.deepEqual(v(`ids: [a]\nsite:\n  otp_login_sequence_totp_value: ""\n`), []);
});

test('nullable fields accept null, written or empty', () => {
  assert.deepEqual(
    v(`ids: [a]
site:
  desc: null
  api_scan_settings:
    api_schema_url:
    api_schema_file: ~
scanning_agent: null
include_deduplicated_endpoints:
`),
    [],
  );
  expectDiagnostics(v, `ids: [a]\nsite: {}\nscanning_agent: «5»\n`, [
    { code: 'invalid-type', path: '/scanning_agent', message: 'scanning_agent must be a mapping (key: value lines) or null, found a number' },
  ]);
});

test('conditional rules: "X is required when Y is true", on the parent key', () => {
  const cases: Array<[string, string, string]> = [
    ['logout_detection_enabled: true', '/site/check_session_url', 'site.check_session_url is required when site.logout_detection_enabled is true'],
    ['has_basic_auth: true', '/site/basic_auth', 'site.basic_auth is required when site.has_basic_auth is true'],
    ['has_otp: true', '/site/otp_secret', 'site.otp_secret is required when site.has_otp is true'],
  ];
  for (const [line, path, message] of cases) {
    expectDiagnostics(v, `ids: [a]\n«site»:\n  name: Shop\n  ${line}\n`, [
      { code: 'conditional-required', path, message, data: { missingProperty: path.split('/').pop() } },
    ]);
  }
});

test('has_form_login needs form_login_url and form_login', () => {
  const m = marked(`ids: [a]\n«site»:\n  has_form_login: true\n`);
  const d = v(m.text);
  assertWellFormed(d);
  assert.deepEqual(
    d.map((x) => [x.code, x.path, x.message, x.range, x.data?.condition]),
    [
      [
        'conditional-required',
        '/site/form_login_url',
        'site.form_login_url is required when site.has_form_login is true',
        m.ranges[0],
        'site.has_form_login is true',
      ],
      ['conditional-required', '/site/form_login', 'site.form_login is required when site.has_form_login is true', m.ranges[0], 'site.has_form_login is true'],
    ],
  );
  assert.deepEqual(v(`ids: [a]\nsite:\n  has_form_login: false\n`), []);
});

test('type: api needs site.api_scan_settings.api_schema_type', () => {
  expectDiagnostics(v, `ids: [a]\nsite:\n  «api_scan_settings»:\n    media_type: application/json\ntype: api\n`, [
    {
      code: 'conditional-required',
      path: '/site/api_scan_settings/api_schema_type',
      message: 'site.api_scan_settings.api_schema_type is required when type is api',
    },
  ]);
  expectDiagnostics(v, `ids: [a]\n«site»:\n  name: API\ntype: api\n`, [
    { code: 'conditional-required', path: '/site/api_scan_settings', message: 'site.api_scan_settings is required when type is api' },
  ]);
  assert.deepEqual(v(`ids: [a]\nsite:\n  api_scan_settings:\n    api_schema_type: openapi\ntype: api\n`), []);
  assert.deepEqual(v(`ids: [a]\nsite: {}\ntype: single\n`), []);
});

test('api_login_enabled needs api_login_url', () => {
  expectDiagnostics(v, `ids: [a]\nsite:\n  «api_scan_settings»:\n    api_login_enabled: true\n`, [
    {
      code: 'conditional-required',
      path: '/site/api_scan_settings/api_login_url',
      message: 'site.api_scan_settings.api_login_url is required when site.api_scan_settings.api_login_enabled is true',
    },
  ]);
});

test('a value of the wrong type is reported once, even when a condition checks it too', () => {
  expectDiagnostics(v, `ids: [a]\nsite: «5»\ntype: api\n`, [
    { code: 'invalid-type', path: '/site', message: 'site must be a mapping (key: value lines), found a number' },
  ]);
});

test('whitelist: only relative paths', () => {
  expectDiagnostics(
    v,
    `ids: [a]
site:
  url: https://shop.example
  whitelist:
    - /admin/
    - «https://shop.example/reports?x=1»
    - «//cdn.example/x»
`,
    [
      {
        code: 'whitelist-absolute-url',
        path: '/site/whitelist/1',
        severity: 'error',
        message: 'site.whitelist[1] is an absolute URL; the whitelist accepts only paths relative to site.url, such as /reports?x=1',
        data: { suggestion: '/reports?x=1' },
      },
      { code: 'whitelist-absolute-url', path: '/site/whitelist/2', data: { suggestion: '/x' } },
    ],
  );
});

test('blacklist: only absolute URLs, wildcards allowed', () => {
  expectDiagnostics(
    v,
    `ids: [a]
site:
  url: https://shop.example/app
  blacklist:
    - https://shop.example/logout*
    - "*://*.shop.example/*"
    - «/admin»
`,
    [
      {
        code: 'blacklist-relative-url',
        path: '/site/blacklist/2',
        message: 'site.blacklist[2] is not an absolute URL; the blacklist accepts only absolute URLs, with * as a wildcard, such as https://shop.example/admin',
        data: { suggestion: 'https://shop.example/admin' },
      },
    ],
  );
});

test('a blacklist entry covering a whitelist entry: the blacklist takes precedence', () => {
  expectDiagnostics(
    v,
    `ids: [a]
site:
  url: https://Shop.Example/app/
  whitelist:
    - «/admin/users»
    - /public/
    - «reports/2024»
  blacklist:
    - https://shop.example/admin/*
    - https://*.example/reports/*
    - https://shop.example/public
`,
    [
      {
        code: 'blacklist-covers-whitelist',
        path: '/site/whitelist/0',
        severity: 'information',
        message:
          'site.whitelist[0] (https://shop.example/admin/users) is also matched by site.blacklist[0] (https://shop.example/admin/*); the blacklist takes precedence, so this path is not scanned',
        data: { blacklistIndex: 0 },
      },
      { code: 'blacklist-covers-whitelist', path: '/site/whitelist/2', data: { blacklistIndex: 1 } },
    ],
  );
});

test('ids: empty list, empty id, repeated ids (a warning on each later copy)', () => {
  expectDiagnostics(v, `ids: «[]»\nsite: {}\n`, [
    { code: 'empty-ids', path: '/ids', severity: 'error', message: 'ids is empty; list at least one target id to update' },
  ]);
  expectDiagnostics(v, `ids:\n  - a\n  - «""»\n  - «'  '»\nsite: {}\n`, [
    { code: 'empty-id', path: '/ids/1', message: 'ids[1] is empty; write a target id or remove the line' },
    { code: 'empty-id', path: '/ids/2' },
  ]);
  // An item with nothing after its dash is shown on its dash, in a short list and deep in a long one.
  expectDiagnostics(v, `ids:\n  - a\n  «-»\n  - b\nsite: {}\n`, [{ code: 'empty-id', path: '/ids/1' }]);
  const long = Array.from({ length: 800 }, (_, i) => `  - id${String(i).padStart(6, '0')}`);
  long[699] = '  «-»';
  expectDiagnostics(v, `ids:\n${long.join('\n')}\nsite: {}\n`, [{ code: 'empty-id', path: '/ids/699' }]);
  expectDiagnostics(
    v,
    `ids:
  - 3Sy7TyNMnQ8x
  - 4Hk2QpZr9WbT
  - «3Sy7TyNMnQ8x»
  - «3Sy7TyNMnQ8x»
  - «4Hk2QpZr9WbT»
site: {}
`,
    [
      {
        code: 'duplicate-id',
        path: '/ids/2',
        severity: 'warning',
        message: 'ids[2] repeats ids[0] (3Sy7TyNMnQ8x); each target is updated once',
        data: { firstIndex: 0 },
      },
      { code: 'duplicate-id', path: '/ids/3', data: { firstIndex: 0 } },
      { code: 'duplicate-id', path: '/ids/4', data: { firstIndex: 1 } },
    ],
  );
  // In a flow list.
  expectDiagnostics(v, `ids: [a, b, «a»]\nsite: {}\n`, [{ code: 'duplicate-id', path: '/ids/2' }]);
});

test('an id written as a number is a type error, with the advice to quote it', () => {
  expectDiagnostics(v, `ids:\n  - «12345»\nsite: {}\n`, [
    { code: 'invalid-type', path: '/ids/0', message: 'ids[0] must be a string, found a number; put it in quotes to keep it as text' },
  ]);
});

test('a null id is an empty id', () => {
  const m = marked(`ids:\n  - a\n  «-»\nsite: {}\n`);
  const d = v(m.text);
  assert.deepEqual(
    d.map((x) => [x.code, x.path]),
    [['empty-id', '/ids/1']],
  );
});

test('blackout period times: HH:MM', () => {
  expectDiagnostics(
    v,
    `ids: [a]
site: {}
blackout_period:
  begin: «"9:00"»
  cease: «"24:00"»
  weekdays: [1]
`,
    [
      {
        code: 'invalid-time',
        path: '/blackout_period/begin',
        message: 'blackout_period.begin must be a time of day written as HH:MM (00:00 to 23:59), found "9:00"; did you mean 09:00?',
        data: { suggestion: '09:00' },
      },
      {
        code: 'invalid-time',
        path: '/blackout_period/cease',
        message: 'blackout_period.cease must be a time of day written as HH:MM (00:00 to 23:59), found "24:00"',
      },
    ],
  );
  // Unquoted 22:00 is a string in YAML 1.2.
  assert.deepEqual(v(`ids: [a]\nsite: {}\nblackout_period:\n  begin: 22:00\n  cease: 06:30\n  weekdays: []\n`), []);
});

test('pattern: the allowed characters in words', () => {
  expectDiagnostics(v, `ids: [a]\nsite: {}\nlabels:\n  - name: prod\n    color: «"red!"»\n`, [
    { code: 'invalid-pattern', path: '/labels/0/color', message: 'labels[0].color may only contain letters, digits and the characters # _ -' },
  ]);
});

test('format: an absolute URL', () => {
  expectDiagnostics(v, `ids: [a]\nsite:\n  url: «shop.example»\n`, [
    { code: 'invalid-format', path: '/site/url', message: 'site.url must be an absolute URL, such as https://example.com/login' },
  ]);
});

test('${env:NAME} placeholders skip length, pattern and format checks', () => {
  assert.deepEqual(
    v(`ids: [a]
site:
  url: \${env:SHOP_URL}
  name: \${env:${'N'.repeat(300)}}
  whitelist: ["\${env:WL}"]
  blacklist: ["\${env:BL}"]
labels:
  - name: x
    color: \${env:COLOR}
blackout_period:
  begin: \${env:BEGIN}
  cease: "06:00"
  weekdays: [1]
`),
    [],
  );
  // The type is still checked.
  expectDiagnostics(v, `ids: [a]\nsite:\n  has_otp: «\${env:OTP}»\n`, [{ code: 'invalid-type', path: '/site/has_otp' }]);
});

test('YAML syntax error: only the syntax error for that document', () => {
  expectDiagnostics(v, `ids: [a]\nsite:\n  name: «"Shop»\n  bogus_field: 1\n`, [
    { code: 'yaml-syntax', path: '/site/name', severity: 'error', message: 'YAML syntax error: this quoted value has no closing "' },
  ]);
  const d = v(`ids: [a]\nsite:\n  name: x\n url: y\n`);
  assert.ok(d.length > 0 && d.every((x) => x.code === 'yaml-syntax'), JSON.stringify(d));
});

test('duplicate key: an error on the later key, naming the line of the first', () => {
  expectDiagnostics(v, `ids: [a]\nsite:\n  name: One\n  «name»: Two\n`, [
    {
      code: 'duplicate-key',
      path: '/site/name',
      severity: 'error',
      message: 'site.name appears more than once in the same mapping (first on line 3); only the last value would be sent, remove the others',
    },
  ]);
});

test('tab indentation: on the indentation', () => {
  expectDiagnostics(v, `ids: [a]\nsite:\n  name: x\n«\t»url: y\n`, [
    { code: 'yaml-tab-indent', path: '/url', severity: 'error', message: 'Tabs cannot indent YAML; indent with spaces' },
  ]);
  expectDiagnostics(v, `ids: [a]\nsite:\n« \t »name: x\n`, [{ code: 'yaml-tab-indent', path: '/site/name' }]);
});

test('aliases: a warning on each alias', () => {
  expectDiagnostics(
    v,
    `ids: &ids [a, b]
site:
  headers:
    - &h {name: X, value: "1"}
    - «*h»
`,
    [
      {
        code: 'yaml-alias',
        path: '/site/headers/1',
        severity: 'warning',
        message:
          'site.headers[1] is an alias (*h) of a value anchored elsewhere; the copy is what is sent. Consider writing the value out so each document reads on its own',
      },
    ],
  );
});

test('an alias bomb gives one error, and validation terminates', () => {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (const [prev, name] of [
    ['a', 'b'],
    ['b', 'c'],
    ['c', 'd'],
    ['d', 'e'],
    ['e', 'f'],
    ['f', 'g'],
    ['g', 'h'],
    ['h', 'i'],
  ]) {
    lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
  }
  const text = `ids: [x]\n${lines.join('\n')}\nsite: {}\n`;
  const d = v(text);
  assertWellFormed(d);
  const alias = only(d, JSON.stringify(d));
  assert.equal(alias.code, 'yaml-alias-limit');
  assert.equal(alias.severity, 'error');
  assert.equal(alias.range.start.line, 2); // the first alias, on the line of b
  assert.match(alias.message, /billion laughs/);
});

test('several documents: each validated, with its index and the right lines', () => {
  expectDiagnostics(
    v,
    `ids: [a]
site: {name: One}
---
ids: [b]
site:
  name: «7»
---
ids: [c]
«site»: {has_otp: true}
`,
    [
      { code: 'invalid-type', path: '/site/name', document: 1, message: 'site.name must be a string, found a number; put it in quotes to keep it as text' },
      { code: 'conditional-required', path: '/site/otp_secret', document: 2 },
    ],
  );
  // A syntax error in document 2 leaves documents 1 and 3 validated.
  expectDiagnostics(v, `ids: [a]\nsite: {}\n«zz»: 1\n---\nids: [b]\nsite:\n    name: x\n  «url»: y\n---\nids: «5»\nsite: {}\n`, [
    { code: 'unknown-property', path: '/zz', document: 0 },
    { code: 'yaml-syntax', path: '/url', document: 1, message: 'YAML indentation error: all mapping items must start at the same column' },
    { code: 'invalid-type', path: '/ids', document: 2, message: 'ids must be a list, found a number' },
  ]);
});

test('an empty document, and an empty file', () => {
  expectDiagnostics(v, `ids: [a]\nsite: {}\n«---»\n# nothing here\n---\nids: [b]\nsite: {}\n`, [
    { code: 'empty-document', path: '', document: 1, severity: 'warning', message: 'Document 2 is empty; add ids and site, or remove its --- line' },
  ]);
  expectDiagnostics(v, `«»`, [{ code: 'empty-document', path: '', message: 'This file has no target settings yet; add ids and site' }]);
  expectDiagnostics(v, `«# only a comment»\n`, [{ code: 'empty-document', path: '' }]);
});

test('a list or a scalar at the top level', () => {
  expectDiagnostics(v, `«- ids: [a]»\n  site: {}\n`, [
    {
      code: 'not-a-mapping',
      path: '',
      severity: 'error',
      message: 'A target-settings document must be a mapping with ids, site and the other settings as keys, found a list',
    },
  ]);
  expectDiagnostics(v, `---\n«just text»\n`, [{ code: 'not-a-mapping', path: '', message: /found a single string value$/ }]);
});

test('CRLF line endings: ranges are the same as with LF', () => {
  const source = `ids:\n  - a\n  - «a»\nsite:\n  «basic_auth»:\n    username: x\n  name: «5»\n`;
  const lf = marked(source);
  const crlf = marked(source, '\r\n');
  assert.ok(crlf.text.includes('\r\n'));
  assert.deepEqual(crlf.ranges, lf.ranges);
  const expected = [
    { code: 'duplicate-id', path: '/ids/1' },
    { code: 'missing-property', path: '/site/basic_auth/password' },
    { code: 'invalid-type', path: '/site/name' },
  ];
  expectDiagnostics(v, lf, expected);
  expectDiagnostics(v, crlf, expected);
  // A missing closing quote and a tab at the end of a CRLF line.
  expectDiagnostics(v, marked(`ids: [a]\nsite:\n  name: «"x»\n`, '\r\n'), [{ code: 'yaml-syntax', path: '/site/name' }]);
});

test('severity overrides: raise, lower, or turn a code off', () => {
  const text = `ids: [a, a]\nsite:\n  nam: x\n`;
  const base = v(text).map((d) => [d.code, d.severity]);
  assert.deepEqual(base, [
    ['duplicate-id', 'warning'],
    ['unknown-property', 'warning'],
  ]);
  const changed = validateText(text, { severityOverrides: { 'unknown-property': 'error', 'duplicate-id': 'off' } });
  assert.deepEqual(
    changed.map((d) => [d.code, d.severity]),
    [['unknown-property', 'error']],
  );
  // An unknown severity is ignored rather than passed on.
  const odd = validateText(text, { severityOverrides: { 'unknown-property': 'fatal' as never } });
  assert.deepEqual(
    odd.map((d) => d.severity),
    ['warning', 'warning'],
  );
});

test('diagnostics are de-duplicated by range and message', () => {
  // The `then` of `type: api` checks site's type again: still one diagnostic.
  const d = v(`ids: [a]\nsite: [1]\ntype: api\n`);
  assert.equal(only(d, JSON.stringify(d)).code, 'invalid-type');
});

test('validateFile on a cached parse gives the same as validateText', () => {
  const text = `ids: [a, a]\nsite:\n  name: 5\n---\nids: []\nsite: {}\n`;
  assert.deepEqual(validateFile(parseFile(text)), validateText(text));
});

test('every code has a default severity and a description', () => {
  for (const [code, info] of Object.entries(DIAGNOSTIC_CODES)) {
    assert.match(code, /^[a-z]+(-[a-z]+)*$/);
    assert.ok(['error', 'warning', 'information', 'hint'].includes(info.defaultSeverity), code);
    assert.ok(info.description.length > 20 && !info.description.includes('\n'), code);
  }
});

test('a file of 100,000 ids validates, with duplicate detection across the whole list', () => {
  const ids: string[] = [];
  for (let i = 0; i < 100_000; i++) {
    ids.push(`  - id${i.toString(36).padStart(10, '0')}`);
  }
  ids[99_999] = '  - id0000000000'; // repeats ids[0]
  const text = `ids:\n${ids.join('\n')}\nsite:\n  name: Shop\n`;
  const started = performance.now();
  const d = v(text);
  const ms = performance.now() - started;
  assert.deepEqual(
    d.map((x) => [x.code, x.path, x.range.start.line, x.data?.firstIndex]),
    [['duplicate-id', '/ids/99999', 100_000, 0]],
  );
  console.log(`# validateText on 100,000 ids: ${ms.toFixed(0)} ms (not asserted)`);
});

test('random edits never throw, and every diagnostic stays well formed', () => {
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const base = `ids:
  - 3Sy7TyNMnQ8x
  - "4Hk2QpZr9WbT"
site:
  name: Shop
  url: https://shop.example
  has_basic_auth: true
  basic_auth: {username: u, password: \${env:P}}
  whitelist: [/admin/, https://x.example/y]
  blacklist: ["https://shop.example/admin/*", /rel]
  headers:
    - name: X
      value: "1"
type: api
blackout_period:
  begin: "22:00"
  cease: 6:00
  weekdays: [1, 2]
---
ids: [a, a]
site: {name: two}
`;
  const snippets = ['\n', ' ', '-', ':', '"', "'", '[', ']', '{', '}', '---\n', '\t', '&a ', '*a', '#', 'x', '\r\n', '? ', '|\n'];
  let text = base;
  for (let step = 0; step < 400; step++) {
    if (step % 80 === 0) {
      text = base;
    }
    const pos = Math.floor(random() * (text.length + 1));
    if (random() < 0.6) {
      text = text.slice(0, pos) + snippets[Math.floor(random() * snippets.length)] + text.slice(pos);
    } else {
      text = text.slice(0, pos) + text.slice(pos + 1 + Math.floor(random() * 4));
    }
    const diagnostics = validateText(text);
    assertWellFormed(diagnostics);
    const lines = text.split('\n');
    for (const d of diagnostics) {
      const line = lines[d.range.start.line];
      assert.ok(line !== undefined, `line in range at step ${step}`);
      assert.ok(d.range.end.character <= line.length, `character in range at step ${step}: ${JSON.stringify(text)}`);
    }
  }
});
