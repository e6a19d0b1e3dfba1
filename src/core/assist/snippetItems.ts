// Snippet items at a key position: whole objects from the schema's `defaultSnippets`, "flag and
// what it requires" blocks from its if/then rules, and new items of the list at the cursor column.
// Separate from property and value items: these insert several lines, previewed as YAML.

import type { OffsetRange } from '../yaml/parsedDocument';
import type { SchemaLocation } from '../schema/navigate';
import { enumDescriptionsOf, typesOf, type DefaultSnippet } from '../schema/schemaNode';
import type { PropertyInfo } from '../schema/schemaProperties';
import type { KeyContext } from './cursorContext';
import { ItemWriter, pad, SORT_BLOCK, SORT_SNIPPET } from './completionItem';
import { inlineValue } from './describe';
import { asSequenceItem, joinLines, renderBody, yamlScalar, type YamlLine } from './snippet';
import { escapeSnippet, expandSnippet, TabStops } from './snippetSyntax';

/** Items that insert whole blocks: object snippets, flag blocks, new list items. */
export class SnippetItems extends ItemWriter {
  /**
   * Whole-object snippets: the `defaultSnippets` of the mapping being written (when it is still
   * empty), and at a parent mapping one per snippet of each absent property (`basic_auth`,
   * `blackout_period`, `headers` with one item, ...).
   */
  objectSnippetItems(loc: SchemaLocation, ctx: KeyContext): void {
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
        for (const snippet of p.schema.defaultSnippets) this.propertySnippet(p, snippet, 'snippet', false, ctx, order++);
      } else if (types.includes('array')) {
        for (const snippet of p.schema.defaultSnippets ?? []) this.propertySnippet(p, snippet, 'snippet', false, ctx, order++);
        const item = this.skeletons.itemSchemaOf(p.schema);
        for (const snippet of item?.defaultSnippets ?? []) this.propertySnippet(p, snippet, 'item', true, ctx, order++);
      }
    }
  }

  /**
   * "Flag and what it requires" blocks, read from the schema's `if`/`then` rules: e.g. Form login
   * = `has_form_login: true` + `form_login_url` + `form_login` with the login-field snippets.
   */
  flagBlockItems(loc: SchemaLocation, ctx: KeyContext): void {
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
    const item = p.types.includes('array') ? this.skeletons.itemSchemaOf(p.schema) : undefined;
    if (item?.defaultSnippets !== undefined && item.defaultSnippets.length > 0) {
      return indented(item.defaultSnippets.flatMap((s) => asSequenceItem(renderBody(s.body, tabs, this.unit))));
    }
    if (p.types.includes('string') && p.schema.format === 'uri' && !p.hasDefault) {
      return [{ indent: 0, text: `${key}: ${tabs.stop('https://')}` }];
    }
    return this.skeletons.propertySkeleton(p.name, p.schema, p, tabs, 1, undefined).lines;
  }

  /** New items of the list at `loc`, written at the cursor column: `- ` + each item snippet. */
  newItemItems(loc: SchemaLocation, ctx: KeyContext): void {
    const item = this.skeletons.itemSchemaOf(loc.schema);
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
      const children = this.skeletons.requiredChildren(item, tabs, 1, [...loc.path, 0]);
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

  /** `name:` with a snippet below it (as one item of the list when `asItem`), for an absent property. */
  private propertySnippet(p: PropertyInfo, snippet: DefaultSnippet, label: string, asItem: boolean, ctx: KeyContext, order: number): void {
    const rendered = renderBody(snippet.body, new TabStops(), this.unit);
    const body = asItem ? asSequenceItem(rendered) : rendered;
    const lines = [{ indent: 0, text: `${escapeSnippet(p.name)}:` }, ...body.map((l) => ({ indent: l.indent + this.unit, text: l.text }))];
    this.pushSnippet(
      `${p.name}: ${snippet.label ?? label}`,
      snippet.description,
      lines,
      ctx.column,
      ctx.replace,
      `${SORT_BLOCK}_${pad(p.order)}_${order}`,
      p.name,
    );
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
}
