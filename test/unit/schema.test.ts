// The two JSON Schemas in schemas/: they compile in Ajv's strict mode, every field carries its
// documentation, every constraint of the service specification (sections 2 and 8) holds on valid
// and invalid bodies, the entitlements fixtures and the examples validate, and yaml-language-server
// (the engine behind the YAML extension) reads the schema the same way. Every sample goes through a
// fresh compile and through the validator the product ships (generated at build time): both must
// give the same verdict and the same errors.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { parseAllDocuments } from 'yaml';
import { getLanguageService } from 'yaml-language-server';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createAjv } from '../fixtures/ajv';
import { at } from '../fixtures/at';
import { entitlementsValidate, targetSettingsValidate } from '../../src/core/schema/validators';

// Compiled to out/test/unit/schema.test.js: the repository root is three levels up.
const root = path.resolve(__dirname, '../../..');

interface SchemaNode {
  [keyword: string]: unknown;
  $id?: string;
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  markdownDescription?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  definitions?: Record<string, SchemaNode>;
  required?: string[];
  enum?: unknown[];
  enumDescriptions?: unknown;
  markdownEnumDescriptions?: unknown;
  defaultSnippets?: unknown;
  default?: unknown;
  additionalProperties?: unknown;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function readJson<T>(rel: string): T {
  return JSON.parse(fs.readFileSync(path.join(root, rel), 'utf8')) as T;
}

const TARGET_SCHEMA_PATH = 'schemas/target-settings.schema.json';
const ENTITLEMENTS_SCHEMA_PATH = 'schemas/entitlements.schema.json';
const targetSchema = readJson<SchemaNode>(TARGET_SCHEMA_PATH);
const entitlementsSchema = readJson<SchemaNode>(ENTITLEMENTS_SCHEMA_PATH);

/** A validation whose errors are read afterwards, as with an Ajv ValidateFunction. */
interface Checker {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** Validates with both, and fails the test when the generated validator disagrees with the fresh compile. */
function agreeing(fresh: ValidateFunction, generated: ValidateFunction, name: string): Checker {
  const both: Checker = (data) => {
    const ok = fresh(data);
    assert.equal(generated(data), ok, `${name}: the generated validator's verdict differs from a fresh compile`);
    assert.deepEqual(generated.errors, fresh.errors, `${name}: the generated validator's errors differ from a fresh compile`);
    both.errors = fresh.errors;
    return ok;
  };
  return both;
}

const ajv = createAjv();
const validateTarget = agreeing(ajv.compile(targetSchema), targetSettingsValidate, 'target-settings');
const validateEntitlements = agreeing(ajv.compile(entitlementsSchema), entitlementsValidate, 'entitlements');

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.keyword} ${e.message ?? ''} ${JSON.stringify(e.params)}`).join('\n');
}

/** Sets `value` at a dotted path (numeric segments index arrays), creating objects on the way. */
function setPath(target: JsonObject, dotted: string, value: Json | undefined): void {
  const keys = dotted.split('.');
  const last = keys.pop();
  assert.ok(last !== undefined); // (split gives at least one key)
  let node: Json = target;
  for (const [i, key] of keys.entries()) {
    const container = node as { [key: string]: Json };
    const child = container[key] ?? (/^\d+$/.test(keys[i + 1] ?? last) ? [] : {});
    container[key] = child;
    node = child;
  }
  const container = node as { [key: string]: Json };
  if (value === undefined) delete container[last];
  else container[last] = value;
}

// -------------------------------------------------------------------------------------------------
// The field lists of the specification, typed out here from spec/service-api.md (not read from the
// schema), so a field dropped from or added to the schema turns a test red.
// -------------------------------------------------------------------------------------------------

const SPEC_BODY_FIELDS = [
  'ids',
  'site',
  'scan_profile',
  'type',
  'report_type',
  'report_fileformat',
  'labels',
  'scanning_agent',
  'include_deduplicated_endpoints',
  'blackout_period',
  'fail_fast',
  'incremental',
  'reduced_scope',
  'schedule_incremental',
  'schedule_reduced_scope',
  'crawl_sequences_only',
  'schedule_crawl_sequences_only',
  'cancel_scan_on_nav_seq_failure',
];
const SPEC_SITE_FIELDS = [
  'name',
  'desc',
  'url',
  'has_form_login',
  'form_login_url',
  'form_login_check_pattern',
  'form_login',
  'logout_detection_enabled',
  'has_sequence_login',
  'has_basic_auth',
  'basic_auth',
  'headers',
  'cookies',
  'whitelist',
  'blacklist',
  'auth_enabled',
  'logout_condition',
  'check_session_url',
  'has_otp',
  'otp_secret',
  'otp_algorithm',
  'otp_digits',
  'otp_field',
  'otp_submit',
  'otp_login_sequence_totp_value',
  'otp_type',
  'collection_authentication_enabled',
  'collection_check_session_folder',
  'stack',
  'api_scan_settings',
];
const SPEC_API_SCAN_SETTINGS_FIELDS = [
  'api_schema_type',
  'api_schema_url',
  'api_schema_file',
  'custom_api_parameters',
  'media_type',
  'api_login_url',
  'api_login_payload',
  'api_login_payload_is_sensitive',
  'api_login_enabled',
  'api_login_token_field',
  'token_prefix',
  'token_parameter_name',
  'token_parameter_location',
  'api_login_method',
  'api_payload_login_enabled_secondary',
  'api_headers_cookies_login_enabled_secondary',
  'api_login_payload_secondary',
  'api_login_payload_secondary_is_sensitive',
  'openapi_check_session_method',
  'openapi_check_session_media_type',
  'openapi_check_session_expired_payload',
];
const SPEC_DEFINITION_FIELDS: Record<string, string[]> = {
  nameValuePair: ['name', 'value', 'value_is_sensitive'],
  basicAuth: ['username', 'password', 'password_is_sensitive'],
  headerOrCookie: ['name', 'value', 'value_is_sensitive', 'allow_testing', 'authentication', 'authentication_secondary'],
  stackItem: ['name'],
  customApiParameter: ['name', 'value', 'value_is_sensitive'],
  label: ['name', 'color'],
  scanningAgent: ['id'],
  blackoutPeriod: ['begin', 'cease', 'weekdays', 'enabled', 'timezone'],
};

const SPEC_ENT_INTEGERS = [
  'pool_size',
  'max_users',
  'max_scan_number',
  'max_credit_targets',
  'max_ultd_targets',
  'spa_limit',
  'scanning_agent_limit',
  'number_unused_slots',
  'credits_hourly_cost',
  'credits_cap',
  'credits_lightning_cost',
  'credits_auth_cost',
  'allowed_monthly_promotional_credits',
  'number_available_ultd_targets_minus_team_quotas',
];
const SPEC_ENT_STRINGS = ['max_scan_freq'];
const SPEC_ENT_STRING_ARRAYS = [
  'allowed_scope_types',
  'allowed_builtin_scan_profiles',
  'allowed_signing_methods',
  'allowed_report_file_formats',
  'allowed_report_types',
  'allowed_stored_report_file_formats',
  'allowed_stored_report_types',
  'allowed_builtin_roles',
];
const SPEC_ENT_BOOLEANS = [
  'allow_extra_users',
  'allow_billing',
  'allow_create_and_destroy_targets',
  'allow_scope_labels',
  'verify_target_ownership',
  'allow_custom_scan_profiles',
  'allow_bulk_scan',
  'allow_pause_and_resume_scan',
  'allow_partial_scan',
  'allow_scanning_2fa_targets',
  'allow_teams',
  'allow_bulk',
  'allow_dashboard',
  'allow_roles',
  'allow_scanning_agent',
  'allow_user_labels',
  'allow_custom_roles',
  'allow_sso',
  'allow_target_import_export',
  'allow_full_coverage_report',
  'allow_audit_log',
  'allow_discovery',
  'allow_bola',
  'allow_self_findings_review',
  'allow_mtls',
  'allow_message_signature',
  'allow_mle',
  'allow_ai_scanning_enhancements_switch',
  'allow_webhooks',
  'allow_stored_reports',
  'allow_buying_credits',
  'allow_credits',
  'allow_unlimited',
  'allow_ultd_change',
  'allow_target_roles',
  'allow_dynamic_idp_roles_mapping',
  // third-party integrations (neutral words in place of vendor names)
  'allow_cloud_a',
  'allow_cdn_a',
  'allow_cdn_b',
  'allow_devops_tracker',
  'allow_issue_tracker_a',
  'allow_issue_tracker_b',
  'allow_chat',
  'allow_vuln_manager',
  'allow_issue_tracker_c',
  'allow_sso_b',
  'allow_sast',
  'allow_collections',
  'is_vendor_customer',
];
const SPEC_ENT_FIELDS = [...SPEC_ENT_INTEGERS, ...SPEC_ENT_STRINGS, ...SPEC_ENT_STRING_ARRAYS, ...SPEC_ENT_BOOLEANS, 'allowed_credits_packs'];
const SPEC_PACK_FIELDS = ['id', 'name', 'price', 'currency_code', 'pack_amount', 'discount', 'savings'];

/** Enums of the specification: [where, dotted path in a body, values]. */
const SPEC_ENUMS: Array<[string, string, Json[]]> = [
  ['type', 'type', ['single', 'api']],
  ['report_type', 'report_type', ['default', 'executive_summary', 'owasp', 'pci', 'pci4', 'iso27001', 'hipaa']],
  ['report_fileformat', 'report_fileformat', ['pdf', 'docx']],
  ['logout_condition', 'site.logout_condition', ['any', 'all']],
  ['otp_algorithm', 'site.otp_algorithm', ['SHA1', 'SHA256', 'SHA512']],
  ['otp_digits', 'site.otp_digits', [6, 7, 8]],
  ['api_schema_type', 'site.api_scan_settings.api_schema_type', ['openapi', 'collection']],
  ['media_type', 'site.api_scan_settings.media_type', ['application/json', 'application/x-www-form-urlencoded']],
  ['token_parameter_location', 'site.api_scan_settings.token_parameter_location', ['cookie', 'header']],
  ['api_login_method', 'site.api_scan_settings.api_login_method', ['api_login', 'headers_or_cookies']],
];

function def(name: string): SchemaNode {
  const node = targetSchema.definitions?.[name];
  assert.ok(node, `definition ${name} exists`);
  return node;
}

// -------------------------------------------------------------------------------------------------
// Walking the schemas
// -------------------------------------------------------------------------------------------------

interface Visited {
  pointer: string;
  node: SchemaNode;
  /** A property, an array's items or a definition: the things an editor documents. */
  documented: boolean;
}

/**
 * Every structural schema node (root, definitions, properties, items), with its JSON pointer.
 * Conditions (`allOf` / `if` / `then`) are not field declarations and are left out.
 */
function walk(schema: SchemaNode): Visited[] {
  const out: Visited[] = [];
  const visit = (node: SchemaNode, pointer: string, documented: boolean): void => {
    out.push({ pointer, node, documented });
    for (const [key, child] of Object.entries(node.properties ?? {})) visit(child, `${pointer}/properties/${key}`, true);
    if (node.items && typeof node.items === 'object') {
      // `items: {$ref}` is documented by the property holding it and by the definition.
      visit(node.items, `${pointer}/items`, node.items.$ref === undefined);
    }
  };
  visit(schema, '', true);
  for (const [key, child] of Object.entries(schema.definitions ?? {})) visit(child, `/definitions/${key}`, true);
  return out;
}

function resolvePointer(schema: SchemaNode, pointer: string): SchemaNode {
  let node: unknown = schema;
  for (const part of pointer.split('/').slice(1)) node = (node as Record<string, unknown>)[part];
  return node as SchemaNode;
}

// -------------------------------------------------------------------------------------------------
// 1. Both schemas compile
// -------------------------------------------------------------------------------------------------

describe('schemas compile', () => {
  for (const [name, schema] of [
    ['target-settings', targetSchema],
    ['entitlements', entitlementsSchema],
  ] as const) {
    test(`${name}: valid against the draft-07 meta-schema and compiles in strict mode`, () => {
      assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#');
      const fresh = createAjv();
      assert.equal(fresh.validateSchema(schema), true, JSON.stringify(fresh.errors));
      assert.doesNotThrow(() => fresh.compile(schema));
    });
  }

  test('a keyword outside the registered vocabulary is refused (strict mode is really on)', () => {
    const broken = clone(targetSchema);
    (broken as Record<string, unknown>)['x-sensitive'] = true;
    broken.$id = 'https://scantargets.invalid/schemas/broken.schema.json';
    assert.throws(() => createAjv().compile(broken), /strict mode: unknown keyword: "x-sensitive"/);
  });
});

// -------------------------------------------------------------------------------------------------
// 2. Documentation on every field; the field lists of the specification
// -------------------------------------------------------------------------------------------------

describe('documentation', () => {
  for (const [name, schema] of [
    ['target-settings', targetSchema],
    ['entitlements', entitlementsSchema],
  ] as const) {
    test(`${name}: every property, items schema and definition has title, description and markdownDescription`, () => {
      const missing: string[] = [];
      for (const { pointer, node, documented } of walk(schema)) {
        if (!documented) continue;
        for (const key of ['title', 'description', 'markdownDescription'] as const) {
          if (typeof node[key] !== 'string' || node[key].trim() === '') missing.push(`${pointer || '(root)'} ${key}`);
        }
      }
      assert.deepEqual(missing, []);
    });

    test(`${name}: every enum has enumDescriptions and markdownEnumDescriptions of the same length`, () => {
      const enums = walk(schema).filter(({ node }) => Array.isArray(node.enum));
      assert.ok(enums.length > 0);
      for (const { pointer, node } of enums) {
        const values = node.enum as unknown[];
        for (const key of ['enumDescriptions', 'markdownEnumDescriptions'] as const) {
          const descriptions = node[key];
          assert.ok(Array.isArray(descriptions), `${pointer} ${key}`);
          assert.equal(descriptions.length, values.length, `${pointer} ${key} length`);
          for (const d of descriptions) assert.ok(typeof d === 'string' && d.trim() !== '', `${pointer} ${key} entry`);
        }
      }
    });
  }

  test('the body, site, api_scan_settings and nested objects list exactly the fields of the specification', () => {
    assert.deepEqual(Object.keys(targetSchema.properties ?? {}).sort(), [...SPEC_BODY_FIELDS].sort());
    assert.deepEqual(Object.keys(def('site').properties ?? {}).sort(), [...SPEC_SITE_FIELDS].sort());
    assert.deepEqual(Object.keys(def('apiScanSettings').properties ?? {}).sort(), [...SPEC_API_SCAN_SETTINGS_FIELDS].sort());
    for (const [name, fields] of Object.entries(SPEC_DEFINITION_FIELDS)) {
      assert.deepEqual(Object.keys(def(name).properties ?? {}).sort(), [...fields].sort(), name);
    }
  });

  test('every object of the target-settings schema closes additionalProperties (the extension reports them as warnings)', () => {
    const objects = walk(targetSchema).filter(({ node }) => node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object')));
    assert.ok(objects.length >= 10);
    for (const { pointer, node } of objects) assert.equal(node.additionalProperties, false, pointer || '(root)');
  });

  test('defaults are those of the specification', () => {
    const expected: Array<[string, Json]> = [
      ['/properties/type', 'single'],
      ['/properties/report_type', 'default'],
      ['/properties/report_fileformat', 'pdf'],
      ['/properties/fail_fast', true],
      ['/properties/incremental', false],
      ['/properties/reduced_scope', false],
      ['/properties/schedule_incremental', false],
      ['/properties/schedule_reduced_scope', false],
      ['/properties/crawl_sequences_only', false],
      ['/properties/schedule_crawl_sequences_only', false],
      ['/properties/cancel_scan_on_nav_seq_failure', false],
      ['/definitions/site/properties/has_form_login', false],
      ['/definitions/site/properties/logout_detection_enabled', false],
      ['/definitions/site/properties/has_sequence_login', false],
      ['/definitions/site/properties/has_basic_auth', false],
      ['/definitions/site/properties/auth_enabled', false],
      ['/definitions/site/properties/has_otp', false],
      ['/definitions/site/properties/otp_algorithm', 'SHA1'],
      ['/definitions/site/properties/otp_digits', 6],
      ['/definitions/site/properties/otp_field', ''],
      ['/definitions/site/properties/otp_submit', ''],
      ['/definitions/site/properties/otp_login_sequence_totp_value', ''],
    ];
    for (const [pointer, value] of expected) assert.deepEqual(resolvePointer(targetSchema, pointer).default, value, pointer);
    // Every default in the schema is one of the above: nothing invented.
    const withDefault = walk(targetSchema)
      .filter(({ node }) => node.default !== undefined)
      .map(({ pointer }) => pointer);
    assert.deepEqual(withDefault.sort(), expected.map(([p]) => p).sort());
  });

  test('what the specification does not show is said to be not shown, not invented', () => {
    const notShown = [
      '/definitions/site/properties/otp_type',
      '/definitions/site/properties/collection_check_session_folder',
      '/definitions/apiScanSettings/properties/api_schema_url',
      '/definitions/apiScanSettings/properties/api_schema_file',
      '/definitions/apiScanSettings/properties/api_login_enabled',
      '/definitions/apiScanSettings/properties/openapi_check_session_method',
      '/definitions/apiScanSettings/properties/openapi_check_session_media_type',
      '/definitions/apiScanSettings/properties/openapi_check_session_expired_payload',
      '/definitions/headerOrCookie/properties/allow_testing',
      '/definitions/headerOrCookie/properties/authentication',
      '/definitions/headerOrCookie/properties/authentication_secondary',
      '/definitions/blackoutPeriod/properties/weekdays',
      '/definitions/blackoutPeriod/properties/weekdays/items',
    ];
    for (const pointer of notShown) {
      const node = resolvePointer(targetSchema, pointer);
      assert.match(node.description ?? '', /not shown by the service specification/i, pointer);
      assert.match(node.markdownDescription ?? '', /not shown by the service specification/i, pointer);
    }
    // weekdays: plain integers, no invented range.
    const weekday = resolvePointer(targetSchema, '/definitions/blackoutPeriod/properties/weekdays/items');
    assert.deepEqual(
      Object.keys(weekday).filter((k) => !['title', 'description', 'markdownDescription'].includes(k)),
      ['type'],
    );
    assert.equal(weekday.type, 'integer');
    // whitelist / blacklist: the type is unspecified in the spec, and the schema says so.
    for (const key of ['whitelist', 'blacklist']) {
      assert.match(def('site').properties?.[key]?.description ?? '', /leaves the type of this field unspecified/, key);
    }
    // logout_detectors is named by the spec but is no field of it: mentioned, not added.
    assert.match(def('site').properties?.logout_detection_enabled?.description ?? '', /logout_detectors/);
    assert.equal(def('site').properties?.logout_detectors, undefined);
    // Every entitlements field says what is not shown.
    for (const [key, node] of Object.entries(entitlementsSchema.properties ?? {})) {
      if (key === 'allowed_credits_packs') continue;
      assert.match(node.description ?? '', /not shown/, key);
    }
  });

  test('defaultSnippets bodies validate against the schema they belong to', () => {
    const nodes = walk(targetSchema).filter(({ node }) => node.defaultSnippets !== undefined);
    const owners = nodes.map(({ pointer }) => pointer);
    for (const expected of ['basicAuth', 'nameValuePair', 'headerOrCookie', 'blackoutPeriod', 'label', 'apiScanSettings']) {
      assert.ok(owners.includes(`/definitions/${expected}`), `${expected} has defaultSnippets`);
    }
    const fillPlaceholders = (value: unknown): unknown => {
      if (typeof value === 'string') return value.replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\{\d+\}|\$\d+/g, '');
      if (Array.isArray(value)) return value.map(fillPlaceholders);
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillPlaceholders(v)]));
      return value;
    };
    for (const { pointer, node } of nodes) {
      const snippets = node.defaultSnippets as Array<{ label?: unknown; description?: unknown; body?: unknown }>;
      assert.ok(Array.isArray(snippets) && snippets.length > 0, pointer);
      const validate = ajv.compile({ $ref: `${targetSchema.$id}#${pointer}` });
      for (const snippet of snippets) {
        assert.equal(typeof snippet.label, 'string', `${pointer} label`);
        assert.equal(typeof snippet.description, 'string', `${pointer} description`);
        const body = fillPlaceholders(snippet.body);
        assert.ok(validate(body), `${pointer} "${String(snippet.label)}": ${describeErrors(validate.errors)}`);
      }
    }
  });
});

