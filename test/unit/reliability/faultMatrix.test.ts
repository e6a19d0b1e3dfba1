// The fault matrix: bulk updates of thousands of ids through the real client against the real
// sandbox over loopback while the sandbox injects one fault after another (each alone, then a
// seeded mix): 500, 502, 503, 504, 429 with Retry-After, a connection reset before the body is
// processed and one after, a truncated answer, an HTML answer (502, and 200 which stops the run),
// an answer slower than the client's request timeout, a 200 that leaves ids out, and a cancel
// half-way. After every run the outcome is held to the sandbox's own record of what it received and
// changed (see `audit`). Time is two ManualClocks (the client's and the sandbox's), moved by the
// test: nothing waits on real time.
//
// `npm test` runs 5,000 ids a run and a few mixed seeds; SOAK=1 runs 20,000 ids a run and many
// more seeds. The figures go to out/reliability/faults.json for docs/reliability.md.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type Logger } from '../../../src/api/client';
import { startSandbox, type ChangeRecord, type FaultOptions, type RequestRecord, type Sandbox } from '../../../src/sandbox';
import { mulberry32 } from '../../../src/sandbox/prng';
import { bucketOf } from '../../fixtures/buckets';
import { checkOutcome, clientSend, runBulkUpdate, type BulkOutcome, type SendFn } from '../../../src/core/bulk';
import { ManualClock } from '../../fixtures/manualClock';

const SOAK = process.env.SOAK === '1';
const IDS = SOAK ? 20_000 : 5_000;
const CHUNK_SIZE = 100;
const MIXED_SEEDS = SOAK ? 40 : 4;
/** Chance that a request answered arms a fault for the next one. */
const FAULT_RATE = 0.25;
const REQUEST_TIMEOUT_MS = 15_000;
/** A `slowNext` answer: held past the client's request timeout. */
const SLOW_MS = 2 * REQUEST_TIMEOUT_MS;
const TOKEN = 'matrix-token-7d1c9e';
const SETTINGS = { site: { name: 'Fault matrix', url: 'https://matrix.example' }, report_type: 'owasp' };
/** The repository root (this file runs from out/test/unit/reliability/). */
const ROOT = path.resolve(__dirname, '../../../..');
const REPORT = path.join(ROOT, 'out', 'reliability', 'faults.json');

/** A fault the injector can arm for the next request, by the name the matrix shows. */
const FAULTS = {
  '500': { failNext: [{ status: 500 }] },
  '502': { failNext: [{ status: 502 }] },
  '503': { failNext: [{ status: 503 }] },
  '504': { failNext: [{ status: 504 }] },
  '429 Retry-After': { failNext: [{ status: 429, retryAfter: 1 }] },
  'reset before processing': { resetBeforeNext: 1 },
  'reset after processing': { resetNext: 1 },
  truncated: { truncateNext: 1 },
  'HTML 502': { nonJsonNext: 1 },
  'HTML 200': { nonJsonNext: 1, nonJsonStatus: 200 },
  'slower than timeout': { slowNext: 1, slowMs: SLOW_MS },
  'ids left out': { omitIdsNext: 1, omitIdsCount: 7 },
} satisfies Record<string, FaultOptions>;
type FaultName = keyof typeof FAULTS;

/** The faults of the seeded mix: all but the one that stops a run at once. */
const MIXED: readonly FaultName[] = (Object.keys(FAULTS) as FaultName[]).filter((name) => name !== 'HTML 200');

interface RowSpec {
  readonly label: string;
  readonly faults: readonly FaultName[];
  readonly cancelHalfWay: boolean;
  readonly seed: number;
}

const ROWS: RowSpec[] = [
  ...(Object.keys(FAULTS) as FaultName[]).map((name, i) => ({ label: name, faults: [name], cancelHalfWay: false, seed: 101 + i })),
  { label: 'cancel half-way', faults: [], cancelHalfWay: true, seed: 201 },
  ...Array.from({ length: MIXED_SEEDS }, (_, i) => ({ label: `mixed, seed ${1001 + i}`, faults: MIXED, cancelHalfWay: i % 2 === 1, seed: 1001 + i })),
];

/** What one chunk went through, as the send wrapper and the client's log saw it. */
interface ChunkTrace {
  readonly ids: readonly string[];
  /** `send` calls for these ids (the runner's requests). */
  calls: number;
  /** Retries the client logged. */
  retries: number;
  /** Retries the client logged as "may already have been applied; sent again". */
  namedRetries: number;
}

