// Schema-driven completion for target-settings files: property names valid at the cursor (at every
// depth, leaving out names already present, required ones first), values (enum members with their
// meaning, booleans, the default marked, null where allowed), and whole-object snippets (from the
// schema's `defaultSnippets`, and "flag + what it requires" blocks read from its if/then rules).
//
// The structure at the cursor is read from the text by indentation (see cursorContext.ts), so
// completion works on blank lines, after `- `, at the end of a file, in any document of a
// multi-document file and next to syntax errors. The result is plain data with offsets; editor/
// converts it. This file decides which kinds of item fit the cursor's context; propertyItems.ts,
// snippetItems.ts and valueItems.ts build them.

import type { ParsedFile } from '../yaml/parsedFile';
import { targetSettingsNavigator } from '../schema/bundledSchema';
import type { SchemaLocation, SchemaNavigator } from '../schema/navigate';
import { typesOf } from '../schema/schemaNode';
import { documentInstance } from '../schema/nodeInstance';
import { cursorContext, type CursorContext } from './cursorContext';
import type { CompletionItem } from './completionItem';
import { detectIndentUnit } from './indentUnit';
import { PropertyItems } from './propertyItems';
import { PropertySkeletons } from './propertySkeleton';
import { SnippetItems } from './snippetItems';
import { ValueItems } from './valueItems';

export type { CompletionItem, CompletionKind } from './completionItem';

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
  const unit = options.indentUnit ?? detectIndentUnit(file.source);
  const builder = new Builder(targetSettingsNavigator(), ctx, unit);
  return { items: builder.build() };
}

class Builder {
  private readonly items: CompletionItem[] = [];
  private readonly instance;
  private readonly properties: PropertyItems;
  private readonly snippets: SnippetItems;
  private readonly values: ValueItems;

  constructor(
    private readonly nav: SchemaNavigator,
    private readonly ctx: CursorContext,
    unit: number,
  ) {
    this.instance = documentInstance(ctx.document?.document.contents ?? null);
    const skeletons = new PropertySkeletons(nav, unit, this.instance);
    this.properties = new PropertyItems(nav, skeletons, ctx, unit, this.items);
    this.snippets = new SnippetItems(nav, skeletons, ctx, unit, this.items);
    this.values = new ValueItems(nav, skeletons, ctx, unit, this.items);
  }

  build(): CompletionItem[] {
    const ctx = this.ctx;
    if (ctx.kind === 'value') {
      const loc = this.nav.at(ctx.path, this.instance);
      if (loc !== undefined) this.values.valueItems(loc, ctx, ctx.replace);
      return this.items;
    }
    if (ctx.parentPath !== undefined) {
      const loc = this.nav.at(ctx.parentPath, this.instance);
      if (loc !== undefined) {
        if (isObjectLocation(loc)) {
          this.properties.propertyItems(loc, ctx);
          if (!ctx.hasColon) {
            this.snippets.objectSnippetItems(loc, ctx);
            this.snippets.flagBlockItems(loc, ctx);
          }
        } else if (isArrayLocation(loc)) {
          if (!ctx.afterDash && !ctx.hasColon) this.snippets.newItemItems(loc, ctx);
        } else if (ctx.afterDash && !ctx.hasColon) {
          // `- |` in a list of scalars: the item's value.
          this.values.valueItems(loc, { ...ctx, kind: 'value', path: ctx.parentPath, quote: undefined, needsSpace: false, isItem: true }, ctx.replace);
        }
      }
    }
    if (ctx.sequencePath !== undefined && !ctx.hasColon) {
      const loc = this.nav.at(ctx.sequencePath, this.instance);
      if (loc !== undefined && isArrayLocation(loc)) this.snippets.newItemItems(loc, ctx);
    }
    return this.items;
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
