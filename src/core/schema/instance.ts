// The document data a schema condition is evaluated against, and that view over plain JS data.
// Apart from the navigator so that nodeInstance.ts (the same view over the `yaml` AST) and the
// condition matching can share it without loading each other.

/**
 * The document data a condition is evaluated against: plain JS data, or a lazy view of a `yaml`
 * AST node (so a condition on `type` does not turn a 100,000-id document into JS).
 */
export interface Instance {
  readonly kind: 'object' | 'array' | 'scalar';
  /** The value of a scalar (string, number, boolean or null). */
  readonly scalar?: unknown;
  /** A property of an object. */
  property(name: string): Instance | undefined;
  /** An item of an array. */
  item(index: number): Instance | undefined;
  /** Property names of an object (in source order). */
  keys(): string[];
}

/** An {@link Instance} over plain JS data. */
export function instanceOfValue(value: unknown): Instance | undefined {
  if (value === undefined) {
    return undefined;
  }
  if (Array.isArray(value)) {
    return {
      kind: 'array',
      property: () => undefined,
      item: (i) => instanceOfValue(value[i]),
      keys: () => [],
    };
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return {
      kind: 'object',
      property: (name) => (Object.prototype.hasOwnProperty.call(record, name) ? instanceOfValue(record[name]) : undefined),
      item: () => undefined,
      keys: () => Object.keys(record),
    };
  }
  return { kind: 'scalar', scalar: value, property: () => undefined, item: () => undefined, keys: () => [] };
}
