// The client against the local sandbox over loopback (real HTTP): every status and body shape of
// spec section 7 and the others a real network produces, mapped to typed results and errors.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, ApiInvalidIdsError, ApiInvalidResponseError, ApiValidationError } from '../../../src/api/errors';
import { createClient, type ApiClient, type ClientOptions } from '../../../src/api/client';
import type { BulkUpdateBody } from '../../../src/api/types';
import { FULL_PROFILE, startSandbox, type Sandbox } from '../../../src/sandbox';
import { at } from '../../fixtures/at';
import { SECRET_TOKEN, SENSITIVE_HEADER_VALUE, SENSITIVE_PASSWORD, assertNothingLeaked, captured, recordingLogger, rejection, sensitiveBody } from './helpers';

let sandbox: Sandbox;
const clients: ApiClient[] = [];
const logger = recordingLogger();

function client(overrides: Partial<ClientOptions> = {}): ApiClient {
  const c = createClient({
    baseUrl: sandbox.url,
    token: SECRET_TOKEN,
    logger,
    retryBaseDelayMs: 0,
    retryMaxDelayMs: 20,
    requestTimeoutMs: 5_000,
    ...overrides,
  });
  clients.push(c);
  return c;
}

before(async () => {
  sandbox = await startSandbox({ token: SECRET_TOKEN });
});

after(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await sandbox.close();
});

