// The sandbox against hostile or careless requests, over real HTTP with node's own client (so that
// no header is added behind the test's back): bodies whose keys name prototype properties
// (`__proto__`, `constructor`, `prototype`) are refused like any unknown field and leave no trace
// on later requests or on this process; only JSON bodies are read, anything else getting the
// framework's 415; and every 400 carries a non-empty error tree, shown over random invalid bodies.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { ErrorObject } from 'ajv';
import fc from 'fast-check';
import { entitlementsValidate, targetSettingsValidate } from '../../../src/core/schema/validators';
import { startSandbox, type Sandbox, type TargetRecord } from '../../../src/sandbox';
import { drfErrorsFromAjv } from '../../../src/sandbox/drfErrors';
import { applySettings } from '../../../src/sandbox/store';

const TOKEN = 'hardening-test-token';
const UNKNOWN_FIELD = 'Unknown field: the service does not accept it.';
const BULK = '/targets/bulk/update/';
let sb: Sandbox;

before(async () => {
  sb = await startSandbox({ token: TOKEN, targets: 5 });
});
after(async () => {
  await sb.close();
});

interface Reply {
  status: number;
  text: string;
}

/**
 * One request with exactly these headers (plus the token unless given, and the body's length). A
 * string body is sent as it is, so a test can write keys such as `__proto__` as JSON text.
 */
function send(target: Sandbox, method: string, relative: string, body?: string, headers: Record<string, string> = {}): Promise<Reply> {
  const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
  const all: Record<string, string> = { authorization: `JWT ${TOKEN}`, ...headers };
  if (payload) all['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const req = http.request(`${target.url}${relative}`, { method, headers: all, signal: AbortSignal.timeout(5_000) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const postJson = (target: Sandbox, body: string, query = ''): Promise<Reply> =>
  send(target, 'POST', `${BULK}${query}`, body, { 'content-type': 'application/json' });

/** The own property names of the built-ins a polluting key could reach. */
function builtInsSnapshot(): Record<string, string[]> {
  const of = (o: object): string[] => Reflect.ownKeys(o).map(String).sort();
  const methods = ['toString', 'hasOwnProperty', 'valueOf'].map((m) => [`Object.prototype.${m}`, of(Reflect.get(Object.prototype, m) as object)]);
  return {
    'Object.prototype': of(Object.prototype),
    Object: of(Object),
    'Function.prototype': of(Function.prototype),
    'Array.prototype': of(Array.prototype),
    'String.prototype': of(String.prototype),
    ...(Object.fromEntries(methods) as Record<string, string[]>),
  };
}

/**
 * Problems of a 400 body as an error tree: a non-empty object whose fields hold a non-empty list of
 * non-empty strings, a non-empty tree of the same kind, or a non-empty list of per-item trees where
 * `{}` stands for a valid item (Django REST framework's list shape) and at least one item has
 * errors. Empty otherwise.
 */
function treeProblems(value: unknown, where = 'body'): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [`${where} is not an object`];
  const entries = Object.entries(value);
  if (entries.length === 0) return [`${where} is an empty object`];
  return entries.flatMap(([key, field]) => fieldProblems(field, `${where}.${key}`));
}

function fieldProblems(field: unknown, where: string): string[] {
  if (!Array.isArray(field)) return treeProblems(field, where);
  if (field.length === 0) return [`${where} is an empty list`];
  if (field.every((m) => typeof m === 'string')) return field.some((m) => m === '') ? [`${where} holds an empty message`] : [];
  if (!field.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))) return [`${where} mixes messages and items`];
  const items = field as object[];
  if (items.every((item) => Object.keys(item).length === 0)) return [`${where} lists items none of which has an error`];
  return items.flatMap((item, i) => (Object.keys(item).length === 0 ? [] : treeProblems(item, `${where}[${i}]`)));
}

function assertErrorTree(reply: Reply, context: string): void {
  assert.equal(reply.status, 400, `${context}: status; body: ${reply.text}`);
  assert.deepEqual(treeProblems(JSON.parse(reply.text)), [], `${context}: ${reply.text}`);
}

