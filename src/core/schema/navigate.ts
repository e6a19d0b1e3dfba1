// Walking a JSON Schema along a YAML path: `$ref`s resolved, array items, `allOf` branches and
// `if`/`then`/`else` conditions (evaluated against the document where it is known). Shared by
// completion, hover and quick fixes, so all three read fields, types, defaults, enums and limits
// from the one schema file and nothing re-types them.
//
// Everything is memoized per schema node (resolved references, property tables), so a lookup
// costs a few map reads per path segment and never walks the document. The pieces live beside
// this file: schemaRefs.ts, schemaMatch.ts, schemaProperties.ts; bundledSchema.ts holds the shared
// navigator over the target-settings schema.

import type { PathSegment, YamlPath } from '../paths';
import type { Instance } from './instance';
import type { SchemaNode } from './schemaNode';
import { matchesSchema } from './schemaMatch';
import { PropertyTables, type PropertyInfo } from './schemaProperties';
import { SchemaRefs } from './schemaRefs';
import { safeRegExp } from './schemaRegExp';

/** The schemas that apply at one path of a document. */
export interface SchemaLocation {
  readonly path: readonly PathSegment[];
  /** The main schema here (the property or item schema, `$ref` resolved). */
  readonly schema: SchemaNode;
  /** Every schema that applies here: {@link schema} first, then `allOf` members and the
   * `then`/`else` branches whose condition holds for {@link instance}. */
  readonly schemas: readonly SchemaNode[];
  /** The document data at this path, when known. */
  readonly instance: Instance | undefined;
}

/** A flag whose value makes other properties required (`has_basic_auth: true` -> `basic_auth`). */
export interface FlagCondition {
  readonly flag: string;
  readonly value: unknown;
  readonly requires: readonly string[];
}

/** Walks one JSON Schema; `targetSettingsNavigator()` (bundledSchema.ts) is the one over the target-settings schema. */
export class SchemaNavigator {
  private readonly refs: SchemaRefs;
  private readonly propertyTables: PropertyTables;
  private readonly conditionTables = new WeakMap<object, FlagCondition[]>();

  constructor(readonly root: SchemaNode) {
    this.refs = new SchemaRefs(root);
    this.propertyTables = new PropertyTables(this.refs);
  }

  /**
   * A node with its `$ref` followed (local `#/...` pointers only, repeatedly). Annotations written
   * beside the `$ref` (title, description, ...) win over the target's, as editors show them.
   */
  resolve(node: SchemaNode): SchemaNode {
    return this.refs.resolve(node);
  }

  /**
   * Every schema that applies to an instance of `schema`: itself (resolved), its `allOf` members,
   * and the `then` (or `else`) of each `if` evaluated against `instance` (an `if` on unknown data
   * is taken as not holding). `anyOf`/`oneOf` members that match the instance are included too.
   */
  expand(schema: SchemaNode, instance: Instance | undefined): SchemaNode[] {
    const out: SchemaNode[] = [];
    const visit = (node: SchemaNode, depth: number): void => {
      const s = this.resolve(node);
      if (out.includes(s) || depth > 16) {
        return;
      }
      out.push(s);
      for (const member of s.allOf ?? []) {
        visit(member, depth + 1);
      }
      for (const member of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
        if (instance !== undefined && this.matches(member, instance)) {
          visit(member, depth + 1);
        }
      }
      if (s.if !== undefined) {
        const holds = instance !== undefined && this.matches(s.if, instance);
        const branch = holds ? s.then : s.else;
        if (branch !== undefined) {
          visit(branch, depth + 1);
        }
      }
    };
    visit(schema, 0);
    return out;
  }

  /** The schemas at `path` of a document, given the document root as an {@link Instance}. */
  at(path: YamlPath, rootInstance?: Instance): SchemaLocation | undefined {
    let schemas = this.expand(this.root, rootInstance);
    let instance = rootInstance;
    const walked: PathSegment[] = [];
    for (const segment of path) {
      const next: SchemaNode[] = [];
      for (const s of schemas) {
        const child = this.childSchema(s, segment);
        if (child !== undefined) {
          next.push(child);
        }
      }
      if (next.length === 0) {
        return undefined;
      }
      instance = instance === undefined ? undefined : typeof segment === 'number' ? instance.item(segment) : instance.property(segment);
      walked.push(segment);
      const expanded: SchemaNode[] = [];
      for (const n of next) {
        for (const e of this.expand(n, instance)) {
          if (!expanded.includes(e)) {
            expanded.push(e);
          }
        }
      }
      schemas = expanded;
    }
    const [schema] = schemas;
    return schema === undefined ? undefined : { path: walked, schema, schemas, instance };
  }

  /** The schema of a property (string segment) or an item (number segment) of `schema`. */
  childSchema(schema: SchemaNode, segment: PathSegment): SchemaNode | undefined {
    if (typeof segment === 'number') {
      const items = schema.items;
      if (Array.isArray(items)) {
        const tuple = items as readonly SchemaNode[];
        if (segment < tuple.length) {
          return tuple[segment];
        }
        return typeof schema.additionalItems === 'object' ? schema.additionalItems : undefined;
      }
      return (items as SchemaNode | undefined) ?? undefined;
    }
    const own = schema.properties?.[segment];
    if (own !== undefined) {
      return own;
    }
    for (const [pattern, sub] of Object.entries(schema.patternProperties ?? {})) {
      if (safeRegExp(pattern)?.test(segment)) {
        return sub;
      }
    }
    return typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  }

  /**
   * The properties an object at `location` may have, in schema order, merged over every schema
   * that applies there, with their required-ness (conditions evaluated against the instance).
   */
  properties(location: SchemaLocation): PropertyInfo[] {
    return this.propertyTables.properties(location.schemas);
  }

  /** One property of the object at `location`, or `undefined` when the schema does not know it. */
  property(location: SchemaLocation, name: string): PropertyInfo | undefined {
    return this.properties(location).find((p) => p.name === name);
  }

  /**
   * Flags whose value makes other properties required, read from the `if`/`then` members of
   * `allOf` at `location` (e.g. `has_form_login: true` requires `form_login_url` and
   * `form_login`). Only conditions of the form `{ properties: { F: { const: V } }, required: [F] }`.
   */
  flagConditions(location: SchemaLocation): FlagCondition[] {
    const out: FlagCondition[] = [];
    for (const s of location.schemas) {
      const cached = this.conditionTables.get(s);
      if (cached !== undefined) {
        out.push(...cached);
        continue;
      }
      const table: FlagCondition[] = [];
      for (const member of s.allOf ?? []) {
        const m = this.resolve(member);
        const props = m.if?.properties;
        const thenRequired = m.then?.required;
        if (props === undefined || thenRequired === undefined) {
          continue;
        }
        const [only, ...others] = Object.entries(props);
        if (only === undefined || others.length > 0 || only[1].const === undefined) {
          continue;
        }
        const [flag, condition] = only;
        table.push({ flag, value: condition.const, requires: thenRequired });
      }
      this.conditionTables.set(s, table);
      out.push(...table);
    }
    return out;
  }

  /**
   * Whether `instance` satisfies `schema`, for conditions: `const`, `enum`, `type`, `required`,
   * `properties`, string and number limits, `pattern`, `not`, `allOf`, `anyOf`, `oneOf` (see
   * schemaMatch.ts).
   */
  matches(schema: SchemaNode, instance: Instance): boolean {
    return matchesSchema(this.refs, schema, instance);
  }
}
