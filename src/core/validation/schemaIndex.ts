// Questions about the JSON Schema that error shaping needs: resolving local `$ref`s, which schema
// objects a subschema can apply (to tell which `anyOf` branch or `then` an Ajv error came from),
// and the declared properties of an object schema.

import { valueAtPointer } from '../paths';
import { isRecord } from '../records';

type SchemaObject = Record<string, unknown>;

/** Keywords whose value is one subschema. */
const SINGLE = ['additionalProperties', 'additionalItems', 'contains', 'propertyNames', 'not', 'if', 'then', 'else', 'items'];
/** Keywords whose value is a list of subschemas. */
const LIST = ['allOf', 'anyOf', 'oneOf', 'items'];
/** Keywords whose value maps names to subschemas. */
const MAP = ['properties', 'patternProperties', 'dependencies', 'definitions', '$defs'];

export class SchemaIndex {
  private readonly closures = new WeakMap<object, Set<object>>();

  constructor(readonly root: SchemaObject) {}

  /** The schema a local `$ref` (`#/definitions/x`, or the root `$id` + `#/...`) points to. */
  resolve(ref: string): SchemaObject | undefined {
    const id = typeof this.root.$id === 'string' ? this.root.$id : undefined;
    let fragment: string;
    if (ref.startsWith('#')) {
      fragment = ref.slice(1);
    } else if (id !== undefined && ref.startsWith(`${id.replace(/#$/, '')}#`)) {
      fragment = ref.slice(id.replace(/#$/, '').length + 1);
    } else if (id !== undefined && ref === id) {
      fragment = '';
    } else {
      return undefined;
    }
    const node = valueAtPointer(this.root, `#${fragment}`);
    return isRecord(node) ? node : undefined;
  }

  /** The schema itself, or what its `$ref` points to (one level). */
  deref(schema: unknown): SchemaObject | undefined {
    if (!isRecord(schema)) {
      return undefined;
    }
    if (typeof schema.$ref === 'string') {
      return this.resolve(schema.$ref) ?? schema;
    }
    return schema;
  }

  /**
   * Every schema object that validating against `schema` can apply at any depth: itself, its
   * subschemas and what their `$ref`s point to. Memoized.
   */
  closure(schema: object): Set<object> {
    const known = this.closures.get(schema);
    if (known !== undefined) {
      return known;
    }
    const seen = new Set<object>();
    const stack: unknown[] = [schema];
    while (stack.length > 0) {
      const s = stack.pop();
      if (!isRecord(s) || seen.has(s)) {
        continue;
      }
      seen.add(s);
      if (typeof s.$ref === 'string') {
        stack.push(this.resolve(s.$ref));
      }
      for (const k of SINGLE) {
        if (isRecord(s[k])) {
          stack.push(s[k]);
        }
      }
      for (const k of LIST) {
        if (Array.isArray(s[k])) {
          stack.push(...(s[k] as unknown[]));
        }
      }
      for (const k of MAP) {
        // `definitions` are not applied by the schema that holds them.
        if (k !== 'definitions' && k !== '$defs' && isRecord(s[k])) {
          stack.push(...Object.values(s[k]));
        }
      }
    }
    this.closures.set(schema, seen);
    return seen;
  }

  /** Names declared in `properties` of an object schema (following `$ref`, `allOf`, `then`). */
  propertyNames(schema: unknown): string[] {
    const names = new Set<string>();
    const visit = (s: unknown, depth: number): void => {
      const o = this.deref(s);
      if (o === undefined || depth > 8) {
        return;
      }
      if (isRecord(o.properties)) {
        for (const k of Object.keys(o.properties)) {
          names.add(k);
        }
      }
      for (const k of ['allOf', 'anyOf', 'oneOf']) {
        if (Array.isArray(o[k])) {
          for (const sub of o[k] as unknown[]) {
            visit(sub, depth + 1);
          }
        }
      }
    };
    visit(schema, 0);
    return [...names];
  }

  /** The declared schema of property `name` in an object schema (following `$ref` and `allOf`). */
  propertySchema(schema: unknown, name: string): SchemaObject | undefined {
    const o = this.deref(schema);
    if (o === undefined) {
      return undefined;
    }
    if (isRecord(o.properties) && isRecord(o.properties[name])) {
      return this.deref(o.properties[name]);
    }
    if (Array.isArray(o.allOf)) {
      for (const sub of o.allOf) {
        const found = this.propertySchema(sub, name);
        if (found !== undefined) {
          return found;
        }
      }
    }
    return undefined;
  }
}
