// Editing assistance for target-settings files: completion, hover, quick fixes, and the shared
// "remove these list items" edit (the new-file template is ./template). Pure: no VS Code, no file system, no
// environment access (hover is told which variables are set).

export * from './edits';
export { complete, type CompletionItem, type CompletionKind, type CompletionResult } from './completion';
export { hover, type HoverResult } from './hover';
export { DEFERRED_EDITS, codeActions, type CoreCodeAction, type DeferredEdits, type DiagnosticLike } from './codeActions';
export { FIXABLE_CODES, VALIDATION_FIXABLE_CODES } from './fixableCodes';
export { quoteAllIdsEdits } from './quoteFix';
