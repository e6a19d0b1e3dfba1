// The entitlement-aware checks: every rule of the table fires when the file asks for what the
// record does not grant, and stays quiet otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkEntitlements, ENTITLEMENT_RULES, type EntitlementFinding, type EntitlementsRecord } from '../../../src/core/entitlements';

const root = path.resolve(__dirname, '../../../..');
const fixture = (name: string): EntitlementsRecord =>
  JSON.parse(fs.readFileSync(path.join(root, 'test', 'fixtures', 'entitlements', `${name}.json`), 'utf8')) as EntitlementsRecord;
const full = fixture('full');
const restricted = fixture('restricted');

const base = { ids: ['3Sy7TyNMnQ8x'], site: { name: 'Shop', url: 'https://shop.example' } };
/** A record that grants everything the rules look at, except what `overrides` says. */
const grant = (overrides: Partial<EntitlementsRecord> = {}): EntitlementsRecord => ({ ...full, ...overrides });
const only = (findings: EntitlementFinding[], rule: string): EntitlementFinding[] => findings.filter((f) => f.rule === rule);

interface RuleCase {
  /** Document and record on which the rule must fire, and the finding it must give. */
  fires: { document: Record<string, unknown>; record: EntitlementsRecord; path: (string | number)[]; on: 'key' | 'value'; field: string; message: RegExp };
  /** Documents and records on which it must stay quiet. */
  quiet: { why: string; document: Record<string, unknown>; record: EntitlementsRecord }[];
}

