// Quick fixes: each one applied to the text gives the expected text, and the error it fixes is gone
// when the result is validated again (Ajv against the schema; core's validateText too once built).
// Every fix is tried twice: with the diagnostic as validation publishes it (path, data) and as
// VS Code hands it back to a code-action provider (code, range and message only).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile } from '../../../src/core/yaml/parse';
import { closestName } from '../../../src/core/wording';
import { codeActions, type CoreCodeAction, type DiagnosticLike } from '../../../src/core/assist/codeActions';
import { closestValue } from '../../../src/core/assist/enumFix';
import { relativeOnHost } from '../../../src/core/assist/whitelistFix';
import { applyEdits } from '../../fixtures/applyEdits';
import type { CoreDiagnostic, DiagnosticData } from '../../../src/core/diagnostic';
import { marked } from '../../fixtures/validation/markers';
import { coreValidateText, schemaErrors } from '../../fixtures/assist/helpers';
import { at, only } from '../../fixtures/at';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { entitlementDiagnostics } from '../../../src/core/entitlements/diagnostics';
import type { EntitlementsRecord } from '../../../src/core/entitlements/types';

interface Made {
  text: string;
  full: CoreDiagnostic[];
  bare: DiagnosticLike[];
}

/** Diagnostics over the `«…»` ranges of `source`, in order, with the given code, path and data. */
function withDiagnostics(
  source: string,
  specs: Array<{ code: string; path: string; message: string; data?: DiagnosticData; document?: number }>,
  eol: '\n' | '\r\n' = '\n',
): Made {
  const m = marked(source, eol);
  assert.equal(m.ranges.length, specs.length, 'one «range» per diagnostic');
  const full = specs.map((s, i) => ({
    severity: 'warning' as const,
    code: s.code,
    message: s.message,
    document: s.document ?? 0,
    path: s.path,
    range: at(m.ranges, i),
    ...(s.data ? { data: s.data } : {}),
  }));
  const bare = full.map((d) => ({ code: d.code, range: d.range, message: d.message }));
  return { text: m.text, full, bare };
}

function both(made: Made, check: (actions: CoreCodeAction[], flavour: string) => void): void {
  check(codeActions(parseFile(made.text), made.full), 'with path and data');
  check(codeActions(parseFile(made.text), made.bare), 'code, range and message only');
}

function applied(text: string, action: CoreCodeAction): string {
  return applyEdits(text, action.edits);
}

function assertGone(text: string, code: string, pointer: string): void {
  const diagnostics = coreValidateText()(text);
  assert.ok(!diagnostics.some((d) => d.code === code && d.path === pointer), `${code} at ${pointer} is gone:\n${text}`);
}

describe('quick fix: unknown property', () => {
  test('renames it to the close known name (preferred)', async () => {
    const made = withDiagnostics('ids: [a]\nsite:\n  name: x\n  «hass_otp»: false\n', [
      {
        code: 'unknown-property',
        path: '/site/hass_otp',
        message: '`site.hass_otp` is not a known property; did you mean `has_otp`?',
        data: { suggestion: 'has_otp' },
      },
    ]);
    both(made, (actions, flavour) => {
      const action = only(actions, flavour);
      assert.equal(action.title, 'Rename `hass_otp` to `has_otp`');
      assert.equal(action.isPreferred, true);
      const out = applied(made.text, action);
      assert.equal(out, 'ids: [a]\nsite:\n  name: x\n  has_otp: false\n');
      assert.deepEqual(schemaErrors(out), []);
    });
    assertGone(applied(made.text, at(codeActions(parseFile(made.text), made.full), 0)), 'unknown-property', '/site/hass_otp');
  });

  test('at the root, in a list item and in a second document', () => {
    const made = withDiagnostics('ids: [a]\nsite: {}\n---\nids: [b]\nsite:\n  headers:\n    - name: a\n      «valeu»: b\n«reprot_type»: pci\n', [
      { code: 'unknown-property', path: '/site/headers/0/valeu', message: 'unknown', document: 1 },
      { code: 'unknown-property', path: '/reprot_type', message: 'unknown', document: 1 },
    ]);
    both(made, (actions) => {
      assert.deepEqual(
        actions.map((a) => a.title),
        ['Rename `valeu` to `value`', 'Rename `reprot_type` to `report_type`'],
      );
      const out = applyEdits(
        made.text,
        actions.flatMap((a) => a.edits),
      );
      assert.deepEqual(schemaErrors(out), []);
    });
  });

  test('no fix when no known name is close, or the close name is already there', () => {
    const made = withDiagnostics('ids: [a]\nsite:\n  «zzzzzzzz»: 1\n  has_otp: true\n  «hass_otp»: true\n', [
      { code: 'unknown-property', path: '/site/zzzzzzzz', message: 'unknown' },
      { code: 'unknown-property', path: '/site/hass_otp', message: 'unknown' },
    ]);
    both(made, (actions) => assert.deepEqual(actions, []));
  });

  test('closestName is a typo finder, not a guess', () => {
    assert.equal(closestName('usrname', ['username', 'password']), 'username');
    assert.equal(closestName('nmae', ['name', 'url']), 'name');
    assert.equal(closestName('Report_Type', ['report_type']), 'report_type');
    assert.equal(closestName('colour', ['name', 'color']), 'color');
    assert.equal(closestName('something', ['name', 'color']), undefined);
  });
});

