// The sandbox on its own, over real HTTP with plain fetch: profiles, seeded ids, auth, routing,
// request checks shaped as spec 7.1, the is_id_404_validation behaviour, the change record, and
// every fault.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { entitlementsValidate } from '../../../src/core/schema/validators';
import { FULL_PROFILE, RESTRICTED_PROFILE, sandboxTargetIds, startSandbox, type Sandbox } from '../../../src/sandbox';
import { at } from '../../fixtures/at';
import { ManualClock } from '../../fixtures/manualClock';
import { RequestWatch } from '../../fixtures/requestWatch';

const ROOT = path.resolve(__dirname, '../../../..');
const TOKEN = 'sandbox-test-token';
let sb: Sandbox;

before(async () => {
  sb = await startSandbox({ token: TOKEN });
});
after(async () => {
  await sb.close();
});

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json?: unknown;
}

async function call(method: string, relative: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await fetch(`${sb.url}${relative}`, {
    method,
    headers: { authorization: `JWT ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(5_000),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

const bulk = (body: unknown, validate = true): Promise<Reply> => call('POST', `/targets/bulk/update/${validate ? '?is_id_404_validation=true' : ''}`, body);

describe('profiles', () => {
  for (const [name, record] of [
    ['full', FULL_PROFILE],
    ['restricted', RESTRICTED_PROFILE],
  ] as const) {
    test(`the ${name} profile validates against schemas/entitlements.schema.json`, () => {
      assert.equal(entitlementsValidate(record), true, JSON.stringify(entitlementsValidate.errors));
    });
    test(`the ${name} profile is the same record as test/fixtures/entitlements/${name}.json`, () => {
      const fixture = path.join(ROOT, 'test/fixtures/entitlements', `${name}.json`);
      assert.deepEqual(record, JSON.parse(fs.readFileSync(fixture, 'utf8')));
    });
  }

  test('the restricted profile is restricted as documented', () => {
    assert.equal(RESTRICTED_PROFILE.allow_bola, false);
    assert.equal(RESTRICTED_PROFILE.allow_scanning_2fa_targets, false);
    assert.equal(RESTRICTED_PROFILE.allow_scanning_agent, false);
    assert.ok(RESTRICTED_PROFILE.allowed_report_types.length < FULL_PROFILE.allowed_report_types.length);
  });

  test('GET entitlements serves the profile; setProfile switches it; any record can be served', async () => {
    sb.reset();
    assert.deepEqual((await call('GET', '/account/entitlements/')).json, FULL_PROFILE);
    sb.setProfile('restricted');
    assert.deepEqual((await call('GET', '/account/entitlements/')).json, RESTRICTED_PROFILE);
    sb.setProfile({ only: 'this' });
    assert.deepEqual((await call('GET', '/account/entitlements/')).json, { only: 'this' });
    sb.reset();
    assert.deepEqual((await call('GET', '/account/entitlements/')).json, FULL_PROFILE);
  });
});

describe('seeded targets', () => {
  test('50 distinct 12-character alphanumeric ids by default, the same on every start', async () => {
    const ids = sb.targetIds();
    assert.equal(ids.length, 50);
    assert.equal(new Set(ids).size, 50);
    assert.ok(ids.every((id) => /^[A-Za-z0-9]{12}$/.test(id)));
    assert.equal(ids[0], 'VBqMaOzE93qU');
    assert.deepEqual(sandboxTargetIds(50), ids);
    const other = await startSandbox({ targets: 5 });
    try {
      assert.deepEqual(other.targetIds(), ids.slice(0, 5));
    } finally {
      await other.close();
    }
  });

  test('a different seed gives different ids', () => {
    assert.notDeepEqual(sandboxTargetIds(3, 1), sandboxTargetIds(3));
  });
});

describe('auth and routing', () => {
  test('no credentials: 401 with detail', async () => {
    const r = await call('GET', '/account/entitlements/', undefined, { authorization: '' });
    assert.equal(r.status, 401);
    assert.deepEqual(r.json, { detail: 'Authentication credentials were not provided.' });
  });

  test('a wrong token or scheme: 401 with detail, the token not echoed', async () => {
    for (const value of ['JWT nope', `Basic ${TOKEN}`, TOKEN, `JWT ${TOKEN} extra`]) {
      const r = await call('GET', '/account/entitlements/', undefined, { authorization: value });
      assert.equal(r.status, 401, value);
      assert.deepEqual(r.json, { detail: 'Incorrect authentication credentials.' });
      assert.ok(!r.text.includes(TOKEN));
    }
  });

  test('JWT, Bearer and Token schemes are all accepted, in any case', async () => {
    for (const scheme of ['JWT', 'Bearer', 'Token', 'jwt', 'bearer']) {
      assert.equal((await call('GET', '/account/entitlements/', undefined, { authorization: `${scheme} ${TOKEN}` })).status, 200, scheme);
    }
  });

  test('a custom auth header', async () => {
    const custom = await startSandbox({ token: TOKEN, authHeader: 'X-Api-Key' });
    try {
      const ok = await fetch(`${custom.url}/account/entitlements/`, { headers: { 'x-api-key': `Token ${TOKEN}` } });
      assert.equal(ok.status, 200);
      await ok.arrayBuffer();
      const no = await fetch(`${custom.url}/account/entitlements/`, { headers: { authorization: `Token ${TOKEN}` } });
      assert.equal(no.status, 401);
      await no.arrayBuffer();
    } finally {
      await custom.close();
    }
  });

  test('unknown paths: 404 {detail: "Not found."}, before auth', async () => {
    for (const p of ['/nope/', '/account/entitlements', '/targets/bulk/update']) {
      const r = await call('GET', p, undefined, { authorization: '' });
      assert.equal(r.status, 404, p);
      assert.deepEqual(r.json, { detail: 'Not found.' });
    }
    const outside = await fetch(`http://127.0.0.1:${sb.port}/account/entitlements/`);
    assert.equal(outside.status, 404);
    await outside.arrayBuffer();
  });

  test('wrong methods: 405 with detail and Allow', async () => {
    const r = await call('POST', '/account/entitlements/', {});
    assert.equal(r.status, 405);
    assert.deepEqual(r.json, { detail: 'Method "POST" not allowed.' });
    assert.equal(r.headers.get('allow'), 'GET');
    const g = await call('GET', '/targets/bulk/update/');
    assert.equal(g.status, 405);
    assert.equal(g.headers.get('allow'), 'POST');
  });
});

