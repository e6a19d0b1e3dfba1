// Choosing among the branches of a failed `anyOf`/`oneOf`: Ajv reports every branch's errors, and
// people should see only those of the branch the value was closest to (or one merged "must be a
// string or a list"). Apart from the wording because it only decides which errors are kept.

import type { ErrorObject } from 'ajv';
import { errorTypes } from './keywordFindings';
import type { SchemaIndex } from './schemaIndex';
import { isRecord } from '../records';

/** True when pointer `inner` is `outer` or below it. */
export function isUnder(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(`${outer}/`);
}

function depthOf(pointer: string): number {
  return pointer === '' ? 0 : pointer.split('/').length - 1;
}

const COMBINATORS = new Set(['anyOf', 'oneOf']);

/**
 * For each failed `anyOf`/`oneOf`, keeps the errors of the branch that matches best and drops the
 * others and the combinator's own error. When every branch fails only on its type, the branches'
 * type errors are merged into one ("must be a string or a list"), returned in `merged`.
 */
export function pickBranches(errors: readonly ErrorObject[], index: SchemaIndex, removed: Set<ErrorObject>): ErrorObject[] {
  const merged: ErrorObject[] = [];
  const combinators = errors.filter((e) => COMBINATORS.has(e.keyword)).sort((a, b) => depthOf(a.instancePath) - depthOf(b.instancePath));
  for (const c of combinators) {
    if (removed.has(c)) {
      continue;
    }
    removed.add(c);
    const branches = Array.isArray(c.schema) ? (c.schema as unknown[]) : [];
    const candidates = errors.filter((e) => e !== c && !removed.has(e) && isUnder(e.instancePath, c.instancePath));
    const members: ErrorObject[][] = branches.map((branch) => {
      if (!isRecord(branch)) {
        return [];
      }
      const closure = index.closure(branch);
      return candidates.filter((e) => closure.has(e.parentSchema as object));
    });
    const passing = (c.params as { passingSchemas?: unknown }).passingSchemas;
    if (members.every((m) => m.length === 0) || (c.keyword === 'oneOf' && Array.isArray(passing))) {
      merged.push(c); // translated on its own: no branch to report
      continue;
    }
    const onlyTypes = members.every((m) => m.length > 0 && m.every((e) => e.keyword === 'type' && e.instancePath === c.instancePath));
    const first = members[0]?.[0];
    if (onlyTypes && first !== undefined) {
      const types = new Set<string>();
      for (const m of members) {
        for (const e of m) {
          for (const t of errorTypes(e)) {
            types.add(t);
          }
          removed.add(e);
        }
      }
      merged.push({ ...first, params: { type: [...types] } });
      continue;
    }
    const score = (m: ErrorObject[]): number => {
      let s = m.length;
      for (const e of m) {
        if (e.keyword === 'type' && e.instancePath === c.instancePath) {
          s += 1000; // the value is not even of this branch's type
        } else if ((e.keyword === 'const' || e.keyword === 'enum') && depthOf(e.instancePath) <= depthOf(c.instancePath) + 1) {
          s += 100; // a discriminating value does not match
        }
      }
      return s;
    };
    // The first of the lowest-scoring branches.
    const best = members.reduce((a, b) => (score(b) < score(a) ? b : a));
    const keep = new Set(best);
    for (const m of members) {
      for (const e of m) {
        if (!keep.has(e)) {
          removed.add(e);
        }
      }
    }
  }
  return merged;
}
