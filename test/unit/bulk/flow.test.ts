// The whole bulk update flow against the real sandbox over loopback, with the real client (no
// mocks): YAML text -> selection -> body (placeholders as written) -> resolved -> chunked run -> outcome -> diagnostics on
// the YAML. Every test ends by checking the sandbox's record of what it changed: each id in
// `updated` applied exactly once, no other id applied, and the buckets partition the selection.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type ApiClient, type ClientOptions, type Logger } from '../../../src/api/client';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { at } from '../../fixtures/at';
import { ManualClock } from '../../fixtures/manualClock';
import { parseFile, type ParsedFile } from '../../../src/core/yaml';
import { envCheckOf } from '../../../src/core/envPlaceholders';
import {
  checkOutcome,
  clientSend,
  failedIds,
  idsForSelections,
  invalidIdDiagnostics,
  mapValidationErrors,
  maskBody,
  prepareDocumentBody,
  recordRun,
  resolveBody,
  retryIds,
  runBulkUpdate,
  trackInvalidIds,
  unknownIds,
  type BulkOutcome,
  type BulkProgress,
  type IdSelection,
  type PreparedBody,
  type ResolvedBody,
  type TextSelection,
} from '../../../src/core/bulk';

const TOKEN = 'flow-SECRET-token-5e6f7a8b9c';
const BASIC_PASSWORD = 'flow-SECRET-basic-password-31337';
const BAD_REPORT = 'flow-SECRET-not-a-report-type';
const ENV: Record<string, string> = { SHOP_BASIC_PASSWORD: BASIC_PASSWORD, BAD_REPORT };
const env = (name: string): string | undefined => ENV[name];
const SECRETS = [TOKEN, BASIC_PASSWORD, BAD_REPORT];
const TARGETS = 10_000;
const REQUEST_TIMEOUT_MS = 15_000;
/** The sandbox's time: its latency passes only when a test moves it. */
const sandboxClock = new ManualClock();

let sandbox: Sandbox;
let targetIds: string[];
const clients: ApiClient[] = [];
/** Every line logged by the clients and the runner, and every reason and message seen. */
const captured: string[] = [];

const logger: Logger = {
  trace: (m) => captured.push(m),
  debug: (m) => captured.push(m),
  info: (m) => captured.push(m),
  warn: (m) => captured.push(m),
  error: (m) => captured.push(m),
};

function client(overrides: Partial<ClientOptions> = {}): ApiClient {
  const c = createClient({
    baseUrl: sandbox.url,
    token: TOKEN,
    logger,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    // Retry waits (Retry-After included) pass at once; the request timeout never does by itself.
    clock: new ManualClock({ fireAtOnce: (ms) => ms < REQUEST_TIMEOUT_MS }),
    ...overrides,
  });
  clients.push(c);
  return c;
}

before(async () => {
  sandbox = await startSandbox({ token: TOKEN, targets: TARGETS, clock: sandboxClock });
  targetIds = sandbox.targetIds();
});

after(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await sandbox.close();
});

/** A target-settings document listing `ids` (block style). */
function documentText(ids: readonly string[], settings = 'site:\n  name: Shop (staging)\n  url: https://staging.shop.example\nreport_type: owasp\n'): string {
  return `ids:\n${ids.map((id) => `  - ${id}\n`).join('')}${settings}`;
}

interface FlowOptions {
  selections?: TextSelection[];
  chunkSize?: number;
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (p: BulkProgress) => void;
  api?: ApiClient;
  ids?: readonly string[];
}

interface Flow {
  file: ParsedFile;
  selection: IdSelection;
  body: PreparedBody;
  resolved: ResolvedBody;
  outcome: BulkOutcome;
}