interface RunResult {
  readonly row: RowSpec;
  readonly concurrency: number;
  readonly outcome: BulkOutcome;
  readonly mismatches: string[];
  /** Faults the sandbox recorded, by name. */
  readonly faultsSeen: Map<string, number>;
  readonly sandboxRequests: number;
  readonly retries: number;
  readonly namedRetries: number;
  /** Ids the sandbox applied more than once (each by a named retry). */
  readonly appliedTwice: number;
  /** Attempts the client made that never reached the sandbox's handler with a body (cancelled ones). */
  readonly attemptsNotReceived: number;
  readonly idsAccountedFor: number;
}

/** The chunk a client log line belongs to: the send wrapper runs each request in its chunk's context. */
const chunkContext = new AsyncLocalStorage<ChunkTrace>();
const results: RunResult[] = [];

after(() => {
  const sum = (f: (r: RunResult) => number): number => results.reduce((n, r) => n + f(r), 0);
  const figures = {
    runs: results.length,
    ids: sum((r) => r.outcome.selected.length),
    faultsInjected: sum((r) => [...r.faultsSeen.values()].reduce((a, b) => a + b, 0)),
    idsAccountedFor: sum((r) => r.idsAccountedFor),
    mismatches: sum((r) => r.mismatches.length),
  };
  mkdirSync(path.dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, `${JSON.stringify(figures)}\n`);
  console.log(matrixTable(results));
  console.log(`fault matrix: ${JSON.stringify(figures)}`);
});

/** One line per run: the faults the sandbox injected, then where the ids ended. */
function matrixTable(rows: readonly RunResult[]): string {
  const head =
    '| run | conc. | faults injected | requests | retries (named) | attempts not received | updated | failed | unknown | notSent | applied twice | mismatches |';
  const lines = rows.map((r) => {
    const faults = [...r.faultsSeen.entries()].map(([name, n]) => `${name} ${n}`).join(', ') || '-';
    const b = bucketCounts(r.outcome);
    return `| ${r.row.label} | ${r.concurrency} | ${faults} | ${r.sandboxRequests} | ${r.retries} (${r.namedRetries}) | ${r.attemptsNotReceived} | ${b.updated} | ${b.failed} | ${b.unknown} | ${b.notSent} | ${r.appliedTwice} | ${r.mismatches.length} |`;
  });
  return [head, `|${'---|'.repeat(12)}`, ...lines].join('\n');
}

function bucketCounts(outcome: BulkOutcome): Record<string, number> {
  const counts: Record<string, number> = { updated: 0, invalid: 0, validNotApplied: 0, failed: 0, unknown: 0, notSent: 0 };
  for (const bucket of bucketOf(outcome).values()) counts[bucket] = (counts[bucket] ?? 0) + 1;
  return counts;
}

/** Resolves once every request `sandbox` has seen is answered or dropped (none still in its hands). */
async function settled(sandbox: Sandbox, answered: { next?: () => void }): Promise<void> {
  const busy = (r: RequestRecord): boolean => r.status === 0 && r.fault === undefined;
  while (sandbox.requests.some(busy)) await new Promise<void>((resolve) => (answered.next = resolve));
}

