// Grouping, labels, formatting, filter and text rendering of the entitlements record (spec 2.5).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  ALLOWED_LISTS,
  buildEntitlementGroups,
  CREDIT_PACKS_FIELD,
  FEATURE_FLAGS,
  filterGroups,
  formatFetchedAt,
  formatPrice,
  INTEGRATION_FLAGS,
  labelForField,
  LIMITS,
  renderEntitlementsText,
  schemaFieldKinds,
  STRING_VALUES,
  type EntitlementGroup,
  type EntitlementNode,
  type EntitlementsRecord,
  type FieldKind,
} from '../../../src/core/entitlements';
import { at, only } from '../../fixtures/at';

const root = path.resolve(__dirname, '../../../..');
const fixture = (name: string): EntitlementsRecord =>
  JSON.parse(fs.readFileSync(path.join(root, 'test', 'fixtures', 'entitlements', `${name}.json`), 'utf8')) as EntitlementsRecord;
const full = fixture('full');
const restricted = fixture('restricted');
const schema = JSON.parse(fs.readFileSync(path.join(root, 'schemas', 'entitlements.schema.json'), 'utf8')) as {
  properties: Record<string, unknown>;
  required: string[];
};

/** Intl uses no-break spaces in some locales; compare with plain ones. */
const plain = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

// The spec's own listing of 2.5, as a compile-time exhaustive map over the record type: a field
// missing here or unknown to EntitlementsRecord fails to compile, and the test below fails when
// the schema disagrees with it.
const SPEC_KINDS: Record<keyof EntitlementsRecord, FieldKind> = {
  pool_size: 'integer',
  max_users: 'integer',
  max_scan_number: 'integer',
  max_credit_targets: 'integer',
  max_ultd_targets: 'integer',
  spa_limit: 'integer',
  scanning_agent_limit: 'integer',
  number_unused_slots: 'integer',
  credits_hourly_cost: 'integer',
  credits_cap: 'integer',
  credits_lightning_cost: 'integer',
  credits_auth_cost: 'integer',
  allowed_monthly_promotional_credits: 'integer',
  number_available_ultd_targets_minus_team_quotas: 'integer',
  max_scan_freq: 'string',
  allowed_scope_types: 'string[]',
  allowed_builtin_scan_profiles: 'string[]',
  allowed_signing_methods: 'string[]',
  allowed_report_file_formats: 'string[]',
  allowed_report_types: 'string[]',
  allowed_stored_report_file_formats: 'string[]',
  allowed_stored_report_types: 'string[]',
  allowed_builtin_roles: 'string[]',
  allow_extra_users: 'boolean',
  allow_billing: 'boolean',
  allow_create_and_destroy_targets: 'boolean',
  allow_scope_labels: 'boolean',
  verify_target_ownership: 'boolean',
  allow_custom_scan_profiles: 'boolean',
  allow_bulk_scan: 'boolean',
  allow_pause_and_resume_scan: 'boolean',
  allow_partial_scan: 'boolean',
  allow_scanning_2fa_targets: 'boolean',
  allow_teams: 'boolean',
  allow_bulk: 'boolean',
  allow_dashboard: 'boolean',
  allow_roles: 'boolean',
  allow_scanning_agent: 'boolean',
  allow_user_labels: 'boolean',
  allow_custom_roles: 'boolean',
  allow_sso: 'boolean',
  allow_target_import_export: 'boolean',
  allow_full_coverage_report: 'boolean',
  allow_audit_log: 'boolean',
  allow_discovery: 'boolean',
  allow_bola: 'boolean',
  allow_self_findings_review: 'boolean',
  allow_mtls: 'boolean',
  allow_message_signature: 'boolean',
  allow_mle: 'boolean',
  allow_ai_scanning_enhancements_switch: 'boolean',
  allow_webhooks: 'boolean',
  allow_stored_reports: 'boolean',
  allow_buying_credits: 'boolean',
  allow_credits: 'boolean',
  allow_unlimited: 'boolean',
  allow_ultd_change: 'boolean',
  allow_target_roles: 'boolean',
  allow_dynamic_idp_roles_mapping: 'boolean',
  allow_cloud_a: 'boolean',
  allow_cdn_a: 'boolean',
  allow_cdn_b: 'boolean',
  allow_devops_tracker: 'boolean',
  allow_issue_tracker_a: 'boolean',
  allow_issue_tracker_b: 'boolean',
  allow_chat: 'boolean',
  allow_vuln_manager: 'boolean',
  allow_issue_tracker_c: 'boolean',
  allow_sso_b: 'boolean',
  allow_sast: 'boolean',
  allow_collections: 'boolean',
  is_vendor_customer: 'boolean',
  allowed_credits_packs: 'packs',
};

