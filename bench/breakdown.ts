// Where an edit's time goes, in-process, with the same LanguageService the server runs (one parse
// cache, a new version per edit): the parse of the new version and the validation of it, for one
// edit in each zone of each edit series of a shape, and whether the `ids` fast path
// (src/core/yaml/fastIds.ts) took the list. The text is kept in chunks and edited in place, as the
// server keeps an open document's (src/server/chunkedDocument.ts). The rest of the latency measured
// through the server is JSON-RPC, the server's update of its line starts and the conversion to LSP
// diagnostics.
import { LanguageService } from '../src/core/service';
import { SERVER_PARSE_OPTIONS } from '../src/server/protocol';
import { ChunkedText, type TextChange } from '../src/core/yaml';
import { fastIdsStats } from '../src/core/yaml/fastIds';
import { fastDocumentsStats } from '../src/core/yaml/fastDocuments';
import { collectGarbage, now } from './common';
import type { Shape } from './shapes';

export interface ZoneCost {
  zone: string;
  parseMs: number;
  validateMs: number;
  /** How the parse took the `ids` list. */
  path: string;
}

export interface Breakdown {
  open: ZoneCost;
  /** Per edit scenario of the shape (in order), one edit per zone. */
  scenarios: Array<{ name: string; edits: ZoneCost[] }>;
}

function counters(): { restored: number; rejected: number; listsReused: number; plainRead: number } {
  return { restored: fastIdsStats.restored, rejected: fastIdsStats.rejected, listsReused: fastIdsStats.listsReused, plainRead: fastDocumentsStats.read };
}

function pathTaken(before: ReturnType<typeof counters>, stats: unknown): string {
  const after = counters();
  const parts: string[] = [];
  if (after.restored > before.restored) parts.push('fast path');
  else if (after.rejected > before.rejected) parts.push('fast path refused: full `yaml` parse');
  else if (after.plainRead > before.plainRead) parts.push('no ids fast path: the list read with its document, by the reader of plain documents');
  else parts.push('no fast path: full `yaml` parse');
  if (after.listsReused > before.listsReused) parts.push('list scan reused');
  const s = stats as { reused?: number; moved?: number; parsed?: number; slices?: number } | undefined;
  if (s !== undefined && typeof s.slices === 'number' && s.slices > 1) parts.push(`${s.parsed ?? '?'} of ${s.slices} documents parsed`);
  return parts.join(', ');
}

export function breakdown(shape: Shape): Breakdown {
  collectGarbage();
  const service = new LanguageService(() => 'unset', SERVER_PARSE_OPTIONS);
  const uri = `file:///bench/breakdown-${shape.key}.target-settings.yaml`;
  const params = { maxProblems: 1000 };
  let text = shape.text;
  let chunks = ChunkedText.from(text);
  let version = 1;
  // Told where the text changed, as the language server is by its client.
  const measure = (zone: string, change?: TextChange): ZoneCost => {
    const before = counters();
    let t = now();
    if (change !== undefined) service.changed(uri, change);
    const file = service.parse(uri, version, chunks);
    const parseMs = now() - t;
    t = now();
    service.diagnostics(uri, file, params);
    const validateMs = now() - t;
    return { zone, parseMs, validateMs, path: pathTaken(before, (file as { stats?: unknown }).stats) };
  };
  const open = measure('open');
  const scenarios: Breakdown['scenarios'] = [];
  for (const scenario of shape.scenarios) {
    const edits: ZoneCost[] = [];
    const zones = new Set<string>();
    // One edit per zone: the series goes round its zones, so the first edits cover them all.
    for (let k = 0; k < 6 && (k === 0 || !zones.has(scenario.next(text, k).zone)); k++) {
      const edit = scenario.next(text, k);
      zones.add(edit.zone);
      text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
      chunks = chunks.edit(edit.start, edit.end, edit.text);
      version++;
      edits.push(measure(edit.zone, { start: edit.start, oldEnd: edit.end, newEnd: edit.start + edit.text.length }));
    }
    scenarios.push({ name: scenario.name, edits });
  }
  return { open, scenarios };
}