// -------------------------------------------------------------------------------------------------
// 3. Constraints: valid and invalid bodies
// -------------------------------------------------------------------------------------------------

const BASE_BODY: JsonObject = { ids: ['3Sy7TyNMnQ8x'], site: { name: 'Shop' } };

/** An expected failure: an error of `keyword` at `at` (and, for `required`, the missing property). */
interface Failure {
  at: string;
  keyword: string;
  missing?: string;
}

interface Case {
  name: string;
  set: Array<[string, Json | undefined]>;
  expect: 'valid' | Failure | Failure[];
}

const s = (n: number): string => 'a'.repeat(n);
const valid = (name: string, ...set: Array<[string, Json | undefined]>): Case => ({ name, set, expect: 'valid' });
const invalid = (name: string, expect: Failure | Failure[], ...set: Array<[string, Json | undefined]>): Case => ({ name, set, expect });

const BLACKOUT: Json = { begin: '22:00', cease: '06:00', weekdays: [1, 2, 3] };

function lengthCases(where: string, dotted: string, at: string, max: number, extra: Array<[string, Json]> = []): Case[] {
  return [
    valid(`${where}: ${max} characters`, ...extra, [dotted, s(max)]),
    invalid(`${where}: ${max + 1} characters`, { at, keyword: 'maxLength' }, ...extra, [dotted, s(max + 1)]),
  ];
}