function byKey(groups: EntitlementGroup[], key: EntitlementGroup['key']): EntitlementGroup {
  const group = groups.find((g) => g.key === key);
  assert.ok(group, `group ${key}`);
  return group;
}

function allNodes(groups: EntitlementGroup[]): EntitlementNode[] {
  const out: EntitlementNode[] = [];
  const walk = (nodes: EntitlementNode[]): void => {
    for (const n of nodes) {
      out.push(n);
      walk(n.children);
    }
  };
  for (const g of groups) walk(g.children);
  return out;
}

/** A copy of `record` with exactly `featuresOn` features and `integrationsOn` integrations true. */
function withCounts(record: EntitlementsRecord, featuresOn: number, integrationsOn: number): EntitlementsRecord {
  const copy = { ...record } as Record<string, unknown>;
  // Spread the true values rather than taking a prefix.
  const featureOrder = [...FEATURE_FLAGS].sort((a, b) => (a < b ? -1 : 1));
  featureOrder.forEach((f, i) => (copy[f] = i < featuresOn));
  const integrationOrder = [...INTEGRATION_FLAGS].reverse();
  integrationOrder.forEach((f, i) => (copy[f] = i < integrationsOn));
  return copy as unknown as EntitlementsRecord;
}

test('the schema has the fields and types of spec 2.5, and the record type agrees', () => {
  const kinds = schemaFieldKinds();
  assert.deepEqual(Object.fromEntries(kinds), SPEC_KINDS);
  assert.deepEqual(new Set(schema.required), new Set(Object.keys(SPEC_KINDS)));
});

test('field groups: 36 features, 13 integrations, 14 integer limits, one string, 8 lists, disjoint', () => {
  assert.equal(FEATURE_FLAGS.length, 36);
  assert.equal(INTEGRATION_FLAGS.length, 13);
  assert.equal(LIMITS.length, 14);
  assert.deepEqual([...STRING_VALUES], ['max_scan_freq']);
  assert.equal(ALLOWED_LISTS.length, 8);
  const all = [...FEATURE_FLAGS, ...INTEGRATION_FLAGS, ...LIMITS, ...STRING_VALUES, ...ALLOWED_LISTS, CREDIT_PACKS_FIELD];
  assert.equal(new Set(all).size, all.length, 'no field is in two groups');
  assert.deepEqual(new Set(all), new Set(Object.keys(SPEC_KINDS)));
  assert.ok(FEATURE_FLAGS.includes('verify_target_ownership'));
  assert.ok(!FEATURE_FLAGS.some((f) => (INTEGRATION_FLAGS as readonly string[]).includes(f)));
  for (const f of INTEGRATION_FLAGS) assert.equal(SPEC_KINDS[f], 'boolean', f);
});

