// 5. Bulk update against the local sandbox over loopback: end to end (parse + validation + plan +
// chunked requests through the real client + outcome) against the floor of the same HTTP requests
// (same chunks, same concurrency, same bodies) sent raw with undici.
import { Agent, request } from 'undici';
import { createClient } from '../src/api';
import { clientSend, planChunks, planRun, runBulkUpdate, DEFAULT_CHUNK_SIZE, DEFAULT_CONCURRENCY } from '../src/core/bulk';
import { validateFile } from '../src/core/validation';
import { parseFile } from '../src/core/yaml';
import { startSandbox } from '../src/sandbox';
import { log, median, now, targetSettingsFile } from './common';

export interface BulkRow {
  n: number;
  requests: number;
  endToEnd: number;
  raw: number;
  updated: number;
}

const TOKEN = 'bench-token';

export async function benchBulk(): Promise<BulkRow[]> {
  const sandbox = await startSandbox({ host: '127.0.0.1', token: TOKEN, targets: 100_000 });
  const rows: BulkRow[] = [];
  try {
    for (const n of [10_000, 100_000]) {
      const { text } = targetSettingsFile(n);
      const repeats = n >= 100_000 ? 3 : 5;
      const e2e: number[] = [];
      const raw: number[] = [];
      let updated = 0;
      let requests = 0;
      for (let r = 0; r <= repeats; r++) {
        log(`bulk ${n} ids, round ${r}`);
        // End to end, as the command runs it (the worker's plan, then the run on the extension host).
        sandbox.reset();
        const client = createClient({ baseUrl: sandbox.url, token: TOKEN });
        let t = now();
        const file = parseFile(text);
        const planned = planRun(file, { documentIndex: 0 }, () => undefined, validateFile(file));
        if (!planned.ok) throw new Error(`bulk plan refused: ${planned.message}`);
        const outcome = await runBulkUpdate({
          ids: planned.plan.prepared.ids,
          body: planned.plan.prepared.settings,
          chunkSize: DEFAULT_CHUNK_SIZE,
          concurrency: DEFAULT_CONCURRENCY,
          send: clientSend(client, { secretValues: planned.plan.prepared.secretValues }),
        });
        const e = now() - t;
        await client.close();
        if (outcome.updated.length !== n) throw new Error(`bulk: ${outcome.updated.length} of ${n} ids updated`);
        updated = outcome.updated.length;
        requests = outcome.requests;

        // The floor: the same requests, raw.
        sandbox.reset();
        const agent = new Agent({ keepAliveTimeout: 10_000 });
        const settings = planned.plan.prepared.settings;
        const chunks = planChunks(planned.plan.prepared.ids, DEFAULT_CHUNK_SIZE).chunks;
        const url = `${sandbox.url}/targets/bulk/update/?is_id_404_validation=true`;
        t = now();
        let next = 0;
        let rawUpdated = 0;
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
            rawUpdated += body.ids?.length ?? 0;
          }
        };
        await Promise.all(Array.from({ length: DEFAULT_CONCURRENCY }, lane));
        const w = now() - t;
        await agent.close();
        if (rawUpdated !== n) throw new Error(`raw: ${rawUpdated} of ${n} ids updated`);
        if (r > 0) {
          // (round 0 warms up both paths)
          e2e.push(e);
          raw.push(w);
        }
      }
      rows.push({ n, requests, endToEnd: median(e2e), raw: median(raw), updated });
    }
  } finally {
    sandbox.reset();
    await sandbox.close();
  }
  return rows;
}