describe('bulk update request checks (spec 7.1 shapes)', () => {
  test('a body that is not JSON, or not an object: 400 non_field_errors', async () => {
    const bad = await bulk('{"ids": [');
    assert.equal(bad.status, 400);
    assert.match(at((bad.json as { non_field_errors: string[] }).non_field_errors, 0), /^JSON parse error - /);
    for (const [body, type] of [
      [[], 'list'],
      ['"text"', 'str'],
      ['42', 'int'],
      ['null', 'NoneType'],
    ] as const) {
      const r = await bulk(typeof body === 'string' ? body : JSON.stringify(body));
      assert.equal(r.status, 400);
      assert.deepEqual(r.json, { non_field_errors: [`Invalid data. Expected a dictionary, but got ${type}.`] });
    }
  });

  test('a non-JSON content type: 415', async () => {
    const r = await call('POST', '/targets/bulk/update/', 'ids=a', { 'content-type': 'text/plain' });
    assert.equal(r.status, 415);
    assert.deepEqual(r.json, { detail: 'Unsupported media type "text/plain" in request.' });
  });

  test('missing required fields', async () => {
    const r = await bulk({});
    assert.equal(r.status, 400);
    assert.deepEqual(r.json, { ids: ['This field is required.'], site: ['This field is required.'] });
  });

  test('nested fields give nested objects; object lists give lists with {} placeholders; scalar lists are index-keyed', async () => {
    const [id] = sb.targetIds();
    const r = await bulk({
      ids: [id, 7],
      site: {
        name: 'x'.repeat(256),
        url: 'not a url',
        headers: [{ name: 'A', value: 'b' }, { name: 'B' }],
        basic_auth: { username: 'u', password: 'p', extra: 1 },
        otp_digits: 9,
      },
      report_type: 'weekly',
      blackout_period: { begin: '25:00', cease: '06:00', weekdays: [1, 'x'] },
      unknown_field: true,
    });
    assert.equal(r.status, 400);
    assert.deepEqual(r.json, {
      ids: { '1': ['Not a valid string.'] },
      site: {
        name: ['Ensure this field has no more than 255 characters.'],
        url: ['Enter a valid URL.'],
        headers: [{}, { value: ['This field is required.'] }],
        basic_auth: { extra: ['Unknown field: the service does not accept it.'] },
        otp_digits: ['"9" is not a valid choice.'],
      },
      report_type: ['"weekly" is not a valid choice.'],
      blackout_period: { begin: ['Enter a valid value.'], weekdays: { '1': ['A valid integer is required.'] } },
      unknown_field: ['Unknown field: the service does not accept it.'],
    });
    assert.deepEqual(sb.changes, []);
  });

  test('conditional requirements and empty lists', async () => {
    const r = await bulk({ ids: [], site: { has_basic_auth: true }, scanning_agent: null, include_deduplicated_endpoints: null });
    assert.equal(r.status, 400);
    assert.deepEqual(r.json, { ids: ['This list may not be empty.'], site: { basic_auth: ['This field is required.'] } });
  });
});