describe('keys naming prototype properties', () => {
  // JSON text: an object literal would set the prototype instead of writing the key.
  const poisoned = (id: string): { body: string; answer: string }[] => [
    {
      body: `{"__proto__": {"polluted": "yes", "site": {"name": "p"}}, "ids": ["${id}"], "site": {"name": "ok"}}`,
      answer: `{"__proto__": ["${UNKNOWN_FIELD}"]}`,
    },
    { body: `{"ids": ["${id}"], "site": {"__proto__": {"polluted": "yes"}, "name": "x"}}`, answer: `{"site": {"__proto__": ["${UNKNOWN_FIELD}"]}}` },
    { body: `{"ids": ["${id}"], "site": {"__proto__": null}}`, answer: `{"site": {"__proto__": ["${UNKNOWN_FIELD}"]}}` },
    { body: `{"ids": ["${id}"], "site": {"__proto__": ["polluted"]}}`, answer: `{"site": {"__proto__": ["${UNKNOWN_FIELD}"]}}` },
    {
      body: `{"ids": ["${id}"], "site": {"headers": [{"name": "a", "value": "b"}, {"name": "c", "value": "d", "__proto__": {"polluted": "yes"}}]}}`,
      answer: `{"site": {"headers": [{}, {"__proto__": ["${UNKNOWN_FIELD}"]}]}}`,
    },
    {
      body: `{"ids": ["${id}"], "site": {"basic_auth": {"username": "u", "password": "p", "__proto__": {"polluted": "yes"}}}}`,
      answer: `{"site": {"basic_auth": {"__proto__": ["${UNKNOWN_FIELD}"]}}}`,
    },
    { body: `{"ids": ["${id}"], "site": {"constructor": {"prototype": {"polluted": "yes"}}}}`, answer: `{"site": {"constructor": ["${UNKNOWN_FIELD}"]}}` },
    { body: `{"constructor": {"prototype": {"polluted": "yes"}}, "ids": ["${id}"], "site": {}}`, answer: `{"constructor": ["${UNKNOWN_FIELD}"]}` },
    { body: `{"ids": ["${id}"], "site": {"prototype": {"polluted": "yes"}}}`, answer: `{"site": {"prototype": ["${UNKNOWN_FIELD}"]}}` },
    {
      body: `{"ids": ["${id}"], "site": {}, "labels": [{"name": "l", "constructor": {"polluted": "yes"}}]}`,
      answer: `{"labels": [{"constructor": ["${UNKNOWN_FIELD}"]}]}`,
    },
    {
      body: `{"ids": ["${id}"], "site": {}, "blackout_period": {"begin": "01:00", "cease": "02:00", "weekdays": [1], "__proto__": {"enabled": true}}}`,
      answer: `{"blackout_period": {"__proto__": ["${UNKNOWN_FIELD}"]}}`,
    },
    {
      body: `{"ids": ["${id}"], "site": {"toString": "x", "hasOwnProperty": 1, "valueOf": {}, "toJSON": "y"}}`,
      answer: `{"site": {"toString": ["${UNKNOWN_FIELD}"], "hasOwnProperty": ["${UNKNOWN_FIELD}"], "valueOf": ["${UNKNOWN_FIELD}"], "toJSON": ["${UNKNOWN_FIELD}"]}}`,
    },
    // Twice the same key at two depths, and the field-level message beside nested ones.
    {
      body: `{"__proto__": 1, "ids": ["${id}"], "site": {"__proto__": 1, "api_scan_settings": {"__proto__": {}, "constructor": 2}}}`,
      answer: `{"__proto__": ["${UNKNOWN_FIELD}"], "site": {"__proto__": ["${UNKNOWN_FIELD}"], "api_scan_settings": {"__proto__": ["${UNKNOWN_FIELD}"], "constructor": ["${UNKNOWN_FIELD}"]}}}`,
    },
    { body: `{"ids": {"__proto__": ["${id}"]}, "site": {}}`, answer: `{"ids": ["Expected a list of items but got type \\"dict\\"."]}` },
  ];

  /** What a sandbox answers and holds after the same ordinary requests. */
  async function ordinaryUse(target: Sandbox): Promise<unknown> {
    const [a, b] = target.targetIds();
    const entitlements = await send(target, 'GET', '/account/entitlements/');
    const entitlementsValid = entitlementsValidate(JSON.parse(entitlements.text));
    const update = await postJson(
      target,
      JSON.stringify({ ids: [a, b], site: { desc: 'after' }, report_type: 'owasp', labels: [{ name: 'prod', color: '#ff0000' }] }),
      '?is_id_404_validation=true',
    );
    const invalid = await postJson(target, JSON.stringify({ ids: [a], unknown_field: 1 }));
    const notFound = await postJson(target, JSON.stringify({ ids: ['unknownTgt01'], site: {} }), '?is_id_404_validation=true');
    return {
      entitlements,
      entitlementsValid,
      update,
      invalid,
      notFound,
      targetIds: target.targetIds(),
      targets: target.targetIds().map((id) => target.target(id)),
      changes: target.changes.map(({ request: _, ...change }) => change),
    };
  }

  test('are refused as unknown fields (400 at their path), apply nothing, and later requests behave as on a fresh sandbox', async () => {
    // The reference: a fresh sandbox used before any poisoned request reached this process.
    const fresh = await startSandbox({ token: TOKEN, targets: 5 });
    let expected: unknown;
    try {
      expected = await ordinaryUse(fresh);
    } finally {
      await fresh.close();
    }
    const builtIns = builtInsSnapshot();

    sb.reset();
    const [id] = sb.targetIds();
    assert.ok(id);
    const before = sb.targetIds().map((t) => sb.target(t));
    for (const { body, answer } of poisoned(id)) {
      for (const query of ['', '?is_id_404_validation=true']) {
        const reply = await postJson(sb, body, query);
        assert.equal(reply.status, 400, `${body}: ${reply.text}`);
        assert.deepEqual(JSON.parse(reply.text), JSON.parse(answer), body);
        assertErrorTree(reply, body);
      }
    }
    assert.deepEqual(sb.changes, [], 'nothing applied');
    assert.deepEqual(
      sb.targetIds().map((t) => sb.target(t)),
      before,
      'store unchanged',
    );

    assert.deepEqual(await ordinaryUse(sb), expected);
    assert.deepEqual(builtInsSnapshot(), builtIns, 'no built-in gained a property');
    const probe = {} as Record<string, unknown>;
    for (const key of ['polluted', 'non_field_errors', 'site', 'enabled', 'ids']) {
      assert.equal(probe[key], undefined, `({}).${key}`);
      assert.equal((Object as unknown as Record<string, unknown>)[key], undefined, `Object.${key}`);
    }
    assert.equal(Object.getPrototypeOf(probe), Object.prototype);
  });

  test('the store keeps a key named __proto__ as a plain field, should one ever be accepted', () => {
    // Every object of the body schema is closed, so no accepted body holds such a key today; the
    // store must still never let one change a target's prototype.
    const store = new Map<string, TargetRecord>([['t', { id: 't', settings: { site: { name: 'n' } } }]]);
    const settings = JSON.parse('{"__proto__": {"polluted": "yes"}, "site": {"__proto__": {"polluted": "yes"}, "desc": "d"}}') as Record<string, unknown>;
    applySettings(store, ['t'], settings);
    const target = store.get('t');
    assert.ok(target);
    assert.equal(Object.getPrototypeOf(target.settings), Object.prototype);
    assert.equal(Object.getPrototypeOf(target.settings.site), Object.prototype);
    assert.equal((target.settings as { polluted?: unknown }).polluted, undefined);
    assert.deepEqual(Object.keys(target.settings), ['site', '__proto__']);
    assert.deepEqual(Object.keys(target.settings.site as object), ['name', '__proto__', 'desc']);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});

describe('the request content type', () => {
  const body = (): string => JSON.stringify({ ids: [sb.targetIds()[0]], site: { desc: 'typed' } });

  test('anything but JSON gets 415 with the framework detail naming the type as sent, and nothing is applied', async () => {
    sb.reset();
    for (const [headers, named] of [
      [{}, ''],
      [{ 'content-type': 'text/plain' }, 'text/plain'],
      [{ 'content-type': 'text/plain; charset=utf-8' }, 'text/plain; charset=utf-8'],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, 'application/x-www-form-urlencoded'],
      [{ 'content-type': 'multipart/form-data; boundary=x' }, 'multipart/form-data; boundary=x'],
      [{ 'content-type': 'application/jsonp' }, 'application/jsonp'],
      [{ 'content-type': 'application/merge-patch+json' }, 'application/merge-patch+json'],
      [{ 'content-type': 'text/json' }, 'text/json'],
    ] as const) {
      const reply = await send(sb, 'POST', BULK, body(), headers);
      assert.equal(reply.status, 415, `${named}: ${reply.text}`);
      assert.deepEqual(JSON.parse(reply.text), { detail: `Unsupported media type "${named}" in request.` });
    }
    assert.deepEqual(sb.changes, []);
  });

  test('JSON is read whatever its parameters or letter case', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8', 'Application/JSON']) {
      sb.reset();
      const reply = await send(sb, 'POST', BULK, body(), { 'content-type': type });
      assert.equal(reply.status, 200, `${type}: ${reply.text}`);
      assert.deepEqual(JSON.parse(reply.text), { ids: [sb.targetIds()[0]] });
      assert.equal(sb.changes.length, 1, type);
    }
  });

  test('the credentials are checked first: a wrong token with a wrong type is a 401', async () => {
    const reply = await send(sb, 'POST', BULK, body(), { authorization: 'JWT wrong', 'content-type': 'text/plain' });
    assert.equal(reply.status, 401);
  });

  test('an empty body is read as an empty object whatever its type, as the framework does: 400, not 415', async () => {
    const variants: Record<string, string>[] = [{}, { 'content-type': 'text/plain' }, { 'content-type': 'application/json' }];
    for (const headers of variants) {
      const reply = await send(sb, 'POST', BULK, '', headers);
      assert.equal(reply.status, 400, `${JSON.stringify(headers)}: ${reply.text}`);
      assert.deepEqual(JSON.parse(reply.text), { ids: ['This field is required.'], site: ['This field is required.'] });
    }
  });
});

