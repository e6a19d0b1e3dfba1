// Following a schema's local `$ref`s, memoized per node. Apart from the navigator because
// property tables and condition matching resolve references too, and take this rather than the
// whole navigator.

import { valueAtPointer } from '../paths';
import type { SchemaNode } from './schemaNode';

/** The `$ref` resolution of one JSON Schema (its root holds the `#/...` targets). */
export class SchemaRefs {
  private readonly resolved = new WeakMap<object, SchemaNode>();

  constructor(readonly root: SchemaNode) {}

  /**
   * A node with its `$ref` followed (local `#/...` pointers only, repeatedly). Annotations written
   * beside the `$ref` (title, description, ...) win over the target's, as editors show them.
   */
  resolve(node: SchemaNode): SchemaNode {
    const cached = this.resolved.get(node);
    if (cached !== undefined) {
      return cached;
    }
    let result = node;
    const seen = new Set<string>();
    while (typeof result.$ref === 'string' && !seen.has(result.$ref)) {
      seen.add(result.$ref);
      const target = this.pointer(result.$ref);
      if (target === undefined) {
        break;
      }
      const { $ref: _ref, ...siblings } = result;
      result = { ...target, ...siblings };
      if (target.$ref === undefined) {
        const { $ref: _r2, ...rest } = result;
        result = rest;
      }
    }
    this.resolved.set(node, result);
    return result;
  }

  private pointer(ref: string): SchemaNode | undefined {
    if (!ref.startsWith('#')) {
      return undefined;
    }
    const node = valueAtPointer(this.root, ref);
    return node !== null && typeof node === 'object' ? (node as SchemaNode) : undefined;
  }
}