test('groups of the full record: order, ids, counts', () => {
  const groups = buildEntitlementGroups(full, { locale: 'en-US' });
  assert.deepEqual(
    groups.map((g) => g.label),
    ['Features', 'Integrations', 'Limits', 'Allowed values', 'Credit packs'],
  );
  assert.deepEqual(
    groups.map((g) => g.id),
    ['group/features', 'group/integrations', 'group/limits', 'group/allowed', 'group/packs'],
  );
  assert.deepEqual(
    groups.map((g) => g.description),
    ['36 of 36 enabled', '13 of 13 enabled', '15 values', '8 lists', '5 packs'],
  );
  for (const g of groups) assert.equal(g.contextValue, 'entitlementGroup');
  assert.deepEqual(
    byKey(groups, 'features').children.map((c) => c.field),
    [...FEATURE_FLAGS],
  );
  assert.deepEqual(
    byKey(groups, 'integrations').children.map((c) => c.field),
    [...INTEGRATION_FLAGS],
  );
  assert.deepEqual(
    byKey(groups, 'limits').children.map((c) => c.field),
    [...LIMITS, 'max_scan_freq'],
  );
});

test('"N of M enabled" counts only the true values of each group', () => {
  const groups = buildEntitlementGroups(withCounts(full, 24, 5));
  assert.equal(byKey(groups, 'features').description, '24 of 36 enabled');
  assert.equal(byKey(groups, 'features').enabledCount, 24);
  assert.equal(byKey(groups, 'integrations').description, '5 of 13 enabled');
  const none = buildEntitlementGroups(withCounts(full, 0, 0));
  assert.equal(byKey(none, 'features').description, '0 of 36 enabled');
  assert.equal(byKey(none, 'integrations').description, '0 of 13 enabled');
  // The restricted fixture: computed independently from the record.
  const r = buildEntitlementGroups(restricted);
  const on = FEATURE_FLAGS.filter((f) => restricted[f] === true).length;
  assert.equal(byKey(r, 'features').description, `${on} of 36 enabled`);
  assert.notEqual(on, 36);
});

test('boolean leaves: label, value, icon flag, tooltip with the raw field and value, contextValue', () => {
  const record = { ...full, allow_sso: false };
  const sso = byKey(buildEntitlementGroups(record), 'features').children.find((c) => c.field === 'allow_sso');
  assert.deepEqual(
    { id: sso?.id, label: sso?.label, description: sso?.description, enabled: sso?.enabled, contextValue: sso?.contextValue, value: sso?.value },
    { id: 'feature/allow_sso', label: 'SSO', description: 'disabled', enabled: false, contextValue: 'entitlement.boolean', value: 'false' },
  );
  assert.match(sso!.tooltip, /allow_sso: false/);
  const cloud = at(byKey(buildEntitlementGroups(full), 'integrations').children, 0);
  assert.deepEqual([cloud.id, cloud.label, cloud.description, cloud.enabled], ['integration/allow_cloud_a', 'Cloud A', 'enabled', true]);
});

test('labels: readable names, not field names', () => {
  const expected: Record<string, string> = {
    scanning_agent_limit: 'Scanning agents',
    allow_sso: 'SSO',
    max_users: 'Users',
    pool_size: 'Pool size',
    allow_mtls: 'mTLS',
    allow_scanning_2fa_targets: 'Scanning 2FA targets',
    allow_bola: 'BOLA testing',
    allow_cloud_a: 'Cloud A',
    allow_issue_tracker_c: 'Issue tracker C',
    allow_sso_b: 'SSO B',
    allow_devops_tracker: 'DevOps tracker',
    allow_dynamic_idp_roles_mapping: 'Dynamic IdP roles mapping',
    allowed_report_types: 'Report types',
    allowed_builtin_scan_profiles: 'Built-in scan profiles',
    max_scan_freq: 'Scan frequency',
    verify_target_ownership: 'Target ownership verification',
  };
  for (const [field, label] of Object.entries(expected)) assert.equal(labelForField(field), label, field);
  // Fallback for names the table does not know.
  assert.equal(labelForField('allow_api_keys'), 'API keys');
  assert.equal(labelForField('max_widget_count'), 'Widget count');
  assert.equal(labelForField('allow_thing_b'), 'Thing B');
  for (const field of Object.keys(SPEC_KINDS)) {
    const label = labelForField(field);
    assert.ok(!label.includes('_'), `${field} -> ${label}`);
    assert.notEqual(label, field);
    assert.ok(/^[A-Zm]/.test(label), `${field} -> ${label} starts with a capital`);
  }
  for (const group of buildEntitlementGroups(full)) {
    const labels = group.children.map((c) => c.label);
    if (group.key !== 'packs') assert.equal(new Set(labels).size, labels.length, `labels unique in ${group.label}`);
  }
});

