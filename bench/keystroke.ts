// 3. Keystroke cost on the extension host: the real language worker (dist/worker.js) in a
// worker_threads Worker. On the main thread we time what the extension host does per edit: build
// the new text (as getText would) and postMessage it with a validate request. The worker-side
// latency until the diagnostics come back is what the user waits for (not blocking).
import * as path from 'path';
import { Worker } from 'worker_threads';
import { ROOT, SIZES, log, median, now, targetSettingsFile } from './common';

export interface KeystrokeRow {
  n: number;
  edits: number;
  blockMax: number;
  blockMedian: number;
  latencyMedian: number;
  latencyMax: number;
}

interface Response {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: string;
}

const EDITS = 50;

export async function benchKeystroke(): Promise<KeystrokeRow[]> {
  const worker = new Worker(path.join(ROOT, 'dist', 'worker.js'));
  const waiting = new Map<number, (r: Response) => void>();
  worker.on('message', (r: Response) => {
    waiting.get(r.id)?.(r);
    waiting.delete(r.id);
  });
  let nextId = 1;
  const rows: KeystrokeRow[] = [];
  try {
    for (const n of SIZES) {
      log(`keystroke ${n} ids`);
      let text = targetSettingsFile(n).text;
      const uri = `file:///bench/keystroke-${n}.target-settings.yaml`;
      // Edits replace one letter of an id in the middle of the list (the file stays valid).
      const first = text.indexOf('\nids:\n') + 6;
      const lineLength = text.indexOf('\n', first) + 1 - first;
      const block: number[] = [];
      const latency: number[] = [];
      for (let version = 0; version <= EDITS; version++) {
        const id = nextId++;
        const done = new Promise<Response>((resolve) => waiting.set(id, resolve));
        const t0 = now();
        if (version > 0) {
          // Every item line has the same length ("  - " + a 12-character id + "\n"): hit a letter of an id.
          const at = first + ((n / 2 + version) % n) * lineLength + 4 + (version % 12);
          if (!/[A-Za-z0-9]/.test(text[at])) throw new Error(`keystroke bench: offset ${at} is not in an id`);
          text = text.slice(0, at) + (text[at] === 'Z' ? 'Y' : 'Z') + text.slice(at + 1);
        }
        worker.postMessage({ id, method: 'validate', document: { uri, version, text }, params: {} });
        const t1 = now();
        const r = await done;
        const t2 = now();
        if (!r.ok) throw new Error(`worker: ${r.error}`);
        if (version > 0) {
          // (version 0 opens the file: its first parse is not a keystroke.)
          block.push(t1 - t0);
          latency.push(t2 - t0);
        }
      }
      rows.push({
        n,
        edits: EDITS,
        blockMax: Math.max(...block),
        blockMedian: median(block),
        latencyMedian: median(latency),
        latencyMax: Math.max(...latency),
      });
    }
  } finally {
    await worker.terminate();
  }
  return rows;
}
