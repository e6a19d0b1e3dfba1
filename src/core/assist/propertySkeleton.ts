// A property written out as snippet lines from the schema: `key: value` with the value's choices or
// default, or an object's or list's required children, each a tab stop. Property items, flag blocks
// and new list items all insert these skeletons, so they are built here once.

import type { PathSegment } from '../paths';
import type { Instance } from '../schema/instance';
import type { SchemaLocation, SchemaNavigator } from '../schema/navigate';
import { typesOf, type SchemaNode } from '../schema/schemaNode';
import type { PropertyInfo } from '../schema/schemaProperties';
import { asSequenceItem, yamlScalar, type YamlLine } from './snippet';
import { escapeSnippet, TabStops } from './snippetSyntax';

/** The skeletons of properties, at the document's paths when they are known. */
export class PropertySkeletons {
  constructor(
    private readonly nav: SchemaNavigator,
    private readonly unit: number,
    private readonly instance: Instance | undefined,
  ) {}

  itemSchemaOf(schema: SchemaNode): SchemaNode | undefined {
    const item = this.nav.childSchema(schema, 0);
    return item === undefined ? undefined : this.nav.resolve(item);
  }

  /** A location for a schema node on its own (conditions on unknown data do not hold). */
  private locationOf(schema: SchemaNode): SchemaLocation {
    return { path: [], schema: this.nav.resolve(schema), schemas: this.nav.expand(schema, undefined), instance: undefined };
  }

  /**
   * `key: value` lines for a property: scalars get their value (a choice of enum members or
   * booleans, the default, or an empty tab stop); objects and lists their required children, each
   * a tab stop; `openEnd` when the cursor ends where more keys or items are expected.
   */
  propertySkeleton(
    name: string,
    schema: SchemaNode,
    info: PropertyInfo | undefined,
    tabs: TabStops,
    depth: number,
    path: readonly PathSegment[] | undefined,
  ): { lines: YamlLine[]; openEnd: boolean } {
    const key = escapeSnippet(name);
    const types = typesOf(schema);
    const enumValues = info?.enum ?? schema.enum;
    const def = info?.hasDefault ? info.default : schema.default;
    if (enumValues !== undefined || !(types.includes('object') || types.includes('array'))) {
      return { lines: [{ indent: 0, text: `${key}: ${this.scalarValue(schema, enumValues, def, tabs)}` }], openEnd: false };
    }
    if (types.includes('object')) {
      const children = depth < 3 ? this.requiredChildren(schema, tabs, depth + 1, path) : [];
      if (children.length === 0) {
        return {
          lines: [
            { indent: 0, text: `${key}:` },
            { indent: this.unit, text: tabs.stop() },
          ],
          openEnd: true,
        };
      }
      return { lines: [{ indent: 0, text: `${key}:` }, ...children.map((l) => ({ indent: l.indent + this.unit, text: l.text }))], openEnd: false };
    }
    // A list.
    const item = this.itemSchemaOf(schema);
    const itemTypes = item === undefined ? [] : typesOf(item);
    if (item !== undefined && itemTypes.includes('object')) {
      const children = depth < 3 ? this.requiredChildren(item, tabs, depth + 1, path === undefined ? undefined : [...path, 0]) : [];
      const itemLines = children.length === 0 ? [{ indent: 0, text: tabs.stop() }] : children;
      return {
        lines: [{ indent: 0, text: `${key}:` }, ...asSequenceItem(itemLines).map((l) => ({ indent: l.indent + this.unit, text: l.text }))],
        openEnd: children.length === 0,
      };
    }
    const value = item === undefined ? tabs.stop() : this.scalarValue(item, item.enum, item.default, tabs);
    return {
      lines: [
        { indent: 0, text: `${key}:` },
        { indent: this.unit, text: `- ${value}` },
      ],
      openEnd: false,
    };
  }

  /**
   * Lines for the required properties of an object schema; at `path` of the document when known,
   * so properties required by a condition that holds there (e.g. `type: api`) are included.
   */
  requiredChildren(schema: SchemaNode, tabs: TabStops, depth: number, path?: readonly PathSegment[]): YamlLine[] {
    const lines: YamlLine[] = [];
    const loc = (path === undefined ? undefined : this.nav.at(path, this.instance)) ?? this.locationOf(schema);
    for (const p of this.nav.properties(loc)) {
      if (!p.required) continue;
      lines.push(...this.propertySkeleton(p.name, p.schema, p, tabs, depth, path === undefined ? undefined : [...path, p.name]).lines);
    }
    return lines;
  }

  /** The value part of `key: value` for a scalar: choices, default or an empty tab stop. */
  private scalarValue(schema: SchemaNode, enumValues: readonly unknown[] | undefined, def: unknown, tabs: TabStops): string {
    if (enumValues !== undefined && enumValues.length > 0) {
      const ordered = def !== undefined && enumValues.includes(def) ? [def, ...enumValues.filter((v) => v !== def)] : [...enumValues];
      return tabs.choice(ordered.map((v) => yamlScalar(v)));
    }
    const types = typesOf(schema);
    if (types.includes('boolean')) {
      return tabs.choice(def === false ? ['false', 'true'] : ['true', 'false']);
    }
    if (def !== undefined) {
      return tabs.stop(yamlScalar(def));
    }
    return tabs.stop();
  }
}
