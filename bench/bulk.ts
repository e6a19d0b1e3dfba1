// Bulk update against the local sandbox over loopback: end to end as the editor runs it (the plan
// asked of the language server, which holds the file open and validated; the chunked requests
// through the real client; the outcome) against the floor of the same HTTP requests (same chunks,
// same concurrency, same bodies) sent raw with undici. The sandbox runs on a thread of its own
// (sandboxThread.ts), as the service runs elsewhere.
import * as path from 'path';
import { Worker } from 'worker_threads';
import { Agent, request } from 'undici';
import { createClient } from '../src/api/client';
import { clientSend, planChunks, planRun, resolveBody, runBulkUpdate, DEFAULT_CHUNK_SIZE, DEFAULT_CONCURRENCY, type RunPlanResult } from '../src/core/bulk';
import { validateFile } from '../src/core/validation';
import { parseFile } from '../src/core/yaml';
import type { StdioLspClient } from '../test/unit/server/lspClient';
import { at, collectGarbage, log, median, now, targetSettingsFile } from './common';
import { openFresh, shapeUri } from './lsp';
import type { Shape } from './shapes';

export interface BulkRow {
  n: number;
  requests: number;
  endToEnd: number;
  /** Of the end to end, the plan: asked of the language server, and its answer read (the median round's). */
  plan: number;
  /** The plan's answer, in bytes of JSON. */
  planBytes: number;
  /** Opening the file in the language server: its first diagnostics (live validation, before the command runs). */
  prepare: number;
  raw: number;
  /** Lowest and highest end-to-end / raw ratio of single rounds. */
  roundRatios: [number, number];
  updated: number;
}

const TOKEN = 'bench-token';

export async function benchBulk(): Promise<BulkRow[]> {
  const sandbox = await startSandboxThread();
  const rows: BulkRow[] = [];
  try {
    for (const n of [10_000, 100_000]) {
      const { text } = targetSettingsFile(n);
      // What the raw requests send: the same ids and settings as the plan (made once, untimed).
      const referenceFile = parseFile(text);
      const reference = planRun(referenceFile, { documentIndex: 0 }, () => 'unset', validateFile(referenceFile));
      if (!reference.ok) throw new Error(`bulk plan refused: ${reference.message}`);
      const chunks = planChunks(reference.plan.prepared.ids, DEFAULT_CHUNK_SIZE).chunks;
      const rounds = n >= 100_000 ? 7 : 15;
      const e2e: number[] = [];
      const plans: number[] = [];
      const raw: number[] = [];
      let requests = 0;
      let planBytes = 0;
      // The file open in the language server, as in the editor (the same start as section 1's).
      const shape: Shape = { key: `bulk-${n}`, label: `${n} ids`, text, expect: 'no errors', scenarios: [] };
      const { server, openMs } = await openFresh('ours', shape);
      for (let r = 0; r <= rounds; r++) {
        log(`bulk ${n} ids, round ${r}`);
        // The two sides take turns going first, so neither always inherits the other's leftovers.
        const order = r % 2 === 0 ? (['e2e', 'raw'] as const) : (['raw', 'e2e'] as const);
        for (const side of order) {
          await sandbox.reset();
          collectGarbage();
          if (side === 'e2e') {
            const result = await endToEnd(sandbox.url, server.client, shapeUri(shape), n);
            requests = result.requests;
            planBytes = result.planBytes;
            if (r > 0) {
              // (round 0 warms up both paths)
              e2e.push(result.ms);
              plans.push(result.planMs);
            }
          } else {
            const ms = await rawRequests(sandbox.url, chunks, reference.plan.prepared.settings, n);
            if (r > 0) raw.push(ms);
          }
        }
      }
      await server.close();
      const ratios = e2e.map((e, i) => e / at(raw, i)); // one raw figure per end-to-end figure (both from rounds 1..rounds)
      rows.push({
        n,
        requests,
        endToEnd: median(e2e),
        plan: median(plans),
        planBytes,
        prepare: openMs,
        raw: median(raw),
        roundRatios: [Math.min(...ratios), Math.max(...ratios)],
        updated: n,
      });
    }
  } finally {
    await sandbox.reset();
    await sandbox.close();
  }
  return rows;
}