/** What the editor command and the command line do, minus the confirmation. */
async function runFlow(text: string, options: FlowOptions = {}): Promise<Flow> {
  const file = parseFile(text);
  const selection = idsForSelections(file, options.selections ?? []);
  if (!selection.ok) assert.fail(selection.error);
  const prepared = prepareDocumentBody(file, selection.documentIndex, selection.uniqueIds, envCheckOf(env));
  if (!prepared.ok) assert.fail(prepared.problems.map((p) => p.message).join(' | '));
  const body = prepared.body;
  const resolvedBody = resolveBody(body, env);
  if (!resolvedBody.ok) assert.fail(resolvedBody.message);
  const resolved = resolvedBody.body;
  const outcome = await runBulkUpdate({
    ids: options.ids ?? body.ids,
    body: resolved.settings,
    chunkSize: options.chunkSize,
    concurrency: options.concurrency,
    send: clientSend(options.api ?? client(), { secretValues: resolved.secretValues }),
    signal: options.signal,
    onProgress: options.onProgress,
    logger,
    secretValues: resolved.secretValues,
  });
  for (const g of outcome.failed) captured.push(g.reason);
  return { file, selection, body, resolved, outcome };
}

/**
 * The closing check of every test: the buckets partition the selected ids, and the sandbox
 * applied exactly the updated ids, each once (over all the runs since the last reset), plus
 * perhaps the unknown ones; never an id reported failed, invalid or not sent.
 */
function assertSandboxAgrees(outcomes: readonly BulkOutcome[], selected: readonly string[]): void {
  const updated = new Set<string>();
  for (const outcome of outcomes) {
    assert.deepEqual(checkOutcome(outcome), []);
    for (const id of outcome.updated) {
      assert.ok(!updated.has(id), `${id} reported updated by two runs`);
      updated.add(id);
    }
  }
  const first = at(outcomes, 0, 'outcome');
  const union = [...first.updated, ...first.invalid, ...first.validNotApplied, ...failedIds(first), ...unknownIds(first), ...first.notSent];
  assert.equal(union.length, new Set(union).size, 'an id is in two buckets');
  assert.deepEqual(new Set(union), new Set(selected), 'the buckets are not exactly the selected ids');

  const applied = new Map<string, number>();
  for (const change of sandbox.changes) {
    for (const id of change.ids) applied.set(id, (applied.get(id) ?? 0) + 1);
  }
  for (const id of updated) assert.equal(applied.get(id), 1, `${id} is updated but was applied ${applied.get(id) ?? 0} times`);
  const unknown = new Set(outcomes.flatMap(unknownIds));
  const extra = [...applied.keys()].filter((id) => !updated.has(id) && !unknown.has(id));
  assert.deepEqual(extra, [], 'ids outside `updated` and `unknown` were applied');
}

function assertNoSecretCaptured(): void {
  assert.ok(captured.length > 0);
  for (const secret of SECRETS) {
    const leaks = captured.filter((line) => line.includes(secret));
    assert.deepEqual(leaks, [], `a secret appeared in ${leaks.length} captured line(s)`);
  }
}

