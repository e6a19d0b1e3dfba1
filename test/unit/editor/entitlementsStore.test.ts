// The entitlements store's state machine, without VS Code: store.ts takes only types from
// `vscode`, so it runs under `node --test`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EntitlementsRecord } from '../../../src/core/entitlements';
import { at } from '../../fixtures/at';
import { EntitlementsStore, toStateError, type EntitlementsState, type EntitlementsStoreOptions } from '../../../src/editor/entitlements/store';

const root = path.resolve(__dirname, '../../../..');
const full = JSON.parse(fs.readFileSync(path.join(root, 'test', 'fixtures', 'entitlements', 'full.json'), 'utf8')) as EntitlementsRecord;
const restricted = JSON.parse(fs.readFileSync(path.join(root, 'test', 'fixtures', 'entitlements', 'restricted.json'), 'utf8')) as EntitlementsRecord;

class ApiLikeError extends Error {
  constructor(
    readonly kind: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

function makeLog(): EntitlementsStoreOptions['log'] & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m: string) => void lines.push(`info ${m}`),
    warn: (m: string) => void lines.push(`warn ${m}`),
    error: (m: string | Error) => void lines.push(`error ${String(m)}`),
    debug: (m: string) => void lines.push(`debug ${m}`),
  };
}

interface Pending {
  signal: AbortSignal;
  resolve: (r: EntitlementsRecord) => void;
  reject: (e: unknown) => void;
}

/** A store whose reads the test answers by hand. */
function makeStore(configured = true) {
  const pending: Pending[] = [];
  const states: EntitlementsState[] = [];
  const log = makeLog();
  let isConfigured = configured;
  const store = new EntitlementsStore({
    fetch: (signal) =>
      new Promise<EntitlementsRecord>((resolve, reject) => {
        pending.push({ signal, resolve, reject });
        signal.addEventListener('abort', () => reject(new ApiLikeError('cancelled', 'cancelled')));
      }),
    isConfigured: () => isConfigured,
    log,
    now: () => new Date(2025, 10, 21, 14, 2),
  });
  store.onDidChange((s) => states.push(s));
  /** Resolves once the store has started `n` reads. */
  const started = async (n: number): Promise<Pending> => {
    for (let i = 0; i < 50 && pending.length < n; i++) await new Promise((r) => setImmediate(r));
    assert.ok(pending.length >= n, `${n} read(s) started`);
    return at(pending, n - 1);
  };
  return { store, pending, states, log, started, setConfigured: (v: boolean) => (isConfigured = v) };
}

test('starts unconfigured; a refresh without a connection stays unconfigured and reads nothing', async () => {
  const { store, pending, states } = makeStore(false);
  assert.equal(store.state.kind, 'unconfigured');
  const state = await store.refresh();
  assert.equal(state.kind, 'unconfigured');
  assert.equal(pending.length, 0);
  assert.deepEqual(
    states.map((s) => s.kind),
    ['unconfigured'],
  );
  assert.equal(store.record, undefined);
});

test('loading, then loaded with the record and when it was read', async () => {
  const { store, states, started } = makeStore();
  const done = store.refresh();
  (await started(1)).resolve(full);
  const state = await done;
  assert.equal(state.kind, 'loaded');
  assert.deepEqual(
    states.map((s) => s.kind),
    ['loading', 'loaded'],
  );
  assert.equal(store.record, full);
  assert.deepEqual(store.fetchedAt, new Date(2025, 10, 21, 14, 2));
  assert.equal(store.busy, false);
});

test('a failed refresh keeps the last good record (stale) and says what failed', async () => {
  const { store, states, started, log } = makeStore();
  let done = store.refresh();
  (await started(1)).resolve(full);
  await done;
  done = store.refresh();
  (await started(2)).reject(new ApiLikeError('server', 'The service failed (HTTP 500): boom', 500));
  const state = await done;
  assert.equal(state.kind, 'failed');
  if (state.kind !== 'failed') return;
  assert.deepEqual(state.error, { kind: 'server', message: 'The service failed (HTTP 500): boom', status: 500 });
  assert.equal(state.last?.record, full);
  assert.equal(store.record, full, 'the record getter keeps the last good record');
  assert.deepEqual(
    states.map((s) => s.kind),
    ['loading', 'loaded', 'loading', 'failed'],
  );
  const loading = at(states, 2);
  assert.ok(loading.kind === 'loading' && loading.last?.record === full, 'loading keeps the last record visible');
  assert.ok(log.lines.some((l) => l.startsWith('warn ') && l.includes('server') && l.includes('HTTP 500')));
});

