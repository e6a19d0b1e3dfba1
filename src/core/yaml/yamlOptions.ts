// The options of every parse of the `yaml` package, and of the documents the fast path builds as
// its composer would (fastDocuments.ts).
import type { DocumentOptions, ParseOptions, SchemaOptions } from 'yaml';

/** The options every parse uses: YAML 1.2 core schema, unique keys, no console output. */
export const YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  version: '1.2',
  uniqueKeys: true,
  strict: true,
  prettyErrors: false,
  keepSourceTokens: false,
  logLevel: 'error',
};
