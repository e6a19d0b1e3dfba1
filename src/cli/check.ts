// The checks `validate` (and `bulk-update`, before sending) run on one file: the editor's
// validation (core/validation), plus the `not-entitled` warnings when an entitlements record is
// given (core/entitlements/diagnostics, as in the editor). One parse, one validation per file.
import type { CoreDiagnostic } from '../core/diagnostic';
import { entitlementDiagnostics } from '../core/entitlements/diagnostics';
import type { EntitlementsRecord } from '../core/entitlements';
import { validateFile } from '../core/validation';
import { parseFile, type ParsedFile } from '../core/yaml';

export interface FileCheck {
  readonly file: ParsedFile;
  /** In the validator's order: by document, then position. */
  readonly diagnostics: readonly CoreDiagnostic[];
}

export function checkText(text: string, record?: EntitlementsRecord): FileCheck {
  const file = parseFile(text);
  // The entitlement warnings go through the validator's own finishing (de-duplication, order),
  // as in the editor.
  const extra = record !== undefined ? entitlementDiagnostics(file, record) : [];
  return { file, diagnostics: validateFile(file, { extra }) };
}
