// Walking the target-settings JSON Schema along a YAML path: `$ref`s resolved, array items,
// `allOf` branches and `if`/`then`/`else` conditions (evaluated against the document where it is
// known). Shared by completion, hover and quick fixes, so all three read fields, types, defaults,
// enums and limits from the one schema file and nothing re-types them.
//
// Everything is memoized per schema node (resolved references, property tables), so a lookup
// costs a few map reads per path segment and never walks the document.

import targetSettingsSchemaJson from '../../../schemas/target-settings.schema.json';
import { valueAtPointer, type PathSegment, type YamlPath } from '../paths';

/** A JSON Schema (draft-07) node with the editor annotations the schema uses. */
export interface SchemaNode {
  readonly [keyword: string]: unknown;
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly title?: string;
  readonly description?: string;
  readonly markdownDescription?: string;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly patternProperties?: Readonly<Record<string, SchemaNode>>;
  readonly additionalProperties?: boolean | SchemaNode;
  readonly required?: readonly string[];
  readonly items?: SchemaNode | readonly SchemaNode[];
  readonly additionalItems?: boolean | SchemaNode;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly enumDescriptions?: readonly string[];
  readonly markdownEnumDescriptions?: readonly string[];
  readonly default?: unknown;
  readonly defaultSnippets?: readonly DefaultSnippet[];
  readonly allOf?: readonly SchemaNode[];
  readonly anyOf?: readonly SchemaNode[];
  readonly oneOf?: readonly SchemaNode[];
  readonly if?: SchemaNode;
  readonly then?: SchemaNode;
  readonly else?: SchemaNode;
  readonly not?: SchemaNode;
  readonly format?: string;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly minProperties?: number;
  readonly maxProperties?: number;
  readonly deprecationMessage?: string;
  readonly doNotSuggest?: boolean;
}

/** A `defaultSnippets` entry (VS Code JSON/YAML convention): `body` holds snippet syntax strings. */
export interface DefaultSnippet {
  readonly label?: string;
  readonly description?: string;
  readonly markdownDescription?: string;
  readonly body?: unknown;
}

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

/** JSON Schema type names of a node (`type` as a list; `[]` when the node does not say). */
export function typesOf(schema: SchemaNode): string[] {
  const t = schema.type;
  if (typeof t === 'string') {
    return [t];
  }
  if (Array.isArray(t)) {
    return [...(t as string[])];
  }
  if (schema.enum !== undefined) {
    return [...new Set(schema.enum.map(jsonType))];
  }
  if (schema.const !== undefined) {
    return [jsonType(schema.const)];
  }
  if (schema.properties !== undefined) {
    return ['object'];
  }
  if (schema.items !== undefined) {
    return ['array'];
  }
  return [];
}

/** JSON Schema type name of a JS value (`integer` for whole numbers). */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Enum member descriptions: `markdownEnumDescriptions`, else `enumDescriptions`. */
export function enumDescriptionsOf(schema: SchemaNode): readonly (string | undefined)[] | undefined {
  return schema.markdownEnumDescriptions ?? schema.enumDescriptions;
}

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