const CASES: Case[] = [
  // ids and site (2.1)
  valid('the minimal body'),
  valid('several ids', ['ids', ['3Sy7TyNMnQ8x', '4Hk2QpZr9WbT']]),
  valid('a repeated id is not a schema error (the extension warns)', ['ids', ['3Sy7TyNMnQ8x', '3Sy7TyNMnQ8x']]),
  invalid('ids missing', { at: '', keyword: 'required', missing: 'ids' }, ['ids', undefined]),
  invalid('site missing', { at: '', keyword: 'required', missing: 'site' }, ['site', undefined]),
  invalid('ids empty', { at: '/ids', keyword: 'minItems' }, ['ids', []]),
  invalid('an empty id', { at: '/ids/1', keyword: 'minLength' }, ['ids', ['3Sy7TyNMnQ8x', '']]),
  invalid('an id that is a number', { at: '/ids/0', keyword: 'type' }, ['ids', [12]]),
  invalid('ids as a string', { at: '/ids', keyword: 'type' }, ['ids', '3Sy7TyNMnQ8x']),
  invalid('site as a string', { at: '/site', keyword: 'type' }, ['site', 'Shop']),
  valid('site may be empty', ['site', {}]),

  // unknown properties: flagged by the schema (the extension downgrades them to warnings)
  invalid('an unknown body-level property', { at: '', keyword: 'additionalProperties' }, ['schedule', 'daily']),
  invalid('an unknown site property', { at: '/site', keyword: 'additionalProperties' }, ['site.logout_detectors', []]),
  invalid('an unknown api_scan_settings property', { at: '/site/api_scan_settings', keyword: 'additionalProperties' }, ['site.api_scan_settings.foo', 1]),
  invalid('an unknown blackout_period property', { at: '/blackout_period', keyword: 'additionalProperties' }, ['blackout_period', { ...BLACKOUT, days: 1 }]),
  invalid('an unknown header property', { at: '/site/headers/0', keyword: 'additionalProperties' }, [
    'site.headers',
    [{ name: 'a', value: 'b', secret: true }],
  ]),

  // section 8 limits
  ...lengthCases('site.name', 'site.name', '/site/name', 255),
  ...lengthCases('form_login_check_pattern', 'site.form_login_check_pattern', '/site/form_login_check_pattern', 255),
  ...lengthCases('basic_auth.username', 'site.basic_auth.username', '/site/basic_auth/username', 255, [['site.basic_auth.password', 'p']]),
  ...lengthCases('basic_auth.password', 'site.basic_auth.password', '/site/basic_auth/password', 255, [['site.basic_auth.username', 'u']]),
  ...lengthCases('stack[].name', 'site.stack.0.name', '/site/stack/0/name', 255),
  ...lengthCases('labels[].name', 'labels.0.name', '/labels/0/name', 255),
  ...lengthCases('api_login_url', 'site.api_scan_settings.api_login_url', '/site/api_scan_settings/api_login_url', 2048),
  ...lengthCases('api_login_payload', 'site.api_scan_settings.api_login_payload', '/site/api_scan_settings/api_login_payload', 4096),
  ...lengthCases(
    'api_login_payload_secondary',
    'site.api_scan_settings.api_login_payload_secondary',
    '/site/api_scan_settings/api_login_payload_secondary',
    4096,
  ),
  ...lengthCases('api_login_token_field', 'site.api_scan_settings.api_login_token_field', '/site/api_scan_settings/api_login_token_field', 256),
  ...lengthCases('token_parameter_name', 'site.api_scan_settings.token_parameter_name', '/site/api_scan_settings/token_parameter_name', 256),
  ...lengthCases('token_prefix', 'site.api_scan_settings.token_prefix', '/site/api_scan_settings/token_prefix', 16),
  ...lengthCases('blackout_period.timezone', 'blackout_period.timezone', '/blackout_period/timezone', 64, [
    ['blackout_period.begin', '22:00'],
    ['blackout_period.cease', '06:00'],
    ['blackout_period.weekdays', []],
  ]),
  valid('otp_login_sequence_totp_value: empty (the default, not set)', ['site.otp_login_sequence_totp_value', '']),
  invalid('otp_login_sequence_totp_value: 5 characters', { at: '/site/otp_login_sequence_totp_value', keyword: 'minLength' }, [
    'site.otp_login_sequence_totp_value',
    '12345',
  ]),
  valid('otp_login_sequence_totp_value: 6 characters', ['site.otp_login_sequence_totp_value', '123456']),
  valid('otp_login_sequence_totp_value: 8 characters', ['site.otp_login_sequence_totp_value', '12345678']),
  invalid('otp_login_sequence_totp_value: 9 characters', { at: '/site/otp_login_sequence_totp_value', keyword: 'maxLength' }, [
    'site.otp_login_sequence_totp_value',
    '123456789',
  ]),
  invalid('otp_digits: 9', { at: '/site/otp_digits', keyword: 'enum' }, ['site.otp_digits', 9]),
  invalid('otp_digits: 5', { at: '/site/otp_digits', keyword: 'enum' }, ['site.otp_digits', 5]),
  invalid('otp_digits: 6.5', { at: '/site/otp_digits', keyword: 'type' }, ['site.otp_digits', 6.5]),
  invalid('otp_digits: "6"', { at: '/site/otp_digits', keyword: 'type' }, ['site.otp_digits', '6']),
  invalid('otp_digits: beyond 32 bits', { at: '/site/otp_digits', keyword: 'maximum' }, ['site.otp_digits', 2147483648]),

  // label colour
  valid('label colour #1f77b4', ['labels', [{ name: 'staging', color: '#1f77b4' }]]),
  valid('label colour empty', ['labels', [{ name: 'staging', color: '' }]]),
  valid('label without colour', ['labels', [{ name: 'staging' }]]),
  invalid('label colour with a space', { at: '/labels/0/color', keyword: 'pattern' }, ['labels', [{ name: 'x', color: '#1f 77b4' }]]),
  invalid('label colour rgb()', { at: '/labels/0/color', keyword: 'pattern' }, ['labels', [{ name: 'x', color: 'rgb(1,2,3)' }]]),
  invalid('label without name', { at: '/labels/0', keyword: 'required', missing: 'name' }, ['labels', [{ color: '#fff' }]]),

  // blackout period
  valid('blackout 22:00 to 06:00', ['blackout_period', BLACKOUT]),
  valid('blackout 00:00 to 23:59, enabled, time zone', [
    'blackout_period',
    { begin: '00:00', cease: '23:59', weekdays: [], enabled: true, timezone: 'Europe/Lisbon' },
  ]),
  invalid('blackout begin 24:00', { at: '/blackout_period/begin', keyword: 'pattern' }, ['blackout_period', { ...BLACKOUT, begin: '24:00' }]),
  invalid('blackout begin 9:00', { at: '/blackout_period/begin', keyword: 'pattern' }, ['blackout_period', { ...BLACKOUT, begin: '9:00' }]),
  invalid('blackout begin 22:60', { at: '/blackout_period/begin', keyword: 'pattern' }, ['blackout_period', { ...BLACKOUT, begin: '22:60' }]),
  invalid('blackout begin with seconds', { at: '/blackout_period/begin', keyword: 'pattern' }, ['blackout_period', { ...BLACKOUT, begin: '22:00:00' }]),
  invalid('blackout cease 24:00', { at: '/blackout_period/cease', keyword: 'pattern' }, ['blackout_period', { ...BLACKOUT, cease: '24:00' }]),
  invalid('blackout begin as a number (YAML 1.1 sexagesimal)', { at: '/blackout_period/begin', keyword: 'type' }, [
    'blackout_period',
    { ...BLACKOUT, begin: 1320 },
  ]),
  invalid('blackout without weekdays', { at: '/blackout_period', keyword: 'required', missing: 'weekdays' }, [
    'blackout_period',
    { begin: '22:00', cease: '06:00' },
  ]),
  invalid(
    'blackout without begin and cease',
    [
      { at: '/blackout_period', keyword: 'required', missing: 'begin' },
      { at: '/blackout_period', keyword: 'required', missing: 'cease' },
    ],
    ['blackout_period', { weekdays: [] }],
  ),
  invalid('blackout weekday as a name', { at: '/blackout_period/weekdays/0', keyword: 'type' }, ['blackout_period', { ...BLACKOUT, weekdays: ['mon'] }]),
  invalid('blackout weekday 1.5', { at: '/blackout_period/weekdays/0', keyword: 'type' }, ['blackout_period', { ...BLACKOUT, weekdays: [1.5] }]),
  valid('blackout weekdays: any integer (no range in the spec)', ['blackout_period', { ...BLACKOUT, weekdays: [0, 7, 42] }]),
  invalid('blackout enabled as a string', { at: '/blackout_period/enabled', keyword: 'type' }, ['blackout_period', { ...BLACKOUT, enabled: 'yes' }]),

  // nullable fields accept null; the others do not
  valid('desc: null', ['site.desc', null]),
  valid('api_schema_url: null', ['site.api_scan_settings.api_schema_url', null]),
  valid('api_schema_file: null', ['site.api_scan_settings.api_schema_file', null]),
  valid('openapi_check_session_expired_payload: null', ['site.api_scan_settings.openapi_check_session_expired_payload', null]),
  valid('scanning_agent: null', ['scanning_agent', null]),
  valid('scanning_agent with an id', ['scanning_agent', { id: 'agent-1' }]),
  invalid('scanning_agent id as a number', { at: '/scanning_agent/id', keyword: 'type' }, ['scanning_agent', { id: 1 }]),
  invalid('scanning_agent as a string', { at: '/scanning_agent', keyword: 'type' }, ['scanning_agent', 'agent-1']),
  valid('include_deduplicated_endpoints: null', ['include_deduplicated_endpoints', null]),
  valid('include_deduplicated_endpoints: true', ['include_deduplicated_endpoints', true]),
  invalid('include_deduplicated_endpoints: "yes"', { at: '/include_deduplicated_endpoints', keyword: 'type' }, ['include_deduplicated_endpoints', 'yes']),
  invalid('site.name: null', { at: '/site/name', keyword: 'type' }, ['site.name', null]),
  invalid('fail_fast: null', { at: '/fail_fast', keyword: 'type' }, ['fail_fast', null]),
  invalid('blackout_period: null', { at: '/blackout_period', keyword: 'type' }, ['blackout_period', null]),
  invalid('basic_auth: null', { at: '/site/basic_auth', keyword: 'type' }, ['site.basic_auth', null]),

  // other types and formats
  valid('url is an absolute URI', ['site.url', 'https://staging.shop.example/']),
  invalid('url that is not a URI', { at: '/site/url', keyword: 'format' }, ['site.url', 'staging shop']),
  invalid('form_login_url that is relative', { at: '/site/form_login_url', keyword: 'format' }, ['site.form_login_url', '/login']),
  invalid('has_basic_auth: "yes"', { at: '/site/has_basic_auth', keyword: 'type' }, ['site.has_basic_auth', 'yes']),
  invalid('fail_fast: "true"', { at: '/fail_fast', keyword: 'type' }, ['fail_fast', 'true']),
  invalid('scan_profile as a number', { at: '/scan_profile', keyword: 'type' }, ['scan_profile', 3]),
  invalid('headers as an object', { at: '/site/headers', keyword: 'type' }, ['site.headers', { name: 'a', value: 'b' }]),
  valid('a header with every flag', [
    'site.headers',
    [{ name: 'a', value: 'b', value_is_sensitive: true, allow_testing: false, authentication: true, authentication_secondary: false }],
  ]),
  valid('a cookie', ['site.cookies', [{ name: 'session', value: 'x' }]]),
  invalid('a cookie without value', { at: '/site/cookies/0', keyword: 'required', missing: 'value' }, ['site.cookies', [{ name: 'session' }]]),
  invalid('a form_login item without name', { at: '/site/form_login/0', keyword: 'required', missing: 'name' }, ['site.form_login', [{ value: 'x' }]]),
  invalid('a form_login item with value_is_sensitive "yes"', { at: '/site/form_login/0/value_is_sensitive', keyword: 'type' }, [
    'site.form_login',
    [{ name: 'a', value: 'b', value_is_sensitive: 'yes' }],
  ]),
  invalid('a stack item without name', { at: '/site/stack/0', keyword: 'required', missing: 'name' }, ['site.stack', [{}]]),
  invalid('basic_auth without password', { at: '/site/basic_auth', keyword: 'required', missing: 'password' }, ['site.basic_auth', { username: 'u' }]),
  valid('a custom API parameter', ['site.api_scan_settings.custom_api_parameters', [{ name: 'tenant', value: 'x', value_is_sensitive: false }]]),
  invalid('a custom API parameter without value', { at: '/site/api_scan_settings/custom_api_parameters/0', keyword: 'required', missing: 'value' }, [
    'site.api_scan_settings.custom_api_parameters',
    [{ name: 'tenant' }],
  ]),

  // whitelist: relative paths only; blacklist: absolute URLs, wildcards allowed
  valid('whitelist of relative paths', ['site.whitelist', ['/admin/', 'api/v2/orders', '/search?q=x', '/*.php']]),
  invalid('whitelist with an absolute URL', { at: '/site/whitelist/1', keyword: 'pattern' }, ['site.whitelist', ['/admin/', 'https://shop.example/admin/']]),
  invalid('whitelist with a protocol-relative URL', { at: '/site/whitelist/0', keyword: 'pattern' }, ['site.whitelist', ['//cdn.shop.example/x']]),
  invalid('whitelist with a wildcard scheme', { at: '/site/whitelist/0', keyword: 'pattern' }, ['site.whitelist', ['*://shop.example/x']]),
  invalid('whitelist as a string', { at: '/site/whitelist', keyword: 'type' }, ['site.whitelist', '/admin/']),
  valid('blacklist of absolute URLs with wildcards', [
    'site.blacklist',
    ['https://shop.example/logout*', '*://*.shop.example/admin/*', 'http://shop.example/'],
  ]),
  invalid('blacklist with a relative path', { at: '/site/blacklist/0', keyword: 'pattern' }, ['site.blacklist', ['/logout']]),
  invalid('blacklist with a host and no scheme', { at: '/site/blacklist/0', keyword: 'pattern' }, ['site.blacklist', ['shop.example/logout']]),
  invalid('blacklist with a scheme only', { at: '/site/blacklist/0', keyword: 'pattern' }, ['site.blacklist', ['https://']]),
  invalid('blacklist with an item that is a number', { at: '/site/blacklist/0', keyword: 'type' }, ['site.blacklist', [1]]),

  // conditions the specification states in words
  invalid('logout_detection_enabled: true without check_session_url', { at: '/site', keyword: 'required', missing: 'check_session_url' }, [
    'site.logout_detection_enabled',
    true,
  ]),
  valid(
    'logout_detection_enabled: true with check_session_url',
    ['site.logout_detection_enabled', true],
    ['site.check_session_url', 'https://shop.example/me'],
  ),
  valid('logout_detection_enabled: false without check_session_url', ['site.logout_detection_enabled', false]),
  invalid('has_basic_auth: true without basic_auth', { at: '/site', keyword: 'required', missing: 'basic_auth' }, ['site.has_basic_auth', true]),
  valid(
    'has_basic_auth: true with basic_auth',
    ['site.has_basic_auth', true],
    ['site.basic_auth', { username: 'u', password: 'p', password_is_sensitive: true }],
  ),
  valid('has_basic_auth: false without basic_auth', ['site.has_basic_auth', false]),
  invalid(
    'has_form_login: true without form_login_url and form_login',
    [
      { at: '/site', keyword: 'required', missing: 'form_login_url' },
      { at: '/site', keyword: 'required', missing: 'form_login' },
    ],
    ['site.has_form_login', true],
  ),
  invalid(
    'has_form_login: true without form_login',
    { at: '/site', keyword: 'required', missing: 'form_login' },
    ['site.has_form_login', true],
    ['site.form_login_url', 'https://shop.example/login'],
  ),
  valid(
    'has_form_login: true with form_login_url and form_login',
    ['site.has_form_login', true],
    ['site.form_login_url', 'https://shop.example/login'],
    ['site.form_login', [{ name: 'user', value: 'u' }]],
  ),
  valid('has_form_login: false without form_login_url', ['site.has_form_login', false]),
  invalid('has_otp: true without otp_secret', { at: '/site', keyword: 'required', missing: 'otp_secret' }, ['site.has_otp', true]),
  valid('has_otp: true with otp_secret', ['site.has_otp', true], ['site.otp_secret', 'JBSWY3DPEHPK3PXP']),
  valid('has_otp: false without otp_secret', ['site.has_otp', false]),
  invalid('type: api without api_scan_settings', { at: '/site', keyword: 'required', missing: 'api_scan_settings' }, ['type', 'api']),
  invalid(
    'type: api without api_schema_type',
    { at: '/site/api_scan_settings', keyword: 'required', missing: 'api_schema_type' },
    ['type', 'api'],
    ['site.api_scan_settings', { api_schema_url: 'https://api.example/openapi.json' }],
  ),
  valid('type: api with api_schema_type', ['type', 'api'], ['site.api_scan_settings.api_schema_type', 'openapi']),
  valid('type: single without api_scan_settings', ['type', 'single']),
  valid('api_scan_settings without api_schema_type when type is not api', ['site.api_scan_settings', { media_type: 'application/json' }]),
  invalid('api_login_enabled: true without api_login_url', { at: '/site/api_scan_settings', keyword: 'required', missing: 'api_login_url' }, [
    'site.api_scan_settings.api_login_enabled',
    true,
  ]),
  valid(
    'api_login_enabled: true with api_login_url',
    ['site.api_scan_settings.api_login_enabled', true],
    ['site.api_scan_settings.api_login_url', 'https://api.example/login'],
  ),
  valid('api_login_enabled: false without api_login_url', ['site.api_scan_settings.api_login_enabled', false]),
];