test('a failure with no earlier record has no last record', async () => {
  const { store, started } = makeStore();
  const done = store.refresh();
  (await started(1)).reject(new ApiLikeError('unauthorized', 'The API token was refused (HTTP 401).', 401));
  const state = await done;
  assert.deepEqual(state, { kind: 'failed', error: { kind: 'unauthorized', message: 'The API token was refused (HTTP 401).', status: 401 } });
  assert.equal(store.record, undefined);
});

test('a new refresh cancels the one in flight; both callers get the newer result', async () => {
  const { store, states, started } = makeStore();
  const first = store.refresh();
  const a = await started(1);
  const second = store.refresh();
  assert.equal(a.signal.aborted, true, 'the first read was aborted');
  const b = await started(2);
  a.resolve(full); // too late: ignored
  b.resolve(restricted);
  assert.equal((await first).kind, 'loaded');
  assert.equal((await second).kind, 'loaded');
  assert.equal(store.record, restricted);
  assert.ok(!states.some((s) => s.kind === 'failed'), 'the cancelled read is not reported as a failure');
  assert.equal(states.filter((s) => s.kind === 'loaded').length, 1);
});

test('reset forgets the last record; losing the connection forgets it too', async () => {
  const { store, started, setConfigured } = makeStore();
  let done = store.refresh();
  (await started(1)).resolve(full);
  await done;
  done = store.refresh({ reset: true });
  (await started(2)).reject(new ApiLikeError('network', 'unreachable'));
  const state = await done;
  assert.ok(state.kind === 'failed' && state.last === undefined);
  done = store.refresh();
  (await started(3)).resolve(full);
  await done;
  setConfigured(false);
  assert.equal((await store.refresh()).kind, 'unconfigured');
  assert.equal(store.record, undefined);
});

test('toStateError keeps kind, message and status; other errors become unknown', () => {
  assert.deepEqual(toStateError(new ApiLikeError('timeout', 'timed out')), { kind: 'timeout', message: 'timed out' });
  assert.deepEqual(toStateError(new Error('plain')), { kind: 'unknown', message: 'plain' });
  assert.deepEqual(toStateError('text'), { kind: 'unknown', message: 'text' });
  const abort = new Error('aborted');
  abort.name = 'AbortError';
  assert.equal(toStateError(abort).kind, 'cancelled');
});

test('setInterval refreshes periodically, never over a read in flight, and 0 turns it off', async (t) => {
  t.mock.timers.enable({ apis: ['setInterval'] });
  const { store, pending, started } = makeStore();
  store.setInterval(2);
  t.mock.timers.tick(2 * 60_000 - 1);
  assert.equal(pending.length, 0);
  t.mock.timers.tick(1);
  const a = await started(1);
  t.mock.timers.tick(2 * 60_000); // a read is in flight: this tick does nothing
  await new Promise((r) => setImmediate(r));
  assert.equal(pending.length, 1);
  assert.equal(a.signal.aborted, false);
  a.resolve(full);
  await new Promise((r) => setImmediate(r));
  t.mock.timers.tick(2 * 60_000);
  (await started(2)).resolve(full);
  store.setInterval(0);
  t.mock.timers.tick(60 * 60_000);
  await new Promise((r) => setImmediate(r));
  assert.equal(pending.length, 2);
  store.dispose();
});

test('dispose aborts the read in flight and fires no more events', async () => {
  const { store, states, started } = makeStore();
  const done = store.refresh();
  const a = await started(1);
  store.dispose();
  assert.equal(a.signal.aborted, true);
  assert.equal((await done).kind, 'loading');
  assert.deepEqual(
    states.map((s) => s.kind),
    ['loading'],
  );
  assert.equal((await store.refresh()).kind, 'loading');
});
