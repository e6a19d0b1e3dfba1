// The checks `validate` (and `bulk-update`, before sending) run on one file: the editor's
// validation (core/validation), plus the `not-entitled` warnings when an entitlements record is
// given (core/entitlements/diagnostics, as in the editor) and the `env-not-set` warnings of
// placeholders whose variable this process does not have. One parse, one validation per file.
// `validate` prints at most `--max-problems` per file: as in the editor, what it could not print of
// a long list's repeated ids and ids read as numbers is counted, not made (100,000 of them cost
// the most of a run).
import type { CoreDiagnostic } from '../core/diagnostic';
import { entitlementDiagnostics } from '../core/entitlements/diagnostics';
import type { EntitlementsRecord } from '../core/entitlements';
import { validateFileUpTo, type OmittedCounts } from '../core/validation';
import { envDiagnostics } from '../core/validation/envReferences';
import type { EnvCheck } from '../core/envPlaceholders';
import { parseFile, type ParsedFile } from '../core/yaml';

export interface FileCheck {
  readonly file: ParsedFile;
  /** In the validator's order: by document, then position. */
  readonly diagnostics: readonly CoreDiagnostic[];
  /** The diagnostics left out unmade (none without a cap). */
  readonly omitted: OmittedCounts;
}

/** The checks of `text`; with `maxProblems`, all but what a report of that many could not show. */
export function checkText(text: string, env: EnvCheck, record?: EntitlementsRecord, maxProblems = Infinity): FileCheck {
  // The text lives as long as the check: the parse may point into it rather than copy each id.
  // And the check wants values and findings: nodes are read where a finding is placed.
  const file = parseFile(text, undefined, undefined, { sharesText: true, valuesFirst: true });
  // The entitlement and environment warnings go through the validator's own finishing
  // (de-duplication, order), as in the editor.
  const extra = [...(record !== undefined ? entitlementDiagnostics(file, record) : []), ...envDiagnostics(file, env)];
  return { file, ...validateFileUpTo(file, maxProblems, { extra }) };
}