// Enums: every value of the specification is accepted; anything else, including a case variant, is not.
for (const [where, dotted, values] of SPEC_ENUMS) {
  const at = '/' + dotted.split('.').join('/');
  // `type: api` needs api_scan_settings.api_schema_type (a rule tested on its own below).
  const context: Array<[string, Json]> = where === 'type' ? [['site.api_scan_settings.api_schema_type', 'openapi']] : [];
  for (const value of values) CASES.push(valid(`${where}: ${JSON.stringify(value)}`, ...context, [dotted, value]));
  const wrong: Json[] =
    typeof values[0] === 'string' ? ['wrong', values[0].toUpperCase() === values[0] ? values[0].toLowerCase() : values[0].toUpperCase(), ''] : [0, 9];
  for (const value of wrong) CASES.push(invalid(`${where}: ${JSON.stringify(value)}`, { at, keyword: 'enum' }, [dotted, value]));
}

describe('target-settings: valid and invalid bodies', () => {
  test('each enum of the schema holds exactly the values of the specification', () => {
    for (const [where, dotted, values] of SPEC_ENUMS) {
      let node: SchemaNode = targetSchema;
      for (const key of dotted.split('.')) {
        node = node.properties?.[key] as SchemaNode;
        assert.ok(node, `${where}: ${key}`);
        if (node.$ref) node = resolvePointer(targetSchema, node.$ref.slice(1));
      }
      assert.deepEqual(node.enum, values, where);
    }
  });

  for (const c of CASES) {
    test(c.name, () => {
      const body = clone(BASE_BODY);
      for (const [dotted, value] of c.set) setPath(body, dotted, value);
      const ok = validateTarget(body);
      if (c.expect === 'valid') {
        assert.equal(ok, true, describeErrors(validateTarget.errors));
        return;
      }
      assert.equal(ok, false, `expected invalid: ${JSON.stringify(body).slice(0, 300)}`);
      const errors = validateTarget.errors ?? [];
      for (const failure of Array.isArray(c.expect) ? c.expect : [c.expect]) {
        const found = errors.some(
          (e) =>
            e.instancePath === failure.at &&
            e.keyword === failure.keyword &&
            (failure.missing === undefined || (e.params as { missingProperty?: string }).missingProperty === failure.missing),
        );
        assert.ok(found, `expected ${failure.keyword}${failure.missing ? ` (${failure.missing})` : ''} at "${failure.at}", got:\n${describeErrors(errors)}`);
      }
    });
  }
});

