// Editing assistance for target-settings files: completion, hover, quick fixes, the new-file
// template, and the shared "remove these list items" edit. Pure: no VS Code, no file system, no
// environment access (hover is told which variables are set).
import type { ParsedFile } from '../yaml/parse';
import { codeActions, type CoreCodeAction, type DiagnosticLike } from './codeActions';
import { complete, type CompletionResult } from './completion';
import { hover, type HoverResult } from './hover';

export * from './edits';
export { complete, detectIndentUnit, type CompletionItem, type CompletionKind, type CompletionOptions, type CompletionResult } from './completion';
export { hover, envPlaceholderAt, type EnvCheck, type HoverResult } from './hover';
export { codeActions, type CoreCodeAction, type DiagnosticLike } from './codeActions';
export { FIXABLE_CODES } from './fixableCodes';
export { newSettingsFileTemplate, SCHEMA_MODELINE } from './template';
export { cursorContext, type CursorContext } from './context';

/**
 * The assist operations as language-service methods (`(file, params) => plain data`), for a
 * service that runs them away from the extension host's thread (e.g. a worker owning the parse
 * cache). Every parameter and result is structured-clone safe.
 */
export const assistServiceMethods = {
  complete(file: ParsedFile | undefined, params: { offset: number }): CompletionResult {
    return file === undefined ? { items: [] } : complete(file, params.offset);
  },
  /** `env`: whether each `${env:NAME}` variable near the cursor is set, as the caller sees it. */
  hover(file: ParsedFile | undefined, params: { offset: number; env?: Readonly<Record<string, boolean | 'empty'>> }): HoverResult | null {
    if (file === undefined) return null;
    const env = params.env;
    return hover(file, params.offset, env === undefined ? undefined : (name) => env[name] ?? false) ?? null;
  },
  codeActions(file: ParsedFile | undefined, params: { diagnostics: readonly DiagnosticLike[] }): CoreCodeAction[] {
    return file === undefined ? [] : codeActions(file, params.diagnostics);
  },
};
