// Chunk planning and the runner's accounting, with a scripted `send` (the function the front ends
// inject; the real client against the sandbox is in test/unit/bulk/flow*.test.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bucketOf } from '../../fixtures/buckets';
import {
  DEFAULT_CHUNK_SIZE,
  checkOutcome,
  describeOutcome,
  normalizeChunkSize,
  normalizeConcurrency,
  outcomeToJson,
  planChunks,
  retryIds,
  runBulkUpdate,
  type BulkLogger,
  type BulkOutcome,
  type BulkProgress,
  type SendFn,
} from '../../../src/core/bulk';
import { at, only } from '../../fixtures/at';

const ids = (n: number, prefix = 'id'): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const SECRET = 'run-SECRET-value-123456';

/** An error shaped like the client's ApiError. */
function apiError(kind: string, message: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { kind, attempts: 1, maybeApplied: false, ...extra });
}

function recorder(): BulkLogger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
    debug: (m) => lines.push(`debug ${m}`),
  };
}

function assertAccounted(outcome: BulkOutcome, selected: readonly string[]): void {
  assert.deepEqual(checkOutcome(outcome), []);
  assert.deepEqual([...outcome.selected].sort(), [...new Set(selected)].sort());
  assert.equal(bucketOf(outcome).size, new Set(selected).size);
}

describe('planChunks', () => {
  test('10,000 ids in chunks of 500 make 20 requests, in order, each id once', () => {
    const all = ids(10_000);
    const plan = planChunks(all, 500);
    assert.equal(plan.chunks.length, 20);
    assert.ok(plan.chunks.every((c) => c.length === 500));
    assert.deepEqual(plan.chunks.flat(), all);
  });

  test('repeats are dropped (first kept) and reported; the last chunk holds the rest', () => {
    const plan = planChunks(['a', 'b', 'a', 'c', 'b', 'd', 'e'], 2);
    assert.deepEqual(plan.ids, ['a', 'b', 'c', 'd', 'e']);
    assert.deepEqual(plan.duplicates, ['a', 'b']);
    assert.deepEqual(plan.chunks, [['a', 'b'], ['c', 'd'], ['e']]);
  });

  test('unusable sizes fall back to the defaults; sizes are whole and bounded', () => {
    assert.equal(planChunks(ids(3), 0).chunkSize, DEFAULT_CHUNK_SIZE);
    for (const bad of [NaN, -1, 0, undefined, Infinity]) assert.equal(normalizeChunkSize(bad), DEFAULT_CHUNK_SIZE);
    assert.equal(normalizeChunkSize(2.7), 2);
    assert.equal(normalizeChunkSize(1e9), 100_000);
    assert.equal(normalizeConcurrency(0), 2);
    assert.equal(normalizeConcurrency(99), 16);
    assert.deepEqual(planChunks([], 10).chunks, []);
  });
});

