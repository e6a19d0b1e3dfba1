// The diagnostic codes that have a quick fix, each built in ./codeActions.ts. The docs test holds
// every code page to this list ("Quick fix: ..." or "None").
import { INVALID_ID_CODE } from '../bulk/mapErrors';
import { NOT_ENTITLED_CODE } from '../entitlements/diagnostics';

/** The validator's codes with a fix (the fixture test shows one preferred fix for each). */
export const VALIDATION_FIXABLE_CODES = [
  'unknown-property',
  'invalid-enum',
  'missing-property',
  'conditional-required',
  'whitelist-absolute-url',
  'duplicate-id',
  'invalid-type',
] as const;

/** Every code with a fix: the validator's, a value the account is not entitled to, an id the service rejected. */
export const FIXABLE_CODES: ReadonlySet<string> = new Set([...VALIDATION_FIXABLE_CODES, NOT_ENTITLED_CODE, INVALID_ID_CODE]);
