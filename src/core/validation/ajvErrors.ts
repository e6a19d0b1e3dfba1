// Turns Ajv's errors into findings for people: the field named by its dotted path, what is wrong
// and what is allowed; one error per problem (the best `anyOf`/`oneOf` branch only, `if`/`then`
// failures as "X is required when Y is true", no cascades), never Ajv's own wording or schema paths.
// The steps live beside this file: anyOfBranches.ts, conditionWords.ts, keywordFindings.ts.

import type { ErrorObject } from 'ajv';
import { pointerToPath } from '../paths';
import { isUnder, pickBranches } from './anyOfBranches';
import { describeCondition } from './conditionWords';
import type { Finding } from './finding';
import { translateError } from './keywordFindings';
import type { SchemaIndex } from './schemaIndex';
import { isRecord } from '../records';

/** Translates Ajv's errors for one document value into findings. */
export function translateAjvErrors(errors: readonly ErrorObject[], value: unknown, index: SchemaIndex): Finding[] {
  const removed = new Set<ErrorObject>();
  const extra = pickBranches(errors, index, removed);

  // `if`/`then`/`else`: the branch's errors get the condition ("when ..." / "unless ..."); the
  // generic "must match then schema" goes.
  const conditions = new Map<ErrorObject, string | undefined>();
  for (const e of errors) {
    if (e.keyword !== 'if' || removed.has(e)) {
      continue;
    }
    removed.add(e);
    const holder: unknown = e.parentSchema;
    const failing = (e.params as { failingKeyword?: string }).failingKeyword === 'else' ? 'else' : 'then';
    const branch = isRecord(holder) ? holder[failing] : undefined;
    if (!isRecord(branch)) {
      continue;
    }
    const described = describeCondition(isRecord(holder) ? holder.if : undefined, pointerToPath(e.instancePath, value), index);
    const condition = described === undefined ? undefined : `${failing === 'else' ? 'unless' : 'when'} ${described}`;
    const members = index.closure(branch);
    for (const m of errors) {
      if (m !== e && !removed.has(m) && isUnder(m.instancePath, e.instancePath) && members.has(m.parentSchema as object)) {
        if (!conditions.has(m)) {
          conditions.set(m, condition);
        }
      }
    }
  }

  // A value of the wrong type: its other errors (enum, pattern, ...) are noise.
  const typeErrorAt = new Set<string>();
  for (const e of [...errors, ...extra]) {
    if (e.keyword === 'type' && !removed.has(e)) {
      typeErrorAt.add(e.instancePath);
    }
  }

  const findings: Finding[] = [];
  for (const e of [...errors.filter((x) => !removed.has(x)), ...extra]) {
    if (e.keyword !== 'type' && typeErrorAt.has(e.instancePath) && e.keyword !== 'required') {
      continue;
    }
    const f = translateError(e, value, index, conditions.get(e), conditions.has(e));
    if (f !== undefined) {
      findings.push(f);
    }
  }
  return findings;
}
