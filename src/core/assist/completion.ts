// Schema-driven completion for target-settings files: property names valid at the cursor (at every
// depth, leaving out names already present, required ones first), values (enum members with their
// meaning, booleans, the default marked, null where allowed), and whole-object snippets (from the
// schema's `defaultSnippets`, and "flag + what it requires" blocks read from its if/then rules).
//
// The structure at the cursor is read from the text by indentation (see context.ts), so completion
// works on blank lines, after `- `, at the end of a file, in any document of a multi-document file
// and next to syntax errors. The result is plain data with offsets; editor/ converts it.

import type { ParsedFile, OffsetRange } from '../yaml/parse';
import type { PathSegment } from '../paths';
import {
  enumDescriptionsOf,
  targetSettingsNavigator,
  typesOf,
  type PropertyInfo,
  type SchemaLocation,
  type SchemaNavigator,
  type SchemaNode,
} from '../schema/navigate';
import { documentInstance } from '../schema/nodeInstance';
import { cursorContext, type CursorContext, type KeyContext, type ValueContext } from './context';
import { describeSchema, inlineValue, typeLabel } from './describe';
import { asSequenceItem, joinLines, renderBody, yamlScalar, type YamlLine } from './snippet';
import { escapeSnippet, expandSnippet, TabStops } from './snippetSyntax';

export type CompletionKind = 'property' | 'value' | 'snippet';

export interface CompletionItem {
  /** What the list shows (a property name, a value, a snippet's name). */
  readonly label: string;
  readonly kind: CompletionKind;
  /** One line beside the label: type, `required`, `default: x`. */
  readonly detail?: string;
  /** Markdown from the schema. */
  readonly documentation?: string;
  /** Snippet syntax; lines after the first are relative to the cursor line's indentation. */
  readonly insertText: string;
  /** Text the editor filters on, when not the label. */
  readonly filterText?: string;
  /** Required properties sort first. */
  readonly sortText: string;
  /** Offsets of the text the item replaces (the word or value at the cursor). */
  readonly range: OffsetRange;
  /** The schema's default value: select it first. */
  readonly preselect?: boolean;
  /** Open completion again after inserting (the cursor lands where more can be completed). */
  readonly retrigger?: boolean;
}

export interface CompletionResult {
  readonly items: CompletionItem[];
}

export interface CompletionOptions {
  /** Spaces per indentation level; detected from the file when not given (2 if it cannot be). */
  readonly indentUnit?: number;
}

/** Completion items at `offset` of `file`. */
export function complete(file: ParsedFile, offset: number, options: CompletionOptions = {}): CompletionResult {
  const ctx = cursorContext(file, offset);
  if (ctx === undefined) {
    return { items: [] };
  }
  const unit = options.indentUnit ?? detectIndentUnit(file.text);
  const builder = new Builder(targetSettingsNavigator(), ctx, unit);
  return { items: builder.build() };
}

/** The indentation step the file uses: the first indented content line's indentation (2 if none). */
export function detectIndentUnit(text: string): number {
  // Line by line, not by a multi-line regular expression: that one tries every character of a
  // megabyte-long line (a flow list of ids) as a line start.
  for (let start = 0; start < text.length;) {
    let i = start;
    while (text.charCodeAt(i) === 0x20) i++;
    const c = text.charCodeAt(i);
    if (i > start && i < text.length && c !== 0x23 /* # */ && c !== 0x0a && c !== 0x0d) {
      const n = i - start;
      return n <= 8 ? n : 2;
    }
    const lf = text.indexOf('\n', i);
    const cr = text.indexOf('\r', i);
    const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
    if (end === -1) break;
    start = end + 1;
  }
  return 2;
}

const SORT_REQUIRED = '0';
const SORT_SNIPPET = '1';
const SORT_OPTIONAL = '2';
const SORT_BLOCK = '3';

function pad(n: number): string {
  return String(n).padStart(3, '0');
}

