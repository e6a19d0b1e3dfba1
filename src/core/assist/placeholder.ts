// The value a required property is inserted with, read from the schema alone: what the
// missing-property fix writes after the new key.

import type { PathSegment } from '../paths';
import { targetSettingsNavigator } from '../schema/bundledSchema';
import type { Instance } from '../schema/instance';
import { typesOf } from '../schema/schemaNode';
import type { PropertyInfo } from '../schema/schemaProperties';

/**
 * A value to start a required property with: its default, an allowed value, or an empty one; an
 * object gets its required properties (those required by conditions that hold too), a list that
 * must not be empty one placeholder item.
 */
export function placeholderFor(path: readonly PathSegment[], instance: Instance | undefined, info?: PropertyInfo, depth = 0): unknown {
  const nav = targetSettingsNavigator();
  const loc = nav.at(path, instance);
  if (loc === undefined) return '';
  const s = loc.schema;
  if (info?.hasDefault) return info.default;
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  const withEnum = info?.enum ?? loc.schemas.find((x) => x.enum !== undefined)?.enum;
  if (withEnum !== undefined && withEnum.length > 0) return withEnum[0];
  const types = typesOf(s);
  if (types.includes('object')) {
    const out: Record<string, unknown> = {};
    if (depth < 4) {
      for (const p of nav.properties(loc)) {
        if (p.required) out[p.name] = placeholderFor([...path, p.name], instance, p, depth + 1);
      }
    }
    return out;
  }
  if (types.includes('array')) {
    return (s.minItems ?? 0) > 0 && depth < 4 ? [placeholderFor([...path, 0], instance, undefined, depth + 1)] : [];
  }
  if (types.includes('string')) return '';
  if (types.includes('integer') || types.includes('number')) return s.minimum ?? 0;
  if (types.includes('boolean')) return false;
  return null;
}
