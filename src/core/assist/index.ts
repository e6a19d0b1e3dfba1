// Editing assistance for target-settings files: completion, hover, quick fixes, the new-file
// template, and the shared "remove these list items" edit. Pure: no VS Code, no file system, no
// environment access (hover is told which variables are set).

export * from './edits';
export { complete, detectIndentUnit, type CompletionItem, type CompletionKind, type CompletionOptions, type CompletionResult } from './completion';
export { hover, envPlaceholderAt, type EnvCheck, type HoverResult } from './hover';
export { codeActions, type CoreCodeAction, type DiagnosticLike } from './codeActions';
export { FIXABLE_CODES } from './fixableCodes';
export { newSettingsFileTemplate, SCHEMA_MODELINE } from './template';
export { cursorContext, type CursorContext } from './context';
