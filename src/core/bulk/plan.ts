// Chunk planning: the selected ids, each once, cut into requests of at most `chunkSize` ids.
import { contributes } from '../../../package.json';

// The settings' defaults and bounds, as the extension's manifest declares them (the one place they
// are written): the command line uses the same.
const chunkSize = contributes.configuration.properties['scanTargets.bulkUpdate.chunkSize'];
const concurrency = contributes.configuration.properties['scanTargets.bulkUpdate.concurrency'];
/** Ids per request by default (setting `scanTargets.bulkUpdate.chunkSize`). */
export const DEFAULT_CHUNK_SIZE = chunkSize.default;
/** Requests in flight at once by default (setting `scanTargets.bulkUpdate.concurrency`). */
export const DEFAULT_CONCURRENCY = concurrency.default;
export const MAX_CHUNK_SIZE = chunkSize.maximum;
export const MAX_CONCURRENCY = concurrency.maximum;

export interface BulkPlan {
  /** The ids to send, each once, in order of first appearance. */
  readonly ids: readonly string[];
  /** Ids that appeared more than once in the input (each listed once; sent once). */
  readonly duplicates: readonly string[];
  /** The requests, in order: each a slice of {@link ids}. */
  readonly chunks: readonly (readonly string[])[];
  /** The chunk size used (after {@link normalizeChunkSize}). */
  readonly chunkSize: number;
}

/** A whole number in [1, 100000]; anything unusable (NaN, 0, negative, missing) gives the default. */
export function normalizeChunkSize(value: number | undefined): number {
  return clampInt(value, DEFAULT_CHUNK_SIZE, MAX_CHUNK_SIZE);
}

/** A whole number in [1, 16]; anything unusable gives the default. */
export function normalizeConcurrency(value: number | undefined): number {
  return clampInt(value, DEFAULT_CONCURRENCY, MAX_CONCURRENCY);
}

function clampInt(value: number | undefined, fallback: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1) return fallback;
  return Math.min(max, Math.floor(value));
}

/** Drops repeated ids (keeping the first) and cuts the rest into chunks of `chunkSize`. */
export function planChunks(ids: readonly string[], chunkSize: number = DEFAULT_CHUNK_SIZE): BulkPlan {
  const size = normalizeChunkSize(chunkSize);
  const seen = new Set<string>();
  const repeated = new Set<string>();
  const unique: string[] = [];
  for (const id of ids) {
    if (seen.has(id)) {
      repeated.add(id);
    } else {
      seen.add(id);
      unique.push(id);
    }
  }
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += size) {
    chunks.push(unique.slice(i, i + size));
  }
  return { ids: unique, duplicates: [...repeated], chunks, chunkSize: size };
}
