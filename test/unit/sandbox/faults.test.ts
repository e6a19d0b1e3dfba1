// The sandbox's faults for the fault matrix (test/unit/reliability/), each on its own over real
// HTTP with plain fetch: a connection reset before any processing, a 200 answer that leaves ids
// out, an answer held past a client's timeout, the ids kept in the request record, and the order in
// which `takeFault` hands out the queued faults.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { takeFault } from '../../../src/sandbox/faults';
import { startSandbox, type FaultOptions, type Sandbox } from '../../../src/sandbox';
import { ManualClock } from '../../fixtures/manualClock';

const TOKEN = 'sandbox-faults-token';
const clock = new ManualClock();
let sb: Sandbox;

before(async () => {
  sb = await startSandbox({ token: TOKEN, clock, recordIds: true });
});
after(async () => {
  await sb.close();
});

async function bulk(body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${sb.url}/targets/bulk/update/?is_id_404_validation=true`, {
    method: 'POST',
    headers: { authorization: `JWT ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, json: await res.json() };
}

describe('faults of the fault matrix', () => {
  test('resetBeforeNext: the connection is reset once the body is read; nothing applied, nothing answered', async () => {
    sb.reset();
    const ids = sb.targetIds().slice(0, 3);
    sb.setFaults({ resetBeforeNext: 1 });
    await assert.rejects(bulk({ ids, site: { name: 'dropped' } }));
    assert.deepEqual(sb.changes, []);
    assert.deepEqual(
      sb.requests.map((r) => [r.status, r.fault, r.idsCount]),
      [[0, 'resetBefore', 3]],
    );
    assert.equal((await bulk({ ids, site: { name: 'kept' } })).status, 200, 'one request only');
    assert.equal(sb.changes.length, 1);
  });

  test('omitIdsNext: every id applied, the 200 answer leaves the last omitIdsCount out', async () => {
    sb.reset();
    const ids = sb.targetIds().slice(0, 5);
    sb.setFaults({ omitIdsNext: 1, omitIdsCount: 2 });
    assert.deepEqual(await bulk({ ids, site: { name: 'short list' } }), { status: 200, json: { ids: ids.slice(0, 3) } });
    assert.deepEqual(
      sb.changes.map((c) => c.ids),
      [ids],
    );
    assert.deepEqual(
      sb.requests.map((r) => [r.status, r.fault]),
      [[200, 'omitIds']],
    );
    // The default leaves one out; a count larger than the list leaves none in.
    sb.setFaults({ omitIdsNext: 2 });
    assert.deepEqual((await bulk({ ids, site: {} })).json, { ids: ids.slice(0, 4) });
    sb.setFaults({ omitIdsNext: 1, omitIdsCount: 99 });
    assert.deepEqual((await bulk({ ids, site: {} })).json, { ids: [] });
  });

  test('omitIdsNext leaves an answer other than 200 as it is', async () => {
    sb.reset();
    sb.setFaults({ omitIdsNext: 1 });
    const r = await bulk({ ids: ['NOPE-00000001'], site: {} });
    assert.equal(r.status, 404);
    assert.deepEqual((r.json as { invalid_ids: unknown }).invalid_ids, ['NOPE-00000001']);
  });

  test('slowNext: processed at once, answered only after slowMs of the clock', async () => {
    sb.reset();
    const ids = sb.targetIds().slice(0, 2);
    sb.setFaults({ slowNext: 1, slowMs: 30_000 });
    let answered = false;
    const pending = bulk({ ids, site: { name: 'slow' } }).then((r) => {
      answered = true;
      return r;
    });
    await clock.timerSet(30_000);
    assert.deepEqual(
      sb.changes.map((c) => c.ids),
      [ids],
      'applied before the answer is held',
    );
    assert.deepEqual(
      sb.requests.map((r) => r.status),
      [0],
    );
    clock.advance(29_999);
    assert.equal(answered, false);
    clock.advance(1);
    assert.deepEqual(await pending, { status: 200, json: { ids } });
    assert.deepEqual(
      sb.requests.map((r) => [r.status, r.fault]),
      [[200, 'slow']],
    );
  });

  test('slowNext: close() drops a held answer', async () => {
    const held = new ManualClock();
    const s = await startSandbox({ clock: held, faults: { slowNext: 1 } });
    const pending = fetch(`${s.url}/targets/bulk/update/`, {
      method: 'POST',
      headers: { authorization: `JWT ${s.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: s.targetIds().slice(0, 1), site: {} }),
    }).then(
      () => 'answered',
      () => 'failed',
    );
    await held.timerSet(120_000);
    assert.equal(s.changes.length, 1);
    await s.close();
    assert.equal(await pending, 'failed');
    assert.deepEqual(
      s.requests.map((r) => [r.status, r.fault]),
      [[0, 'slow']],
    );
  });

  test('recordIds keeps the ids of each request (and only with the option)', async () => {
    sb.reset();
    const ids = sb.targetIds().slice(0, 3);
    await bulk({ ids, site: {} });
    assert.deepEqual(sb.requests[0]?.ids, ids);
    const plain = await startSandbox();
    try {
      const res = await fetch(`${plain.url}/targets/bulk/update/`, {
        method: 'POST',
        headers: { authorization: `JWT ${plain.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ids: plain.targetIds().slice(0, 1), site: {} }),
      });
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(plain.requests[0] ?? {}), ['n', 'method', 'path', 'query', 'status', 'idsCount']);
    } finally {
      await plain.close();
    }
  });
});

describe('takeFault', () => {
  test('one fault per request, the queues in a fixed order, each consumed', () => {
    const faults: FaultOptions = { resetBeforeNext: 1, resetNext: 1, slowNext: 1, omitIdsNext: 2, failNext: [{ status: 500 }] };
    const never = (): number => 1;
    const taken = Array.from({ length: 6 }, () => takeFault(faults, never));
    assert.deepEqual(taken, ['resetBefore', 'reset', 'slow', 'omitIds', 'omitIds', 'failNext']);
    assert.deepEqual([faults.resetBeforeNext, faults.resetNext, faults.slowNext, faults.omitIdsNext], [0, 0, 0, 0]);
  });

  test('no queued fault and no error rate: none', () => {
    assert.equal(
      takeFault({ omitIdsCount: 3, slowMs: 5 }, () => 0),
      undefined,
    );
  });
});
