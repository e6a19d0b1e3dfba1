// The diagnostic codes codeActions.ts offers fixes for. A module of its own so the editor can ask
// "is there anything to fix here?" without loading the YAML parser on the extension host.
export const FIXABLE_CODES = [
  'unknown-property',
  'invalid-enum',
  'missing-property',
  'conditional-required',
  'whitelist-absolute-url',
  'duplicate-id',
] as const;
