// Quick fixes for the diagnostics of a target-settings file, as plain edits. This module hands each
// diagnostic to the builder of its kind of fix:
//
// - unknown-property: rename the key to the close known name (renameFix.ts);
// - invalid-enum: change the value to the closest allowed one (preferred), or to any allowed one
//   (enumFix.ts); not-entitled on a value outside one of the account's lists: the same, among the
//   values the account may use;
// - missing-property, conditional-required: insert the property under its parent, with its
//   default or a placeholder (missingPropertyFix.ts, insertPropertyEdit.ts, placeholder.ts);
// - whitelist-absolute-url: an absolute URL on the target's own host (site.url) made relative
//   (whitelistFix.ts);
// - duplicate-id: remove every later repeat of an id in the document (one action,
//   duplicateIdsFix.ts);
// - invalid-id: remove the id the service rejected, or all of them (invalidIdFix.ts);
// - invalid-type where text is expected and a number or true/false is written: put it in quotes,
//   or every such id of the list (quoteFix.ts).
//
// The codes are listed in fixableCodes.ts; any other diagnostic is skipped.
//
// Diagnostics may come back from the editor without `data` or `path` (VS Code hands providers
// copies of diagnostics without extra fields): every fact a fix needs is then found again from the
// schema and the document (fixTarget.ts), so a fix never depends on them.

import type { ParsedFile } from '../yaml/parsedFile';
import type { CoreCodeAction, DiagnosticLike, Draft } from './codeActionTypes';
import { INVALID_ID_CODE } from '../bulk/mapErrors';
import { DuplicateIdGroups } from './duplicateIdsFix';
import { FIXABLE_CODES } from './fixableCodes';
import { removeInvalidIds, type RejectedInFile } from './invalidIdFix';
import { replaceEnum } from './enumFix';
import { locate } from './fixTarget';
import { insertMissing } from './missingPropertyFix';
import { renameUnknown } from './renameFix';
import { quoteValue } from './quoteFix';
import { makeRelative } from './whitelistFix';

export { DEFERRED_EDITS, type CoreCodeAction, type DeferredEdits, type DiagnosticLike } from './codeActionTypes';

/**
 * Quick fixes for `diagnostics` (of `file`); diagnostics without a fix are skipped.
 * @param invalidIds the file's rejected ids, for "remove all invalid ids".
 * @param deferEdits the edits of actions over a whole list are made when chosen (see DEFERRED_EDITS).
 */
export function codeActions(file: ParsedFile, diagnostics: readonly DiagnosticLike[], invalidIds?: RejectedInFile, deferEdits = false): CoreCodeAction[] {
  const out: Draft[] = [];
  const duplicateGroups = new DuplicateIdGroups();
  const rejected: DiagnosticLike[] = [];
  for (const d of diagnostics) {
    if (!FIXABLE_CODES.has(d.code)) continue;
    if (d.code === INVALID_ID_CODE) {
      rejected.push(d);
      continue;
    }
    const target = locate(file, d);
    if (target === undefined) continue;
    switch (d.code) {
      case 'unknown-property':
        out.push(...renameUnknown(file, d, target));
        break;
      case 'invalid-enum':
        out.push(...replaceEnum(file, d, target));
        break;
      case 'not-entitled':
        // Only with the entitled values at hand: the schema's would offer the refused ones too.
        if (Array.isArray(d.data?.allowed)) out.push(...replaceEnum(file, d, target, 'value this account is entitled to'));
        break;
      case 'missing-property':
      case 'conditional-required':
        out.push(...insertMissing(file, d, target));
        break;
      case 'whitelist-absolute-url':
        out.push(...makeRelative(file, d, target));
        break;
      case 'invalid-type':
        out.push(...quoteValue(file, d, target, deferEdits));
        break;
      case 'duplicate-id':
        duplicateGroups.add(d, target);
        break;
    }
  }
  out.push(...duplicateGroups.actions(file), ...removeInvalidIds(file, rejected, invalidIds));
  return out.map((a) => ({ ...a, diagnosticIndexes: a.diagnostics.map((d) => diagnostics.indexOf(d)) }));
}