const CASES: Record<string, RuleCase> = {
  'report-type': {
    fires: {
      document: { ...base, report_type: 'pci' },
      record: grant({ allowed_report_types: ['default', 'owasp'] }),
      path: ['report_type'],
      on: 'value',
      field: 'allowed_report_types',
      message: /^report_type `pci` is not allowed for this account \(allowed_report_types: default, owasp\)\.$/,
    },
    quiet: [
      { why: 'value allowed', document: { ...base, report_type: 'owasp' }, record: grant({ allowed_report_types: ['default', 'owasp'] }) },
      { why: 'no report_type', document: base, record: grant({ allowed_report_types: [] }) },
      { why: 'env placeholder', document: { ...base, report_type: '${env:REPORT}' }, record: grant({ allowed_report_types: ['default'] }) },
      { why: 'not a string (the schema reports it)', document: { ...base, report_type: 5 }, record: grant({ allowed_report_types: ['default'] }) },
    ],
  },
  'report-fileformat': {
    fires: {
      document: { ...base, report_fileformat: 'docx' },
      record: grant({ allowed_report_file_formats: ['pdf'] }),
      path: ['report_fileformat'],
      on: 'value',
      field: 'allowed_report_file_formats',
      message: /^report_fileformat `docx` is not allowed for this account \(allowed_report_file_formats: pdf\)\.$/,
    },
    quiet: [
      { why: 'value allowed', document: { ...base, report_fileformat: 'pdf' }, record: grant({ allowed_report_file_formats: ['pdf'] }) },
      { why: 'no report_fileformat', document: base, record: grant({ allowed_report_file_formats: [] }) },
    ],
  },
  'two-factor-targets': {
    fires: {
      document: { ...base, site: { ...base.site, has_otp: true } },
      record: grant({ allow_scanning_2fa_targets: false }),
      path: ['site', 'has_otp'],
      on: 'value',
      field: 'allow_scanning_2fa_targets',
      message: /two-factor authentication \(allow_scanning_2fa_targets: false\)/,
    },
    quiet: [
      { why: 'allowed', document: { ...base, site: { has_otp: true } }, record: grant({ allow_scanning_2fa_targets: true }) },
      { why: 'has_otp false', document: { ...base, site: { has_otp: false } }, record: grant({ allow_scanning_2fa_targets: false }) },
      { why: 'has_otp at the top level is not site.has_otp', document: { ...base, has_otp: true }, record: grant({ allow_scanning_2fa_targets: false }) },
    ],
  },
  'bola-payload-secondary': {
    fires: {
      document: { ...base, site: { api_scan_settings: { api_payload_login_enabled_secondary: true } } },
      record: grant({ allow_bola: false }),
      path: ['site', 'api_scan_settings', 'api_payload_login_enabled_secondary'],
      on: 'value',
      field: 'allow_bola',
      message: /^api_payload_login_enabled_secondary is true, but this account has no BOLA testing.*\(allow_bola: false\)\.$/,
    },
    quiet: [
      {
        why: 'allowed',
        document: { ...base, site: { api_scan_settings: { api_payload_login_enabled_secondary: true } } },
        record: grant({ allow_bola: true }),
      },
      {
        why: 'false',
        document: { ...base, site: { api_scan_settings: { api_payload_login_enabled_secondary: false } } },
        record: grant({ allow_bola: false }),
      },
      {
        why: 'api_scan_settings outside site',
        document: { ...base, api_scan_settings: { api_payload_login_enabled_secondary: true } },
        record: grant({ allow_bola: false }),
      },
    ],
  },
  'bola-headers-cookies-secondary': {
    fires: {
      document: { ...base, site: { api_scan_settings: { api_headers_cookies_login_enabled_secondary: true } } },
      record: grant({ allow_bola: false }),
      path: ['site', 'api_scan_settings', 'api_headers_cookies_login_enabled_secondary'],
      on: 'value',
      field: 'allow_bola',
      message: /^api_headers_cookies_login_enabled_secondary is true, .*\(allow_bola: false\)\.$/,
    },
    quiet: [
      {
        why: 'allowed',
        document: { ...base, site: { api_scan_settings: { api_headers_cookies_login_enabled_secondary: true } } },
        record: grant({ allow_bola: true }),
      },
      {
        why: 'false',
        document: { ...base, site: { api_scan_settings: { api_headers_cookies_login_enabled_secondary: false } } },
        record: grant({ allow_bola: false }),
      },
    ],
  },
  'scanning-agent': {
    fires: {
      document: { ...base, scanning_agent: { id: 'agent-1' } },
      record: grant({ allow_scanning_agent: false }),
      path: ['scanning_agent'],
      on: 'key',
      field: 'allow_scanning_agent',
      message: /^scanning_agent is set, but this account cannot use scanning agents \(allow_scanning_agent: false\)\.$/,
    },
    quiet: [
      { why: 'allowed', document: { ...base, scanning_agent: { id: 'agent-1' } }, record: grant({ allow_scanning_agent: true }) },
      { why: 'null', document: { ...base, scanning_agent: null }, record: grant({ allow_scanning_agent: false }) },
      { why: 'absent', document: base, record: grant({ allow_scanning_agent: false }) },
    ],
  },
  'scan-profile': {
    fires: {
      document: { ...base, scan_profile: 'full' },
      record: grant({ allowed_builtin_scan_profiles: ['default'], allow_custom_scan_profiles: false }),
      path: ['scan_profile'],
      on: 'value',
      field: 'allowed_builtin_scan_profiles',
      message:
        /^scan_profile `full` is not a built-in scan profile this account may use \(allowed_builtin_scan_profiles: default\), and custom scan profiles are off \(allow_custom_scan_profiles: false\)\.$/,
    },
    quiet: [
      {
        why: 'built-in profile allowed',
        document: { ...base, scan_profile: 'default' },
        record: grant({ allowed_builtin_scan_profiles: ['default'], allow_custom_scan_profiles: false }),
      },
      {
        why: 'custom profiles allowed',
        document: { ...base, scan_profile: 'my-own' },
        record: grant({ allowed_builtin_scan_profiles: ['default'], allow_custom_scan_profiles: true }),
      },
      { why: 'absent', document: base, record: grant({ allowed_builtin_scan_profiles: [], allow_custom_scan_profiles: false }) },
    ],
  },
  'collection-schema': {
    fires: {
      document: { ...base, site: { api_scan_settings: { api_schema_type: 'collection' } } },
      record: grant({ allow_collections: false }),
      path: ['site', 'api_scan_settings', 'api_schema_type'],
      on: 'value',
      field: 'allow_collections',
      message: /^api_schema_type `collection` needs API request collections, which this account does not have \(allow_collections: false\)\.$/,
    },
    quiet: [
      { why: 'allowed', document: { ...base, site: { api_scan_settings: { api_schema_type: 'collection' } } }, record: grant({ allow_collections: true }) },
      { why: 'openapi', document: { ...base, site: { api_scan_settings: { api_schema_type: 'openapi' } } }, record: grant({ allow_collections: false }) },
    ],
  },
  'scope-labels': {
    fires: {
      document: { ...base, labels: [{ name: 'prod', color: '#ff0000' }] },
      record: grant({ allow_scope_labels: false }),
      path: ['labels'],
      on: 'key',
      field: 'allow_scope_labels',
      message: /^labels are set, but this account cannot use scope labels \(allow_scope_labels: false\)\.$/,
    },
    quiet: [
      { why: 'allowed', document: { ...base, labels: [{ name: 'prod' }] }, record: grant({ allow_scope_labels: true }) },
      { why: 'empty list', document: { ...base, labels: [] }, record: grant({ allow_scope_labels: false }) },
    ],
  },
  'bulk-update': {
    fires: {
      document: base,
      record: grant({ allow_bulk: false }),
      path: ['ids'],
      on: 'key',
      field: 'allow_bulk',
      message: /bulk update request, and this account has no bulk updates \(allow_bulk: false\)/,
    },
    quiet: [
      { why: 'allowed', document: base, record: grant({ allow_bulk: true }) },
      { why: 'no ids key to flag', document: { site: base.site }, record: grant({ allow_bulk: false }) },
    ],
  },
};