// -------------------------------------------------------------------------------------------------
// 4. Entitlements
// -------------------------------------------------------------------------------------------------

describe('entitlements', () => {
  const full = readJson<JsonObject>('test/fixtures/entitlements/full.json');
  const restricted = readJson<JsonObject>('test/fixtures/entitlements/restricted.json');

  const check = (validate: Checker, record: unknown): ErrorObject[] => (validate(record) ? [] : (validate.errors ?? []));

  test('the schema requires exactly the fields of the specification, with their types', () => {
    assert.deepEqual([...(entitlementsSchema.required ?? [])].sort(), [...SPEC_ENT_FIELDS].sort());
    assert.deepEqual(Object.keys(entitlementsSchema.properties ?? {}).sort(), [...SPEC_ENT_FIELDS].sort());
    const props = entitlementsSchema.properties ?? {};
    for (const k of SPEC_ENT_INTEGERS) assert.equal(props[k]?.type, 'integer', k);
    for (const k of SPEC_ENT_STRINGS) assert.equal(props[k]?.type, 'string', k);
    for (const k of SPEC_ENT_BOOLEANS) assert.equal(props[k]?.type, 'boolean', k);
    for (const k of SPEC_ENT_STRING_ARRAYS) {
      assert.equal(props[k]?.type, 'array', k);
      assert.equal(props[k]?.items?.type, 'string', k);
    }
    const pack = entitlementsSchema.definitions?.creditsPack;
    assert.ok(pack);
    assert.deepEqual([...(pack.required ?? [])].sort(), [...SPEC_PACK_FIELDS].sort());
  });

  test('full.json and restricted.json are valid records', () => {
    assert.deepEqual(check(validateEntitlements, full), []);
    assert.deepEqual(check(validateEntitlements, restricted), []);
  });

  test('full.json allows everything and sells packs in USD, EUR and GBP', () => {
    for (const k of SPEC_ENT_BOOLEANS) assert.equal(full[k], true, k);
    const currencies = new Set((full.allowed_credits_packs as JsonObject[]).map((p) => p.currency_code));
    for (const c of ['USD', 'EUR', 'GBP']) assert.ok(currencies.has(c), c);
  });

  test('restricted.json is the small account', () => {
    for (const k of [
      'allow_bola',
      'allow_scanning_2fa_targets',
      'allow_scanning_agent',
      'allow_collections',
      'allow_scope_labels',
      'allow_custom_scan_profiles',
    ]) {
      assert.equal(restricted[k], false, k);
    }
    assert.equal(restricted.allow_bulk, true);
    assert.deepEqual(restricted.allowed_report_types, ['default', 'executive_summary']);
    assert.deepEqual(restricted.allowed_report_file_formats, ['pdf']);
    const packs = restricted.allowed_credits_packs as JsonObject[];
    assert.equal(packs.length, 1);
    assert.equal(at(packs, 0).currency_code, '');
  });

  test('a record missing any one field fails, naming that field', () => {
    for (const field of SPEC_ENT_FIELDS) {
      const record = clone(full);
      delete record[field];
      const errors = check(validateEntitlements, record);
      assert.ok(
        errors.some((e) => e.keyword === 'required' && (e.params as { missingProperty?: string }).missingProperty === field),
        `${field}: ${describeErrors(errors)}`,
      );
    }
  });

  test('a field of the wrong type fails at that field', () => {
    const wrongValue = (field: string): Json => {
      if (SPEC_ENT_INTEGERS.includes(field)) return '10';
      if (SPEC_ENT_STRINGS.includes(field)) return 10;
      if (SPEC_ENT_BOOLEANS.includes(field)) return 'true';
      return 'pdf';
    };
    for (const field of SPEC_ENT_FIELDS) {
      const record = clone(full);
      record[field] = wrongValue(field);
      const errors = check(validateEntitlements, record);
      assert.ok(
        errors.some((e) => e.instancePath === `/${field}` && e.keyword === 'type'),
        `${field}: ${describeErrors(errors)}`,
      );
    }
    const fractional = clone(full);
    fractional.max_users = 1.5;
    assert.ok(check(validateEntitlements, fractional).some((e) => e.instancePath === '/max_users' && e.keyword === 'type'));
    const numberInList = clone(full);
    numberInList.allowed_report_types = ['default', 3];
    assert.ok(check(validateEntitlements, numberInList).some((e) => e.instancePath === '/allowed_report_types/1' && e.keyword === 'type'));
  });

  test('fields the specification does not list are accepted (the live service may add some)', () => {
    assert.deepEqual(check(validateEntitlements, { ...clone(full), allow_something_new: true }), []);
  });

  const packCases: Array<[string, Partial<Record<string, Json | undefined>>, Failure | 'valid']> = [
    ['currency_code JPY', { currency_code: 'JPY' }, { at: '/allowed_credits_packs/0/currency_code', keyword: 'enum' }],
    ['currency_code usd', { currency_code: 'usd' }, { at: '/allowed_credits_packs/0/currency_code', keyword: 'enum' }],
    ['currency_code empty', { currency_code: '' }, 'valid'],
    ['pack_amount 4294967295', { pack_amount: 4294967295 }, 'valid'],
    ['pack_amount 4294967296', { pack_amount: 4294967296 }, { at: '/allowed_credits_packs/0/pack_amount', keyword: 'maximum' }],
    ['price 2147483647', { price: 2147483647 }, 'valid'],
    ['price -2147483648', { price: -2147483648 }, 'valid'],
    ['price 2147483648', { price: 2147483648 }, { at: '/allowed_credits_packs/0/price', keyword: 'maximum' }],
    ['price -2147483649', { price: -2147483649 }, { at: '/allowed_credits_packs/0/price', keyword: 'minimum' }],
    ['price 9.99', { price: 9.99 }, { at: '/allowed_credits_packs/0/price', keyword: 'type' }],
    ['id of 100 characters', { id: s(100) }, 'valid'],
    ['id of 101 characters', { id: s(101) }, { at: '/allowed_credits_packs/0/id', keyword: 'maxLength' }],
    ['name of 50 characters', { name: s(50) }, 'valid'],
    ['name of 51 characters', { name: s(51) }, { at: '/allowed_credits_packs/0/name', keyword: 'maxLength' }],
    ['discount 1.5', { discount: 1.5 }, { at: '/allowed_credits_packs/0/discount', keyword: 'type' }],
    ['savings "10"', { savings: '10' }, { at: '/allowed_credits_packs/0/savings', keyword: 'type' }],
    ...SPEC_PACK_FIELDS.map((field): [string, Partial<Record<string, Json | undefined>>, Failure] => [
      `pack without ${field}`,
      { [field]: undefined },
      { at: '/allowed_credits_packs/0', keyword: 'required', missing: field },
    ]),
  ];
  for (const [name, patch, expect] of packCases) {
    test(`credit pack: ${name}`, () => {
      const record = clone(full);
      const pack = at(record.allowed_credits_packs as JsonObject[], 0);
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined) delete pack[k];
        else pack[k] = v;
      }
      const errors = check(validateEntitlements, record);
      if (expect === 'valid') {
        assert.deepEqual(errors, []);
        return;
      }
      assert.ok(
        errors.some(
          (e) =>
            e.instancePath === expect.at &&
            e.keyword === expect.keyword &&
            (expect.missing === undefined || (e.params as { missingProperty?: string }).missingProperty === expect.missing),
        ),
        describeErrors(errors),
      );
    });
  }
});

