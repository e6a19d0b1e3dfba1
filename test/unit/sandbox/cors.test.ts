// The sandbox and cross-origin calls, over real HTTP: without origins it sends no CORS header (a
// service that does not allow them); with origins it answers their preflight and marks their
// answers, errors included, and says nothing to any other origin.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../../src/sandbox';

const EDITOR = 'http://127.0.0.1:8080';
const TOKEN = 'cors-token';
let open: Sandbox;
let closed: Sandbox;

before(async () => {
  open = await startSandbox({ token: TOKEN, cors: [EDITOR] });
  closed = await startSandbox({ token: TOKEN });
});
after(async () => {
  await open.close();
  await closed.close();
});

const preflight = (sandbox: Sandbox, origin: string): Promise<Response> =>
  fetch(`${sandbox.url}/targets/bulk/update/`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
  });

test('an allowed origin: the preflight allows POST with the token header, and answers name the origin and expose Retry-After', async () => {
  const answer = await preflight(open, EDITOR);
  assert.equal(answer.status, 204);
  assert.equal(answer.headers.get('access-control-allow-origin'), EDITOR);
  assert.match(answer.headers.get('access-control-allow-methods') ?? '', /\bPOST\b/);
  assert.match(answer.headers.get('access-control-allow-headers') ?? '', /\bauthorization\b/);
  assert.equal(open.changes.length, 0, 'a preflight changes nothing');

  const read = await fetch(`${open.url}/account/entitlements/`, { headers: { origin: EDITOR, authorization: `JWT ${TOKEN}` } });
  assert.equal(read.status, 200);
  assert.equal(read.headers.get('access-control-allow-origin'), EDITOR);
  assert.equal(read.headers.get('access-control-expose-headers'), 'Retry-After');

  const refused = await fetch(`${open.url}/account/entitlements/`, { headers: { origin: EDITOR, authorization: 'JWT wrong' } });
  assert.equal(refused.status, 401);
  assert.equal(refused.headers.get('access-control-allow-origin'), EDITOR, 'an error is readable too: the page can say what happened');
});

test('another origin, or a sandbox without origins: no CORS header, so a browser blocks the call', async () => {
  const other = await preflight(open, 'https://elsewhere.example');
  assert.equal(other.headers.get('access-control-allow-origin'), null);
  for (const sandbox of [open, closed]) {
    const read = await fetch(`${sandbox.url}/account/entitlements/`, { headers: { origin: 'https://elsewhere.example', authorization: `JWT ${TOKEN}` } });
    assert.equal(read.status, 200, 'the call itself is answered; only a browser holds the answer back');
    assert.equal(read.headers.get('access-control-allow-origin'), null);
  }
  const closedPreflight = await preflight(closed, EDITOR);
  assert.equal(closedPreflight.headers.get('access-control-allow-origin'), null);
});