async function runRow(row: RowSpec, concurrency: number): Promise<RunResult> {
  // A sandbox of its own per run: a request the client gave up on may still reach a sandbox after
  // the run, and must land in this run's record (it does until `close()`), not the next one's.
  const sandboxClock = new ManualClock();
  const random = mulberry32(row.seed);
  let injecting = true;
  const answered: { next?: () => void } = {};
  const sandbox: Sandbox = await startSandbox({
    token: TOKEN,
    targets: IDS,
    clock: sandboxClock,
    recordIds: true,
    onRequest: () => {
      if (injecting) arm();
      const next = answered.next;
      answered.next = undefined;
      next?.();
    },
  });
  const arm = (): void => {
    const name = row.faults.length > 0 && random() < FAULT_RATE ? row.faults[Math.floor(random() * row.faults.length)] : undefined;
    sandbox.setFaults(name === undefined ? {} : FAULTS[name]);
  };
  arm();
  const ids = sandbox.targetIds();

  // Retry waits (Retry-After included) pass at once; the request timeout only when moved below.
  const clientClock = new ManualClock({ fireAtOnce: (ms) => ms < REQUEST_TIMEOUT_MS });
  const note = (message: string): void => {
    const trace = chunkContext.getStore();
    if (!trace || !/; retrying in \d+ ms/.test(message)) return;
    trace.retries++;
    if (/The update may already have been applied; it is sent again/.test(message)) trace.namedRetries++;
  };
  const logger: Logger = { trace: note, debug: note, info: note, warn: note, error: note };
  const api = createClient({
    baseUrl: sandbox.url,
    token: TOKEN,
    logger,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    clock: clientClock,
    random: mulberry32(row.seed + 7),
  });
  const traces = new Map<string, ChunkTrace>();
  const inner = clientSend(api);
  const send: SendFn = (body, signal) => {
    const key = body.ids[0] ?? '';
    let trace = traces.get(key);
    if (!trace) {
      trace = { ids: [...body.ids], calls: 0, retries: 0, namedRetries: 0 };
      traces.set(key, trace);
    }
    trace.calls++;
    return chunkContext.run(trace, () => inner(body, signal));
  };

  // A held slow answer: the client gives up on what it has in flight, then the answer goes out, too late.
  const driveSlowAnswers = async (): Promise<void> => {
    for (;;) {
      await sandboxClock.timerSet(SLOW_MS);
      if (!injecting) return;
      clientClock.advance(REQUEST_TIMEOUT_MS);
      sandboxClock.advance(SLOW_MS);
    }
  };
  void driveSlowAnswers();

  const controller = new AbortController();
  const chunksTotal = Math.ceil(ids.length / CHUNK_SIZE);
  let outcome: BulkOutcome;
  try {
    outcome = await runBulkUpdate({
      ids,
      body: SETTINGS,
      chunkSize: CHUNK_SIZE,
      concurrency,
      send,
      signal: controller.signal,
      onProgress: (p) => {
        if (row.cancelHalfWay && p.chunksDone >= chunksTotal / 2) controller.abort();
      },
    });
  } finally {
    injecting = false;
    await api.close();
    // Closing drops any answer still held; what the sandbox did until then is its whole record.
    await sandbox.close();
  }
  await settled(sandbox, answered);
  return audit(row, concurrency, outcome, traces, [...sandbox.requests], [...sandbox.changes]);
}

/**
 * The run held to the sandbox's record:
 *   - every selected id in exactly one bucket (`checkOutcome`);
 *   - an id the sandbox changed is reported updated or unknown, never failed, invalid, valid but
 *     not applied, or not sent;
 *   - every updated id was applied at least once;
 *   - the runner sends each chunk at most once, and the sandbox received each chunk no more often
 *     than the runner's request plus the retries the client logged for it; an id applied twice or
 *     more was re-sent by retries the log names ("may already have been applied; sent again");
 *   - every request the sandbox received carried exactly the ids of a chunk the runner sent.
 */
