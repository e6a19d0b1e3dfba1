// "An engineer can write a complete, valid target-settings file for a web target and for an API
// target from an empty document using only completion": an editing session is simulated. The only
// typing is a line break with the indentation the editor would give, tab-stop values, and free text
// (ids, names); every field comes from a completion item offered at the cursor.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile } from '../../../src/core/yaml/parse';
import { complete, type CompletionItem } from '../../../src/core/assist/completion';
import { applyItem, coreValidateText, find, schemaErrors, sortedLabels, type Fills } from '../../fixtures/assist/helpers';

class Session {
  text = '';
  cursor = 0;
  readonly picked: string[] = [];

  items(): CompletionItem[] {
    return complete(parseFile(this.text), this.cursor).items;
  }

  /** Takes the completion item `label` offered at the cursor and fills its tab stops. */
  pick(label: string, fills: Fills = {}): this {
    const item = find(this.items(), label);
    ({ text: this.text, cursor: this.cursor } = applyItem(this.text, item, fills));
    this.picked.push(label);
    return this;
  }

  /** Enter, with the indentation the editor keeps or adds. */
  enter(indent: number): this {
    return this.type('\n' + ' '.repeat(indent));
  }

  /** Free text the user types (an id, a name). */
  type(s: string): this {
    this.text = this.text.slice(0, this.cursor) + s + this.text.slice(this.cursor);
    this.cursor += s.length;
    return this;
  }

  offers(...labels: string[]): this {
    const offered = this.items().map((i) => i.label);
    for (const l of labels)
      assert.ok(offered.includes(l), `${l} is offered at ${JSON.stringify(this.text.slice(0, this.cursor) + '‸' + this.text.slice(this.cursor))}`);
    return this;
  }
}

/** The value of document `index` of `text`, asserted to be there. */
function documentValue(text: string, index = 0): unknown {
  const doc = parseFile(text).documents.get(index);
  assert.ok(doc, `document ${index}`);
  return doc.value;
}

async function assertValid(text: string): Promise<void> {
  assert.deepEqual(schemaErrors(text), [], text);
  const diagnostics = coreValidateText()(text);
  assert.deepEqual(
    diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning'),
    [],
    text,
  );
}

test('a web target with basic auth, a header, a whitelist, report type, blackout period and a label', async () => {
  const s = new Session();
  s.offers('ids', 'site').pick('ids', { 1: '3Sy7TyNMnQ8x' });
  s.enter(2).type('- 4Hk2QpZr9WbT');
  s.enter(0).offers('site', 'report_type').pick('site');
  s.offers('name', 'url', 'has_basic_auth', 'Basic auth', 'Form login').pick('name', { 1: 'Shop (staging)' });
  s.enter(2).pick('url', { 1: 'https://staging.shop.example' });
  s.enter(2).pick('Basic auth', { 2: '${env:SHOP_BASIC_PASSWORD}' });
  s.enter(2).pick('headers: Header or cookie', { 1: 'X-Scanner', 2: 'scan' });
  s.enter(2).pick('whitelist', { 1: '/admin/' });
  s.enter(0).pick('report_type', { 1: 'owasp' });
  s.enter(0).pick('blackout_period: Blackout period');
  s.enter(0).pick('labels: Label', { 1: 'staging' });
  s.enter(0).type('fail_fast: ').offers('true', 'false').pick('false');
  await assertValid(s.text);
  assert.deepEqual(documentValue(s.text), {
    ids: ['3Sy7TyNMnQ8x', '4Hk2QpZr9WbT'],
    site: {
      name: 'Shop (staging)',
      url: 'https://staging.shop.example',
      has_basic_auth: true,
      basic_auth: { username: 'scanner', password: '${env:SHOP_BASIC_PASSWORD}', password_is_sensitive: true },
      headers: [{ name: 'X-Scanner', value: 'scan' }],
      whitelist: ['/admin/'],
    },
    report_type: 'owasp',
    blackout_period: { begin: '22:00', cease: '06:00', weekdays: [], enabled: true },
    labels: [{ name: 'staging', color: '#1f77b4' }],
    fail_fast: false,
  });
});