describe('quick fix: enum value not allowed', () => {
  test('the closest allowed value is preferred, and one action per allowed value', async () => {
    const made = withDiagnostics('ids: [a]\nsite: {}\nreport_type: «OWASP»\n', [
      {
        code: 'invalid-enum',
        path: '/report_type',
        message: '`report_type` must be one of …',
        data: { allowed: ['default', 'executive_summary', 'owasp', 'pci', 'pci4', 'iso27001', 'hipaa'] },
      },
    ]);
    both(made, (actions, flavour) => {
      assert.equal(actions.length, 7, flavour);
      assert.equal(at(actions, 0).title, 'Change to `owasp` (closest allowed value)');
      assert.deepEqual(
        actions.map((a) => a.isPreferred),
        [true, false, false, false, false, false, false],
      );
      assert.deepEqual(new Set(actions.map((a) => applied(made.text, a))).size, 7);
      const out = applied(made.text, at(actions, 0));
      assert.equal(out, 'ids: [a]\nsite: {}\nreport_type: owasp\n');
      assert.deepEqual(schemaErrors(out), []);
      assert.equal(applied(made.text, at(actions, 6)), 'ids: [a]\nsite: {}\nreport_type: hipaa\n');
    });
    assertGone(applied(made.text, at(codeActions(parseFile(made.text), made.full), 0)), 'invalid-enum', '/report_type');
  });

  test('keeps the quoting of the value; integers stay integers', () => {
    const made = withDiagnostics(
      'ids: [a]\nsite:\n  otp_digits: «9»\n  otp_algorithm: «"sha-256"»\n  api_scan_settings:\n    media_type: «\'application/jsn\'»\n',
      [
        { code: 'invalid-enum', path: '/site/otp_digits', message: 'x' },
        { code: 'invalid-enum', path: '/site/otp_algorithm', message: 'x' },
        { code: 'invalid-enum', path: '/site/api_scan_settings/media_type', message: 'x' },
      ],
    );
    both(made, (actions) => {
      const preferred = actions.filter((a) => a.isPreferred);
      assert.deepEqual(
        preferred.map((a) => at(a.edits, 0).newText),
        ['6', '"SHA256"', "'application/json'"],
      );
      const out = applyEdits(
        made.text,
        preferred.flatMap((a) => a.edits),
      );
      assert.deepEqual(schemaErrors(out), []);
    });
  });

  test('closestValue', () => {
    assert.equal(closestValue('pcii', ['default', 'pci', 'pci4']), 'pci');
    assert.equal(closestValue('PDF', ['pdf', 'docx']), 'pdf');
    assert.equal(closestValue('exec', ['default', 'executive_summary']), 'executive_summary');
    assert.equal(closestValue('headr', ['cookie', 'header']), 'header');
  });
});

