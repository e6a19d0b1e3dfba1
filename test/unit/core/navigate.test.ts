// Schema navigation: `$ref`s, array items, `allOf` if/then branches evaluated against the document,
// property tables with required-ness, flags with what they require, and memoization.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile } from '../../../src/core/yaml/parse';
import { targetSettingsNavigator, targetSettingsSchema } from '../../../src/core/schema/bundledSchema';
import { instanceOfValue } from '../../../src/core/schema/instance';
import { SchemaNavigator } from '../../../src/core/schema/navigate';
import { typesOf } from '../../../src/core/schema/schemaNode';
import { documentInstance } from '../../../src/core/schema/nodeInstance';

const nav = targetSettingsNavigator();

describe('navigate: locations', () => {
  test('a $ref is followed and the annotations beside it win', () => {
    const site = nav.at(['site'])!;
    assert.equal(site.schema.title, 'Site');
    assert.match(site.schema.description ?? '', /Required\./, 'the property’s description, not the definition’s');
    assert.ok(site.schema.properties?.url !== undefined, 'the definition’s properties');
    assert.equal(site.schema.$ref, undefined);
  });

  test('array items, nested objects, items of nested lists', () => {
    assert.equal(nav.at(['site', 'headers', 0])!.schema.title, 'Custom header or cookie');
    assert.equal(nav.at(['site', 'headers', 3, 'value_is_sensitive'])!.schema.type, 'boolean');
    assert.equal(nav.at(['site', 'api_scan_settings', 'custom_api_parameters', 0, 'name'])!.schema.title, 'Parameter name');
    assert.equal(nav.at(['labels', 0, 'color'])!.schema.pattern, '^[a-zA-Z0-9#_-]*$');
    assert.deepEqual(typesOf(nav.at(['blackout_period', 'weekdays', 0])!.schema), ['integer']);
    assert.deepEqual(typesOf(nav.at(['scanning_agent'])!.schema), ['object', 'null']);
  });

  test('paths the schema does not know', () => {
    assert.equal(nav.at(['nope']), undefined);
    assert.equal(nav.at(['site', 'basic_auth', 'token']), undefined);
    assert.equal(nav.at(['ids', 'x']), undefined);
  });

  test('if/then branches apply when their condition holds for the document', () => {
    const api = instanceOfValue({ type: 'api', site: { api_scan_settings: {} } });
    const site = nav.at(['site'], api)!;
    assert.ok(
      site.schemas.some((s) => s.required?.includes('api_scan_settings')),
      'the root’s then-branch applies',
    );
    assert.ok(!nav.at(['site'], instanceOfValue({ type: 'single' }))!.schemas.some((s) => s.required?.includes('api_scan_settings')));
    const p = nav.property(site, 'api_scan_settings')!;
    assert.equal(p.required, true);
    assert.equal(p.conditionallyRequired, true);
    assert.equal(p.schema.title, 'API scan settings', 'the declaring schema leads, not the branch’s bare type');
    const settings = nav.at(['site', 'api_scan_settings'], api)!;
    assert.equal(nav.property(settings, 'api_schema_type')!.required, true);

    const single = nav.at(['site', 'api_scan_settings'], instanceOfValue({ type: 'single', site: {} }))!;
    assert.equal(nav.property(single, 'api_schema_type')!.required, false);
    const noValue = nav.at(['site', 'api_scan_settings'])!;
    assert.equal(nav.property(noValue, 'api_schema_type')!.required, false, 'unknown data: no condition holds');

    const otp = nav.at(['site'], instanceOfValue({ site: { has_otp: true } }))!;
    assert.equal(nav.property(otp, 'otp_secret')!.required, true);
    const otpNull = nav.at(['site', 'api_scan_settings'], instanceOfValue({ site: { api_scan_settings: null } }))!;
    assert.equal(nav.property(otpNull, 'api_login_url')!.required, false, 'a null mapping does not satisfy "api_login_enabled is set"');
  });

  test('conditions read the AST lazily (documentInstance)', () => {
    const file = parseFile('type: api\nsite:\n  has_basic_auth: true\nids: [a]\n');
    const doc = file.documents.get(0);
    assert.ok(doc, 'a document');
    const inst = documentInstance(doc.document.contents);
    const site = nav.at(['site'], inst)!;
    assert.equal(nav.property(site, 'basic_auth')!.required, true);
    assert.equal(nav.property(site, 'api_scan_settings')!.required, true);
    assert.deepEqual(inst!.keys(), ['type', 'site', 'ids']);
  });

  test('property tables: schema order, types, defaults, enums with their descriptions', () => {
    const root = nav.properties(nav.at([])!);
    assert.deepEqual(
      root.slice(0, 3).map((p) => p.name),
      ['ids', 'site', 'scan_profile'],
    );
    assert.deepEqual(
      root.filter((p) => p.required).map((p) => p.name),
      ['ids', 'site'],
    );
    const report = root.find((p) => p.name === 'report_type')!;
    assert.equal(report.hasDefault, true);
    assert.equal(report.default, 'default');
    assert.equal(report.enum?.length, 7);
    assert.equal(report.enumDescriptions?.[2], 'OWASP Top 10.');
    const dedup = root.find((p) => p.name === 'include_deduplicated_endpoints')!;
    assert.equal(dedup.nullable, true);
    const api = nav.properties(nav.at(['site', 'api_scan_settings'])!).find((p) => p.name === 'api_schema_type')!;
    assert.match(String(api.enumDescriptions?.[1]), /`collection`/, 'markdownEnumDescriptions preferred');
  });

  test('flags and what they require', () => {
    const site = nav.flagConditions(nav.at(['site'])!);
    assert.deepEqual(
      site.map((c) => [c.flag, c.value, c.requires]),
      [
        ['logout_detection_enabled', true, ['check_session_url']],
        ['has_basic_auth', true, ['basic_auth']],
        ['has_form_login', true, ['form_login_url', 'form_login']],
        ['has_otp', true, ['otp_secret']],
      ],
    );
    assert.deepEqual(
      nav.flagConditions(nav.at(['site', 'api_scan_settings'])!).map((c) => c.flag),
      ['api_login_enabled'],
    );
  });

  test('memoized: the same resolved node and property table every time', () => {
    const a = nav.at(['site', 'basic_auth'])!;
    const b = nav.at(['site', 'basic_auth'])!;
    assert.equal(a.schema, b.schema);
    assert.equal(nav.properties(a), nav.properties(b));
  });

  test('a navigator over another schema: tuples, patternProperties, additionalProperties, $ref chains', () => {
    const other = new SchemaNavigator({
      definitions: { a: { $ref: '#/definitions/b', title: 'A' }, b: { type: 'string', maxLength: 3 } },
      type: 'object',
      properties: {
        t: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }], additionalItems: { type: 'boolean' } },
        r: { $ref: '#/definitions/a' },
      },
      patternProperties: { '^x-': { type: 'number' } },
      additionalProperties: { type: 'null' },
    });
    assert.deepEqual(typesOf(other.at(['t', 1])!.schema), ['integer']);
    assert.deepEqual(typesOf(other.at(['t', 5])!.schema), ['boolean']);
    assert.deepEqual(typesOf(other.at(['x-y'])!.schema), ['number']);
    assert.deepEqual(typesOf(other.at(['zzz'])!.schema), ['null']);
    assert.equal(other.at(['r'])!.schema.maxLength, 3);
    assert.equal(other.at(['r'])!.schema.title, 'A');
  });

  test('the bundled schema is the one in schemas/', () => {
    assert.equal(targetSettingsSchema().$id, 'https://scantargets.invalid/schemas/target-settings.schema.json');
  });
});
