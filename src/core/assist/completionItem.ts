// A completion item as the core returns it, the sort keys that order the items, and the base class
// of the item builders (propertyItems.ts, snippetItems.ts, valueItems.ts): the list they all fill
// and where their lines start relative to the cursor line. Kept out of completion.ts so that the
// builders it runs do not import it back (no cycle).

import type { OffsetRange } from '../yaml/parsedDocument';
import type { SchemaNavigator } from '../schema/navigate';
import type { CursorContext } from './cursorContext';
import type { PropertySkeletons } from './propertySkeleton';

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

export const SORT_REQUIRED = '0';
export const SORT_SNIPPET = '1';
export const SORT_OPTIONAL = '2';
export const SORT_BLOCK = '3';

export function pad(n: number): string {
  return String(n).padStart(3, '0');
}

/** What the item builders share: the items being filled, the schema, and the cursor's context. */
export abstract class ItemWriter {
  constructor(
    protected readonly nav: SchemaNavigator,
    protected readonly skeletons: PropertySkeletons,
    protected readonly ctx: CursorContext,
    protected readonly unit: number,
    protected readonly items: CompletionItem[],
  ) {}

  /** Columns to add to lines after the first so that they start at `column`. */
  protected relative(column: number): number {
    return column - this.ctx.lineIndent;
  }
}
