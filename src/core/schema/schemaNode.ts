// The shape of a JSON Schema node as the target-settings schema writes it (with the editor's
// annotations), and the type names read off a single node. Apart from the navigator because
// describing one node needs no walking of the schema.

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