describe('quick fix: missing required property', () => {
  // Validation's convention: `path` is where the property would be, the range is on the parent's
  // key (for the root and list items: on the parent mapping's first key).
  test('inserts it under its parent at the right indentation', async () => {
    const made = withDiagnostics('ids: [a]\nsite:\n  name: x\n  has_basic_auth: true\n  «basic_auth»:\n    username: scanner\n  url: https://x.example\n', [
      { code: 'missing-property', path: '/site/basic_auth/password', message: 'site.basic_auth.password is required', data: { missingProperty: 'password' } },
    ]);
    both(made, (actions, flavour) => {
      const action = only(actions, flavour);
      assert.equal(action.title, 'Add required property `password` (with a placeholder)');
      const out = applied(made.text, action);
      assert.equal(
        out,
        'ids: [a]\nsite:\n  name: x\n  has_basic_auth: true\n  basic_auth:\n    username: scanner\n    password: ""\n  url: https://x.example\n',
      );
      assert.deepEqual(schemaErrors(out), []);
    });
    assertGone(applied(made.text, at(codeActions(parseFile(made.text), made.full), 0)), 'missing-property', '/site/basic_auth/password');
  });

  test('also with the parent’s path, as Ajv reports it', () => {
    const made = withDiagnostics('ids: [a]\nsite:\n  «basic_auth»:\n    username: scanner\n', [
      { code: 'missing-property', path: '/site/basic_auth', message: 'x', data: { missingProperty: 'password' } },
    ]);
    const out = applied(made.text, at(codeActions(parseFile(made.text), made.full), 0));
    assert.equal(out, 'ids: [a]\nsite:\n  basic_auth:\n    username: scanner\n    password: ""\n');
  });

  test('a property required by a condition (conditional-required), with its own required children', async () => {
    const made = withDiagnostics('ids: [a]\ntype: api\n«site»:\n  name: x\n', [
      {
        code: 'conditional-required',
        path: '/site/api_scan_settings',
        message: 'site.api_scan_settings is required when type is api',
        data: { missingProperty: 'api_scan_settings', condition: 'type is api' },
      },
    ]);
    both(made, (actions, flavour) => {
      const out = applied(made.text, only(actions, flavour));
      assert.equal(out, 'ids: [a]\ntype: api\nsite:\n  name: x\n  api_scan_settings:\n    api_schema_type: openapi\n');
      assert.deepEqual(schemaErrors(out), []);
    });
    assertGone(applied(made.text, at(codeActions(parseFile(made.text), made.full), 0)), 'conditional-required', '/site/api_scan_settings');
  });

  test('at the root (a list that must not be empty gets one item), at the end of a file without a line break', () => {
    const made = withDiagnostics('«site»:\n  has_otp: true\n  otp_secret: s', [
      { code: 'missing-property', path: '/ids', message: 'ids is required', data: { missingProperty: 'ids' } },
    ]);
    both(made, (actions, flavour) => {
      assert.deepEqual(
        actions.map((a) => a.title),
        ['Add required property `ids` (with a placeholder)'],
        flavour,
      );
      const out = applied(made.text, at(actions, 0));
      assert.equal(out, 'site:\n  has_otp: true\n  otp_secret: s\nids:\n  - ""');
      assert.ok(!schemaErrors(out).some((e) => e.includes('required')), schemaErrors(out).join('\n'));
    });
  });

  test('in a list item; in a flow mapping; its default when it has one', () => {
    const made = withDiagnostics(
      'ids: [a]\nsite:\n  headers:\n    - «name»: A\n  has_form_login: true\n  form_login_url: https://x.example/login\n«blackout_period»: {begin: "22:00", cease: "06:00"}\n',
      [
        { code: 'missing-property', path: '/site/headers/0/value', message: 'site.headers[0].value is required', data: { missingProperty: 'value' } },
        { code: 'missing-property', path: '/blackout_period/weekdays', message: 'blackout_period.weekdays is required', data: { missingProperty: 'weekdays' } },
      ],
    );
    both(made, (actions, flavour) => {
      assert.equal(actions.length, 2, flavour);
      const out = applyEdits(
        made.text,
        actions.flatMap((a) => a.edits),
      );
      assert.equal(
        out,
        'ids: [a]\nsite:\n  headers:\n    - name: A\n      value: ""\n  has_form_login: true\n  form_login_url: https://x.example/login\nblackout_period: {begin: "22:00", cease: "06:00", weekdays: []}\n',
      );
      const left = schemaErrors(out).filter((e) => e.includes(' required '));
      assert.deepEqual(
        left.map((e) => /missingProperty":"(\w+)/.exec(e)?.[1]),
        ['form_login'],
        'only the other missing property is left',
      );
    });
    const withDefault = withDiagnostics('ids: [a]\n«site»:\n  name: x\n', [
      { code: 'missing-property', path: '/site/otp_digits', message: 'x', data: { missingProperty: 'otp_digits' } },
    ]);
    const action = at(codeActions(parseFile(withDefault.text), withDefault.full), 0);
    assert.equal(action.title, 'Add required property `otp_digits` (with its default 6)');
    assert.equal(applied(withDefault.text, action), 'ids: [a]\nsite:\n  name: x\n  otp_digits: 6\n');
  });

  test('under a key with no value yet', () => {
    const empty = withDiagnostics('ids: [a]\nsite:\n  has_basic_auth: true\n  «basic_auth»:\n', [
      { code: 'missing-property', path: '/site/basic_auth/username', message: 'site.basic_auth.username is required', data: { missingProperty: 'username' } },
    ]);
    const fixed = applied(empty.text, at(codeActions(parseFile(empty.text), empty.full), 0));
    assert.equal(fixed, 'ids: [a]\nsite:\n  has_basic_auth: true\n  basic_auth:\n    username: ""\n');
  });

  test('without data or path: the field is found again from the schema, the range and the message', () => {
    const made = withDiagnostics('ids: [a]\n«site»:\n  has_form_login: true\n  has_otp: true\n  name: x\n', [
      { code: 'conditional-required', path: '/site/form_login', message: 'site.form_login is required when site.has_form_login is true' },
    ]);
    const actions = codeActions(parseFile(made.text), made.bare);
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Add required property `form_login` (with a placeholder)'],
    );
    assert.equal(applied(made.text, at(actions, 0)), 'ids: [a]\nsite:\n  has_form_login: true\n  has_otp: true\n  name: x\n  form_login: []\n');
  });

  test('CRLF files get CRLF lines', () => {
    const made = withDiagnostics(
      'ids: [a]\n«site»:\n  has_otp: true\n  name: x\n',
      [
        {
          code: 'conditional-required',
          path: '/site/otp_secret',
          message: 'site.otp_secret is required when site.has_otp is true',
          data: { missingProperty: 'otp_secret' },
        },
      ],
      '\r\n',
    );
    both(made, (actions) => {
      const out = applied(made.text, at(actions, 0));
      assert.equal(out, 'ids: [a]\r\nsite:\r\n  has_otp: true\r\n  name: x\r\n  otp_secret: ""\r\n');
    });
  });
});