/** Walks one JSON Schema; see {@link targetSettingsNavigator} for the bundled target-settings schema. */
export class SchemaNavigator {
  private readonly resolved = new WeakMap<object, SchemaNode>();
  private readonly propertyTables = new WeakMap<object, PropertyInfo[]>();
  private readonly conditionTables = new WeakMap<object, FlagCondition[]>();

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
    const [first] = location.schemas;
    if (first === undefined) {
      return [];
    }
    if (location.schemas.length === 1) {
      return this.propertyTable(first);
    }
    const byName = new Map<string, { schemas: SchemaNode[]; required: boolean; conditional: boolean; order: number }>();
    let order = 0;
    const primary = new Set<string>(first.required ?? []);
    location.schemas.forEach((s, index) => {
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
    const cached = this.propertyTables.get(schema);
    if (cached !== undefined) {
      return cached;
    }
    const required = new Set(schema.required ?? []);
    const table = Object.entries(schema.properties ?? {}).map(([name, sub], i) => this.propertyInfo(name, [sub], required.has(name), false, i));
    this.propertyTables.set(schema, table);
    return table;
  }

  private propertyInfo(name: string, raw: readonly SchemaNode[], required: boolean, conditional: boolean, order: number): PropertyInfo {
    const schemas = raw.map((s) => this.resolve(s));
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
   * `properties`, string and number limits, `pattern`, `not`, `allOf`, `anyOf`, `oneOf`. Other
   * keywords are taken as satisfied. Unlike JSON Schema, `required` fails on a non-object, so
   * "when `has_otp` is set to true" does not hold for an empty (`null`) mapping.
   */
  matches(schema: SchemaNode, instance: Instance): boolean {
    const s = this.resolve(schema);
    const value = instance.kind === 'scalar' ? instance.scalar : undefined;
    if (s.const !== undefined && (instance.kind !== 'scalar' || value !== s.const)) {
      return false;
    }
    if (s.enum !== undefined && (instance.kind !== 'scalar' || !s.enum.includes(value))) {
      return false;
    }
    const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? (s.type as string[]) : undefined;
    if (types !== undefined) {
      const actual = instance.kind === 'scalar' ? jsonType(value) : instance.kind;
      if (!types.includes(actual) && !(actual === 'integer' && types.includes('number'))) {
        return false;
      }
    }
    if (s.required !== undefined && s.required.length > 0 && instance.kind !== 'object') {
      // JSON Schema lets `required` pass on a non-object; a condition "F is set" should not.
      return false;
    }
    if (instance.kind === 'object') {
      for (const name of s.required ?? []) {
        if (instance.property(name) === undefined) {
          return false;
        }
      }
      for (const [name, sub] of Object.entries(s.properties ?? {})) {
        const child = instance.property(name);
        if (child !== undefined && !this.matches(sub, child)) {
          return false;
        }
      }
    }
    if (typeof value === 'string') {
      if (s.minLength !== undefined && [...value].length < s.minLength) return false;
      if (s.maxLength !== undefined && [...value].length > s.maxLength) return false;
      if (s.pattern !== undefined && safeRegExp(s.pattern, 'u')?.test(value) === false) return false;
    }
    if (typeof value === 'number') {
      if (s.minimum !== undefined && value < s.minimum) return false;
      if (s.maximum !== undefined && value > s.maximum) return false;
    }
    if (s.not !== undefined && this.matches(s.not, instance)) return false;
    if (s.allOf !== undefined && !s.allOf.every((m) => this.matches(m, instance))) return false;
    if (s.anyOf !== undefined && !s.anyOf.some((m) => this.matches(m, instance))) return false;
    if (s.oneOf !== undefined && s.oneOf.filter((m) => this.matches(m, instance)).length !== 1) return false;
    return true;
  }
}

const regExps = new Map<string, RegExp | undefined>();

function safeRegExp(pattern: string, flags = ''): RegExp | undefined {
  const key = `${flags}/${pattern}`;
  if (!regExps.has(key)) {
    let re: RegExp | undefined;
    try {
      re = new RegExp(pattern, flags);
    } catch {
      re = undefined;
    }
    regExps.set(key, re);
  }
  return regExps.get(key);
}

let bundled: SchemaNavigator | undefined;

/** The target-settings schema (schemas/target-settings.schema.json, bundled as JSON). */
export function targetSettingsSchema(): SchemaNode {
  return targetSettingsSchemaJson;
}

/** The navigator over the bundled target-settings schema (one shared, memoizing instance). */
export function targetSettingsNavigator(): SchemaNavigator {
  bundled ??= new SchemaNavigator(targetSettingsSchema());
  return bundled;
}
