// Turns Ajv errors into a 400 body shaped as the service's, in the style of Django REST framework:
// keys are field names holding string[] messages; nested fields give nested objects
// (`{"site": {"name": ["Ensure this field has no more than 255 characters."]}}`); a list of
// objects gives a list with `{}` for the valid items (`{"site": {"headers": [{}, {"name": [...]}]}}`);
// an item of a list of scalars is keyed by its index (`{"ids": {"1": ["..."]}}`); an error of an
// object as a whole goes to its `non_field_errors` (the body's own at the top level).
//
// The field names come from the request: an unknown field is named as sent, `__proto__`,
// `constructor` and `prototype` included. So the tree is built from null-prototype objects, where
// such a name is a key like any other (on a plain object `node["__proto__"] = ...` would replace
// its prototype, and reading `node["constructor"]` would reach `Object`, and writing beneath either
// would change every object of the process), and the body is written out with
// `Object.fromEntries`, which defines keys and never calls the `__proto__` setter.
//
// A 400 always says what is wrong: every field holds a non-empty list of messages or a non-empty
// tree, a list of items has at least one item with errors, and a body with no error left to tell
// (which the schema cannot produce today) still gets one under `non_field_errors`.
import type { ErrorObject } from 'ajv';
import { decodeJsonPointer } from '../core/paths';

export type DrfErrors = { [field: string]: DrfErrorValue };
export type DrfErrorValue = string[] | DrfErrors | DrfErrorValue[];

const COMPOSITE = new Set(['if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not']);

/** What a 400 says when nothing more precise is known. */
const INVALID_DATA = 'Invalid data.';

export function drfErrorsFromAjv(errors: readonly ErrorObject[], body: unknown): DrfErrors {
  const tree = emptyNode();
  const seen = new Set<string>();
  const placed: string[][] = [];
  const add = (e: ErrorObject): void => {
    let path = decodeJsonPointer(e.instancePath);
    const params = e.params as Record<string, unknown>;
    if (e.keyword === 'required') path = [...path, String(params.missingProperty)];
    if (e.keyword === 'additionalProperties') path = [...path, String(params.additionalProperty)];
    const message = drfMessage(e);
    const key = JSON.stringify([path, message]);
    if (seen.has(key)) return;
    seen.add(key);
    placed.push(path);
    insert(tree, path, message);
  };
  const [composite, specific] = [errors.filter((e) => COMPOSITE.has(e.keyword)), errors.filter((e) => !COMPOSITE.has(e.keyword))];
  specific.forEach(add);
  // A composite keyword's failure is said better by its branches' errors; one that failed without
  // any (a `not`, or a `oneOf` with two branches passing) would otherwise go unsaid.
  for (const e of composite) {
    const at = decodeJsonPointer(e.instancePath);
    if (!placed.some((p) => at.every((seg, i) => p[i] === seg))) add(e);
  }
  if (Object.keys(tree).length === 0) insert(tree, [], INVALID_DATA);
  return listify(tree, body) as DrfErrors;
}

/** A 400 body for the body not being a JSON object at all. */
export function nonFieldErrors(message: string, ...more: string[]): DrfErrors {
  return { non_field_errors: [message, ...more] };
}

/** A node of the tree under construction: no prototype, so every field name is an own key. */
function emptyNode(): DrfErrors {
  return Object.create(null) as DrfErrors;
}

function own(node: DrfErrors, key: string): DrfErrorValue | undefined {
  return Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
}

function insert(tree: DrfErrors, path: string[], message: string): void {
  const last = path.at(-1);
  if (last === undefined) {
    pushMessage(tree, 'non_field_errors', message);
    return;
  }
  let node = tree;
  for (const seg of path.slice(0, -1)) {
    let next = own(node, seg);
    if (Array.isArray(next)) {
      // The field already has messages of its own; keep them beside the nested ones.
      const nested = emptyNode();
      nested.non_field_errors = next;
      next = nested;
      node[seg] = next;
    } else if (next === undefined) {
      next = emptyNode();
      node[seg] = next;
    }
    node = next;
  }
  const existing = own(node, last);
  if (existing !== undefined && !Array.isArray(existing)) pushMessage(existing, 'non_field_errors', message);
  else pushMessage(node, last, message);
}

