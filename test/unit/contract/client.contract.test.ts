// The client against the contract fixtures (test/fixtures/contract/): a replay server on loopback
// answers each fixture's response and records the request it got; the real client runs the
// fixture's operation over real HTTP, once over each wire (undici's, and the browser build's fetch,
// here Node's). The request must be the fixture's (method, path, query,
// content type, auth header, JSON body; the content type is application/json where a fixture
// sends another or none, which the client never does), and the client's result or error must be
// what the documented response means, as written out below for each fixture (not derived from the
// fixture, so that a wrong fixture fails here too). The sandbox is held to the same fixtures by
// sandbox.contract.test.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { ApiError, ApiInvalidIdsError, ApiValidationError } from '../../../src/api/errors';
import { createClient, type ApiClient, type ClientOptions } from '../../../src/api/client';
import { createWebClient } from '../../../src/api/webClient';
import type { BulkUpdateBody } from '../../../src/api/types';
import { CONTRACT_HEADERS, CONTRACT_TOKEN, KNOWN_IDS, UNKNOWN_IDS, WRONG_TOKEN, loadContractFixtures, type ContractFixture } from '../../fixtures/contract';

const ROOT = path.resolve(__dirname, '../../../..');
/** The full entitlements record, from its own fixture file (not the contract fixture's copy). */
const FULL_RECORD = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/fixtures/entitlements/full.json'), 'utf8')) as unknown;
/** A base URL with a path, so the fixtures' paths are shown to be relative to it. */
const BASE_PATH = '/contract/base';
/** Each wire the client goes over: undici's on Node, fetch in the browser build (here Node's fetch). */
const WIRES: readonly (readonly [string, (options: ClientOptions) => ApiClient])[] = [
  ['undici', createClient],
  ['fetch', createWebClient],
];

const [K0, K1] = KNOWN_IDS;
const [U0, U1] = UNKNOWN_IDS;

/** The parts of an `ApiError` the documented response decides. */
interface ErrorView {
  kind: string;
  status?: number;
  detail?: string;
  invalidIds?: string[];
  errors?: unknown;
  fieldErrors?: { path: readonly (string | number)[]; messages: readonly string[] }[];
}

type Operation = (client: ApiClient, body: unknown) => Promise<unknown>;

/**
 * The client sends every body as JSON. A fixture whose request carries another Content-Type, or none, is
 * still replayed, to check how the client reads the answer: `sent` is the type the client is
 * checked to send instead, `because` says why the fixture's cannot be.
 */
interface ContentTypeSent {
  sent: string;
  because: string;
}

type Expectation =
  | { skip: string }
  | { operation: Operation; token?: string; contentType?: ContentTypeSent; result: unknown }
  | { operation: Operation; token?: string; contentType?: ContentTypeSent; error: ErrorView };

const getEntitlements: Operation = (client) => client.getEntitlements();
const bulkUpdate =
  (validateIds: boolean): Operation =>
  (client, body) =>
    client.bulkUpdate(body as BulkUpdateBody, { validateIds });

/** What each fixture's response must give the caller of the client. */
const EXPECTED: Record<string, Expectation> = {
  'entitlements-read-200': { operation: getEntitlements, result: FULL_RECORD },
  'entitlements-read-401-wrong-token': {
    operation: getEntitlements,
    token: WRONG_TOKEN,
    error: { kind: 'unauthorized', status: 401, detail: 'Incorrect authentication credentials.' },
  },
  'entitlements-read-401-no-token': { skip: 'the client never sends a request without its token (it stops with a configuration error first)' },
  'entitlements-read-400': {
    operation: getEntitlements,
    error: {
      kind: 'validation',
      status: 400,
      errors: { non_field_errors: ['Invalid request.'] },
      fieldErrors: [{ path: [], messages: ['Invalid request.'] }],
    },
  },
  'entitlements-read-404': { operation: getEntitlements, error: { kind: 'not-found', status: 404, detail: 'Not found.' } },
  'entitlements-read-500': { operation: getEntitlements, error: { kind: 'server', status: 500, detail: 'A server error occurred.' } },
  'bulk-update-200': { operation: bulkUpdate(true), result: { ids: [K0, K1], notUpdated: [], attempts: 1 } },
  'bulk-update-404-invalid-ids': {
    operation: bulkUpdate(true),
    error: { kind: 'invalid-ids', status: 404, detail: 'Not found.', invalidIds: [U0, U1] },
  },
  'bulk-update-200-unvalidated-unknown-ids': { operation: bulkUpdate(false), result: { ids: [K0, K1], notUpdated: [U0], attempts: 1 } },
  'bulk-update-400-missing-site': {
    operation: bulkUpdate(true),
    error: {
      kind: 'validation',
      status: 400,
      errors: { site: ['This field is required.'] },
      fieldErrors: [{ path: ['site'], messages: ['This field is required.'] }],
    },
  },
  'bulk-update-400-field-error-tree': {
    operation: bulkUpdate(true),
    error: {
      kind: 'validation',
      status: 400,
      errors: {
        site: { otp_login_sequence_totp_value: ['Ensure this field has at least 6 characters.'], headers: [{}, { value: ['This field is required.'] }] },
        report_type: ['"weekly" is not a valid choice.'],
      },
      fieldErrors: [
        { path: ['site', 'otp_login_sequence_totp_value'], messages: ['Ensure this field has at least 6 characters.'] },
        { path: ['site', 'headers', 1, 'value'], messages: ['This field is required.'] },
        { path: ['report_type'], messages: ['"weekly" is not a valid choice.'] },
      ],
    },
  },
  'bulk-update-400-non-field-errors': {
    operation: bulkUpdate(true),
    error: {
      kind: 'validation',
      status: 400,
      errors: { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] },
      fieldErrors: [{ path: [], messages: ['Invalid data. Expected a dictionary, but got list.'] }],
    },
  },
  'bulk-update-415-not-json': {
    operation: bulkUpdate(true),
    contentType: {
      sent: 'application/json',
      because: 'the client always declares its JSON body, so it never draws this 415 itself; only its reading of the answer is checked',
    },
    error: { kind: 'unexpected-status', status: 415, detail: 'Unsupported media type "" in request.' },
  },
  'bulk-update-401-wrong-token': {
    operation: bulkUpdate(true),
    token: WRONG_TOKEN,
    error: { kind: 'unauthorized', status: 401, detail: 'Incorrect authentication credentials.' },
  },
};

