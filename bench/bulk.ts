// 5. Bulk update against the local sandbox over loopback: end to end (parse + validation + plan +
// chunked requests through the real client + outcome) against the floor of the same HTTP requests
// (same chunks, same concurrency, same bodies) sent raw with undici. The sandbox runs on a thread
// of its own (sandboxThread.ts), as the service runs elsewhere.
import * as path from 'path';
import { Worker } from 'worker_threads';
import { Agent, request } from 'undici';
import { createClient } from '../src/api';
import { clientSend, planChunks, planRun, runBulkUpdate, DEFAULT_CHUNK_SIZE, DEFAULT_CONCURRENCY, type RunPlan } from '../src/core/bulk';
import { validateFile } from '../src/core/validation';
import { parseFile } from '../src/core/yaml';
import { collectGarbage, log, median, now, targetSettingsFile } from './common';

export interface BulkRow {
  n: number;
  requests: number;
  endToEnd: number;
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
      const reference = plan(text);
      const chunks = planChunks(reference.prepared.ids, DEFAULT_CHUNK_SIZE).chunks;
      const rounds = n >= 100_000 ? 7 : 15;
      const e2e: number[] = [];
      const raw: number[] = [];
      let requests = 0;
      for (let r = 0; r <= rounds; r++) {
        log(`bulk ${n} ids, round ${r}`);
        // The two sides take turns going first, so neither always inherits the other's leftovers.
        const order = r % 2 === 0 ? (['e2e', 'raw'] as const) : (['raw', 'e2e'] as const);
        for (const side of order) {
          await sandbox.reset();
          collectGarbage();
          if (side === 'e2e') {
            const result = await endToEnd(sandbox.url, text, n);
            requests = result.requests;
            if (r > 0) e2e.push(result.ms); // (round 0 warms up both paths)
          } else {
            const ms = await rawRequests(sandbox.url, chunks, reference.prepared.settings, n);
            if (r > 0) raw.push(ms);
          }
        }
      }
      const ratios = e2e.map((e, i) => e / raw[i]);
      rows.push({ n, requests, endToEnd: median(e2e), raw: median(raw), roundRatios: [Math.min(...ratios), Math.max(...ratios)], updated: n });
    }
  } finally {
    await sandbox.reset();
    await sandbox.close();
  }
  return rows;
}

function plan(text: string): RunPlan {
  const file = parseFile(text);
  const planned = planRun(file, { documentIndex: 0 }, () => undefined, validateFile(file));
  if (!planned.ok) throw new Error(`bulk plan refused: ${planned.message}`);
  return planned.plan;
}

/** End to end, as the command runs it (the worker's plan, then the run on the extension host). */
async function endToEnd(baseUrl: string, text: string, n: number): Promise<{ ms: number; requests: number }> {
  const client = createClient({ baseUrl, token: TOKEN });
  const t = now();
  const planned = plan(text);
  const outcome = await runBulkUpdate({
    ids: planned.prepared.ids,
    body: planned.prepared.settings,
    chunkSize: DEFAULT_CHUNK_SIZE,
    concurrency: DEFAULT_CONCURRENCY,
    send: clientSend(client, { secretValues: planned.prepared.secretValues }),
  });
  const ms = now() - t;
  await client.close();
  if (outcome.updated.length !== n) throw new Error(`bulk: ${outcome.updated.length} of ${n} ids updated`);
  return { ms, requests: outcome.requests };
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