function audit(
  row: RowSpec,
  concurrency: number,
  outcome: BulkOutcome,
  traces: ReadonlyMap<string, ChunkTrace>,
  requests: readonly RequestRecord[],
  changes: readonly ChangeRecord[],
): RunResult {
  const mismatches: string[] = [];
  const say = (message: string): void => {
    if (mismatches.length < 20) mismatches.push(message);
    else if (mismatches.length === 20) mismatches.push('and more');
  };
  for (const problem of checkOutcome(outcome)) say(`accounting: ${problem}`);

  const buckets = bucketOf(outcome);
  const chunkOf = new Map<string, ChunkTrace>();
  for (const trace of traces.values()) for (const id of trace.ids) chunkOf.set(id, trace);

  const applied = new Map<string, number>();
  for (const change of changes) for (const id of change.ids) applied.set(id, (applied.get(id) ?? 0) + 1);
  let appliedTwice = 0;
  for (const [id, times] of applied) {
    const bucket = buckets.get(id);
    if (bucket !== 'updated' && bucket !== 'unknown') say(`${id} was applied by the sandbox but reported ${bucket ?? 'in no bucket'}`);
    if (times > 1) {
      appliedTwice++;
      const trace = chunkOf.get(id);
      if (!trace || times > 1 + trace.namedRetries) say(`${id} was applied ${times} times, after ${trace?.namedRetries ?? 0} retries the log names`);
    }
  }
  for (const id of outcome.updated) if (!applied.has(id)) say(`${id} is reported updated but the sandbox never applied it`);

  const received = new Map<string, number>();
  let withoutIds = 0;
  for (const r of requests) {
    if (r.ids === undefined) {
      withoutIds++;
      continue;
    }
    const key = r.ids[0] ?? '';
    const trace = traces.get(key);
    if (!trace || trace.ids.length !== r.ids.length || trace.ids.some((id, i) => id !== r.ids?.[i])) {
      say(`request ${r.n} carried ids that no chunk the runner sent holds`);
      continue;
    }
    received.set(key, (received.get(key) ?? 0) + 1);
  }
  let calls = 0;
  let retries = 0;
  let namedRetries = 0;
  let attemptsNotReceived = 0;
  for (const [key, trace] of traces) {
    calls += trace.calls;
    retries += trace.retries;
    namedRetries += trace.namedRetries;
    if (trace.calls !== 1) say(`the runner sent the chunk starting ${key} ${trace.calls} times`);
    const got = received.get(key) ?? 0;
    const made = trace.calls + trace.retries;
    if (got > made)
      say(`the sandbox received the chunk starting ${key} ${got} times; the runner sent it ${trace.calls}, the client logged ${trace.retries} retries`);
    attemptsNotReceived += made - Math.min(got, made);
  }
  // A request whose body never arrived whole (the client gave up while sending it) was not applied.
  attemptsNotReceived -= Math.min(attemptsNotReceived, withoutIds);
  if (calls !== outcome.requests) say(`the outcome counts ${outcome.requests} requests, the runner made ${calls}`);

  const faultsSeen = new Map<string, number>();
  for (const r of requests) if (r.fault !== undefined) faultsSeen.set(r.fault, (faultsSeen.get(r.fault) ?? 0) + 1);
  // Ids in exactly one bucket: all of them when the accounting holds.
  let idsAccountedFor = 0;
  const seen = new Map<string, number>();
  const lists = [
    outcome.updated,
    outcome.invalid,
    outcome.validNotApplied,
    outcome.failed.flatMap((g) => g.ids),
    outcome.unknown.flatMap((g) => g.ids),
    outcome.notSent,
  ];
  for (const list of lists) for (const id of list) seen.set(id, (seen.get(id) ?? 0) + 1);
  for (const id of outcome.selected) if (seen.get(id) === 1) idsAccountedFor++;

  return {
    row,
    concurrency,
    outcome,
    mismatches,
    faultsSeen,
    sandboxRequests: requests.length,
    retries,
    namedRetries,
    appliedTwice,
    attemptsNotReceived,
    idsAccountedFor,
  };
}

describe(`fault matrix: ${IDS.toLocaleString('en-US')} ids a run in chunks of ${CHUNK_SIZE}`, () => {
  ROWS.forEach((row, i) => {
    const concurrency = 2 + (i % 3);
    test(`${row.label} (concurrency ${concurrency})`, async () => {
      const result = await runRow(row, concurrency);
      results.push(result);
      assert.deepEqual(result.mismatches, []);
      assert.equal(result.idsAccountedFor, IDS);
      if (row.faults.length > 0) assert.ok(result.faultsSeen.size > 0, 'the sandbox injected no fault');
      if (row.faults.length === 1) {
        // Each fault alone shows its own mark on the outcome.
        const { outcome } = result;
        const b = bucketCounts(outcome);
        switch (row.faults[0]) {
          case '500':
            assert.ok(b.failed! > 0 && outcome.failed.every((g) => g.kind === 'server'), 'a 500 fails its chunk');
            break;
          case 'ids left out':
          case 'slower than timeout':
          case 'reset after processing':
            // The lost answers' ids: unknown (or applied again by a named retry and then updated).
            assert.equal(b.failed, 0);
            break;
          case 'HTML 200':
            assert.equal(outcome.stopped?.cause, 'fatal');
            assert.ok(b.notSent! > 0);
            break;
          default:
            break;
        }
        if (row.faults[0] === 'ids left out') assert.ok(outcome.unknown.some((g) => g.kind === 'not-confirmed'));
        if (row.faults[0] === 'slower than timeout') assert.ok(outcome.unknown.some((g) => g.kind === 'timeout'));
      }
      if (!row.cancelHalfWay && !row.faults.includes('slower than timeout')) {
        // Nothing gave up on a request: every attempt the client made reached the sandbox.
        assert.equal(result.attemptsNotReceived, 0);
      }
      if (row.cancelHalfWay) {
        assert.equal(result.outcome.stopped?.cause, 'cancelled');
        assert.ok(result.outcome.notSent.length > 0);
      }
    });
  });
});