interface Recorded {
  method: string | undefined;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const fixtures = loadContractFixtures();
/** The fixture the replay server answers; one test at a time. */
let current: ContractFixture | undefined;
const received: Recorded[] = [];
let server: http.Server;
let port: number;

before(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (!current) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ detail: 'No fixture is being replayed.' }));
        return;
      }
      const { status, contentType, body } = current.response;
      res.writeHead(status, { 'content-type': contentType });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The client's result, or the parts of its error the response decides. */
async function outcomeOf(run: () => Promise<unknown>): Promise<{ result: unknown } | { error: ErrorView }> {
  try {
    return { result: await run() };
  } catch (err) {
    assert.ok(err instanceof ApiError, `expected an ApiError, got ${String(err)}`);
    const view: ErrorView = { kind: err.kind };
    if (err.status !== undefined) view.status = err.status;
    if (err.detail !== undefined) view.detail = err.detail;
    if (err instanceof ApiInvalidIdsError) view.invalidIds = err.invalidIds;
    if (err instanceof ApiValidationError) {
      view.errors = err.errors;
      view.fieldErrors = err.fieldErrors.map((f) => ({ path: [...f.path], messages: [...f.messages] }));
    }
    return { error: view };
  }
}

describe('the contract fixtures as the client sees them', () => {
  test('every fixture has an expectation, and every expectation names a fixture', () => {
    assert.deepEqual(fixtures.map((f) => f.name).sort(), Object.keys(EXPECTED).sort());
  });
});

for (const [wire, createWired] of WIRES) {
  describe(`the client sends each fixture request and reads its response as documented (${wire} wire)`, () => {
    for (const fixture of fixtures) {
      const expected = EXPECTED[fixture.name];
      const skip = expected === undefined ? 'no expectation written (the test above fails)' : 'skip' in expected ? expected.skip : false;
      test(`${fixture.name}: ${fixture.description}`, { skip }, async () => {
        assert.ok(expected && !('skip' in expected));
        current = fixture;
        received.length = 0;
        const client = createWired({
          baseUrl: `http://127.0.0.1:${port}${BASE_PATH}`,
          token: expected.token ?? CONTRACT_TOKEN,
          maxAttempts: 1,
          requestTimeoutMs: 5_000,
        });
        let outcome: { result: unknown } | { error: ErrorView };
        try {
          outcome = await outcomeOf(() => expected.operation(client, fixture.request.body));
        } finally {
          await client.close();
          current = undefined;
        }

        // (a) the request the client sent is the fixture's
        assert.equal(received.length, 1, 'one request');
        const [sent] = received;
        assert.ok(sent);
        const url = new URL(sent.url, 'http://replay.invalid');
        assert.equal(sent.method, fixture.request.method, 'method');
        assert.ok(url.pathname.startsWith(BASE_PATH), url.pathname);
        assert.equal(url.pathname.slice(BASE_PATH.length), fixture.request.path, 'path');
        assert.deepEqual(Object.fromEntries(url.searchParams), fixture.request.query, 'query');
        assert.equal([...url.searchParams].length, Object.keys(fixture.request.query).length, 'no repeated query parameter');
        const instead: ContentTypeSent | undefined = expected.contentType;
        for (const name of CONTRACT_HEADERS) {
          const replaced = name === 'content-type' && instead !== undefined;
          const want: string | undefined = replaced ? instead.sent : fixture.request.headers[name];
          assert.equal(sent.headers[name], want, `${name} header${replaced ? ` (the client's, not the fixture's: ${instead.because})` : ''}`);
        }
        if (fixture.request.body === undefined) assert.equal(sent.body, '', 'no body');
        else assert.deepEqual(JSON.parse(sent.body), fixture.request.body, 'body');

        // (b) the result or error is what the documented response means
        assert.deepEqual(outcome, 'result' in expected ? { result: expected.result } : { error: expected.error });
      });
    }
  });
}