// -------------------------------------------------------------------------------------------------
// 5. Examples validate with Ajv
// -------------------------------------------------------------------------------------------------

const EXAMPLES = [
  'getting-started.target-settings.yaml',
  'web-target.target-settings.yaml',
  'api-target.target-settings.yaml',
  'multi-document.target-settings.yaml',
];

function exampleText(name: string): string {
  return fs.readFileSync(path.join(root, 'examples', name), 'utf8');
}

describe('examples', () => {
  test('the examples folder holds the expected files', () => {
    const present = fs.readdirSync(path.join(root, 'examples')).filter((f) => /\.ya?ml$/.test(f));
    for (const name of EXAMPLES) assert.ok(present.includes(name), name);
  });

  for (const name of EXAMPLES) {
    test(`${name}: no schema modeline (Red Hat YAML would validate it too), and every document validates`, () => {
      const text = exampleText(name);
      assert.doesNotMatch(text, /yaml-language-server/);
      const docs = Array.from(parseAllDocuments(text));
      assert.ok(docs.length >= 1);
      if (name.startsWith('multi-document')) assert.ok(docs.length >= 2, 'several documents');
      docs.forEach((doc, i) => {
        assert.deepEqual(doc.errors, [], `document ${i + 1}: YAML errors`);
        const body: unknown = doc.toJS();
        assert.equal(validateTarget(body), true, `document ${i + 1}:\n${describeErrors(validateTarget.errors)}`);
      });
    });
  }

  test('the examples use what the issue asks for', () => {
    const web = at(parseAllDocuments(exampleText('web-target.target-settings.yaml')), 0).toJS() as JsonObject;
    const site = web.site as JsonObject;
    assert.equal((site.basic_auth as JsonObject).password, '${env:SHOP_BASIC_PASSWORD}');
    assert.equal((site.basic_auth as JsonObject).password_is_sensitive, true);
    assert.ok(Array.isArray(site.headers) && Array.isArray(site.whitelist) && Array.isArray(site.blacklist));
    assert.equal(web.report_type, 'owasp');
    assert.ok(web.blackout_period);
    const api = at(parseAllDocuments(exampleText('api-target.target-settings.yaml')), 0).toJS() as JsonObject;
    assert.equal(api.type, 'api');
    const settings = (api.site as JsonObject).api_scan_settings as JsonObject;
    assert.equal(settings.api_schema_type, 'openapi');
    assert.equal(settings.api_login_enabled, true);
    for (const name of EXAMPLES) {
      for (const doc of parseAllDocuments(exampleText(name))) {
        for (const id of (doc.toJS() as JsonObject).ids as string[]) assert.match(id, /^[A-Za-z0-9]{12}$/, `${name}: ${id}`);
      }
    }
  });
});