class Builder {
  private readonly items: CompletionItem[] = [];
  private readonly instance;

  constructor(
    private readonly nav: SchemaNavigator,
    private readonly ctx: CursorContext,
    private readonly unit: number,
  ) {
    this.instance = documentInstance(ctx.document?.document.contents ?? null);
  }

  build(): CompletionItem[] {
    const ctx = this.ctx;
    if (ctx.kind === 'value') {
      const loc = this.nav.at(ctx.path, this.instance);
      if (loc !== undefined) this.valueItems(loc, ctx, ctx.replace);
      return this.items;
    }
    if (ctx.parentPath !== undefined) {
      const loc = this.nav.at(ctx.parentPath, this.instance);
      if (loc !== undefined) {
        if (isObjectLocation(loc)) {
          this.propertyItems(loc, ctx);
          if (!ctx.hasColon) {
            this.objectSnippetItems(loc, ctx);
            this.flagBlockItems(loc, ctx);
          }
        } else if (isArrayLocation(loc)) {
          if (!ctx.afterDash && !ctx.hasColon) this.newItemItems(loc, ctx);
        } else if (ctx.afterDash && !ctx.hasColon) {
          // `- |` in a list of scalars: the item's value.
          this.valueItems(loc, { ...ctx, kind: 'value', path: ctx.parentPath, quote: undefined, needsSpace: false, isItem: true }, ctx.replace);
        }
      }
    }
    if (ctx.sequencePath !== undefined && !ctx.hasColon) {
      const loc = this.nav.at(ctx.sequencePath, this.instance);
      if (loc !== undefined && isArrayLocation(loc)) this.newItemItems(loc, ctx);
    }
    return this.items;
  }

  /** Columns to add to lines after the first so that they start at `column`. */
  private relative(column: number): number {
    return column - this.ctx.lineIndent;
  }

  // --- properties -------------------------------------------------------------------------

  private propertyItems(loc: SchemaLocation, ctx: KeyContext): void {
    for (const p of this.nav.properties(loc)) {
      if (ctx.siblings.has(p.name) || p.schema.doNotSuggest === true) continue;
      const itemSchema = this.itemSchemaOf(p.schema);
      const detail = [
        typeLabel(p.schema, itemSchema),
        p.required ? (p.conditionallyRequired ? 'required here' : 'required') : undefined,
        p.hasDefault ? `default: ${inlineValue(p.default)}` : undefined,
      ]
        .filter((x) => x !== undefined)
        .join(' · ');
      let insertText = escapeSnippet(p.name);
      let retrigger = false;
      if (!ctx.hasColon) {
        const tabs = new TabStops();
        const skeleton = this.propertySkeleton(p.name, p.schema, p, tabs, 0, [...loc.path, p.name]);
        insertText = joinLines(skeleton.lines, this.relative(ctx.column));
        retrigger = skeleton.openEnd;
      }
      this.items.push({
        label: p.name,
        kind: 'property',
        detail,
        documentation: describeSchema(p.schema, { name: p.name, required: p.required, conditionallyRequired: p.conditionallyRequired, itemSchema }),
        insertText,
        sortText: `${p.required ? SORT_REQUIRED : SORT_OPTIONAL}_${pad(p.order)}`,
        range: ctx.replace,
        retrigger: retrigger || undefined,
      });
    }
  }

