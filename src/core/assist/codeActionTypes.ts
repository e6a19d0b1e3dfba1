// What a quick fix is made of: the diagnostic as a code-action request carries it, and the action
// handed back. A module of its own so the dispatcher (codeActions.ts) and the builder of each kind
// of fix share these shapes without importing one another.

import type { CoreDiagnostic } from '../diagnostic';
import type { OffsetEdit } from './edits';

/** A diagnostic as a code-action request may carry it: `code` and `range` at least. */
export type DiagnosticLike = Pick<CoreDiagnostic, 'code' | 'range'> & Partial<Omit<CoreDiagnostic, 'code' | 'range'>>;

export interface CoreCodeAction {
  readonly title: string;
  /** The diagnostic this action fixes. */
  readonly diagnostic: DiagnosticLike;
  /** Every diagnostic it fixes (several for "remove duplicate ids"). */
  readonly diagnostics: readonly DiagnosticLike[];
  /** Positions of {@link diagnostics} in the list given to `codeActions` (survives cloning). */
  readonly diagnosticIndexes: readonly number[];
  /** The best fix for its diagnostic (VS Code applies it with "Auto Fix"). */
  readonly isPreferred: boolean;
  /** Edits in offsets of the file text; apply them together. Empty when {@link deferred}. */
  readonly edits: readonly OffsetEdit[];
  /** Set when the edits are made only once the action is chosen (`LanguageService.deferredEdits`). */
  readonly deferred?: DeferredEdits;
}

/**
 * Edits an action may leave to be made when it is chosen (LSP `codeAction/resolve`): removing
 * every rejected id of a file, or putting every id read as a number in quotes, which can be
 * thousands of items, while the client asks for code actions on every move of the cursor.
 */
export const DEFERRED_EDITS = ['remove-all-invalid-ids', 'quote-all-ids'] as const;
export type DeferredEdits = (typeof DEFERRED_EDITS)[number];

/** An action as a builder makes it; `codeActions` adds where its diagnostics are in the request. */
export type Draft = Omit<CoreCodeAction, 'diagnosticIndexes'>;
