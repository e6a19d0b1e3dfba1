// Peak memory (in-process core) for the 100,000-id file, in a child process each (fast path on, and off for comparison).
import { execFileSync } from 'child_process';
import * as path from 'path';
import { log } from './common';

export interface MemoryRow {
  mode: string;
  maxRss: number;
  heapPeak: number;
  baseRss: number;
  baseHeap: number;
}

export function benchMemory(): MemoryRow[] {
  const rows: MemoryRow[] = [];
  for (const mode of ['fast', 'full'] as const) {
    log(`memory (${mode})`);
    const out = execFileSync(process.execPath, [path.join(__dirname, 'memoryChild.js'), mode], { encoding: 'utf8', timeout: 120_000 });
    const r = JSON.parse(out.trim().split('\n').pop()!) as Pick<MemoryRow, 'maxRss' | 'heapPeak' | 'baseRss' | 'baseHeap'>;
    rows.push({
      mode: mode === 'fast' ? 'as shipped (ids fast path)' : 'full `yaml` parse (fast path off)',
      maxRss: r.maxRss,
      heapPeak: r.heapPeak,
      baseRss: r.baseRss,
      baseHeap: r.baseHeap,
    });
  }
  return rows;
}