describe('bulk update behaviour and the change record', () => {
  test('success: 200 {ids}, settings applied (site merged), one change recorded', async () => {
    sb.reset();
    const ids = sb.targetIds().slice(0, 3);
    const r = await bulk({ ids, site: { desc: 'new' }, report_type: 'owasp', labels: [{ name: 'prod', color: '#ff0000' }] });
    assert.equal(r.status, 200);
    assert.deepEqual(r.json, { ids });
    assert.deepEqual(sb.changes, [
      {
        request: 1,
        ids,
        fields: ['site', 'report_type', 'labels'],
        settings: { site: { desc: 'new' }, report_type: 'owasp', labels: [{ name: 'prod', color: '#ff0000' }] },
        validateIds: true,
      },
    ]);
    assert.deepEqual(sb.target(at(ids, 0))?.settings, {
      site: { name: 'Checkout (staging)', url: 'https://checkout.staging.example.com', desc: 'new' },
      report_type: 'owasp',
      labels: [{ name: 'prod', color: '#ff0000' }],
    });
    assert.deepEqual(sb.requests, [
      { n: 1, method: 'POST', path: '/api/v1/targets/bulk/update/', query: 'is_id_404_validation=true', status: 200, idsCount: 3 },
    ]);
  });

  test('repeated ids are applied once', async () => {
    sb.reset();
    const [a, b] = sb.targetIds();
    const r = await bulk({ ids: [a, b, a], site: {} });
    assert.deepEqual(r.json, { ids: [a, b] });
    assert.deepEqual(
      sb.changes.map((c) => c.ids),
      [[a, b]],
    );
  });

  test('unknown ids with validation: custom 404 (spec 7.2) and nothing applied', async () => {
    sb.reset();
    const [a] = sb.targetIds();
    assert.ok(a, 'a demo target');
    const r = await bulk({ ids: [a, 'zzzzzzzzzzz1', 'zzzzzzzzzzz2'], site: { name: 'never' } });
    assert.equal(r.status, 404);
    assert.deepEqual(r.json, { detail: 'Not found.', is_id_404_validation: true, invalid_ids: ['zzzzzzzzzzz1', 'zzzzzzzzzzz2'] });
    assert.deepEqual(sb.changes, []);
    assert.equal((sb.target(a)?.settings.site as Record<string, unknown>).name, 'Checkout (staging)');
  });

  test('unknown ids without validation: the known ones are updated and listed', async () => {
    sb.reset();
    const [a, b] = sb.targetIds();
    assert.ok(a && b, 'two demo targets');
    const r = await bulk({ ids: ['zzzzzzzzzzz1', a, b], site: { name: 'partial' } }, false);
    assert.equal(r.status, 200);
    assert.deepEqual(r.json, { ids: [a, b] });
    assert.deepEqual(
      sb.changes.map((c) => [c.ids, c.validateIds]),
      [[[a, b], false]],
    );
    assert.equal((sb.target(b)?.settings.site as Record<string, unknown>).name, 'partial');
  });

  test('only unknown ids without validation: 200 with no ids, no change', async () => {
    sb.reset();
    const r = await bulk({ ids: ['zzzzzzzzzzz1'], site: {} }, false);
    assert.deepEqual([r.status, r.json], [200, { ids: [] }]);
    assert.deepEqual(sb.changes, []);
  });

  test('reset() restores the seeded store and clears the logs', async () => {
    const [a] = sb.targetIds();
    assert.ok(a, 'a demo target');
    await bulk({ ids: [a], site: { name: 'changed' } });
    sb.reset();
    assert.deepEqual(sb.changes, []);
    assert.deepEqual(sb.requests, []);
    assert.equal((sb.target(a)?.settings.site as Record<string, unknown>).name, 'Checkout (staging)');
  });

  test('onRequest sees every answered request', async () => {
    const seen: string[] = [];
    const s = await startSandbox({ onRequest: (r) => seen.push(`${r.method} ${r.path} ${r.status}`) });
    try {
      await (await fetch(`${s.url}/account/entitlements/`, { headers: { authorization: `JWT ${s.token}` } })).arrayBuffer();
      await (await fetch(`${s.url}/nope`)).arrayBuffer();
      assert.deepEqual(seen, ['GET /api/v1/account/entitlements/ 200', 'GET /api/v1/nope 404']);
      assert.equal(s.token, 'sandbox-token');
    } finally {
      await s.close();
    }
  });
});