describe('runBulkUpdate accounting', () => {
  test('every chunk answered 200: all updated, one request per chunk, body = settings + chunk ids', async () => {
    const bodies: unknown[] = [];
    const send: SendFn = async (body) => {
      bodies.push(structuredClone(body));
      return { ids: body.ids };
    };
    const settings = { site: { name: 'x' }, report_type: 'owasp' };
    const outcome = await runBulkUpdate({ ids: ids(7), body: { ...settings, ids: ['must-not-be-sent'] }, chunkSize: 3, send });
    assert.deepEqual(outcome.updated, ids(7));
    assert.equal(outcome.requests, 3);
    assert.deepEqual(bodies[0], { ids: ['id0', 'id1', 'id2'], site: { name: 'x' }, report_type: 'owasp' });
    assert.deepEqual(Object.keys(bodies[0] as object), ['ids', 'site', 'report_type'], 'ids first, a stray ids key of the settings ignored');
    assert.deepEqual(settings, { site: { name: 'x' }, report_type: 'owasp' }, 'the settings object is not modified');
    assertAccounted(outcome, ids(7));
  });

  test('invalid ids: named ones are invalid, the rest of that chunk valid-but-not-applied, other chunks unaffected', async () => {
    const send: SendFn = async (body) => {
      if (body.ids.includes('id4')) throw apiError('invalid-ids', '404 invalid', { invalidIds: ['id4', 'zzz-not-requested'], status: 404 });
      return { ids: body.ids };
    };
    const outcome = await runBulkUpdate({ ids: ids(9), body: { site: {} }, chunkSize: 3, send });
    assert.deepEqual(outcome.updated, ['id0', 'id1', 'id2', 'id6', 'id7', 'id8']);
    assert.deepEqual(outcome.invalid, ['id4']);
    assert.deepEqual(outcome.validNotApplied, ['id3', 'id5']);
    assert.deepEqual(outcome.failed, []);
    assert.deepEqual(outcome.unexpected, ['zzz-not-requested']);
    assert.equal(at(outcome.chunks, 1).status, 'invalid-ids');
    assert.deepEqual(retryIds(outcome), [], 'valid-not-applied ids are not part of "Retry failed"');
    assertAccounted(outcome, ids(9));
  });

  test('a 200 that leaves requested ids out: they are unknown ("not confirmed"), not failed; strays are reported, not counted', async () => {
    const log = recorder();
    const send: SendFn = async (body) => ({ ids: [...body.ids.slice(1), 'stray'] });
    const outcome = await runBulkUpdate({ ids: ids(4), body: { site: {} }, chunkSize: 2, send, logger: log });
    assert.deepEqual(outcome.updated, ['id1', 'id3']);
    assert.deepEqual(outcome.failed, []);
    assert.deepEqual(
      outcome.unknown.map((g) => [g.ids, g.kind]),
      [
        [['id0'], 'not-confirmed'],
        [['id2'], 'not-confirmed'],
      ],
    );
    assert.match(at(outcome.unknown, 0).reason, /not confirmed by the service/);
    assert.deepEqual(outcome.unexpected, ['stray']);
    assert.ok(log.lines.some((l) => /listed 1 id that were not requested/.test(l)));
    assertAccounted(outcome, ids(4));
  });

  test('a 400 on the settings stops the run: that chunk failed with its field errors, later ones not sent', async () => {
    let calls = 0;
    const fieldErrors = [{ path: ['site', 'name'], messages: ['Too long.'] }];
    const send: SendFn = async (body) => {
      calls++;
      if (calls === 2) throw apiError('validation', 'The service rejected the bulk update as invalid', { status: 400, fieldErrors });
      return { ids: body.ids };
    };
    const outcome = await runBulkUpdate({ ids: ids(10), body: { site: {} }, chunkSize: 2, concurrency: 1, send });
    assert.deepEqual(outcome.updated, ['id0', 'id1']);
    const failed = only(outcome.failed);
    assert.equal(failed.kind, 'validation');
    assert.deepEqual(failed.fieldErrors, fieldErrors);
    assert.deepEqual(failed.chunkIds, ['id2', 'id3']);
    assert.deepEqual(outcome.notSent, ids(10).slice(4));
    assert.equal(outcome.stopped?.cause, 'fatal');
    assert.equal(outcome.requests, 2);
    assertAccounted(outcome, ids(10));
  });

  test('a 400 only on ids of one chunk does not stop the others', async () => {
    const send: SendFn = async (body) => {
      if (body.ids.includes('id2')) throw apiError('validation', 'bad id', { status: 400, fieldErrors: [{ path: ['ids', 0], messages: ['bad'] }] });
      return { ids: body.ids };
    };
    const outcome = await runBulkUpdate({ ids: ids(6), body: { site: {} }, chunkSize: 2, concurrency: 1, send });
    assert.deepEqual(outcome.updated, ['id0', 'id1', 'id4', 'id5']);
    assert.equal(outcome.stopped, undefined);
    assertAccounted(outcome, ids(6));
  });

  test('401 stops the run; 500 and network failures do not', async () => {
    const unauthorized = await runBulkUpdate({
      ids: ids(6),
      body: { site: {} },
      chunkSize: 2,
      concurrency: 1,
      send: async () => {
        throw apiError('unauthorized', 'refused the credentials', { status: 401 });
      },
    });
    assert.equal(unauthorized.requests, 1);
    assert.deepEqual(unauthorized.notSent, ids(6).slice(2));
    assert.equal(unauthorized.stopped?.kind, 'unauthorized');
    assertAccounted(unauthorized, ids(6));

    let n = 0;
    let last: { failed: number; unknown: number } | undefined;
    const mixed = await runBulkUpdate({
      ids: ids(6),
      body: { site: {} },
      chunkSize: 2,
      concurrency: 1,
      onProgress: (p) => (last = { failed: p.failed, unknown: p.unknown }),
      send: async (body) => {
        n++;
        if (n === 1) throw apiError('server', 'internal error', { status: 500 });
        if (n === 2) throw apiError('network', 'connection closed', { maybeApplied: true });
        return { ids: body.ids };
      },
    });
    assert.deepEqual(
      mixed.failed.map((g) => [g.kind, g.ids]),
      [['server', ['id0', 'id1']]],
    );
    assert.deepEqual(
      mixed.unknown.map((g) => [g.kind, g.ids]),
      [['network', ['id2', 'id3']]],
      'a request that may have been applied is unknown, never failed',
    );
    assert.deepEqual(last, { failed: 2, unknown: 2 }, 'the progress counts them apart');
    assert.deepEqual(mixed.updated, ['id4', 'id5']);
    assert.deepEqual(retryIds(mixed), ['id0', 'id1', 'id2', 'id3']);
    assertAccounted(mixed, ids(6));
  });

  test('anything else thrown fails the chunk with a redacted reason; the logger never sees a secret value', async () => {
    const log = recorder();
    const outcome = await runBulkUpdate({
      ids: ids(2),
      body: { site: { name: SECRET } },
      send: async () => {
        throw new TypeError(`boom near ${SECRET}`);
      },
      logger: log,
      secretValues: [SECRET],
    });
    const failed = at(outcome.failed, 0);
    assert.equal(failed.kind, 'error');
    assert.ok(!failed.reason.includes(SECRET));
    assert.ok(log.lines.length > 0);
    for (const line of log.lines) assert.ok(!line.includes(SECRET), line);
    assertAccounted(outcome, ids(2));
  });

  test('repeated ids are sent once and reported', async () => {
    const sent: string[] = [];
    const outcome = await runBulkUpdate({
      ids: ['a', 'b', 'a', 'a'],
      body: { site: {} },
      send: async (body) => {
        sent.push(...body.ids);
        return { ids: body.ids };
      },
    });
    assert.deepEqual(sent, ['a', 'b']);
    assert.deepEqual(outcome.duplicates, ['a']);
    assertAccounted(outcome, ['a', 'b']);
  });
});