test('every id is unique and stable across builds; every leaf is copyable', () => {
  const a = allNodes(buildEntitlementGroups(full, { locale: 'en-US' }));
  const b = allNodes(buildEntitlementGroups(full, { locale: 'de-DE' }));
  const ids = a.map((n) => n.id);
  assert.equal(new Set(ids).size, ids.length);
  assert.deepEqual(
    ids,
    b.map((n) => n.id),
  );
  for (const n of a) {
    assert.match(n.contextValue, /^entitlement\.(boolean|integer|string|list|listItem|pack|packField)$/);
    assert.ok(n.field !== '' && n.tooltip.includes(n.field.replace(/^allowed_credits_packs\[\d+\]\./, '')), `${n.id} tooltip names its field`);
  }
});

test('limits: integers formatted for the locale, zero and negative values kept, the raw value copied', () => {
  const record = { ...full, pool_size: 0, max_users: -1, credits_cap: -2147483648, max_scan_number: 1234567 };
  const limits = byKey(buildEntitlementGroups(record, { locale: 'en-US' }), 'limits').children;
  const get = (f: string): EntitlementNode => limits.find((c) => c.field === f)!;
  assert.deepEqual([get('pool_size').description, get('pool_size').value], ['0', '0']);
  assert.deepEqual([get('max_users').description, get('max_users').value], ['-1', '-1']);
  assert.equal(get('credits_cap').description, '-2,147,483,648');
  assert.equal(get('max_scan_number').description, '1,234,567');
  assert.equal(get('max_scan_number').value, '1234567');
  assert.equal(get('max_scan_number').contextValue, 'entitlement.integer');
  assert.equal(get('scanning_agent_limit').label, 'Scanning agents');
  assert.deepEqual([get('max_scan_freq').description, get('max_scan_freq').contextValue], ['hourly', 'entitlement.string']);
  const de = byKey(buildEntitlementGroups(record, { locale: 'de-DE' }), 'limits').children;
  assert.equal(de.find((c) => c.field === 'max_scan_number')!.description, '1.234.567');
});

test('allowed values: each list expandable with its members; an empty list says none', () => {
  const record = { ...full, allowed_signing_methods: [], allowed_report_types: ['default', 'owasp'] };
  const lists = byKey(buildEntitlementGroups(record), 'allowed').children;
  const types = lists.find((c) => c.field === 'allowed_report_types')!;
  assert.deepEqual(
    [types.id, types.label, types.description, types.contextValue, types.value],
    ['allowed/allowed_report_types', 'Report types', 'default, owasp', 'entitlement.list', '["default","owasp"]'],
  );
  assert.deepEqual(
    types.children.map((c) => [c.id, c.label, c.contextValue, c.value]),
    [
      ['allowed/allowed_report_types/default', 'default', 'entitlement.listItem', 'default'],
      ['allowed/allowed_report_types/owasp', 'owasp', 'entitlement.listItem', 'owasp'],
    ],
  );
  const empty = lists.find((c) => c.field === 'allowed_signing_methods')!;
  assert.equal(empty.description, 'none');
  assert.deepEqual(empty.children, []);
  assert.match(empty.tooltip, /allowed_signing_methods: \[\]/);
});

test('repeated list members and pack ids still get unique ids', () => {
  const record = {
    ...full,
    allowed_scope_types: ['single', 'single'],
    allowed_credits_packs: [at(full.allowed_credits_packs, 0), at(full.allowed_credits_packs, 0)],
  };
  const ids = allNodes(buildEntitlementGroups(record)).map((n) => n.id);
  assert.equal(new Set(ids).size, ids.length);
  assert.ok(ids.includes('allowed/allowed_scope_types/single#2'));
  assert.ok(ids.includes('pack/pack-usd-1000#2'));
});