describe('every 400 carries a non-empty error tree', () => {
  const awkwardKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'toJSON', 'non_field_errors', '0', '', 'ids', 'site', 'name'];
  const scalar = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null), fc.double({ noNaN: true, noDefaultInfinity: true }));
  const anyJson = fc.jsonValue({ maxDepth: 3 });
  /** An object from entries: `Object.fromEntries` writes `__proto__` as a key, never as the prototype. */
  const objectOf = (entries: fc.Arbitrary<[string, unknown]>[]): fc.Arbitrary<Record<string, unknown>> =>
    fc
      .tuple(fc.tuple(...entries.map((e) => fc.option(e, { nil: undefined }))), fc.array(fc.tuple(fc.constantFrom(...awkwardKeys), anyJson), { maxLength: 2 }))
      .map(([known, extra]) => Object.fromEntries([...known.filter((e) => e !== undefined), ...extra]));
  const entry = (key: string, value: fc.Arbitrary<unknown>): fc.Arbitrary<[string, unknown]> => value.map((v) => [key, v]);
  const nameValue = objectOf([
    entry('name', fc.oneof(fc.string({ maxLength: 300 }), scalar)),
    entry('value', fc.oneof(fc.string({ maxLength: 5 }), scalar)),
    entry('value_is_sensitive', scalar),
  ]);
  const list = <T>(item: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof(fc.array(item, { maxLength: 3 }), scalar);

  const site = fc.oneof(
    {
      weight: 5,
      arbitrary: objectOf([
        entry('name', fc.oneof(fc.string({ maxLength: 300 }), scalar)),
        entry('url', fc.oneof(fc.constantFrom('https://a.example', 'not a url', '//x'), scalar)),
        entry('headers', list(nameValue)),
        entry('cookies', list(nameValue)),
        entry('form_login', list(nameValue)),
        entry('basic_auth', fc.oneof(objectOf([entry('username', fc.oneof(fc.string({ maxLength: 300 }), scalar)), entry('password', scalar)]), scalar)),
        entry('has_basic_auth', scalar),
        entry('has_form_login', scalar),
        entry('otp_digits', fc.oneof(fc.constantFrom(6, 7, 8, 9), scalar)),
        entry('otp_login_sequence_totp_value', fc.string({ maxLength: 10 })),
        entry('logout_condition', fc.oneof(fc.constantFrom('any', 'all', 'some'), scalar)),
        entry('whitelist', list(fc.oneof(fc.constantFrom('/admin/', 'https://x.example/'), scalar))),
        entry('stack', list(objectOf([entry('name', fc.oneof(fc.string({ maxLength: 300 }), scalar))]))),
        entry(
          'api_scan_settings',
          fc.oneof(
            objectOf([
              entry('api_schema_type', fc.oneof(fc.constantFrom('openapi', 'collection', 'wsdl'), scalar)),
              entry('media_type', scalar),
              entry('token_prefix', fc.string({ maxLength: 20 })),
            ]),
            scalar,
          ),
        ),
      ]),
    },
    { weight: 1, arbitrary: anyJson },
  );
  const body = (ids: readonly string[]): fc.Arbitrary<unknown> =>
    fc.oneof(
      {
        weight: 6,
        arbitrary: objectOf([
          entry('ids', fc.oneof(fc.subarray([...ids], { minLength: 1 }), fc.array(fc.oneof(fc.constantFrom(...ids), scalar), { maxLength: 3 }), scalar)),
          entry('site', site),
          entry('report_type', fc.oneof(fc.constantFrom('owasp', 'weekly'), scalar)),
          entry(
            'labels',
            list(
              objectOf([entry('name', fc.oneof(fc.string({ maxLength: 300 }), scalar)), entry('color', fc.oneof(fc.constantFrom('#ff0000', 'red!'), scalar))]),
            ),
          ),
          entry('scanning_agent', fc.oneof(objectOf([entry('id', scalar)]), scalar)),
          entry(
            'blackout_period',
            fc.oneof(
              objectOf([
                entry('begin', fc.oneof(fc.constantFrom('01:00', '25:00'), scalar)),
                entry('cease', scalar),
                entry('weekdays', list(fc.oneof(fc.integer({ min: 0, max: 7 }), scalar))),
              ]),
              scalar,
            ),
          ),
          entry('fail_fast', scalar),
        ]),
      },
      { weight: 1, arbitrary: anyJson },
    );

  test('random bodies: a 400 whenever the body is invalid, its tree non-empty with non-empty messages', async () => {
    sb.reset();
    const ids = sb.targetIds();
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(body(ids), async (value) => {
        const text = JSON.stringify(value);
        const reply = await postJson(sb, text);
        const valid = targetSettingsValidate(JSON.parse(text));
        if (valid) {
          assert.equal(reply.status, 200, `${text}: ${reply.text}`);
          return;
        }
        refused++;
        assertErrorTree(reply, text);
      }),
      { numRuns: 400, seed: 20240601 },
    );
    assert.ok(refused > 300, `only ${refused} invalid bodies were generated`);
    assert.equal(({} as Record<string, unknown>).non_field_errors, undefined);
  });

  test('errors that name no field of their own still give a non-empty tree', () => {
    // The body schema makes every composite failure come with its branches' errors today; a
    // `not`, or a `oneOf` with two branches passing, would not, and must still be said.
    const composite = (keyword: string, instancePath: string): ErrorObject => ({
      keyword,
      instancePath,
      schemaPath: `#/${keyword}`,
      params: {},
      message: 'must NOT be valid',
    });
    const body = { ids: ['a'], site: { name: 'n' } };
    assert.deepEqual(drfErrorsFromAjv([], body), { non_field_errors: ['Invalid data.'] });
    assert.deepEqual(drfErrorsFromAjv([composite('not', '/site')], body), { site: ['Invalid value (must NOT be valid).'] });
    assert.deepEqual(drfErrorsFromAjv([composite('oneOf', '')], body), { non_field_errors: ['Invalid value (must NOT be valid).'] });
    // Said by a branch already: the composite error adds nothing.
    const branch: ErrorObject = { keyword: 'required', instancePath: '/site', schemaPath: '#/then/required', params: { missingProperty: 'url' }, message: '' };
    assert.deepEqual(drfErrorsFromAjv([composite('if', '/site'), branch], body), { site: { url: ['This field is required.'] } });
  });

  test('random text that is not a JSON object: a 400 with non_field_errors', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 20 }),
          anyJson.map((v) => JSON.stringify(v)),
        ),
        async (text) => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          fc.pre(parsed === undefined || parsed === null || typeof parsed !== 'object' || Array.isArray(parsed));
          const reply = await postJson(sb, text);
          assertErrorTree(reply, text);
          const tree = JSON.parse(reply.text) as Record<string, unknown>;
          assert.deepEqual(Object.keys(tree), ['non_field_errors'], reply.text);
        },
      ),
      { numRuns: 200, seed: 20240601 },
    );
  });
});