describe('concurrency and cancellation', () => {
  /** A send whose requests finish only when the test says so. */
  function gatedSend(): { send: SendFn; pending: Array<{ ids: string[]; resolve: () => void; reject: (e: Error) => void }>; maxInFlight: () => number } {
    const pending: Array<{ ids: string[]; resolve: () => void; reject: (e: Error) => void }> = [];
    let inFlight = 0;
    let max = 0;
    const send: SendFn = (body, signal) =>
      new Promise((resolve, reject) => {
        inFlight++;
        max = Math.max(max, inFlight);
        const done = (): void => {
          inFlight--;
        };
        const entry = {
          ids: body.ids,
          resolve: () => {
            done();
            resolve({ ids: body.ids });
          },
          reject: (e: Error) => {
            done();
            reject(e);
          },
        };
        signal?.addEventListener('abort', () => entry.reject(apiError('cancelled', 'The bulk update was cancelled.', { maybeApplied: true })), { once: true });
        pending.push(entry);
      });
    return { send, pending, maxInFlight: () => max };
  }

  const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

  test('never more than `concurrency` requests in flight', async () => {
    const gate = gatedSend();
    const run = runBulkUpdate({ ids: ids(20), body: { site: {} }, chunkSize: 2, concurrency: 3, send: gate.send });
    let released = 0;
    while (released < 10) {
      await tick();
      const next = gate.pending.shift();
      if (next) {
        next.resolve();
        released++;
      }
    }
    const outcome = await run;
    assert.equal(gate.maxInFlight(), 3);
    assert.equal(outcome.updated.length, 20);
    assertAccounted(outcome, ids(20));
  });

  test('cancel mid-run: finished chunks updated, in-flight ones failed as cancelled, the rest not sent', async () => {
    const gate = gatedSend();
    const controller = new AbortController();
    const progress: BulkProgress[] = [];
    const run = runBulkUpdate({
      ids: ids(20),
      body: { site: {} },
      chunkSize: 2,
      concurrency: 2,
      send: gate.send,
      signal: controller.signal,
      onProgress: (p) => progress.push(p),
    });
    await tick();
    gate.pending.shift()!.resolve(); // chunk 1 done; chunk 3 starts
    await tick();
    controller.abort();
    const outcome = await run;
    assert.deepEqual(outcome.updated, ['id0', 'id1']);
    assert.deepEqual(outcome.failed, []);
    assert.deepEqual(
      outcome.unknown.map((g) => [g.kind, g.ids]),
      [
        ['cancelled', ['id2', 'id3']],
        ['cancelled', ['id4', 'id5']],
      ],
    );
    assert.match(at(outcome.unknown, 0).reason, /cancelled while in flight/);
    assert.deepEqual(outcome.notSent, ids(20).slice(6));
    assert.equal(outcome.stopped?.cause, 'cancelled');
    assert.equal(outcome.requests, 3);
    assert.equal(at(progress, 0).chunksDone, 0, 'a first report before any answer');
    assert.equal(at(progress, progress.length - 1).chunksDone, 3);
    assertAccounted(outcome, ids(20));
  });

  test('a request cancelled before anything went out counts as not sent', async () => {
    const outcome = await runBulkUpdate({
      ids: ids(2),
      body: { site: {} },
      send: async () => {
        throw apiError('cancelled', 'The bulk update was cancelled. Nothing more was sent.', { maybeApplied: false, attempts: 0 });
      },
    });
    assert.deepEqual(outcome.notSent, ids(2));
    assertAccounted(outcome, ids(2));
  });

  test('cancelled before the start: nothing is sent', async () => {
    const controller = new AbortController();
    controller.abort();
    let calls = 0;
    const outcome = await runBulkUpdate({
      ids: ids(5),
      body: { site: {} },
      signal: controller.signal,
      send: async (b) => {
        calls++;
        return { ids: b.ids };
      },
    });
    assert.equal(calls, 0);
    assert.equal(outcome.requests, 0);
    assert.deepEqual(outcome.notSent, ids(5));
    assertAccounted(outcome, ids(5));
  });
});