// -------------------------------------------------------------------------------------------------
// 6. yaml-language-server reads the schema the same way
// -------------------------------------------------------------------------------------------------

const SCHEMA_FILE_URI = pathToFileURL(path.join(root, TARGET_SCHEMA_PATH)).toString();
/** How a file names the schema for a tool without this extension (the examples do not, so that Red Hat YAML stays out of them). */
const MODELINE = '# yaml-language-server: $schema=../schemas/target-settings.schema.json';

function languageService(requested: string[] = []) {
  const service = getLanguageService({
    schemaRequestService: async (uri: string) => {
      requested.push(uri);
      return fs.promises.readFile(fileURLToPath(uri), 'utf8');
    },
    workspaceContext: { resolveRelativePath: (relativePath: string, resource: string) => new URL(relativePath, resource).toString() },
  });
  service.configure({
    validate: true,
    hover: true,
    completion: true,
    schemas: [{ uri: 'file:///target-settings.schema.json', fileMatch: ['*'], schema: targetSchema }],
  });
  return service;
}

// yaml-language-server caches parsed documents process-wide by URI and version: every document
// made here gets a version of its own so no test sees another test's parse.
let documentVersion = 0;

function yamlDocument(name: string, text: string): TextDocument {
  return TextDocument.create(pathToFileURL(path.join(root, 'examples', name)).toString(), 'yaml', ++documentVersion, text);
}

