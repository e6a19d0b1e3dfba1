// The one Ajv configuration (ajvOptions.json), as an Ajv instance for compiling schemas from
// source. The product does not compile at run time: it ships the validators that
// scripts/generate-validators.mjs generates from the same options (see validators.ts). This is for
// the schema tests, which check that the schemas compile in strict mode and that the generated
// validators agree with a fresh compile.
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import config from './ajvOptions.json';

/**
 * Annotation keywords that editors read (VS Code's JSON/YAML tooling) but JSON Schema does not
 * define. Declared as vocabulary so Ajv's strict mode accepts the schema unchanged.
 */
export const EDITOR_ANNOTATION_KEYWORDS: readonly string[] = config.vocabulary;

export function createAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({ ...config.options, ...options });
  addFormats(ajv);
  ajv.addVocabulary([...EDITOR_ANNOTATION_KEYWORDS]);
  return ajv;
}
