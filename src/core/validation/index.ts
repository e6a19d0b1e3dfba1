// Validation of target-settings files against schemas/target-settings.schema.json (its validator
// generated at build time) and the rules in code.

import schema from '../../../schemas/target-settings.schema.json';
import type { CoreDiagnostic } from '../diagnostic';
// The generated module itself rather than ../schema/validators: that would bring the API's
// validators into the language server's bundle too.
import { targetSettings as targetSettingsValidate } from '../schema/generated/targetSettings';
import type { ParsedFile } from '../yaml/parsedFile';
import { createValidator, type Counted, type ValidationOptions, type Validator } from './validate';

export { DIAGNOSTIC_CODES } from './codes';
export { createValidator, isTurnedOff, withSeverityOverrides, type Counted, type ValidationOptions, type Validator } from './validate';
export { limitDiagnostics, mostSevere, omittedTotal, type OmittedCounts } from './limit';

let shared: Validator | undefined;

/** The validator for the target-settings schema shipped in `schemas/`, created on first use. */
export function targetSettingsValidator(): Validator {
  shared ??= createValidator(targetSettingsValidate, schema);
  return shared;
}

/**
 * Validates a whole target-settings file: every YAML document against the schema and the rules in
 * code. Diagnostics are sorted by document and position; each names its field by path.
 */
export function validateText(text: string, options?: ValidationOptions): CoreDiagnostic[] {
  return targetSettingsValidator().validateText(text, options);
}

/** {@link validateText} for a file already parsed (e.g. the language service's parse of an open file). */
export function validateFile(file: ParsedFile, options?: ValidationOptions): CoreDiagnostic[] {
  return targetSettingsValidator().validateFile(file, options);
}

/** {@link validateFile} for a view that shows at most `max` diagnostics (Validator.validateFileUpTo). */
export function validateFileUpTo(file: ParsedFile, max: number, options?: ValidationOptions): Counted {
  return targetSettingsValidator().validateFileUpTo(file, max, options);
}