describe('quick fix: whitelist entry with the target’s own host', () => {
  test('makes it relative, keeping path and query; other hosts are left alone', async () => {
    const made = withDiagnostics(
      "ids: [a]\nsite:\n  url: https://shop.example\n  whitelist:\n    - «https://shop.example/admin/?tab=1»\n    - «https://other.example/a»\n    - «'//SHOP.example/api/*'»\n",
      [
        { code: 'whitelist-absolute-url', path: '/site/whitelist/0', message: 'relative paths only' },
        { code: 'whitelist-absolute-url', path: '/site/whitelist/1', message: 'relative paths only' },
        { code: 'whitelist-absolute-url', path: '/site/whitelist/2', message: 'relative paths only' },
      ],
    );
    both(made, (actions, flavour) => {
      assert.deepEqual(
        actions.map((a) => a.title),
        ['Make relative: `/admin/?tab=1`', 'Make relative: `/api/*`'],
        flavour,
      );
      assert.ok(actions.every((a) => a.isPreferred));
      const out = applyEdits(
        made.text,
        actions.flatMap((a) => a.edits),
      );
      assert.equal(out, "ids: [a]\nsite:\n  url: https://shop.example\n  whitelist:\n    - /admin/?tab=1\n    - https://other.example/a\n    - '/api/*'\n");
      assert.equal(schemaErrors(out).length, 1, 'only the other host’s entry is still wrong');
    });
    assertGone(applied(made.text, at(codeActions(parseFile(made.text), made.full), 0)), 'whitelist-absolute-url', '/site/whitelist/0');
  });

  test('relativeOnHost', () => {
    assert.equal(relativeOnHost('https://shop.example:443/a?b=1#frag', 'https://shop.example/'), '/a?b=1');
    assert.equal(relativeOnHost('http://shop.example/a', 'https://shop.example/'), undefined, 'another port');
    assert.equal(relativeOnHost('https://shop.example', 'https://shop.example/x'), '/');
    assert.equal(relativeOnHost('not a url', 'https://shop.example/'), undefined);
    assert.equal(relativeOnHost('https://shop.example/a', 'not a url'), undefined);
  });
});

