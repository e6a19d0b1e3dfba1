// The property tables of object schemas: each property's main schema, types, default, enum and
// whether it is required (always or by a condition), merged over the schemas at a location.
// Apart from the navigator, which finds the schemas; this reads what they declare.

import { enumDescriptionsOf, typesOf, type SchemaNode } from './schemaNode';
import type { SchemaRefs } from './schemaRefs';

/** Everything known about one property of an object schema at a location. */
export interface PropertyInfo {
  readonly name: string;
  /** The main schema of the property: `$ref` resolved, the referencing node's annotations kept. */
  readonly schema: SchemaNode;
  /** Every schema contributing to the property (from `allOf` and conditions that hold). */
  readonly schemas: readonly SchemaNode[];
  /** Required here: always, or by an `if`/`then` whose condition holds for the document. */
  readonly required: boolean;
  /** Required only because of a condition (e.g. `basic_auth` when `has_basic_auth: true`). */
  readonly conditionallyRequired: boolean;
  readonly types: readonly string[];
  /** `null` is allowed. */
  readonly nullable: boolean;
  readonly hasDefault: boolean;
  readonly default: unknown;
  readonly enum: readonly unknown[] | undefined;
  readonly enumDescriptions: readonly (string | undefined)[] | undefined;
  /** Position in the schema (properties in schema order). */
  readonly order: number;
}

/** The properties of object schemas, memoized per schema node. */
export class PropertyTables {
  private readonly tables = new WeakMap<object, PropertyInfo[]>();

  constructor(private readonly refs: SchemaRefs) {}

  /**
   * The properties an object may have where `schemas` apply, in schema order, merged over all of
   * them, with their required-ness (the conditions already evaluated in choosing `schemas`).
   */
  properties(schemas: readonly SchemaNode[]): PropertyInfo[] {
    const [first] = schemas;
    if (first === undefined) {
      return [];
    }
    if (schemas.length === 1) {
      return this.propertyTable(first);
    }
    const byName = new Map<string, { schemas: SchemaNode[]; required: boolean; conditional: boolean; order: number }>();
    let order = 0;
    const primary = new Set<string>(first.required ?? []);
    schemas.forEach((s, index) => {
      for (const [name, sub] of Object.entries(s.properties ?? {})) {
        let entry = byName.get(name);
        if (entry === undefined) {
          entry = { schemas: [], required: false, conditional: false, order: order++ };
          byName.set(name, entry);
        }
        entry.schemas.push(sub);
      }
      for (const name of s.required ?? []) {
        const entry = byName.get(name);
        if (entry !== undefined) {
          if (!entry.required) {
            entry.required = true;
            entry.conditional = index > 0 && !primary.has(name);
          }
        } else {
          // Required by a branch that does not declare it: known once a schema declares it.
          byName.set(name, { schemas: [], required: true, conditional: index > 0, order: order++ });
        }
      }
    });
    const out: PropertyInfo[] = [];
    for (const [name, entry] of byName) {
      if (entry.schemas.length === 0) {
        continue;
      }
      out.push(this.propertyInfo(name, entry.schemas, entry.required, entry.conditional, entry.order));
    }
    return out.sort((a, b) => a.order - b.order);
  }

  /** The properties of one schema node alone (memoized). */
  private propertyTable(schema: SchemaNode): PropertyInfo[] {
    const cached = this.tables.get(schema);
    if (cached !== undefined) {
      return cached;
    }
    const required = new Set(schema.required ?? []);
    const table = Object.entries(schema.properties ?? {}).map(([name, sub], i) => this.propertyInfo(name, [sub], required.has(name), false, i));
    this.tables.set(schema, table);
    return table;
  }

  private propertyInfo(name: string, raw: readonly SchemaNode[], required: boolean, conditional: boolean, order: number): PropertyInfo {
    const schemas = raw.map((s) => this.refs.resolve(s));
    // The richest contribution (the declaring one, not a condition's bare `type: object`) leads.
    const main = schemas.reduce((best, s) => (Object.keys(s).length > Object.keys(best).length ? s : best));
    const types = typesOf(main);
    const def = schemas.find((s) => s.default !== undefined);
    const withEnum = schemas.find((s) => s.enum !== undefined);
    return {
      name,
      schema: main,
      schemas,
      required,
      conditionallyRequired: required && conditional,
      types,
      nullable: types.includes('null'),
      hasDefault: def !== undefined,
      default: def?.default,
      enum: withEnum?.enum,
      enumDescriptions: withEnum === undefined ? undefined : enumDescriptionsOf(withEnum),
      order,
    };
  }
}