  private itemSchemaOf(schema: SchemaNode): SchemaNode | undefined {
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
  private propertySkeleton(
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
  private requiredChildren(schema: SchemaNode, tabs: TabStops, depth: number, path?: readonly PathSegment[]): YamlLine[] {
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

  // --- snippets ---------------------------------------------------------------------------

  /**
   * Whole-object snippets: the `defaultSnippets` of the mapping being written (when it is still
   * empty), and at a parent mapping one per snippet of each absent property (`basic_auth`,
   * `blackout_period`, `headers` with one item, ...).
   */
  private objectSnippetItems(loc: SchemaLocation, ctx: KeyContext): void {
    if (ctx.siblings.size === 0) {
      for (const s of loc.schemas) {
        s.defaultSnippets?.forEach((snippet, i) => {
          const tabs = new TabStops();
          const lines = renderBody(snippet.body, tabs, this.unit);
          const keys = lines.filter((l) => l.indent === 0).map((l) => /^[^:]+/.exec(l.text)?.[0]);
          if (keys.some((k) => k !== undefined && ctx.siblings.has(k))) return;
          this.pushSnippet(
            snippet.label ?? `${loc.schema.title ?? 'Object'} ${i + 1}`,
            snippet.description,
            lines,
            ctx.column,
            ctx.replace,
            `${SORT_SNIPPET}_a${pad(i)}`,
            undefined,
          );
        });
      }
    }
    for (const p of this.nav.properties(loc)) {
      if (ctx.siblings.has(p.name) || p.schema.doNotSuggest === true) continue;
      const types = p.types;
      let order = 0;
      if (types.includes('object') && p.schema.defaultSnippets !== undefined) {
        for (const snippet of p.schema.defaultSnippets) {
          const tabs = new TabStops();
          const body = renderBody(snippet.body, tabs, this.unit);
          const lines = [{ indent: 0, text: `${escapeSnippet(p.name)}:` }, ...body.map((l) => ({ indent: l.indent + this.unit, text: l.text }))];
          this.pushSnippet(
            `${p.name}: ${snippet.label ?? 'snippet'}`,
            snippet.description,
            lines,
            ctx.column,
            ctx.replace,
            `${SORT_BLOCK}_${pad(p.order)}_${order++}`,
            p.name,
          );
        }
      } else if (types.includes('array')) {
        const item = this.itemSchemaOf(p.schema);
        const own = p.schema.defaultSnippets ?? [];
        for (const snippet of own) {
          const tabs = new TabStops();
          const body = renderBody(snippet.body, tabs, this.unit);
          const lines = [{ indent: 0, text: `${escapeSnippet(p.name)}:` }, ...body.map((l) => ({ indent: l.indent + this.unit, text: l.text }))];
          this.pushSnippet(
            `${p.name}: ${snippet.label ?? 'snippet'}`,
            snippet.description,
            lines,
            ctx.column,
            ctx.replace,
            `${SORT_BLOCK}_${pad(p.order)}_${order++}`,
            p.name,
          );
        }
        for (const snippet of item?.defaultSnippets ?? []) {
          const tabs = new TabStops();
          const body = asSequenceItem(renderBody(snippet.body, tabs, this.unit));
          const lines = [{ indent: 0, text: `${escapeSnippet(p.name)}:` }, ...body.map((l) => ({ indent: l.indent + this.unit, text: l.text }))];
          this.pushSnippet(
            `${p.name}: ${snippet.label ?? 'item'}`,
            snippet.description,
            lines,
            ctx.column,
            ctx.replace,
            `${SORT_BLOCK}_${pad(p.order)}_${order++}`,
            p.name,
          );
        }
      }
    }
  }

  /**
   * "Flag and what it requires" blocks, read from the schema's `if`/`then` rules: e.g. Form login
   * = `has_form_login: true` + `form_login_url` + `form_login` with the login-field snippets.
   */
  private flagBlockItems(loc: SchemaLocation, ctx: KeyContext): void {
    this.nav.flagConditions(loc).forEach((cond, i) => {
      if (ctx.siblings.has(cond.flag) || cond.requires.some((r) => ctx.siblings.has(r))) return;
      const flag = this.nav.property(loc, cond.flag);
      if (flag === undefined) return;
      const tabs = new TabStops();
      const lines: YamlLine[] = [{ indent: 0, text: `${escapeSnippet(cond.flag)}: ${escapeSnippet(yamlScalar(cond.value))}` }];
      for (const name of cond.requires) {
        const p = this.nav.property(loc, name);
        if (p === undefined) continue;
        lines.push(...this.exampleProperty(p, tabs));
      }
      const title = flag.schema.title ?? cond.flag;
      const description = `${cond.flag}: ${inlineValue(cond.value)} with ${cond.requires.join(', ')}`;
      this.pushSnippet(title, description, lines, ctx.column, ctx.replace, `${SORT_BLOCK}_flag${pad(i)}`, [cond.flag, ...cond.requires].join(' '));
    });
  }

  /** A property written out with example content: its first snippet, its items' snippets, or a skeleton. */
  private exampleProperty(p: PropertyInfo, tabs: TabStops): YamlLine[] {
    const key = escapeSnippet(p.name);
    const indented = (body: YamlLine[]): YamlLine[] => [{ indent: 0, text: `${key}:` }, ...body.map((l) => ({ indent: l.indent + this.unit, text: l.text }))];
    const own = p.schema.defaultSnippets?.[0];
    if (own !== undefined && p.types.includes('object')) {
      return indented(renderBody(own.body, tabs, this.unit));
    }
    const item = p.types.includes('array') ? this.itemSchemaOf(p.schema) : undefined;
    if (item?.defaultSnippets !== undefined && item.defaultSnippets.length > 0) {
      return indented(item.defaultSnippets.flatMap((s) => asSequenceItem(renderBody(s.body, tabs, this.unit))));
    }
    if (p.types.includes('string') && p.schema.format === 'uri' && !p.hasDefault) {
      return [{ indent: 0, text: `${key}: ${tabs.stop('https://')}` }];
    }
    return this.propertySkeleton(p.name, p.schema, p, tabs, 1, undefined).lines;
  }

  /** New items of the list at `loc`, written at the cursor column: `- ` + each item snippet. */
  private newItemItems(loc: SchemaLocation, ctx: KeyContext): void {
    const item = this.itemSchemaOf(loc.schema);
    if (item === undefined) return;
    const types = typesOf(item);
    const title = loc.schema.title ?? 'item';
    if (types.includes('object')) {
      (item.defaultSnippets ?? []).forEach((snippet, i) => {
        const tabs = new TabStops();
        const lines = asSequenceItem(renderBody(snippet.body, tabs, this.unit));
        this.pushSnippet(
          `- ${snippet.label ?? title}`,
          snippet.description,
          lines,
          ctx.column,
          ctx.replace,
          `${SORT_SNIPPET}_${pad(i)}`,
          `- ${snippet.label ?? ''}`,
        );
      });
      const tabs = new TabStops();
      const children = this.requiredChildren(item, tabs, 1, [...loc.path, 0]);
      const lines = asSequenceItem(children.length > 0 ? children : [{ indent: 0, text: tabs.stop() }]);
      this.pushSnippet(
        `- (new ${item.title ?? 'item'})`,
        `A new item of ${title} with its required fields`,
        lines,
        ctx.column,
        ctx.replace,
        `${SORT_SNIPPET}_zzz`,
        '- new',
      );
      return;
    }
    const enumValues = item.enum;
    if (enumValues !== undefined) {
      const descriptions = enumDescriptionsOf(item);
      enumValues.forEach((v, i) => {
        this.items.push({
          label: `- ${yamlScalar(v)}`,
          kind: 'value',
          detail: item.default === v ? 'default' : undefined,
          documentation: descriptions?.[i],
          insertText: `- ${escapeSnippet(yamlScalar(v))}`,
          sortText: `${SORT_SNIPPET}_${pad(i)}`,
          range: ctx.replace,
          preselect: item.default === v || undefined,
        });
      });
    }
  }

  private pushSnippet(
    label: string,
    description: string | undefined,
    lines: YamlLine[],
    column: number,
    range: OffsetRange,
    sortText: string,
    filterText: string | undefined,
  ): void {
    const insertText = joinLines(lines, this.relative(column));
    const preview = expandSnippet(joinLines(lines, 0));
    this.items.push({
      label,
      kind: 'snippet',
      detail: description,
      documentation: '```yaml\n' + preview + '\n```',
      insertText,
      filterText,
      sortText,
      range,
    });
  }

  // --- values -----------------------------------------------------------------------------

  private valueItems(loc: SchemaLocation, ctx: ValueContext, range: OffsetRange): void {
    const schema = loc.schema;
    const withEnum = loc.schemas.find((s) => s.enum !== undefined);
    const withDefault = loc.schemas.find((s) => s.default !== undefined);
    const def = withDefault?.default;
    const types = new Set(loc.schemas.flatMap((s) => typesOf(s)));
    const lead = ctx.needsSpace ? ' ' : '';
    const push = (value: unknown, index: number, documentation: string | undefined): void => {
      if (ctx.quote !== undefined && typeof value !== 'string') return;
      const text = ctx.quote !== undefined ? String(value) : yamlScalar(value);
      const isDefault = withDefault !== undefined && value === def;
      this.items.push({
        label: typeof value === 'string' && ctx.quote !== undefined ? value : text,
        kind: 'value',
        detail: isDefault ? 'default' : undefined,
        documentation,
        insertText: lead + escapeSnippet(text),
        filterText: text !== String(value) && String(value) !== '' ? String(value) : undefined,
        sortText: `${SORT_REQUIRED}_${pad(index)}`,
        range,
        preselect: isDefault || undefined,
      });
    };
    if (withEnum?.enum !== undefined) {
      const descriptions = enumDescriptionsOf(withEnum);
      withEnum.enum.forEach((v, i) => push(v, i, descriptions?.[i]));
    } else if (schema.const !== undefined) {
      push(schema.const, 0, undefined);
    } else if (types.has('boolean')) {
      push(true, 0, undefined);
      push(false, 1, undefined);
    } else if (withDefault !== undefined) {
      push(def, 0, 'The default value.');
    }
    if (types.has('null') && ctx.quote === undefined) {
      push(null, 900, 'No value.');
    }
    // A block value for an object or a list: snippets on the lines below.
    if (!ctx.isItem && ctx.quote === undefined && ctx.typed === '' && (types.has('object') || types.has('array'))) {
      const childColumn = ctx.column + this.unit;
      const bodies: Array<{ label: string; description?: string; lines: YamlLine[] }> = [];
      const tabsFor = (): TabStops => new TabStops();
      for (const s of schema.defaultSnippets ?? []) {
        bodies.push({ label: s.label ?? 'snippet', description: s.description, lines: renderBody(s.body, tabsFor(), this.unit) });
      }
      if (types.has('array')) {
        const item = this.itemSchemaOf(schema);
        for (const s of item?.defaultSnippets ?? []) {
          bodies.push({ label: s.label ?? 'item', description: s.description, lines: asSequenceItem(renderBody(s.body, tabsFor(), this.unit)) });
        }
      }
      bodies.forEach((b, i) => {
        const insertText = '\n' + ' '.repeat(this.relative(childColumn)) + joinLines(b.lines, this.relative(childColumn));
        this.items.push({
          label: b.label,
          kind: 'snippet',
          detail: b.description,
          documentation: '```yaml\n' + expandSnippet(joinLines(b.lines, 0)) + '\n```',
          insertText,
          filterText: b.label,
          sortText: `${SORT_SNIPPET}_${pad(i)}`,
          range,
        });
      });
    }
  }
}

function isObjectLocation(loc: SchemaLocation): boolean {
  return loc.schemas.some((s) => typesOf(s).includes('object') || s.properties !== undefined);
}

function isArrayLocation(loc: SchemaLocation): boolean {
  return loc.schemas.some((s) => typesOf(s).includes('array'));
}

/** The context at an offset, for tests and the editor (exported for diagnostics of completion). */
export { cursorContext };