describe('bulk update flow against the sandbox', () => {
  test('a selection in the editor: env resolved at send time, masked in the preview, applied to exactly the selected ids', async () => {
    sandbox.reset();
    const ids = targetIds.slice(0, 12);
    const text = documentText(
      ids,
      'site:\n  name: Shop (staging)\n  has_basic_auth: true\n  basic_auth:\n    username: scanner\n    password: ${env:SHOP_BASIC_PASSWORD}\n    password_is_sensitive: true\nreport_type: pci4\n',
    );
    // Lines of ids[2] .. ids[9], partially.
    const selection = { start: text.indexOf(at(ids, 2)) + 4, end: text.indexOf(at(ids, 9)) + 1 };
    const { outcome, body, selection: sel } = await runFlow(text, { selections: [selection], chunkSize: 3, concurrency: 2 });
    const selected = ids.slice(2, 10);
    assert.equal(sel.rule, 'selection');
    assert.deepEqual(outcome.updated, selected);
    assert.equal(outcome.requests, 3);
    const preview = JSON.stringify(maskBody(body));
    for (const s of SECRETS) assert.ok(!preview.includes(s));
    const site = sandbox.target(at(selected, 0))?.settings.site as { basic_auth: { password: string } };
    assert.equal(site.basic_auth.password, BASIC_PASSWORD, 'the resolved value was sent');
    assert.ok(!text.includes(BASIC_PASSWORD), 'and never written back');
    assert.ok(sandbox.requests.every((r) => r.query === 'is_id_404_validation=true'));
    assertNoSecretCaptured();
    assertSandboxAgrees([outcome], selected);
  });

  test('partial invalid ids (custom 404): invalid ids marked on their items, the valid ids of those chunks sent on request', async () => {
    sandbox.reset();
    const real = targetIds.slice(0, 20);
    const ids = [...real.slice(0, 3), 'NOPE-aaaa0001', ...real.slice(3, 11), 'NOPE-bbbb0002', ...real.slice(11), 'NOPE-cccc0003'];
    const text = documentText(ids);
    const { outcome, file } = await runFlow(text, { chunkSize: 5, concurrency: 2 });
    assert.deepEqual(outcome.invalid, ['NOPE-aaaa0001', 'NOPE-bbbb0002', 'NOPE-cccc0003']);
    // Chunks: [r0 r1 r2 N1 r3] [r4..r8] [r9 r10 N2 r11 r12] [r13..r17] [r18 r19 N3]
    assert.deepEqual(outcome.validNotApplied, [real[0], real[1], real[2], real[3], real[9], real[10], real[11], real[12], real[18], real[19]]);
    assert.deepEqual(outcome.updated, [...real.slice(4, 9), ...real.slice(13, 18)]);
    assert.deepEqual(outcome.failed, []);
    assert.deepEqual(retryIds(outcome), []);

    // Each invalid id gets an Error on its own line.
    const diags = invalidIdDiagnostics(file, 0, new Set(outcome.invalid));
    assert.deepEqual(
      diags.map((d) => [d.range.start.line, file.text.slice(file.offsetAt(d.range.start), file.offsetAt(d.range.end))]),
      [
        [4, 'NOPE-aaaa0001'],
        [13, 'NOPE-bbbb0002'],
        [23, 'NOPE-cccc0003'],
      ],
    );
    // Their records keep them on their items after an edit above them.
    const records = recordRun([], file, 0, outcome.selected, outcome.invalid);
    const edited = parseFile(`# a new first line\n${text}`, file);
    assert.deepEqual(
      trackInvalidIds(records, edited).diagnostics.map((d) => d.range.start.line),
      [5, 14, 24],
    );
    assertSandboxAgrees([outcome], ids);

    // "Update the N valid ids now".
    const again = await runFlow(text, { ids: outcome.validNotApplied, chunkSize: 5 });
    assert.deepEqual(again.outcome.updated, outcome.validNotApplied);
    assert.deepEqual(checkOutcome(again.outcome), []);
    assertSandboxAgrees([outcome, again.outcome], ids);
    assert.equal(new Set(sandbox.changes.flatMap((c) => c.ids)).size, real.length, 'in the end every real id was applied once');
  });

  test('a 400 is mapped onto the YAML ranges; the run stops; no env value appears in any message', async () => {
    sandbox.reset();
    const ids = targetIds.slice(0, 9);
    const longName = 'L'.repeat(300);
    const text = documentText(ids, `site:\n  name: ${longName}\n  url: https://shop.example\nreport_type: \${env:BAD_REPORT}\n`);
    const { outcome, file } = await runFlow(text, { chunkSize: 3, concurrency: 1 });
    assert.equal(outcome.failed.length, 1);
    const group = at(outcome.failed, 0);
    assert.equal(group.kind, 'validation');
    assert.equal(group.status, 400);
    assert.deepEqual(outcome.notSent, ids.slice(3));
    assert.equal(outcome.stopped?.cause, 'fatal');

    const diags = mapValidationErrors(file, 0, group.fieldErrors ?? [], { chunkIds: group.chunkIds });
    const byPath = new Map(diags.map((d) => [d.path, d]));
    const name = byPath.get('/site/name');
    assert.ok(name, `no diagnostic on site.name: ${diags.map((d) => d.path).join(', ')}`);
    assert.equal(file.text.slice(file.offsetAt(name.range.start), file.offsetAt(name.range.end)), longName);
    assert.match(name.message, /no more than 255 characters/);
    const report = byPath.get('/report_type');
    assert.ok(report);
    assert.equal(file.text.slice(file.offsetAt(report.range.start), file.offsetAt(report.range.end)), '${env:BAD_REPORT}');
    assert.ok(!report.message.includes(BAD_REPORT), 'the env value the service quoted back is redacted');
    captured.push(...diags.map((d) => d.message));
    assertNoSecretCaptured();
    assertSandboxAgrees([outcome], ids);
  });

  test('a 400 with non_field_errors and a field the document lacks: first line and nearest ancestor', async () => {
    sandbox.reset();
    sandbox.setFaults({
      failNext: [
        {
          status: 400,
          body: {
            non_field_errors: ['Targets of different types cannot be updated together.'],
            site: { basic_auth: { password: ['This field is required.'] } },
          },
        },
      ],
    });
    const ids = targetIds.slice(0, 2);
    const text = `# header\n${documentText(ids, 'site:\n  name: x\n  basic_auth:\n    username: u\n')}`;
    const { outcome, file } = await runFlow(text);
    const diags = mapValidationErrors(file, 0, at(outcome.failed, 0).fieldErrors ?? []);
    assert.deepEqual(
      diags.map((d) => [d.range.start.line, file.text.slice(file.offsetAt(d.range.start), file.offsetAt(d.range.end))]),
      [
        [1, 'ids:'],
        [6, 'basic_auth'],
      ],
    );
    assertSandboxAgrees([outcome], ids);
  });

  test('secrets as short as "2" or "o" leave the invalid ids, field names and counts as they are', async () => {
    sandbox.reset();
    const ids = [...targetIds.slice(0, 3), 'unknown1', 'o1o'];
    const settings =
      'site:\n  name: Shop\n  has_basic_auth: true\n  basic_auth:\n    username: u\n    password: "2"\n    password_is_sensitive: true\n' +
      '  headers:\n    - name: X-Key\n      value: o\n      value_is_sensitive: true\nreport_type: owasp\n';
    const before = captured.length;
    const { outcome, resolved } = await runFlow(documentText(ids, settings));
    assert.deepEqual([...resolved.secretValues].sort(), ['2', 'o']);
    assert.deepEqual(outcome.invalid, ['unknown1', 'o1o']);
    assert.deepEqual(outcome.validNotApplied, targetIds.slice(0, 3));
    const seen = captured.slice(before).join('\n');
    assert.match(seen, /2 of the 5 ids are not valid targets \(unknown1, o1o\)/);
    assert.match(seen, /Chunk 1\/1 \(5 ids\): refused, 2 invalid ids \(`unknown1`, `o1o`\); the 3 valid ids were not applied/);
    assertSandboxAgrees([outcome], ids);
  });

  test('a service that applies the update and then drops the connection: the ids are unknown, never failed or not applied', async () => {
    sandbox.reset();
    const ids = targetIds.slice(0, 6);
    sandbox.setFaults({ resetNext: 1 });
    const before = captured.length;
    const { outcome } = await runFlow(documentText(ids), { chunkSize: 3, concurrency: 1, api: client({ maxAttempts: 1 }) });
    assert.deepEqual(outcome.updated, ids.slice(3));
    assert.deepEqual(outcome.failed, []);
    assert.deepEqual(
      outcome.unknown.map((g) => [g.kind, g.ids]),
      [['network', ids.slice(0, 3)]],
    );
    assert.deepEqual(
      sandbox.changes.map((c) => c.ids),
      [ids.slice(0, 3), ids.slice(3)],
      'the sandbox did apply the unknown ids',
    );
    assert.match(captured.slice(before).join('\n'), /unknown, the service may have applied it \[network/);
    assertSandboxAgrees([outcome], ids);
  });

  test('retrying a request that may have been applied is a decision the log names, and applies the same values again', async () => {
    sandbox.reset();
    const ids = targetIds.slice(0, 3);
    sandbox.setFaults({ resetNext: 1 });
    const before = captured.length;
    const { outcome } = await runFlow(documentText(ids));
    assert.deepEqual(outcome.updated, ids);
    assert.equal(at(outcome.chunks, 0).attempts, 2);
    assert.match(
      captured.slice(before).join('\n'),
      /retrying in \d+ ms \(attempt 2\/4 next\)\. The update may already have been applied; it is sent again because it sets the same values on the same ids\./,
    );
    assert.deepEqual(
      sandbox.changes.map((c) => c.ids),
      [ids, ids],
    );
    assert.deepEqual(at(sandbox.changes, 0).settings, at(sandbox.changes, 1).settings, 'the same values both times');
  });

  test('a gateway 502 to the last attempt: unknown, and so is an earlier cut-off attempt under a later 503', async () => {
    sandbox.reset();
    const ids = targetIds.slice(0, 4);
    sandbox.setFaults({ failNext: [{ status: 502 }] });
    const gateway = await runFlow(documentText(ids.slice(0, 2)), { api: client({ maxAttempts: 1 }) });
    assert.deepEqual(
      gateway.outcome.unknown.map((g) => [g.status, g.ids]),
      [[502, ids.slice(0, 2)]],
    );
    // Attempt 1 is applied and cut off; attempt 2 meets a 503 (not applied): the update may still be applied.
    sandbox.setFaults({ resetNext: 1, failNext: [{ status: 503 }] });
    const { outcome } = await runFlow(documentText(ids.slice(2)), { api: client({ maxAttempts: 2 }) });
    assert.deepEqual(
      outcome.unknown.map((g) => [g.status, g.ids]),
      [[503, ids.slice(2)]],
    );
    assert.match(at(outcome.unknown, 0).reason, /An earlier attempt reached the service and its answer was lost, so the update may have been applied\./);
    assert.deepEqual(
      sandbox.changes.map((c) => c.ids),
      [ids.slice(2)],
    );
    assertSandboxAgrees([gateway.outcome, outcome], ids.slice(0, 2));
  });

  test('429 with Retry-After, then success: the chunk is applied once', async () => {
    sandbox.reset();
    sandbox.setFaults({ failNext: [{ status: 429, retryAfter: 1 }] });
    const ids = targetIds.slice(0, 4);
    const { outcome } = await runFlow(documentText(ids));
    assert.deepEqual(outcome.updated, ids);
    assert.deepEqual(
      sandbox.requests.map((r) => r.status),
      [429, 200],
    );
    assert.equal(at(outcome.chunks, 0).attempts, 2);
    assert.equal(outcome.requests, 1, "one request from the runner; the retry is the client's");
    assertSandboxAgrees([outcome], ids);
  });

  test('500 mid-run: that chunk fails, the others are applied', async () => {
    sandbox.reset();
    const ids = targetIds.slice(0, 30);
    let injected = false;
    const { outcome } = await runFlow(documentText(ids), {
      chunkSize: 5,
      concurrency: 2,
      onProgress: (p) => {
        if (p.chunksDone === 2 && !injected) {
          injected = true;
          sandbox.setFaults({ failNext: [{ status: 500 }] });
        }
      },
    });
    assert.equal(outcome.failed.length, 1);
    assert.equal(at(outcome.failed, 0).kind, 'server');
    assert.equal(at(outcome.failed, 0).ids.length, 5);
    assert.equal(outcome.updated.length, 25);
    assert.equal(outcome.stopped, undefined);
    assert.deepEqual(retryIds(outcome), at(outcome.failed, 0).ids);
    assertSandboxAgrees([outcome], ids);

    // "Retry failed" sends those ids again.
    const retry = await runFlow(documentText(ids), { ids: retryIds(outcome), chunkSize: 5 });
    assert.deepEqual(retry.outcome.updated, [...at(outcome.failed, 0).ids]);
    assertSandboxAgrees([outcome, retry.outcome], ids);
  });

  test("503 on every attempt of one chunk: it fails after the client's retries, the others are applied", async () => {
    sandbox.reset();
    const ids = targetIds.slice(0, 15);
    let injected = false;
    const { outcome } = await runFlow(documentText(ids), {
      chunkSize: 5,
      concurrency: 1,
      api: client({ maxAttempts: 3 }),
      onProgress: (p) => {
        if (p.chunksDone === 1 && !injected) {
          injected = true;
          sandbox.setFaults({ failNext: [{ status: 503 }, { status: 503 }, { status: 503 }] });
        }
      },
    });
    assert.deepEqual(
      outcome.failed.map((g) => [g.kind, g.status, g.ids]),
      [['unexpected-status', 503, ids.slice(5, 10)]],
    );
    assert.deepEqual(outcome.updated, [...ids.slice(0, 5), ...ids.slice(10)]);
    assert.deepEqual(
      sandbox.requests.map((r) => r.status),
      [200, 503, 503, 503, 200],
    );
    assertSandboxAgrees([outcome], ids);
  });

  test('cancel mid-run: finished chunks updated, in-flight ones unknown (cancelled; here never applied), the rest not sent', async () => {
    sandbox.reset();
    sandbox.setFaults({ latencyMs: 150 });
    const ids = targetIds.slice(0, 100);
    const controller = new AbortController();
    const run = runFlow(documentText(ids), { chunkSize: 10, concurrency: 2, signal: controller.signal });
    // Chunks 1 and 2 wait in the sandbox's latency until it passes; chunks 3 and 4 are cancelled
    // while they wait there. The sandbox never lets them go, as a service that lost them would not.
    await sandboxClock.timerSet(150, 2);
    sandboxClock.advance(150);
    await sandboxClock.timerSet(150, 2);
    controller.abort();
    const { outcome } = await run;
    assert.equal(outcome.stopped?.cause, 'cancelled');
    assert.deepEqual(outcome.updated, ids.slice(0, 20));
    assert.deepEqual(outcome.failed, []);
    assert.deepEqual(
      outcome.unknown.map((g) => [g.kind, g.ids]),
      [
        ['cancelled', ids.slice(20, 30)],
        ['cancelled', ids.slice(30, 40)],
      ],
    );
    assert.match(at(outcome.unknown, 0).reason, /cancelled while in flight/);
    assert.deepEqual(outcome.notSent, ids.slice(40));
    assert.equal(outcome.requests, 4);
    assert.equal(sandbox.requests.length, 4);
    assert.deepEqual(new Set(retryIds(outcome)), new Set(ids.slice(20)));
    assertSandboxAgrees([outcome], ids);
  });

  test('10,000 ids in chunks of 500: 20 requests, every id applied once', async () => {
    sandbox.reset();
    const ids = targetIds.slice(0, 10_000);
    const text = documentText(ids);
    let reports = 0;
    const { outcome, selection } = await runFlow(text, {
      selections: [{ start: text.indexOf('site:'), end: text.indexOf('site:') }],
      chunkSize: 500,
      concurrency: 2,
      onProgress: () => reports++,
    });
    assert.equal(selection.rule, 'document');
    assert.equal(outcome.requests, 20);
    assert.equal(outcome.updated.length, 10_000);
    assert.equal(reports, 21);
    assert.equal(sandbox.requests.length, 20);
    assert.ok(sandbox.requests.every((r) => r.idsCount === 500 && r.status === 200));
    assert.equal(sandbox.changes.length, 20);
    assertSandboxAgrees([outcome], ids);
  });

  test('401: the first chunk fails, the run stops, nothing is applied, the token never appears', async () => {
    sandbox.reset();
    const ids = targetIds.slice(0, 6);
    const { outcome } = await runFlow(documentText(ids), { chunkSize: 2, concurrency: 1, api: client({ token: 'wrong-token-value' }) });
    assert.deepEqual(
      outcome.failed.map((g) => [g.kind, g.status]),
      [['unauthorized', 401]],
    );
    assert.deepEqual(outcome.notSent, ids.slice(2));
    assert.equal(outcome.stopped?.kind, 'unauthorized');
    assertNoSecretCaptured();
    assertSandboxAgrees([outcome], ids);
  });
});