describe('quick fix: duplicate ids', () => {
  test('one action removes every later repeat in the document (block list)', async () => {
    const made = withDiagnostics('ids:\n  - a\n  - b\n  - «a»\n  - c # keep\n  - «b»\n  - «a»\nsite: {}\n---\nids: [a, a]\nsite: {}\n', [
      { code: 'duplicate-id', path: '/ids/2', message: 'repeated' },
      { code: 'duplicate-id', path: '/ids/4', message: 'repeated' },
      { code: 'duplicate-id', path: '/ids/5', message: 'repeated' },
    ]);
    both(made, (actions, flavour) => {
      const action = only(actions, flavour);
      assert.equal(action.title, 'Remove 3 repeated ids (the first occurrence of each is kept)');
      assert.equal(action.diagnostics.length, 3);
      assert.deepEqual(action.diagnosticIndexes, [0, 1, 2]);
      assert.equal(action.isPreferred, true);
      assert.equal(applied(made.text, action), 'ids:\n  - a\n  - b\n  - c # keep\nsite: {}\n---\nids: [a, a]\nsite: {}\n');
    });
    assertGone(applied(made.text, at(codeActions(parseFile(made.text), made.full), 0)), 'duplicate-id', '/ids/2');
  });

  test('a flow list, in a second document', () => {
    const made = withDiagnostics('ids: [x]\nsite: {}\n---\nids: [a, b, «a»]\nsite: {}\n', [
      { code: 'duplicate-id', path: '/ids/2', message: 'repeated', document: 1 },
    ]);
    both(made, (actions) => {
      const action = at(actions, 0);
      assert.equal(action.title, 'Remove the repeated id `a`');
      assert.equal(applied(made.text, action), 'ids: [x]\nsite: {}\n---\nids: [a, b]\nsite: {}\n');
    });
  });
});

test('quick fix: a value the account is not entitled to is changed to one it is, closest first', () => {
  const record = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../test/fixtures/entitlements/restricted.json'), 'utf8')) as EntitlementsRecord;
  const text = 'ids: [a]\nsite:\n  name: Shop\nreport_type: "pci"\n';
  const file = parseFile(text);
  const warnings = entitlementDiagnostics(file, record).filter((d) => d.path === '/report_type');
  const actions = codeActions(file, warnings);
  assert.deepEqual(
    actions.map((a) => [a.title, a.isPreferred]),
    [
      ['Change to `default` (closest value this account is entitled to)', true],
      ['Change to `executive_summary`', false],
    ],
  );
  assert.equal(applied(text, at(actions, 0)), 'ids: [a]\nsite:\n  name: Shop\nreport_type: "default"\n');
});

test('diagnostics of other codes, and stale ones, get no action', () => {
  const made = withDiagnostics('ids: [a]\n«site»: {}\n', [{ code: 'not-entitled', path: '/site', message: 'x' }]);
  assert.deepEqual(codeActions(parseFile(made.text), made.full), []);
  const stale: DiagnosticLike = { code: 'invalid-enum', range: { start: { line: 40, character: 0 }, end: { line: 40, character: 3 } } };
  assert.doesNotThrow(() => codeActions(parseFile('ids: [a]\n'), [stale]));
});
