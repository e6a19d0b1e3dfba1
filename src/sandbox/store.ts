// The in-memory target store: the seeded demo targets, and how an update changes a target (`site`
// merged field by field, every other field replaced). Apart from the endpoint, which decides what
// is applied, and the server, which seeds and resets the store.
import { EXAMPLE_TARGETS, seededTarget } from './account';
import { sandboxTargetIds } from './prng';
import type { TargetRecord } from './types';
import { isRecord } from '../core/records';

/**
 * Empties the store and fills it with `count` targets whose ids are seeded by `idSeed`, then the
 * examples' targets when `withExamples`.
 */
export function seedTargets(store: Map<string, TargetRecord>, count: number, idSeed: number, withExamples: boolean): void {
  store.clear();
  sandboxTargetIds(count, idSeed).forEach((id, i) => store.set(id, { id, settings: { site: seededTarget(i) } }));
  if (!withExamples) return;
  for (const { id, name, url } of EXAMPLE_TARGETS) store.set(id, { id, settings: { site: { name, url } } });
}

/** Applies the settings of one request to the targets `ids` (every one of them in the store). */
export function applySettings(store: Map<string, TargetRecord>, ids: readonly string[], settings: Record<string, unknown>): void {
  // The targets of one request share these values: stored settings are only ever replaced (a
  // field, or `site` by a merged copy), never changed in place, and reads return clones.
  // Field names come from the request, so they are defined rather than assigned: assigning
  // `settings["__proto__"]` would replace the target's prototype instead of storing a field. The
  // spread of `site` defines its keys too.
  for (const id of ids) {
    const target = store.get(id)!;
    for (const [field, value] of Object.entries(settings)) {
      const current = Object.prototype.hasOwnProperty.call(target.settings, field) ? target.settings[field] : undefined;
      defineField(target.settings, field, field === 'site' && isRecord(current) && isRecord(value) ? { ...current, ...value } : value);
    }
  }
}

function defineField(record: Record<string, unknown>, field: string, value: unknown): void {
  Object.defineProperty(record, field, { value, writable: true, enumerable: true, configurable: true });
}
