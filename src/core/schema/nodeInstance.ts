// Schema instances over the `yaml` AST: conditions (`if`/`then`) are checked against the parsed
// nodes lazily, without computing the document's value. Kept apart from navigate.ts so that the
// schema navigator (and the new-file template) load without the YAML parser.
import { isMap, isNode, isScalar, isSeq, type Node } from 'yaml';
import { collectionItems, findPair } from '../yaml/nodes';
import type { Instance } from './instance';

/** An {@link Instance} over a `yaml` AST node; aliases and complex keys read as absent. */
export function instanceOfNode(node: unknown): Instance | undefined {
  if (!isNode(node)) {
    return node === null ? { kind: 'scalar', scalar: null, property: () => undefined, item: () => undefined, keys: () => [] } : undefined;
  }
  if (isMap(node)) {
    return {
      kind: 'object',
      property: (name) => {
        const pair = findPair(node, name);
        return pair === undefined ? undefined : instanceOfNode(pair.value ?? null);
      },
      item: () => undefined,
      keys: () => node.items.map((p) => (isScalar(p.key) ? String(p.key.value) : '')).filter((k) => k !== ''),
    };
  }
  if (isSeq(node)) {
    return {
      kind: 'array',
      property: () => undefined,
      item: (i) => instanceOfNode(collectionItems(node).at(i)),
      keys: () => [],
    };
  }
  if (isScalar(node)) {
    return { kind: 'scalar', scalar: node.value, property: () => undefined, item: () => undefined, keys: () => [] };
  }
  return undefined;
}

/** A lazy {@link Instance} of a parsed document's root node (`undefined` for an empty document). */
export function documentInstance(contents: Node | null | undefined): Instance | undefined {
  return contents == null ? undefined : instanceOfNode(contents);
}
