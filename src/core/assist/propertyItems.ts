// Property-name items for the mapping at the cursor: each property the schema allows there and the
// mapping does not have yet, with its type, whether it is required and its default, inserted with
// its skeleton. Separate from snippets and values, the other kinds of item completion builds.

import type { SchemaLocation } from '../schema/navigate';
import type { KeyContext } from './cursorContext';
import { ItemWriter, pad, SORT_OPTIONAL, SORT_REQUIRED } from './completionItem';
import { describeSchema, inlineValue, typeLabel } from './describe';
import { joinLines } from './snippet';
import { escapeSnippet, TabStops } from './snippetSyntax';

/** Items for the property names that may be written at a key position. */
export class PropertyItems extends ItemWriter {
  propertyItems(loc: SchemaLocation, ctx: KeyContext): void {
    for (const p of this.nav.properties(loc)) {
      if (ctx.siblings.has(p.name) || p.schema.doNotSuggest === true) continue;
      const itemSchema = this.skeletons.itemSchemaOf(p.schema);
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
        const skeleton = this.skeletons.propertySkeleton(p.name, p.schema, p, tabs, 0, [...loc.path, p.name]);
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
}