describe('faults', () => {
  test('failNext: canned statuses in order, with Retry-After and bodies', async () => {
    sb.reset();
    sb.setFaults({ failNext: [{ status: 429, retryAfter: 1 }, { status: 503, body: 'down', contentType: 'text/plain' }, { status: 500 }] });
    const a = await call('GET', '/account/entitlements/');
    assert.deepEqual([a.status, a.headers.get('retry-after'), a.json], [429, '1', { detail: 'Request was throttled.' }]);
    const b = await call('GET', '/account/entitlements/');
    assert.deepEqual([b.status, b.text, b.headers.get('content-type')], [503, 'down', 'text/plain']);
    const c = await call('GET', '/account/entitlements/');
    assert.deepEqual([c.status, c.json], [500, { detail: 'A server error occurred.' }]);
    assert.equal((await call('GET', '/account/entitlements/')).status, 200);
    assert.deepEqual(
      sb.requests.map((r) => r.fault),
      ['failNext', 'failNext', 'failNext', undefined],
    );
  });

  test('an injected failure on a bulk update applies nothing', async () => {
    sb.reset();
    sb.setFaults({ failNext: [{ status: 503 }] });
    assert.equal((await bulk({ ids: sb.targetIds().slice(0, 1), site: {} })).status, 503);
    assert.deepEqual(sb.changes, []);
  });

  test('errorRate is reproducible for a seed', async () => {
    const run = async (): Promise<number[]> => {
      sb.reset();
      sb.setFaults({ errorRate: { 500: 0.3, 503: 0.3 }, seed: 42 });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await call('GET', '/account/entitlements/')).status);
      return statuses;
    };
    const first = await run();
    assert.deepEqual(await run(), first);
    assert.ok(first.includes(500) && first.includes(503) && first.includes(200), first.join(','));
  });

  test('nonJsonNext: an HTML page with 502 (or the status asked)', async () => {
    sb.reset();
    sb.setFaults({ nonJsonNext: 1 });
    const r = await call('GET', '/account/entitlements/');
    assert.equal(r.status, 502);
    assert.match(r.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(r.text, /^<!DOCTYPE html>/);
    sb.setFaults({ nonJsonNext: 1, nonJsonStatus: 200 });
    assert.equal((await call('GET', '/account/entitlements/')).status, 200);
  });

  test('resetNext and truncateNext: processed, then the answer is cut off', async () => {
    sb.reset();
    const ids = sb.targetIds().slice(0, 2);
    sb.setFaults({ resetNext: 1, truncateNext: 1 });
    await assert.rejects(bulk({ ids, site: { name: 'cut' } }));
    await assert.rejects(bulk({ ids, site: { name: 'cut' } }));
    assert.deepEqual(
      sb.requests.map((r) => [r.status, r.fault]),
      [
        [200, 'reset'],
        [200, 'truncate'],
      ],
    );
    assert.equal(sb.changes.length, 2);
    assert.equal((await bulk({ ids, site: {} })).status, 200);
  });

  test('hangNext: never answered; close() still returns', async () => {
    const watch = new RequestWatch();
    const s = await startSandbox({ faults: { hangNext: 1 }, onRequest: watch.onRequest });
    const pending = fetch(`${s.url}/account/entitlements/`, { headers: { authorization: `JWT ${s.token}` } });
    const outcome = pending.then(
      () => 'answered',
      () => 'failed',
    );
    await watch.until(() => s.requests.length === 1);
    assert.deepEqual(
      s.requests.map((r) => [r.status, r.fault]),
      [[0, 'hang']],
    );
    await s.close();
    assert.equal(await outcome, 'failed');
  });

  test('latencyMs holds every answer until that much time has passed', async () => {
    const clock = new ManualClock();
    const s = await startSandbox({ clock, faults: { latencyMs: 60 } });
    let answered = 0;
    const get = (): Promise<void> =>
      fetch(`${s.url}/account/entitlements/`, { headers: { authorization: `JWT ${s.token}` } }).then((res) => {
        assert.equal(res.status, 200);
        answered++;
      });
    const both = Promise.all([get(), get()]);
    await clock.timerSet(60, 2);
    clock.advance(59);
    assert.equal(answered, 0);
    assert.deepEqual(
      s.requests.map((r) => r.status),
      [0, 0],
      'received, not yet answered',
    );
    clock.advance(1);
    await both;
    assert.equal(answered, 2);
    await s.close();
  });
});

test('startSandbox refuses an unknown profile name', async () => {
  await assert.rejects(startSandbox({ profile: 'gold' as 'full' }), /Unknown sandbox profile "gold"/);
});
