// Markdown about a schema field, shared by completion documentation and hover: title, description,
// type, default, limits and allowed values with their meaning, all read from the schema.

import { enumDescriptionsOf, typesOf, type SchemaNode } from '../schema/schemaNode';
import { yamlScalar } from './snippet';

/** `value` as YAML writes it inline (`single`, `""`, `6`, `true`, `null`, `[]`). */
export function inlineValue(value: unknown): string {
  return yamlScalar(value);
}

/** The type names of a schema for people: `string`, `boolean or null`, `list of objects`. */
export function typeLabel(schema: SchemaNode, itemSchema?: SchemaNode): string {
  const types = typesOf(schema);
  const words = types.map((t) => {
    if (t === 'array' && itemSchema !== undefined) {
      const inner = typesOf(itemSchema).filter((x) => x !== 'null');
      return inner.length === 1 ? `list of ${inner[0]}s` : 'list';
    }
    return t === 'array' ? 'list' : t;
  });
  return words.length === 0 ? 'any' : words.join(' or ');
}

/** The limits of a schema in words: lengths, ranges, pattern, format, item counts. */
export function limitsOf(schema: SchemaNode): string[] {
  const out: string[] = [];
  const { minLength, maxLength, minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  if (minLength !== undefined && maxLength !== undefined) {
    out.push(minLength === maxLength ? `exactly ${maxLength} characters` : `${minLength} to ${maxLength} characters`);
  } else if (maxLength !== undefined) {
    out.push(`at most ${maxLength} characters`);
  } else if (minLength !== undefined) {
    out.push(minLength === 1 ? 'not empty' : `at least ${minLength} characters`);
  }
  // A common "empty means unset" rule: `if: {minLength: 1}, then: {minLength: N}`.
  const thenMin = schema.then?.minLength;
  if (schema.if?.minLength === 1 && thenMin !== undefined) {
    out.push(`at least ${thenMin} characters unless empty`);
  }
  const low = minimum !== undefined ? `${minimum}` : exclusiveMinimum !== undefined ? `more than ${exclusiveMinimum}` : undefined;
  const high = maximum !== undefined ? `${maximum}` : exclusiveMaximum !== undefined ? `less than ${exclusiveMaximum}` : undefined;
  if (minimum !== undefined && maximum !== undefined) {
    out.push(`from ${minimum} to ${maximum}`);
  } else if (low !== undefined) {
    out.push(`at least ${low}`);
  } else if (high !== undefined) {
    out.push(`at most ${high}`);
  }
  if (schema.multipleOf !== undefined) out.push(`a multiple of ${schema.multipleOf}`);
  if (schema.pattern !== undefined) out.push(`must match \`${schema.pattern}\``);
  if (schema.format !== undefined) out.push(`format \`${schema.format}\``);
  if (schema.minItems !== undefined && schema.maxItems !== undefined) {
    out.push(`${schema.minItems} to ${schema.maxItems} items`);
  } else if (schema.minItems !== undefined) {
    out.push(`at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}`);
  } else if (schema.maxItems !== undefined) {
    out.push(`at most ${schema.maxItems} items`);
  }
  if (schema.uniqueItems === true) out.push('no repeated items');
  return out;
}

/**
 * The description in markdown, without the `**Default:**` and `**Limit:**` paragraphs the schema
 * writes for plain-text readers: those facts are shown from the keywords themselves.
 */
export function descriptionOf(schema: SchemaNode): string | undefined {
  const md = schema.markdownDescription;
  if (typeof md === 'string') {
    const kept = md
      .split(/\n\n+/)
      .filter((p) => !/^\*\*(Default|Limits?):\*\*/.test(p.trim()))
      .join('\n\n')
      .trim();
    return kept === '' ? undefined : kept;
  }
  return typeof schema.description === 'string' ? schema.description : undefined;
}

export interface DescribeOptions {
  /** The field's name, shown when there is no title. */
  readonly name?: string;
  /** Required at this place (always, or by a condition that holds). */
  readonly required?: boolean;
  readonly conditionallyRequired?: boolean;
  /** The schema of array items, for the type label and item limits. */
  readonly itemSchema?: SchemaNode;
  /** The current value, marked in the list of allowed values. */
  readonly current?: unknown;
  /** Leave the list of allowed values out (completion shows one value per item). */
  readonly omitAllowed?: boolean;
  /** Leave out the heading line. */
  readonly omitHeading?: boolean;
}

/** The markdown for a field: heading, description, facts, allowed values. */
export function describeSchema(schema: SchemaNode, options: DescribeOptions = {}): string {
  const parts: string[] = [];
  if (!options.omitHeading) {
    const title = schema.title ?? options.name;
    const bits = [`\`${typeLabel(schema, options.itemSchema)}\``];
    if (options.required) bits.push(options.conditionallyRequired ? 'required here' : 'required');
    parts.push(title !== undefined ? `**${title}** · ${bits.join(' · ')}` : bits.join(' · '));
  }
  const description = descriptionOf(schema);
  if (description !== undefined) parts.push(description);
  const facts: string[] = [];
  if (schema.default !== undefined) facts.push(`**Default:** \`${inlineValue(schema.default)}\``);
  const limits = limitsOf(schema);
  if (limits.length > 0) facts.push(`**Limits:** ${limits.join('; ')}`);
  if (options.itemSchema !== undefined) {
    const itemLimits = limitsOf(options.itemSchema);
    if (itemLimits.length > 0) facts.push(`**Each item:** ${itemLimits.join('; ')}`);
  }
  if (schema.deprecationMessage !== undefined) facts.push(`**Deprecated:** ${schema.deprecationMessage}`);
  if (facts.length > 0) parts.push(facts.join('  \n'));
  if (!options.omitAllowed) {
    const allowed = allowedValuesMarkdown(schema, options.current);
    if (allowed !== undefined) parts.push(allowed);
  }
  return parts.join('\n\n');
}

/** `**Allowed values:**` and one line per enum member with its meaning; the current one marked. */
export function allowedValuesMarkdown(schema: SchemaNode, current?: unknown): string | undefined {
  if (schema.enum === undefined) return undefined;
  const descriptions = enumDescriptionsOf(schema);
  const lines = schema.enum.map((v, i) => {
    const meaning = descriptions?.[i];
    const marks: string[] = [];
    if (current !== undefined && v === current) marks.push('current');
    if (schema.default !== undefined && v === schema.default) marks.push('default');
    const mark = marks.length > 0 ? ` *(${marks.join(', ')})*` : '';
    return `- \`${inlineValue(v)}\`${mark}${meaning ? ` — ${meaning}` : ''}`;
  });
  return `**Allowed values:**\n\n${lines.join('\n')}`;
}