describe('yaml-language-server', () => {
  for (const name of EXAMPLES) {
    test(`${name}: no diagnostics, with the schema found through the modeline`, async () => {
      const requested: string[] = [];
      const diagnostics = await languageService(requested).doValidation(yamlDocument(name, `${MODELINE}\n${exampleText(name)}`), false);
      // yaml-language-server reports schema violations as warnings (severity 2), so "no errors" alone
      // would prove little: the examples must raise no diagnostic at all.
      assert.deepEqual(
        diagnostics.filter((d) => d.severity === 1),
        [],
        'errors',
      );
      assert.deepEqual(
        diagnostics.map((d) => `${d.range.start.line + 1}: ${d.message}`),
        [],
      );
      // The modeline's relative path resolved to the schema file of the repository.
      assert.deepEqual(requested, [SCHEMA_FILE_URI]);
    });
  }

  const badCases: Array<[string, string, number]> = [
    ['report_type: wrong', 'report_type: wrong', 6],
    ['begin: "24:00"', 'blackout_period:\n  begin: "24:00"\n  cease: "06:00"\n  weekdays: [1]', 7],
    ['has_basic_auth without basic_auth', 'report_type: owasp', 3],
    ['whitelist with an absolute URL', 'report_type: owasp', 5],
  ];
  for (const [name, tail, line] of badCases) {
    test(`a bad value is reported: ${name}`, async () => {
      const text = [
        MODELINE,
        'ids: [3Sy7TyNMnQ8x]',
        'site:',
        name === 'has_basic_auth without basic_auth' ? '  has_basic_auth: true' : '  name: Shop',
        name === 'whitelist with an absolute URL' ? '  whitelist: ["https://shop.example/admin/"]' : '  url: https://shop.example',
        tail,
        '',
      ].join('\n');
      const diagnostics = await languageService().doValidation(yamlDocument('bad.target-settings.yaml', text), false);
      const lines = diagnostics.map((d) => d.range.start.line + 1);
      assert.ok(diagnostics.length > 0, 'a diagnostic is expected');
      assert.ok(
        diagnostics.every((d) => d.severity === 1 || d.severity === 2),
        'reported as an error or a warning',
      );
      assert.ok(lines.includes(line), `a diagnostic on line ${line}; got lines ${lines.join(', ')}: ${diagnostics.map((d) => d.message).join('; ')}`);
    });
  }

  test('the schema association from the settings applies when there is no modeline', async () => {
    const text = 'ids: [3Sy7TyNMnQ8x]\nsite:\n  name: Shop\nreport_type: wrong\n';
    const document = TextDocument.create('file:///tmp/no-modeline.target-settings.yaml', 'yaml', ++documentVersion, text);
    const diagnostics = await languageService().doValidation(document, false);
    assert.deepEqual(
      diagnostics.map((d) => d.range.start.line),
      [3],
    );
  });
});
