// Value items for `key: |` or `- |`: enum members with their meaning, booleans, the const, the
// default marked, null where allowed, and for an object or a list the block snippets that go on the
// lines below. Separate from the key-position items (propertyItems.ts, snippetItems.ts).

import type { OffsetRange } from '../yaml/parsedDocument';
import type { SchemaLocation } from '../schema/navigate';
import { enumDescriptionsOf, typesOf } from '../schema/schemaNode';
import type { ValueContext } from './cursorContext';
import { ItemWriter, pad, SORT_REQUIRED, SORT_SNIPPET } from './completionItem';
import { asSequenceItem, joinLines, renderBody, yamlScalar, type YamlLine } from './snippet';
import { escapeSnippet, expandSnippet, TabStops } from './snippetSyntax';

/** Items for the value being typed. */
export class ValueItems extends ItemWriter {
  valueItems(loc: SchemaLocation, ctx: ValueContext, range: OffsetRange): void {
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
        const item = this.skeletons.itemSchemaOf(schema);
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