test('credit packs: price with its currency code and no invented decimals; amount, discount, savings as children', () => {
  const packs = byKey(buildEntitlementGroups(full, { locale: 'en-US' }), 'packs');
  assert.equal(packs.description, '5 packs');
  const first = at(packs.children, 0);
  assert.deepEqual([first.id, first.label, first.contextValue], ['pack/pack-usd-1000', '1,000 credits', 'entitlement.pack']);
  assert.equal(plain(first.description), 'USD 900 · amount 1,000');
  assert.match(first.tooltip, /does not show the unit of price/);
  assert.deepEqual(
    first.children.map((c) => [c.label, plain(c.description), c.field, c.value]),
    [
      ['Price', 'USD 900', 'allowed_credits_packs[0].price', '900'],
      ['Amount', '1,000', 'allowed_credits_packs[0].pack_amount', '1000'],
      ['Discount', '10', 'allowed_credits_packs[0].discount', '10'],
      ['Savings', '100', 'allowed_credits_packs[0].savings', '100'],
      ['ID', 'pack-usd-1000', 'allowed_credits_packs[0].id', 'pack-usd-1000'],
    ],
  );
  assert.match(at(first.children, 0).tooltip, /cents or whole units/);
  assert.equal(plain(at(at(packs.children, 2).children, 0).description), 'EUR 850');
  // pack_amount at its maximum, price at the integer maximum.
  const largestPack = {
    id: 'pack-usd-max',
    name: 'Largest pack',
    price: 2147483647,
    currency_code: 'USD' as const,
    pack_amount: 4294967295,
    discount: 50,
    savings: 2147483647,
  };
  const withLargest = byKey(buildEntitlementGroups({ ...full, allowed_credits_packs: [largestPack] }, { locale: 'en-US' }), 'packs');
  const largest = at(withLargest.children, 0);
  assert.equal(plain(at(largest.children, 0).description), 'USD 2,147,483,647');
  const amount = at(largest.children, 1);
  assert.equal(amount.description, '4,294,967,295');
  assert.equal(amount.value, '4294967295');
});

test('credit packs: empty currency code shows the number alone; locale formatting; no packs says none', () => {
  const starter = byKey(buildEntitlementGroups(restricted, { locale: 'en-US' }), 'packs');
  assert.equal(starter.description, '1 pack');
  assert.equal(at(at(starter.children, 0).children, 0).description, '100');
  assert.equal(plain(formatPrice(1999, '', 'en-US')), '1,999');
  assert.equal(plain(formatPrice(1999, 'USD', 'de-DE')), '1.999 USD');
  assert.equal(plain(formatPrice(-5, 'GBP', 'en-GB')), '-GBP 5');
  assert.equal(plain(formatPrice(1999, 'USD', 'not a locale!')), 'USD 1,999');
  const none = byKey(buildEntitlementGroups({ ...full, allowed_credits_packs: [] }), 'packs');
  assert.deepEqual([none.description, none.children.length], ['none', 0]);
  const big = buildEntitlementGroups(
    { ...full, allowed_credits_packs: [{ ...at(full.allowed_credits_packs, 0), pack_amount: 4294967295, discount: 0, savings: -1 }] },
    { locale: 'fr-FR' },
  );
  const fields = at(byKey(big, 'packs').children, 0).children;
  assert.equal(plain(at(fields, 1).description), '4 294 967 295');
  assert.equal(at(fields, 2).description, '0');
  assert.equal(at(fields, 3).description, '-1');
});