test('a web target with form login and OTP, one key at a time', async () => {
  const s = new Session();
  s.pick('ids', { 1: 'a1' }).enter(0).pick('site').pick('url', { 1: 'https://app.example' });
  s.enter(2).pick('has_form_login', { 1: 'true' });
  // The flag makes form_login_url and form_login required: offered first now.
  s.enter(2);
  assert.deepEqual(sortedLabels(s.items().filter((i) => i.kind === 'property')).slice(0, 2), ['form_login_url', 'form_login']);
  s.pick('form_login_url', { 1: 'https://app.example/login' });
  s.enter(2).pick('form_login', { 1: 'user', 2: 'me@example.com' });
  s.enter(4).offers('- Login form secret field').pick('- Login form secret field', { 2: '${env:APP_PASSWORD}' });
  s.enter(2).pick('has_otp', { 1: 'true' });
  s.enter(2);
  assert.equal(sortedLabels(s.items().filter((i) => i.kind === 'property'))[0], 'otp_secret');
  s.pick('otp_secret', { 1: '${env:APP_OTP_SECRET}' });
  s.enter(2).pick('otp_digits', { 1: '8' });
  await assertValid(s.text);
  const site = (documentValue(s.text) as { site: Record<string, unknown> }).site;
  assert.deepEqual(site.form_login, [
    { name: 'user', value: 'me@example.com' },
    { name: 'password', value: '${env:APP_PASSWORD}', value_is_sensitive: true },
  ]);
  assert.equal(site.otp_digits, 8);
});

test('an API target: type api makes site.api_scan_settings with its schema type required', async () => {
  const s = new Session();
  s.pick('ids', { 1: '9Zx8Wv7Ut6Sr' });
  s.enter(0).pick('type', { 1: 'api' });
  s.enter(0);
  // The site skeleton already holds what the condition requires.
  assert.equal(find(s.items(), 'site').insertText, 'site:\n  api_scan_settings:\n    api_schema_type: ${1|openapi,collection|}');
  s.pick('site', { 1: 'collection' });
  s.enter(4).offers('api_schema_url', 'custom_api_parameters').pick('custom_api_parameters', { 1: 'tenant', 2: 'eu-1' });
  s.enter(2).offers('name', 'url').pick('name', { 1: 'Orders API' });
  s.enter(2).pick('url', { 1: 'https://api.shop.example' });
  s.enter(0).pick('report_fileformat', { 1: 'docx' });
  await assertValid(s.text);
  const value = documentValue(s.text) as { type: string; site: { api_scan_settings: Record<string, unknown> } };
  assert.equal(value.type, 'api');
  assert.equal(value.site.api_scan_settings.api_schema_type, 'collection');
  assert.deepEqual(value.site.api_scan_settings.custom_api_parameters, [{ name: 'tenant', value: 'eu-1' }]);
});

test('an API target with login, from the API scan settings snippet, in the second document of a file', async () => {
  const s = new Session();
  s.type('ids: [first]\nsite:\n  name: first\n---\n');
  s.pick('ids', { 1: 'second' });
  s.enter(0).pick('site').pick('name', { 1: 'Orders API' });
  s.enter(2).pick('url', { 1: 'https://api.shop.example' });
  s.enter(2).offers('api_scan_settings: OpenAPI schema', 'api_scan_settings: OpenAPI schema with login');
  s.pick('api_scan_settings: OpenAPI schema with login', { 3: '${env:ORDERS_LOGIN_PAYLOAD}' });
  s.enter(4).offers('api_login_payload_secondary', 'openapi_check_session_method').pick('api_payload_login_enabled_secondary', { 1: 'false' });
  s.enter(0).offers('type').pick('type', { 1: 'api' });
  await assertValid(s.text);
  const value = documentValue(s.text, 1) as { type: string; site: { api_scan_settings: Record<string, unknown> } };
  assert.equal(value.type, 'api');
  assert.equal(value.site.api_scan_settings.api_schema_type, 'openapi');
  assert.equal(value.site.api_scan_settings.api_login_enabled, true);
  assert.equal(value.site.api_scan_settings.api_login_payload, '${env:ORDERS_LOGIN_PAYLOAD}');
  assert.equal(value.site.api_scan_settings.api_payload_login_enabled_secondary, false);
});