test('every rule of the table has cases, and every case names a rule of the table', () => {
  assert.deepEqual(new Set(Object.keys(CASES)), new Set(ENTITLEMENT_RULES.map((r) => r.id)));
  const ids = ENTITLEMENT_RULES.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length, 'rule ids are unique');
  for (const rule of ENTITLEMENT_RULES) {
    for (const field of rule.fields) assert.ok(field in full, `${rule.id} names ${field}, a field of the record`);
  }
});

for (const rule of ENTITLEMENT_RULES) {
  const c = CASES[rule.id];
  test(`rule ${rule.id} fires: ${rule.summary}`, () => {
    assert.ok(c, `cases for ${rule.id}`);
    const findings = only(checkEntitlements(c.fires.document, c.fires.record), rule.id);
    assert.equal(findings.length, 1, JSON.stringify(findings));
    const [f] = findings;
    assert.ok(f, 'a finding');
    assert.deepEqual(
      { path: f.path, on: f.on, code: f.code, field: f.field },
      { path: c.fires.path, on: c.fires.on, code: 'not-entitled', field: c.fires.field },
    );
    assert.match(f.message, c.fires.message);
    assert.ok(f.message.includes(f.field), 'the message names the entitlement field');
  });
  test(`rule ${rule.id} stays quiet when the account has it or the file does not ask`, () => {
    assert.ok(c, `cases for ${rule.id}`);
    for (const q of c.quiet) assert.deepEqual(only(checkEntitlements(q.document, q.record), rule.id), [], q.why);
  });
}

test('a file asking for everything: the restricted account gets findings in table order, the full one none', () => {
  const document = {
    ids: ['a', 'b'],
    site: {
      has_otp: true,
      api_scan_settings: { api_schema_type: 'collection', api_payload_login_enabled_secondary: true, api_headers_cookies_login_enabled_secondary: true },
    },
    report_type: 'hipaa',
    report_fileformat: 'docx',
    scanning_agent: { id: 'x' },
    scan_profile: 'full',
    labels: [{ name: 'l' }],
  };
  assert.deepEqual(checkEntitlements(document, full), []);
  const findings = checkEntitlements(document, { ...restricted, allow_bulk: false });
  assert.deepEqual(
    findings.map((f) => f.rule),
    ENTITLEMENT_RULES.map((r) => r.id),
  );
});

test('documents that are not mappings give no finding', () => {
  for (const value of [null, undefined, 'text', 3, [], [{ ids: [] }]]) assert.deepEqual(checkEntitlements(value, restricted), []);
});

test('a record value that is not a boolean false never counts as a refusal', () => {
  const odd = { ...full, allow_bola: undefined, allowed_report_types: null } as unknown as EntitlementsRecord;
  const document = { ...base, report_type: 'pci', site: { api_scan_settings: { api_payload_login_enabled_secondary: true } } };
  assert.deepEqual(checkEntitlements(document, odd), []);
});

test('an empty allowed list is said as "none"', () => {
  const [f] = checkEntitlements({ ...base, report_type: 'pci' }, grant({ allowed_report_types: [] }));
  assert.ok(f, 'a finding');
  assert.match(f.message, /\(allowed_report_types: none\)/);
});