describe('reporting', () => {
  test('describeOutcome and the command line JSON', async () => {
    let n = 0;
    const outcome = await runBulkUpdate({
      ids: ids(6),
      body: { site: {} },
      chunkSize: 2,
      concurrency: 1,
      send: async (body) => {
        n++;
        if (n === 1) throw apiError('invalid-ids', 'x', { invalidIds: ['id0'] });
        if (n === 2) throw apiError('server', 'The service failed with an internal error', { status: 500 });
        return { ids: body.ids };
      },
    });
    assert.equal(
      describeOutcome(outcome),
      '2 of 6 ids updated in 3 requests. 1 was rejected by the service as invalid. 1 valid id was not applied, because its request had an invalid id. 2 failed and were not applied.',
    );
    assert.deepEqual(outcomeToJson(outcome), {
      updated: ['id4', 'id5'],
      invalid: ['id0'],
      validNotApplied: ['id1'],
      failed: [{ ids: ['id2', 'id3'], reason: 'The service failed with an internal error', kind: 'server', status: 500 }],
      unknown: [],
      notSent: [],
      requests: 3,
    });
  });

  test('checkOutcome catches an id in two buckets or in none', () => {
    const bad: BulkOutcome = {
      selected: ['a', 'b', 'c'],
      duplicates: [],
      updated: ['a'],
      invalid: ['a'],
      validNotApplied: [],
      failed: [],
      unknown: [],
      notSent: ['x'],
      unexpected: [],
      requests: 1,
      chunks: [],
    };
    const problems = checkOutcome(bad);
    assert.ok(problems.some((p) => /both updated and invalid/.test(p)));
    assert.ok(problems.some((p) => /not selected/.test(p)));
    assert.ok(problems.some((p) => /2 selected ids are in no bucket/.test(p)));
    // As many updated as selected, but not the same ids: still caught.
    const twice = checkOutcome({ ...bad, updated: ['a', 'a', 'b'], invalid: [], notSent: [] });
    assert.ok(twice.some((p) => /both updated and updated/.test(p)));
    assert.ok(twice.some((p) => /1 selected id is in no bucket/.test(p)));
    assert.deepEqual(checkOutcome({ ...bad, updated: ['a', 'b', 'c'], invalid: [], notSent: [] }), []);
  });
});