/**
 * End to end, as the editor's command runs it on a file the language server holds open and
 * validated: the plan asked of the server (selection, body, refusals, as JSON over stdio), the
 * body resolved, the chunked run through the real client, the outcome.
 */
async function endToEnd(
  baseUrl: string,
  server: StdioLspClient,
  uri: string,
  n: number,
): Promise<{ ms: number; planMs: number; planBytes: number; requests: number }> {
  const client = createClient({ baseUrl, token: TOKEN });
  const t = now();
  const planned = await server.request<RunPlanResult>('scanTargets/planBulkUpdate', {
    uri,
    version: 1,
    target: { documentIndex: 0 },
    purpose: 'run',
  });
  const planMs = now() - t;
  if (!planned.ok) throw new Error(`bulk plan refused: ${planned.message}`);
  const resolved = resolveBody(planned.plan.prepared, () => undefined);
  if (!resolved.ok) throw new Error(`bulk body refused: ${resolved.message}`);
  const outcome = await runBulkUpdate({
    ids: resolved.body.ids,
    body: resolved.body.settings,
    chunkSize: DEFAULT_CHUNK_SIZE,
    concurrency: DEFAULT_CONCURRENCY,
    send: clientSend(client, { secretValues: resolved.body.secretValues }),
  });
  const ms = now() - t;
  await client.close();
  if (outcome.updated.length !== n) throw new Error(`bulk: ${outcome.updated.length} of ${n} ids updated`);
  return { ms, planMs, planBytes: Buffer.byteLength(JSON.stringify(planned)), requests: outcome.requests };
}

/** The floor: the same requests (same chunks, bodies, concurrency), raw. */
async function rawRequests(baseUrl: string, chunks: readonly (readonly string[])[], settings: object, n: number): Promise<number> {
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const url = `${baseUrl}/targets/bulk/update/?is_id_404_validation=true`;
  const t = now();
  let next = 0;
  let updated = 0;
  const lane = async (): Promise<void> => {
    while (next < chunks.length) {
      const chunk = chunks[next++];
      const res = await request(url, {
        method: 'POST',
        dispatcher: agent,
        headers: { authorization: `JWT ${TOKEN}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ids: chunk, ...settings }),
      });
      const body = (await res.body.json()) as { ids?: string[] };
      if (res.statusCode !== 200) throw new Error(`raw: status ${res.statusCode}`);
      updated += body.ids?.length ?? 0;
    }
  };
  await Promise.all(Array.from({ length: DEFAULT_CONCURRENCY }, lane));
  const ms = now() - t;
  await agent.close();
  if (updated !== n) throw new Error(`raw: ${updated} of ${n} ids updated`);
  return ms;
}

interface SandboxThread {
  readonly url: string;
  reset(): Promise<void>;
  close(): Promise<void>;
}

async function startSandboxThread(): Promise<SandboxThread> {
  const worker = new Worker(path.join(__dirname, 'sandboxThread.js'), { workerData: { host: '127.0.0.1', token: TOKEN, targets: 100_000 } });
  const answer = (): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const fail = (err: Error): void => reject(err);
      worker.once('error', fail);
      worker.once('message', (message) => {
        worker.off('error', fail);
        resolve(message);
      });
    });
  const { url } = (await answer()) as { url: string };
  const ask = async (message: string): Promise<void> => {
    const answered = answer();
    worker.postMessage(message);
    await answered;
  };
  return {
    url,
    reset: () => ask('reset'),
    close: async () => {
      await ask('close');
      await worker.terminate();
    },
  };
}
