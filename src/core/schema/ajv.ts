// Builds the one Ajv configuration used everywhere (editor, CLI, sandbox, tests), so a schema
// that compiles here compiles the same way in every part of the product.
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Annotation keywords that editors read (VS Code's JSON/YAML tooling) but JSON Schema does not
 * define. Declared as vocabulary so Ajv's strict mode accepts the schema unchanged.
 */
export const EDITOR_ANNOTATION_KEYWORDS = [
  'markdownDescription',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'defaultSnippets',
  'deprecationMessage',
  'errorMessage',
  'doNotSuggest',
  'x-severity',
  'x-spec',
] as const;

export function createAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    // `if`/`then` conditions name properties that other branches declare.
    strictRequired: false,
    strictTypes: true,
    allowUnionTypes: true,
    verbose: true,
    ...options,
  });
  addFormats(ajv);
  ajv.addVocabulary([...EDITOR_ANNOTATION_KEYWORDS]);
  return ajv;
}