function pushMessage(node: DrfErrors, key: string, message: string): void {
  const list = own(node, key);
  if (Array.isArray(list)) (list as string[]).push(message);
  else node[key] = [message];
}

/**
 * The tree as the body is written: plain objects (keys defined, never set) and index-keyed nodes of
 * object items turned into lists with `{}` placeholders, as DRF's ListSerializer does.
 */
function listify(node: DrfErrorValue, data: unknown): DrfErrorValue {
  if (Array.isArray(node)) return node;
  const keys = Object.keys(node);
  const isItemErrors = Array.isArray(data) && keys.length > 0 && keys.every((k) => /^\d+$/.test(k) && !Array.isArray(node[k]));
  if (isItemErrors) {
    const list = data as unknown[];
    return list.map((item, i) => {
      const child = own(node, String(i));
      return child === undefined ? {} : listify(child, item);
    });
  }
  return Object.fromEntries(
    Object.entries(node).map(([k, child]) => {
      const childData =
        data !== null && typeof data === 'object' && Object.prototype.hasOwnProperty.call(data, k) ? (data as Record<string, unknown>)[k] : undefined;
      return [k, listify(child, childData)];
    }),
  );
}

function pythonType(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'string':
      return 'str';
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isInteger(value) ? 'int' : 'float';
    case 'object':
      return 'dict';
    default:
      return typeof value;
  }
}

/** Django REST framework's wording for each kind of failure. */
export function drfMessage(e: ErrorObject): string {
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return 'This field is required.';
    case 'additionalProperties':
      return 'Unknown field: the service does not accept it.';
    case 'type': {
      if (e.data === null) return 'This field may not be null.';
      const expected =
        String(params.type)
          .split(',')
          .find((t) => t !== 'null') ?? 'null';
      switch (expected) {
        case 'string':
          return 'Not a valid string.';
        case 'boolean':
          return 'Must be a valid boolean.';
        case 'integer':
          return 'A valid integer is required.';
        case 'number':
          return 'A valid number is required.';
        case 'array':
          return `Expected a list of items but got type "${pythonType(e.data)}".`;
        case 'object':
          return `Invalid data. Expected a dictionary, but got ${pythonType(e.data)}.`;
        default:
          return `Expected ${expected}.`;
      }
    }
    case 'maxLength':
      return `Ensure this field has no more than ${String(params.limit)} characters.`;
    case 'minLength':
      return Number(params.limit) === 1 ? 'This field may not be blank.' : `Ensure this field has at least ${String(params.limit)} characters.`;
    case 'maximum':
      return `Ensure this value is less than or equal to ${String(params.limit)}.`;
    case 'minimum':
      return `Ensure this value is greater than or equal to ${String(params.limit)}.`;
    case 'enum':
      return `"${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}" is not a valid choice.`;
    case 'const':
      return `"${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}" is not a valid choice.`;
    case 'format':
      switch (params.format) {
        case 'uri':
        case 'url':
        case 'uri-reference':
          return 'Enter a valid URL.';
        case 'time':
        case 'iso-time':
          return 'Time has wrong format. Use one of these formats instead: hh:mm[:ss[.uuuuuu]].';
        default:
          return `Enter a valid ${String(params.format)}.`;
      }
    case 'pattern':
      return 'Enter a valid value.';
    case 'minItems':
      return Number(params.limit) === 1 ? 'This list may not be empty.' : `Ensure this field has at least ${String(params.limit)} elements.`;
    case 'maxItems':
      return `Ensure this field has no more than ${String(params.limit)} elements.`;
    case 'uniqueItems':
      return 'Duplicate values are not allowed.';
    default:
      return `Invalid value (${e.message ?? e.keyword}).`;
  }
}