describe('successful calls', () => {
  test('GET entitlements returns the record, checked against its schema', async () => {
    sandbox.reset();
    const record = await client().getEntitlements();
    assert.deepEqual(record, FULL_PROFILE);
    assert.deepEqual(
      sandbox.requests.map((r) => [r.method, r.path, r.status]),
      [['GET', '/api/v1/account/entitlements/', 200]],
    );
  });

  test('the base URL is joined whatever its trailing slashes', async () => {
    sandbox.reset();
    const c = client({ baseUrl: `${sandbox.url}///` });
    assert.equal(c.baseUrl, sandbox.url);
    await c.getEntitlements();
    assert.equal(at(sandbox.requests, 0).path, '/api/v1/account/entitlements/');
  });

  test('bulk update sends is_id_404_validation=true by default and returns the updated ids', async () => {
    sandbox.reset();
    const ids = sandbox.targetIds().slice(0, 3);
    const result = await client().bulkUpdate({ ids, site: { name: 'Renamed' }, report_type: 'owasp' });
    assert.deepEqual(result, { ids, notUpdated: [], attempts: 1 });
    assert.equal(at(sandbox.requests, 0).query, 'is_id_404_validation=true');
    assert.equal(at(sandbox.requests, 0).idsCount, 3);
    assert.deepEqual(
      sandbox.changes.map((c) => ({ request: c.request, ids: c.ids, fields: c.fields })),
      [{ request: 1, ids, fields: ['site', 'report_type'] }],
    );
    assert.equal((sandbox.target(at(ids, 0))?.settings.site as Record<string, unknown>).name, 'Renamed');
    assert.equal(sandbox.target(at(ids, 0))?.settings.report_type, 'owasp');
  });

  test('validateIds: false sends no query and reports the skipped ids', async () => {
    sandbox.reset();
    const [a, b] = sandbox.targetIds();
    assert.ok(a && b, 'two demo targets');
    const result = await client().bulkUpdate({ ids: [a, 'unknownId001', b], site: { name: 'x' } }, { validateIds: false });
    assert.deepEqual(result, { ids: [a, b], notUpdated: ['unknownId001'], attempts: 1 });
    assert.equal(at(sandbox.requests, 0).query, '');
    assert.deepEqual(
      sandbox.changes.map((c) => c.ids),
      [[a, b]],
    );
  });

  test('the auth header name and scheme are configurable', async () => {
    const custom = await startSandbox({ token: SECRET_TOKEN, authHeader: 'X-Api-Key' });
    try {
      const c = client({ baseUrl: custom.url, authHeader: 'X-Api-Key', authScheme: 'Token' });
      await c.getEntitlements();
      const wrongHeader = client({ baseUrl: custom.url });
      assert.equal((await rejection<ApiError>(wrongHeader.getEntitlements())).kind, 'unauthorized');
      await c.close();
      await wrongHeader.close();
    } finally {
      await custom.close();
    }
  });

  test('request line and headers: auth, JSON content type, accept, user agent; no redirect following', async () => {
    const seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(req.method === 'GET' ? FULL_PROFILE : { ids: ['a'] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const c = client({ baseUrl: `http://127.0.0.1:${port}/base/path/`, userAgent: 'scan-targets-test/1.2.3' });
      await c.getEntitlements();
      await c.bulkUpdate({ ids: ['a'], site: { name: 'n' } });
      await c.close();
      assert.deepEqual(
        seen.map((r) => `${r.method} ${r.url}`),
        ['GET /base/path/account/entitlements/', 'POST /base/path/targets/bulk/update/?is_id_404_validation=true'],
      );
      for (const r of seen) {
        assert.equal(r.headers.authorization, `JWT ${SECRET_TOKEN}`);
        assert.equal(r.headers.accept, 'application/json');
        assert.equal(r.headers['user-agent'], 'scan-targets-test/1.2.3');
      }
      assert.equal(at(seen, 1).headers['content-type'], 'application/json');
      assert.deepEqual(JSON.parse(at(seen, 1).body), { ids: ['a'], site: { name: 'n' } });
      assert.equal(at(seen, 0).headers['content-type'], undefined);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('an async token provider is read for every request', async () => {
    sandbox.reset();
    let calls = 0;
    const c = client({ token: async () => (calls++, SECRET_TOKEN) });
    await c.getEntitlements();
    await c.getEntitlements();
    assert.equal(calls, 2);
  });

  test('the keep-alive pool reuses connections', async () => {
    const c = client();
    const before = sandbox.connectionCount();
    for (let i = 0; i < 10; i++) await c.getEntitlements();
    // undici may open a second socket while the first is being released; never one per request.
    assert.ok(sandbox.connectionCount() - before <= 2, `${sandbox.connectionCount() - before} connections for 10 requests`);
  });
});

describe('error statuses (spec 7)', () => {
  test('400 with nested field errors: raw structure and flattened paths', async () => {
    sandbox.reset();
    const ids = sandbox.targetIds().slice(0, 1);
    const err = await rejection<ApiValidationError>(
      client().bulkUpdate({ ids, site: { name: 'n'.repeat(300), headers: [{ name: 'ok', value: 'v' }, { name: 'X' }] } }),
    );
    assert.ok(err instanceof ApiValidationError);
    assert.equal(err.kind, 'validation');
    assert.equal(err.status, 400);
    assert.deepEqual(err.errors, {
      site: {
        name: ['Ensure this field has no more than 255 characters.'],
        headers: [{}, { value: ['This field is required.'] }],
      },
    });
    assert.deepEqual(err.fieldErrors, [
      { path: ['site', 'name'], messages: ['Ensure this field has no more than 255 characters.'] },
      { path: ['site', 'headers', 1, 'value'], messages: ['This field is required.'] },
    ]);
    assert.match(
      err.message,
      /rejected the bulk update as invalid \(400 Bad Request\): `site\.name`: Ensure this field has no more than 255 characters\.; `site\.headers\[1\]\.value`: This field is required\. Correct these and send again/,
    );
    assert.deepEqual(sandbox.changes, []);
  });

  test('400 with non_field_errors (a body that is not an object)', async () => {
    sandbox.reset();
    const err = await rejection<ApiValidationError>(client().bulkUpdate([] as unknown as BulkUpdateBody));
    assert.equal(err.kind, 'validation');
    assert.deepEqual(err.errors, { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
    assert.deepEqual(err.fieldErrors, [{ path: [], messages: ['Invalid data. Expected a dictionary, but got list.'] }]);
    assert.match(err.message, /Expected a dictionary, but got list/);
  });

  test('400 on the entitlements read (spec 4.2) with fields and non_field_errors', async () => {
    sandbox.reset();
    sandbox.setFaults({ failNext: [{ status: 400, body: { non_field_errors: ['Account is suspended.'], account: { plan: ['Unknown plan.'] } } }] });
    const err = await rejection<ApiValidationError>(client().getEntitlements());
    assert.equal(err.kind, 'validation');
    assert.deepEqual(err.fieldErrors, [
      { path: [], messages: ['Account is suspended.'] },
      { path: ['account', 'plan'], messages: ['Unknown plan.'] },
    ]);
    assert.match(err.message, /the entitlements read as invalid .*Account is suspended\..*`account\.plan`: Unknown plan\./);
  });

  test('401 with detail', async () => {
    const err = await rejection<ApiError>(client({ token: 'wrong-token-value' }).getEntitlements());
    assert.equal(err.kind, 'unauthorized');
    assert.equal(err.status, 401);
    assert.equal(err.detail, 'Incorrect authentication credentials.');
    assert.match(
      err.message,
      /refused the API token .*401 Unauthorized: "Incorrect authentication credentials\."\)\. Set a valid API token for http:\/\/127\.0\.0\.1:\d+.*scheme \(JWT\).*header \(Authorization\)/,
    );
    assert.ok(!err.message.includes('wrong-token-value'));
  });

  test('404 with detail (a wrong base URL)', async () => {
    const err = await rejection<ApiError>(client({ baseUrl: `${sandbox.url}/v2` }).getEntitlements());
    assert.equal(err.kind, 'not-found');
    assert.equal(err.status, 404);
    assert.equal(err.detail, 'Not found.');
    assert.match(err.message, /404 Not Found to GET \/api\/v1\/v2\/account\/entitlements\/: "Not found\."\. Check the base URL/);
  });

  test('custom 404 with invalid_ids (spec 7.2): nothing applied', async () => {
    sandbox.reset();
    const [a, b] = sandbox.targetIds();
    assert.ok(a && b, 'two demo targets');
    const err = await rejection<ApiInvalidIdsError>(client().bulkUpdate({ ids: [a, 'missingId001', b, 'missingId002'], site: { name: 'x' } }));
    assert.ok(err instanceof ApiInvalidIdsError);
    assert.equal(err.kind, 'invalid-ids');
    assert.deepEqual(err.invalidIds, ['missingId001', 'missingId002']);
    assert.equal(err.detail, 'Not found.');
    assert.match(err.message, /2 of the 4 ids are not valid targets \(missingId001, missingId002\)\. Remove or correct those ids/);
    assert.deepEqual(sandbox.changes, []);
    assert.equal((sandbox.target(a)?.settings.site as Record<string, unknown>).name, 'Checkout (staging)');
  });

  test('500 with detail', async () => {
    sandbox.reset();
    sandbox.setFaults({ failNext: [{ status: 500 }] });
    const err = await rejection<ApiError>(client().getEntitlements());
    assert.equal(err.kind, 'server');
    assert.equal(err.detail, 'A server error occurred.');
    assert.equal(sandbox.requests.length, 1, '500 is not retried');
    assert.match(
      err.message,
      /internal error while handling the entitlements read \(500 Internal Server Error: "A server error occurred\."\)\. Try again later/,
    );
  });

  test('418: unexpected status, quoting a short redacted excerpt of the body', async () => {
    sandbox.reset();
    const page = `<html><body><h1>I'm a teapot</h1><p>Echo: Authorization: JWT ${SECRET_TOKEN}; password=${SENSITIVE_PASSWORD}</p>${'padding '.repeat(60)}</body></html>`;
    sandbox.setFaults({ failNext: [{ status: 418, body: page, contentType: 'text/html' }] });
    const err = await rejection<ApiError>(client().bulkUpdate(sensitiveBody(sandbox.targetIds().slice(0, 1))));
    assert.equal(err.kind, 'unexpected-status');
    assert.equal(err.status, 418);
    assert.match(
      err.message,
      /answered the bulk update with 418 I'm a teapot, which the client does not expect\. Body \(text\/html\): "<html><body><h1>I'm a teapot<\/h1><p>Echo: Authorization: JWT \*\*\*; password=\*\*\*/,
    );
    const quoted = /Body \(text\/html\): "([^"]*)"/.exec(err.message)?.[1] ?? '';
    assert.ok(quoted.length <= 200, `excerpt of ${quoted.length} characters`);
    assert.ok(quoted.endsWith('…'));
  });

  test('a non-JSON error body (400 text/plain) is an unexpected status', async () => {
    sandbox.reset();
    sandbox.setFaults({ failNext: [{ status: 400, body: 'Bad request, sorry', contentType: 'text/plain' }] });
    const err = await rejection<ApiError>(client().getEntitlements());
    assert.equal(err.kind, 'unexpected-status');
    assert.match(err.message, /400 Bad Request.*Body \(text\/plain\): "Bad request, sorry"/);
  });

  test('an empty error body', async () => {
    sandbox.reset();
    sandbox.setFaults({ failNext: [{ status: 409, body: '' }] });
    const err = await rejection<ApiError>(client().getEntitlements());
    assert.equal(err.kind, 'unexpected-status');
    assert.match(err.message, /409 Conflict.*The body was empty\./);
  });

  test('a redirect is not followed (the token stays here)', async () => {
    sandbox.reset();
    sandbox.setFaults({ failNext: [{ status: 302, body: '' }] });
    const err = await rejection<ApiError>(client().getEntitlements());
    assert.equal(err.kind, 'unexpected-status');
    assert.match(err.message, /redirected .*does not follow redirects/);
    assert.equal(sandbox.requests.length, 1);
  });
});

describe('invalid responses (2xx bodies that break their schema)', () => {
  test('a missing entitlements field is named', async () => {
    sandbox.reset();
    const { max_users: _dropped, ...missing } = FULL_PROFILE;
    sandbox.setProfile(missing);
    const err = await rejection<ApiInvalidResponseError>(client().getEntitlements());
    assert.ok(err instanceof ApiInvalidResponseError);
    assert.equal(err.kind, 'invalid-response');
    assert.deepEqual(err.problems, [{ path: ['max_users'], message: 'max_users is required' }]);
    assert.match(err.message, /answer to the entitlements read does not match the specification: max_users is required\./);
  });

  test('a wrong type is named with what was found', async () => {
    sandbox.reset();
    sandbox.setProfile({ ...FULL_PROFILE, allow_sso: 'yes' });
    const err = await rejection<ApiInvalidResponseError>(client().getEntitlements());
    assert.match(err.message, /allow_sso must be true or false, found a string/);
  });

  test('nested credit pack problems carry their path', async () => {
    sandbox.reset();
    const packs = structuredClone(FULL_PROFILE.allowed_credits_packs) as unknown as Record<string, unknown>[];
    at(packs, 1).price = 1.5;
    at(packs, 2).currency_code = 'JPY';
    sandbox.setProfile({ ...FULL_PROFILE, allowed_credits_packs: packs });
    const err = await rejection<ApiInvalidResponseError>(client().getEntitlements());
    assert.deepEqual(
      err.problems.map((p) => p.message),
      [
        'allowed_credits_packs[1].price must be a whole number, found a decimal number',
        'allowed_credits_packs[2].currency_code must be one of: USD, EUR, GBP, "", found "JPY"',
      ],
    );
  });

  test('unknown extra fields are tolerated', async () => {
    sandbox.reset();
    sandbox.setProfile({ ...FULL_PROFILE, allow_new_feature: true });
    const record = await client().getEntitlements();
    assert.equal((record as unknown as Record<string, unknown>).allow_new_feature, true);
  });

  test('a bulk update answer without a list of ids', async () => {
    sandbox.reset();
    sandbox.setFaults({ failNext: [{ status: 200, body: { ids: 'abc' } }] });
    const err = await rejection<ApiInvalidResponseError>(client().bulkUpdate({ ids: ['a'], site: {} }));
    assert.equal(err.kind, 'invalid-response');
    assert.match(err.message, /answer to the bulk update does not match the specification: ids must be a list, found a string/);
    assert.equal(err.maybeApplied, true);
  });

  test('200 with an HTML page (a login portal, a wrong base URL)', async () => {
    sandbox.reset();
    sandbox.setFaults({ nonJsonNext: 1, nonJsonStatus: 200 });
    const err = await rejection<ApiError>(client().getEntitlements());
    assert.equal(err.kind, 'invalid-response');
    assert.match(err.message, /answered 200 OK to the entitlements read, but not with JSON\. Body \(text\/html; charset=utf-8\): "<!DOCTYPE html>/);
  });

  test('200 with an empty body', async () => {
    sandbox.reset();
    sandbox.setFaults({ failNext: [{ status: 200, body: '' }] });
    const err = await rejection<ApiError>(client().getEntitlements());
    assert.equal(err.kind, 'invalid-response');
    assert.match(err.message, /answered 200 OK to the entitlements read, but with an empty body/);
  });
});

describe('refusals before any network access', () => {
  test('plain http:// to a non-loopback host: insecure-transport, token never read', async () => {
    let tokenRead = false;
    const c = client({ baseUrl: 'http://example.invalid/api', token: () => ((tokenRead = true), SECRET_TOKEN) });
    const err = await rejection<ApiError>(c.getEntitlements());
    assert.equal(err.kind, 'insecure-transport');
    assert.equal(err.attempts, 0);
    assert.equal(tokenRead, false);
    assert.match(err.message, /Refusing to send the API token to example\.invalid over plain http:\/\/.*Use an https:\/\/ base URL.*loopback addresses/);
    const bulk = await rejection<ApiError>(c.bulkUpdate({ ids: ['a'], site: {} }));
    assert.equal(bulk.kind, 'insecure-transport');
  });

  test('a name that merely ends in .localhost is not loopback: plain http:// to it is refused', async () => {
    let tokenRead = false;
    const c = client({ baseUrl: 'http://sandbox.localhost:8080/api/v1', token: () => ((tokenRead = true), SECRET_TOKEN) });
    const err = await rejection<ApiError>(c.getEntitlements());
    assert.equal(err.kind, 'insecure-transport');
    assert.equal(tokenRead, false);
  });

  test('http://localhost is allowed (loopback)', async () => {
    const c = client({ baseUrl: sandbox.url.replace('127.0.0.1', 'localhost') });
    // localhost may resolve to ::1 first where the sandbox does not listen; either way it is not refused.
    try {
      await c.getEntitlements();
    } catch (err) {
      assert.notEqual((err as ApiError).kind, 'insecure-transport');
    }
  });

  test('no token: configuration error, nothing sent', async () => {
    sandbox.reset();
    const err = await rejection<ApiError>(client({ token: async () => undefined }).getEntitlements());
    assert.equal(err.kind, 'configuration');
    assert.match(err.message, /No API token is set for http:\/\/127\.0\.0\.1:\d+/);
    assert.equal(sandbox.requests.length, 0);
  });

  test('a malformed base URL or a non-http scheme', async () => {
    assert.equal((await rejection<ApiError>(client({ baseUrl: 'not a url' }).getEntitlements())).kind, 'configuration');
    assert.match((await rejection<ApiError>(client({ baseUrl: 'ftp://example.com/x' }).getEntitlements())).message, /must start with https:\/\//);
  });

  test('a token with a line break is refused without echoing it', async () => {
    sandbox.reset();
    const err = await rejection<ApiError>(client({ token: `${SECRET_TOKEN}\r\nX-Evil: 1` }).getEntitlements());
    assert.equal(err.kind, 'configuration');
    assert.equal(sandbox.requests.length, 0);
  });

  test('a closed client refuses new requests', async () => {
    const c = client();
    await c.close();
    assert.equal((await rejection<ApiError>(c.getEntitlements())).kind, 'cancelled');
  });
});

describe('secrets', () => {
  test('log lines carry method, path, status, attempt and id count, never a body', async () => {
    sandbox.reset();
    const own = recordingLogger();
    const ids = sandbox.targetIds().slice(0, 2);
    await client({ logger: own }).bulkUpdate(sensitiveBody(ids));
    const text = own.lines.join('\n');
    assert.match(text, /POST \/api\/v1\/targets\/bulk\/update\/\?is_id_404_validation=true \(2 ids\) -> 200 in \d+ ms \(attempt 1\/4\)/);
    assert.ok(!text.includes('scanner'), 'no body value is logged');
    assert.ok(!text.includes(at(ids, 0)), 'ids are counted, not listed');
  });

  test('sensitive values a server echoes in a 400 are redacted from the error', async () => {
    sandbox.reset();
    sandbox.setFaults({
      failNext: [
        {
          status: 400,
          body: { site: { headers: [{ value: [`"${SENSITIVE_HEADER_VALUE}" is not allowed.`] }] }, non_field_errors: [`token ${SECRET_TOKEN} is odd`] },
        },
      ],
    });
    const err = await rejection<ApiValidationError>(client().bulkUpdate(sensitiveBody(sandbox.targetIds().slice(0, 1))));
    assert.deepEqual(err.fieldErrors, [
      { path: ['site', 'headers', 0, 'value'], messages: ['"***" is not allowed.'] },
      { path: [], messages: ['token *** is odd'] },
    ]);
  });

  test('nothing captured in this file contains the token or a sensitive value', () => {
    assert.ok(logger.lines.length > 20);
    assert.ok(
      captured.some((line) => line.includes('***')),
      'redaction happened at least once',
    );
    assertNothingLeaked();
  });
});