test('filterGroups: by label, field name, value or list member; counts of matches; empty query keeps all', () => {
  const groups = buildEntitlementGroups(full);
  assert.deepEqual(filterGroups(groups, '   '), groups);
  const sso = filterGroups(groups, 'SSO');
  assert.deepEqual(
    sso.map((g) => [g.label, g.description, g.children.map((c) => c.field)]),
    [
      ['Features', '1 of 36 match', ['allow_sso']],
      ['Integrations', '1 of 13 match', ['allow_sso_b']],
    ],
  );
  const byField = filterGroups(groups, 'scanning_agent_limit');
  assert.deepEqual(
    byField.map((g) => g.children.map((c) => c.id)),
    [['limit/scanning_agent_limit']],
  );
  const member = filterGroups(groups, 'pci4');
  assert.deepEqual(
    member.map((g) => g.key),
    ['allowed'],
  );
  assert.deepEqual(
    at(member, 0).children.map((c) => c.field),
    ['allowed_report_types', 'allowed_stored_report_types'],
  );
  // A list that matches by its own label keeps all its members.
  const list = filterGroups(groups, 'report types');
  const reportTypes = list.flatMap((g) => g.children).find((c) => c.field === 'allowed_report_types')!;
  assert.equal(reportTypes.children.length, full.allowed_report_types.length);
  // A group label keeps the whole group.
  const limits = filterGroups(groups, 'limits');
  assert.equal(only(limits).children.length, 15);
  // Values: disabled flags.
  const off = filterGroups(buildEntitlementGroups(restricted), 'disabled');
  const offFeatures = at(off, 0);
  assert.equal(offFeatures.children.length, FEATURE_FLAGS.filter((f) => restricted[f] === false).length);
  assert.ok(offFeatures.children.every((c) => c.enabled === false));
  assert.deepEqual(filterGroups(groups, 'no such thing'), []);
  // The input is not changed.
  assert.equal(at(groups, 0).children.length, 36);
});

test('renderEntitlementsText: the same groups, one line per entry, raw field names, colour only on request', () => {
  const text = renderEntitlementsText(withCounts(full, 24, 5));
  assert.ok(text.includes('Features (24 of 36 enabled)\n'));
  assert.ok(text.includes('Integrations (5 of 13 enabled)\n'));
  assert.ok(text.includes('Limits (15 values)\n'));
  assert.ok(text.includes('Allowed values (8 lists)\n'));
  assert.ok(text.includes('Credit packs (5 packs)\n'));
  assert.match(text, /^ {2}\[[x ]\] SSO +allow_sso$/m);
  assert.match(text, /^ {2}Scanning agents +50 +scanning_agent_limit$/m);
  assert.match(text, /^ {2}Report types +default, executive_summary, owasp, pci, pci4, iso27001, hipaa +allowed_report_types$/m);
  assert.match(plain(text), /^ {2}50,000 credits +price USD 35,000, amount 50,000, discount 30, savings 15,000 +allowed_credits_packs\[4\]$/m);
  assert.ok(!text.includes('\u001b['), 'no ANSI codes by default');
  const lines = text.trimEnd().split('\n');
  assert.equal(lines.filter((l) => /^ {2}\[[x ]\] /.test(l)).length, 36 + 13);
  assert.equal(lines.filter((l) => l.startsWith('  [x] ')).length, 24 + 5);
  const coloured = renderEntitlementsText(full, { color: true });
  assert.ok(coloured.includes('\u001b[1mFeatures\u001b[0m'));
  assert.ok(coloured.includes('\u001b[32m[x] \u001b[0m'));
  const emptyPacks = renderEntitlementsText({ ...full, allowed_credits_packs: [], allowed_signing_methods: [] });
  assert.ok(emptyPacks.includes('Credit packs (none)\n  (none)\n'));
  assert.match(emptyPacks, /^ {2}Signing methods +none +allowed_signing_methods$/m);
});

test('formatFetchedAt: the time of day today, with the date on another day', () => {
  const now = new Date(2025, 10, 21, 15, 0);
  assert.equal(formatFetchedAt(new Date(2025, 10, 21, 14, 2), { now, locale: 'en-GB' }), '14:02');
  assert.equal(formatFetchedAt(new Date(2025, 10, 20, 9, 5), { now, locale: 'en-GB' }), '20 Nov 09:05');
});
